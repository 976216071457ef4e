//! Union Square (two decks, a 4×4 tableau built in suit up or down, foundations A…K then K…A):
//! its rules engine, a port of `patience/games/union_square/rules.py`, and the search's view
//! of it (`search::UnionSquare`), a port of `patience/games/union_square/search.py`. Python is
//! the reference: where the two differ, Python is right.
//!
//! The two copies of a card are the same `Card` (0..51).

pub mod key;
mod line;
pub mod rules;
pub mod runs;
pub mod search;
pub mod state;
pub mod text;

#[cfg(test)]
mod tests;

pub use rules::{apply, apply_in_place, is_legal, is_won, legal_moves, perft, score};
pub use search::UnionSquare;
pub use state::{deal, numbered_deal, numbered_deck, State};
pub use text::{parse_position, position_text};
