"""The build's one dynamic part: the compiled search core, ``patience._core``, from the crate in ``core/``.

Everything else about the package is in ``pyproject.toml``. The extension is optional: on a machine
without a Rust toolchain (or when the crate fails to build) the install still succeeds and the
program searches in pure Python (see ``patience/solver/switch.py``). It is always built with cargo's
release profile, editable installs (``pip install -e .``) included, which would otherwise get the
debug profile and a search many times slower.
"""

from setuptools import setup
from setuptools_rust import Binding, RustExtension

setup(
    rust_extensions=[
        RustExtension(
            "patience._core",
            path="core/Cargo.toml",
            features=["python"],
            binding=Binding.PyO3,
            optional=True,
            debug=False,
        )
    ],
    # One wheel for every CPython from 3.11 (pyo3's abi3-py311 feature in core/Cargo.toml).
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
)
