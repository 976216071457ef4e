//! Hamilton's side of tidying a winning line (`crate::lines`).

use super::rules::{apply, is_legal};
use super::search::{fingerprint, Hamilton};
use super::state::{State, FOUNDATIONS, TABLEAU_PILES};
use crate::cards::Card;
use crate::lines::LineGame;
use crate::moves::Move;

impl LineGame for Hamilton {
    fn after_move(&self, state: &State, mv: Move) -> State {
        apply(state, mv)
    }
    fn allows_move(&self, state: &State, mv: Move) -> bool {
        is_legal(state, mv)
    }
    fn tableau_piles(&self, state: &State) -> Vec<Vec<Card>> {
        (0..TABLEAU_PILES).map(|i| state.pile(i).to_vec()).collect()
    }
    fn foundation_piles(&self, state: &State) -> Vec<Vec<Card>> {
        (0..FOUNDATIONS).map(|j| state.foundation(j)).collect()
    }
    fn same_position(&self, a: &State, b: &State) -> bool {
        a == b
    }
    fn key_print(&self, state: &State) -> u64 {
        fingerprint(state)
    }
}
