//! What the search needs of a game. Each game's module implements `SearchGame` beside its
//! rules; the search knows no game by name.

use super::budget::Shares;
use crate::moves::Move;

/// A child as the search sees it: the ordinary moves that lead to it (one move, or a macro
/// such as Union Square's stock clicks then a waste move, followed by the safe moves played
/// after it) and the position reached.
#[derive(Clone, Debug)]
pub struct Child<S> {
    pub moves: Vec<Move>,
    pub state: S,
}

/// The order in which a position's children are tried. Depth-first searches in two orders fail
/// on different deals, so the search runs one of each side by side (beside best-first search,
/// which lists children in `Valued` order: it breaks ties of value by that order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The game's heuristic: the most promising child first.
    Valued,
    /// A plain order with no heuristic: foundation moves first, then moves between piles,
    /// then the stock, then cards back from the foundations.
    Plain,
}

pub trait SearchGame {
    /// A position: plain integers and fixed arrays, cheap to clone.
    type State: Clone;

    /// How `solve` shares the work among each part's searches for this game.
    const SHARES: Shares = Shares::DEFAULT;

    /// Whether every card is on the foundations.
    fn is_won(&self, state: &Self::State) -> bool;

    /// The canonical key of `state`, appended to `out` (equal for positions equal up to the
    /// symmetries the game's search proves harmless; exact, never a hash).
    fn key(&self, state: &Self::State, out: &mut Vec<u8>);

    /// The safe moves playable at `state` (pushed onto `moves`) and the position after them.
    fn normalize(&self, state: &Self::State, moves: &mut Vec<Move>) -> Self::State;

    /// Every child of `state` (a position closed under the safe moves) in `order`, one per
    /// canonical key; none when the game's dead-end test proves `state` lost. `out` is
    /// cleared first.
    fn children(&self, state: &Self::State, order: Order, out: &mut Vec<Child<Self::State>>);

    /// The position after `moves`, the moves of one of the children `children(state, order)`
    /// lists, played from `state`: depth-first search keeps a waiting child as its moves and its
    /// key, and makes its position only when it enters it. The default lists those children
    /// again and picks the one with those moves (exact when no two of them share their moves); a
    /// game overrides it with its rules.
    fn play(&self, state: &Self::State, order: Order, moves: &[Move]) -> Self::State {
        let mut children = Vec::new();
        self.children(state, order, &mut children);
        children
            .into_iter()
            .find(|child| child.moves == moves)
            .expect("the moves of one of the position's children")
            .state
    }

    /// `children(state, Order::Valued, out)` and each child's `value`, in the same order, in
    /// `values` (cleared first). Best-first search asks this: a game that ranks its children by
    /// value has them at hand, and computing them again is much of an expansion's cost. The
    /// default asks `value` of each child.
    fn valued_children(
        &self,
        state: &Self::State,
        out: &mut Vec<Child<Self::State>>,
        values: &mut Vec<i64>,
    ) {
        self.children(state, Order::Valued, out);
        values.clear();
        values.extend(out.iter().map(|child| self.value(&child.state)));
    }

    /// The share of the budget (positions and seconds) the streamliner gets alone before the
    /// whole search (see `search::streamline`); 0, the default: no streamliner.
    const STREAMLINE_FIRST: f64 = 0.0;

    /// The children of the streamliner's smaller game: some of `valued_children`, with their
    /// values (the default: all of them). Its moves are legal moves and its safe moves the
    /// full game's, so its wins are wins; leaving moves out is what makes it smaller.
    fn streamlined_children(
        &self,
        state: &Self::State,
        out: &mut Vec<Child<Self::State>>,
        values: &mut Vec<i64>,
    ) {
        self.valued_children(state, out, values);
    }

    /// How promising `state` looks, higher is better: best-first search expands the position
    /// of highest value it has met. The default, 0 for all, leaves best-first search to its
    /// tie-breaks (deeper first, then first met).
    fn value(&self, _state: &Self::State) -> i64 {
        0
    }

    /// The root's parts: disjoint subgames that the search gives a share each (Hamilton: one
    /// per start choice). Each part is the moves that lead to it from `state` and the position
    /// reached. The default is one part, the root itself.
    fn split(&self, state: &Self::State) -> Vec<Child<Self::State>> {
        vec![Child {
            moves: Vec::new(),
            state: state.clone(),
        }]
    }
}
