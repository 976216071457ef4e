//! The exact search, generic over a game (`SearchGame`): depth-first search with the path and
//! a bounded table of canonical keys, node and time budgets, and one share per part of a
//! split root (Hamilton's start choices), run side by side. `solve` is the entry point; its
//! module gives the argument for why a loss is a proof.

pub mod budget;
mod dfs;
pub mod game;
pub mod hash;
pub mod solve;
pub mod table;

pub use budget::{Limits, DEFAULT_TABLE_BYTES};
pub use game::{Child, Order, SearchGame};
pub use solve::{solve, Outcome, Status, SLICE};
pub use table::KeyTable;
