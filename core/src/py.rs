//! The Python module `patience._core`: the narrow boundary (position text in, answers out).

use pyo3::prelude::*;

/// The core's version, for `patience --version`.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    Ok(())
}
