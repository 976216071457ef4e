//! The exact search, generic over a game (`SearchGame`): depth-first search with the path and
//! a bounded table of canonical keys, node and time budgets, and one share per part of a
//! split root (Hamilton's start choices), run side by side.

pub mod game;

pub use game::{Child, Order, SearchGame};
