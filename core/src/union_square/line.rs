//! Union Square's side of tidying a winning line (`crate::lines`).

use super::key::fingerprint;
use super::rules::{apply, apply_in_place, is_legal};
use super::search::UnionSquare;
use super::state::{State, FOUNDATIONS, PILES};
use crate::cards::Card;
use crate::lines::LineGame;
use crate::moves::Move;

impl LineGame for UnionSquare {
    fn after_move(&self, state: &State, mv: Move) -> State {
        apply(state, mv)
    }
    fn play_move(&self, state: &mut State, mv: Move) {
        apply_in_place(state, mv);
    }
    fn allows_move(&self, state: &State, mv: Move) -> bool {
        is_legal(state, mv)
    }
    fn tableau_piles(&self, state: &State) -> Vec<Vec<Card>> {
        (0..PILES).map(|i| state.pile(i).to_vec()).collect()
    }
    fn foundation_piles(&self, state: &State) -> Vec<Vec<Card>> {
        (0..FOUNDATIONS)
            .map(|j| state.foundation_cards(j).collect())
            .collect()
    }
    fn same_position(&self, a: &State, b: &State) -> bool {
        a == b // every slot past a pile's height, the waste's end and the stock's top holds 0
    }
    fn key_print(&self, state: &State) -> u64 {
        fingerprint(state)
    }
}
