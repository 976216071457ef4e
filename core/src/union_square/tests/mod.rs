//! Tests that the Rust engine agrees with the Python reference: the perft golden files, the
//! numbered deals, and children computed by Python (`children.json`, made by running
//! `Expander(game).children` on the perft positions and on positions of random and greedy
//! lines from several deals, by `make_children_json.py`; the file was made with the default
//! solver weights, no `PATIENCE_SOLVER_*` variables set).

mod perft;
mod search;

use super::{parse_position, position_text, State};

/// A position read from text, which must round-trip.
pub(super) fn read(text: &str) -> State {
    let state = parse_position(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(position_text(&state), text);
    state
}

/// A tiny xorshift generator for the property tests (no crate).
pub(super) struct XorShift(pub u64);

impl XorShift {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
