//! Union Square's tableau seen as runs, a port of `patience/games/union_square/runs.py`: the
//! looser game whose loss proves the position lost, and the search over fewest-run positions
//! whose wins are wins, run in Python's order within Python's per-phase limits (`looser`).
//!
//! Every pile is a *run* (one suit, consecutive ranks, rising or falling), so what the tableau
//! can hold depends on its cards alone: the fewest runs they split into (`suit_runs`) must not
//! exceed the 16 piles. `docs/solver.md`, "Union Square's tableau as runs", gives the three
//! facts this rests on (fewest runs, tableau moves undo, one class per set of cards once a pile
//! is empty) and why each search is exact; each module here says which argument it follows.
//!
//! * `loose`: the looser game (`relaxed_search`), with the dead-waste bound (`dead_waste`) and
//!   the first-half only-moves: its loss is a proof, its win proves nothing.
//! * `regroup`: tableau moves that do one task and leave a suit in its fewest runs.
//! * `run_search`: the depth-first search over fewest-run positions (`run_search`): every move
//!   it returns is an ordinary move of the real game, so its wins are wins.
//! * `phases`: the three searches in order with their shares (`_looser_first` in
//!   `patience/solver/search.py`).

mod dead_waste;
mod loose;
mod phases;
mod regroup;
mod run_search;

pub use dead_waste::suit_need;
pub use loose::{relaxed_search, relaxed_search_proving};
pub use phases::{
    looser, looser_proving, Looser, LooserAnswer, LooserLimits, Phase, Spend, RUNS_LIMIT,
    RUNS_SHARE, SLICE,
};
pub use regroup::{regroup, Task, REGROUP_LIMIT};
pub use run_search::run_search;

use super::rules::fits_foundation;
use super::state::{State, FOUNDATIONS, FOUNDATION_TURN, FULL_FOUNDATION, PILES};
use crate::cards::{rank, suit, Card};

/// `counts[suit][rank]`: cards of each suit and rank (1..=13), with empty ends at 0 and 14.
pub type Counts = [[u8; 15]; 4];

/// How many cards of each suit and rank lie in the tableau (Python's `rank_counts`).
pub fn rank_counts(state: &State) -> Counts {
    let mut counts = [[0u8; 15]; 4];
    for i in 0..PILES {
        for &card in state.pile(i) {
            counts[suit(card) as usize][rank(card) as usize] += 1;
        }
    }
    counts
}

/// The fewest runs one suit's cards split into: one starts wherever a rank has more copies than
/// the rank below (`docs/solver.md`, fact 1; Python's `suit_runs`).
pub fn suit_runs(counts: &[u8; 15]) -> i32 {
    (1..14)
        .map(|r| (counts[r] as i32 - counts[r - 1] as i32).max(0))
        .sum()
}

/// The fewest piles the tableau's cards could lie in, each pile a run.
pub fn fewest_runs(state: &State) -> i32 {
    rank_counts(state).iter().map(suit_runs).sum()
}

/// How `suit_runs` changes when one card of `rank` is added (`change` 1) or taken (-1).
pub fn added_runs(counts: &[u8; 15], rank: u8, change: i32) -> i32 {
    let r = rank as usize;
    let (below, here, above) = (counts[r - 1] as i32, counts[r] as i32, counts[r + 1] as i32);
    let after = here + change;
    ((after - below).max(0) - (here - below).max(0))
        + ((above - after).max(0) - (above - here).max(0))
}

/// The rank a foundation of `size` cards takes next: A up to K, the second K, then down.
#[inline]
pub fn wanted_rank(size: u8) -> u8 {
    if size < FOUNDATION_TURN {
        size + 1
    } else if size == FOUNDATION_TURN {
        13
    } else {
        FULL_FOUNDATION - size
    }
}

/// The card of `suit` its foundation, holding `size` cards, takes next; `None` when it is full
/// (Python's `wanted_card`).
#[inline]
pub fn wanted_card(size: u8, suit: u8) -> Option<Card> {
    (size < FULL_FOUNDATION).then(|| suit * 13 + wanted_rank(size) - 1)
}

/// The foundation `card` may go to now (the first that takes it), or `None`.
pub fn foundation_of(state: &State, card: Card) -> Option<usize> {
    (0..FOUNDATIONS).find(|&j| fits_foundation(state, j, card))
}

/// Each suit's foundation size (0 for a suit not begun).
pub fn foundation_sizes(state: &State) -> [u8; 4] {
    let mut sizes = [0u8; 4];
    for j in 0..FOUNDATIONS {
        if state.found_len[j] > 0 {
            sizes[state.found_suit[j] as usize] = state.found_len[j];
        }
    }
    sizes
}

/// Whether every pile is a run (always so in play; a typed-in position may differ). Both
/// searches apply only then (Python's `piles_are_runs`).
pub fn piles_are_runs(state: &State) -> bool {
    (0..PILES).all(|i| {
        let pile = state.pile(i);
        if pile.len() < 2 {
            return true;
        }
        let step = rank(pile[1]) as i32 - rank(pile[0]) as i32;
        (step == 1 || step == -1)
            && pile
                .windows(2)
                .all(|w| suit(w[1]) == suit(w[0]) && rank(w[1]) as i32 - rank(w[0]) as i32 == step)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_counted() {
        let mut counts = [0u8; 15];
        counts[1] = 1;
        counts[2] = 2;
        counts[3] = 1; // A, 2, 2, 3: A-2-3 and 2
        assert_eq!(suit_runs(&counts), 2);
        assert_eq!(added_runs(&counts, 2, -1), -1);
        assert_eq!(added_runs(&counts, 5, 1), 1);
        assert_eq!(added_runs(&counts, 4, 1), 0);
        assert_eq!(
            (
                wanted_rank(0),
                wanted_rank(12),
                wanted_rank(13),
                wanted_rank(25)
            ),
            (1, 13, 13, 1)
        );
        assert_eq!(wanted_card(26, 0), None);
    }
}
