"""Which search answers: the compiled core (``patience._core``, built from ``core/``) or pure Python.

The environment variable ``PATIENCE_SOLVER`` chooses: ``python`` or ``core``; unset (or empty)
means the core when it is installed, else Python. The core is optional: an install without a
Rust toolchain has no ``patience._core`` and searches in Python, a few hundred times slower,
which :func:`absent_notice` says once, in one line. Asking for the core where there is none,
or for a search that does not exist, is an error rather than a silent fallback: a survey run
with ``PATIENCE_SOLVER=core`` must never quietly take days in Python.

Nothing is cached: the variable and the import are looked at on every call (an import already
done is a dictionary look-up), so a test can change either. The functions read ``os.environ``
unless given another mapping.

>>> which_search({}) == (CORE if core_module() is not None else PYTHON)
True
>>> which_search({ENV_VAR: "python"})
'python'
>>> (absent_notice() is None) == (core_module() is not None)
True
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from types import ModuleType
from typing import Final

from patience.errors import PatienceError
from patience.i18n import _

#: The environment variable that chooses the search.
ENV_VAR: Final = "PATIENCE_SOLVER"
#: The pure-Python search (``patience.solver``), always there.
PYTHON: Final = "python"
#: The compiled search core, when it was built.
CORE: Final = "core"
#: The values ``PATIENCE_SOLVER`` may take.
CHOICES: Final = (PYTHON, CORE)
#: The compiled module's name.
CORE_MODULE: Final = "patience._core"


class SolverChoiceError(PatienceError):
    """``PATIENCE_SOLVER`` names no search, or the core where it is absent (a :class:`ValueError`;
    the command line answers it in one line with exit status 2)."""


def core_module() -> ModuleType | None:
    """The compiled core, or None when it was not built (no Rust toolchain at install time).

    >>> core = core_module()
    >>> core is None or isinstance(core.version(), str)
    True
    """
    try:
        return importlib.import_module(CORE_MODULE)
    except ImportError:
        return None


def requested(environ: Mapping[str, str] | None = None) -> str | None:
    """The search ``PATIENCE_SOLVER`` asks for, or None when it is unset or empty (choose the best).

    Case and surrounding spaces are forgiven (``Core``, ``python ``); anything else is refused.

    >>> requested({ENV_VAR: "fast"})
    Traceback (most recent call last):
    ...
    patience.solver.switch.SolverChoiceError: PATIENCE_SOLVER='fast' is not a search; use python or core
    >>> requested({ENV_VAR: " Python"}), requested({ENV_VAR: ""}), requested({})
    ('python', None, None)
    """
    raw = (os.environ if environ is None else environ).get(ENV_VAR, "")
    value = raw.strip().lower()
    if not value:
        return None
    if value not in CHOICES:
        raise SolverChoiceError(_("{variable}={value} is not a search; use python or core")
                                .format(variable=ENV_VAR, value=repr(raw)))
    return value


def which_search(environ: Mapping[str, str] | None = None) -> str:
    """``"core"`` or ``"python"``: the search that answers here, now.

    Raises :class:`SolverChoiceError` for an unknown ``PATIENCE_SOLVER``, or for ``core`` when the
    core is absent.

    >>> which_search({ENV_VAR: "python"})
    'python'
    >>> core_module() is None or which_search({ENV_VAR: "core"}) == CORE
    True
    """
    wanted = requested(environ)
    if wanted == PYTHON:
        return PYTHON
    if core_module() is not None:
        return CORE
    if wanted == CORE:
        raise SolverChoiceError(_("{variable}=core, but the compiled search core is not installed; "
                                  "install a Rust toolchain and reinstall, or use {variable}=python")
                                .format(variable=ENV_VAR))
    return PYTHON


def absent_notice() -> str | None:
    """One line telling the player the compiled core is absent and how to get it; None when it is there.

    >>> notice = absent_notice()
    >>> notice is None or (notice.count("\\n") == 0 and "pip install -q -e ." in notice)
    True
    """
    if core_module() is not None:
        return None
    return _("The compiled search core is not installed, so the search runs in Python, far slower; "
             "to build it, install a Rust toolchain (https://rustup.rs) and reinstall: {command}").format(
        command=".venv/bin/pip install -q -e .")


def search_description(environ: Mapping[str, str] | None = None) -> str:
    """What ``patience --version`` says after ``search:``: the search that answers, and the core's state.

    >>> search_description({ENV_VAR: "python"}).startswith("python")
    True
    """
    core = core_module()
    if which_search(environ) == CORE:
        assert core is not None
        return _("core {version}").format(version=core.version())
    if core is None:
        return _("python; compiled core absent")
    return _("python, chosen by {variable}; compiled core {version} not used").format(
        version=core.version(), variable=ENV_VAR)
