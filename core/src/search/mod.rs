//! The exact search, generic over a game (`SearchGame`): per part of a split root (Hamilton's
//! start choices), a portfolio of greedy best-first search and depth-first searches (with the
//! path) on one bounded table of canonical keys, run side by side in shares of slices, within
//! node and time budgets. `solve` is the entry point; its module gives the argument for why a
//! loss is a proof, and `best_first`'s the part of it that concerns best-first search.

mod best_first;
pub mod budget;
mod dfs;
pub mod game;
pub mod hash;
pub mod proofs;
pub mod solve;
mod streamline;
pub mod table;

pub use budget::{Limits, Shares, DEFAULT_TABLE_BYTES};
pub use game::{Child, Order, SearchGame};
pub use proofs::Proofs;
pub use solve::{solve, solve_proving, solve_with, Outcome, Status, SLICE};
pub use table::KeyTable;
