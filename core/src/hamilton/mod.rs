//! Hamilton (Agnes), ported from the Python reference: `state` (the position as bytes),
//! `rules` (deals, legal moves in Python's order, apply), `text` (the one-line position text),
//! `safe` (the safe moves), `dead_ends` (the pinned-piles test) and `search` (the key, the
//! value and the search's view of the game). Where this and Python differ, Python is right.

pub mod dead_ends;
mod line;
pub mod rules;
pub mod safe;
pub mod search;
pub mod state;
pub mod text;

pub use rules::{apply, deal, is_legal, is_won, legal_moves, numbered_deal, numbered_deck, score};
pub use search::Hamilton;
pub use state::State;
pub use text::{parse_position, position_text};
