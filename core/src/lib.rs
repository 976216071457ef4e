//! The compiled search core of patience: the rules of both games as plain integers and the
//! exact search, exposed to Python as the module `patience._core` (with the `python` feature).
//!
//! Python stays the referee: a winning line found here is replayed by the Python rules engine
//! before anyone believes it.

pub mod cards;
pub mod hamilton;
pub mod lines;
pub mod moves;
pub mod pile_text;
pub mod search;
pub mod union_square;

#[cfg(feature = "python")]
mod py;
