//! The streamliner (Solvitaire's idea): best-first search of a smaller game first, alone, on a
//! share of the budget (`SearchGame::STREAMLINE_FIRST`). Many deals have a win that needs none of
//! the moves the smaller game leaves out (`SearchGame::streamlined_children`), and the smaller
//! game branches far less, so those wins come sooner. Its moves are legal moves and its safe
//! moves the full game's, so its win is a win; its running out proves nothing (the full game has
//! more moves), so then the whole search runs on what is left of the budget, from scratch, and
//! only that search's loss is a proof.

use super::game::{Child, Order, SearchGame};
use super::Shares;
use crate::moves::Move;

/// `game` seen as its streamliner's smaller game: the same positions, keys, safe moves, values
/// and parts, fewer children.
pub(crate) struct Streamlined<'a, G>(pub &'a G);

impl<G: SearchGame> SearchGame for Streamlined<'_, G> {
    type State = G::State;
    const SHARES: Shares = G::SHARES;

    fn is_won(&self, state: &Self::State) -> bool {
        self.0.is_won(state)
    }

    fn key(&self, state: &Self::State, out: &mut Vec<u8>) {
        self.0.key(state, out);
    }

    fn normalize(&self, state: &Self::State, moves: &mut Vec<Move>) -> Self::State {
        self.0.normalize(state, moves)
    }

    /// The smaller game's children; ordered by value whatever `order` asks (only a hand-over
    /// of best-first search's heap lists children in another order, and then any order will do).
    fn children(&self, state: &Self::State, _order: Order, out: &mut Vec<Child<Self::State>>) {
        let mut values = Vec::new();
        self.0.streamlined_children(state, out, &mut values);
    }

    fn valued_children(
        &self,
        state: &Self::State,
        out: &mut Vec<Child<Self::State>>,
        values: &mut Vec<i64>,
    ) {
        self.0.streamlined_children(state, out, values);
    }

    fn play(&self, state: &Self::State, order: Order, moves: &[Move]) -> Self::State {
        self.0.play(state, order, moves)
    }

    fn value(&self, state: &Self::State) -> i64 {
        self.0.value(state)
    }

    fn split(&self, state: &Self::State) -> Vec<Child<Self::State>> {
        self.0.split(state)
    }
}
