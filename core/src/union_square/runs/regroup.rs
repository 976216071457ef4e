//! Tableau moves among one suit's piles (and up to two empty ones) that do one task and leave
//! the suit in its fewest runs: a small breadth-first search (Python's `regroup`).
//!
//! Every move it returns is an ordinary move of the real game (a card from a pile to another
//! that takes it, to its foundation, or the waste's card onto a pile), checked here by the
//! rules of `fits_tableau` and replayed in Python, so nothing needs proving: at worst it finds
//! nothing and the caller does without.

use std::collections::{HashMap, VecDeque};

use super::{foundation_of, rank_counts, suit_runs};
use crate::cards::{rank, suit, Card};
use crate::moves::{Move, FOUNDATION, TABLEAU, WASTE};
use crate::union_square::state::{State, PILES, PILE_CAP};

/// Arrangements a regrouping may try before it gives up.
pub const REGROUP_LIMIT: usize = 4_000;
/// Empty piles a regrouping may use.
const SPARE_PILES: usize = 2;

/// What a regrouping does on the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Only regroup.
    Regroup,
    /// That card goes from a pile to its foundation.
    Take(Card),
    /// The waste's top card, this one, goes onto one of the piles.
    Put(Card),
}

/// The piles a regrouping works on, in `regroup`'s order.
#[derive(Clone)]
struct Piles {
    cards: [[Card; PILE_CAP]; PILES],
    heights: [u8; PILES],
}

impl Piles {
    fn pile(&self, a: usize) -> &[Card] {
        &self.cards[a][..self.heights[a] as usize]
    }

    fn pop(&mut self, a: usize) {
        self.heights[a] -= 1;
        self.cards[a][self.heights[a] as usize] = 0;
    }

    fn push(&mut self, b: usize, card: Card) {
        self.cards[b][self.heights[b] as usize] = card;
        self.heights[b] += 1;
    }

    /// The arrangement's key: its piles as a set (sorted), and whether the task is done.
    fn key(&self, n: usize, done: bool) -> Vec<u8> {
        let mut order: Vec<&[Card]> = (0..n).map(|a| self.pile(a)).collect();
        order.sort_unstable();
        let mut key = Vec::with_capacity(40);
        for pile in order {
            key.extend_from_slice(pile);
            key.push(u8::MAX);
        }
        key.push(done as u8);
        key
    }
}

/// Python's `fits_tableau` on a pile as a slice.
fn fits(card: Card, pile: &[Card]) -> bool {
    let Some(&top) = pile.last() else {
        return true;
    };
    if suit(top) != suit(card) {
        return false;
    }
    let step = rank(card) as i8 - rank(top) as i8;
    if pile.len() == 1 {
        return step == 1 || step == -1;
    }
    let direction = rank(top) as i8 - rank(pile[pile.len() - 2]) as i8;
    step == direction && (step == 1 || step == -1)
}

/// Tableau moves among `suit`'s piles (and up to two empty ones) that do `task` and then leave
/// the suit in its fewest runs, fewest moves first; `None` when none are found within `limit`
/// arrangements (or the card to take fits no foundation).
pub fn regroup(state: &State, suit_index: u8, task: Task, limit: usize) -> Option<Vec<Move>> {
    let mut piles: Vec<usize> =
        (0..PILES).filter(|&i| state.heights[i] > 0 && suit(state.tableau[i][0]) == suit_index).collect();
    piles.extend((0..PILES).filter(|&i| state.heights[i] == 0).take(SPARE_PILES));
    let n = piles.len();
    let mut counts = rank_counts(state)[suit_index as usize];
    let (take, put) = match task {
        Task::Regroup => (None, None),
        Task::Take(card) => {
            counts[rank(card) as usize] -= 1;
            (Some(card), None)
        }
        Task::Put(card) => {
            counts[rank(card) as usize] += 1;
            (None, Some(card))
        }
    };
    let target = suit_runs(&counts) as usize;
    let to_foundation = match take {
        Some(card) => Some(foundation_of(state, card)? as u8),
        None => None,
    };
    let mut start = Piles { cards: [[0; PILE_CAP]; PILES], heights: [0; PILES] };
    for (a, &i) in piles.iter().enumerate() {
        for &card in state.pile(i) {
            start.push(a, card);
        }
    }
    let done_at_start = task == Task::Regroup;
    // Each arrangement met: its parent's index and the move from there (the start has none).
    let mut parent: Vec<Option<(u32, Move)>> = vec![None];
    let mut index: HashMap<Vec<u8>, u32> = HashMap::new();
    index.insert(start.key(n, done_at_start), 0);
    let mut queue = VecDeque::from([(start, done_at_start, 0u32)]);
    let mut nexts: Vec<(Piles, bool, Move)> = Vec::new();
    while let Some((here, done, at)) = queue.pop_front() {
        if done && (0..n).filter(|&a| here.heights[a] > 0).count() == target {
            let mut moves = Vec::new();
            let mut step = parent[at as usize];
            while let Some((up, mv)) = step {
                moves.push(mv);
                step = parent[up as usize];
            }
            moves.reverse();
            return Some(moves);
        }
        nexts.clear();
        for a in 0..n {
            let Some(&top) = here.pile(a).last() else {
                continue;
            };
            let lone = here.heights[a] == 1;
            if !done && Some(top) == take {
                let mut after = here.clone();
                after.pop(a);
                let dst = FOUNDATION + to_foundation.expect("a card to take has a foundation");
                nexts.push((after, true, Move::new(TABLEAU + piles[a] as u8, dst, 1)));
            }
            for b in 0..n {
                let other = here.pile(b);
                if b == a || (other.is_empty() && lone) || !fits(top, other) {
                    continue;
                }
                let mut after = here.clone();
                after.pop(a);
                after.push(b, top);
                nexts.push((after, done, Move::new(TABLEAU + piles[a] as u8, TABLEAU + piles[b] as u8, 1)));
            }
        }
        if let (false, Some(card)) = (done, put) {
            for (b, &pile) in piles.iter().enumerate() {
                if fits(card, here.pile(b)) {
                    let mut after = here.clone();
                    after.push(b, card);
                    nexts.push((after, true, Move::new(WASTE, TABLEAU + pile as u8, 1)));
                }
            }
        }
        for (after, after_done, mv) in nexts.drain(..) {
            let key = after.key(n, after_done);
            if index.contains_key(&key) {
                continue;
            }
            if parent.len() >= limit {
                return None;
            }
            index.insert(key, parent.len() as u32);
            parent.push(Some((at, mv)));
            queue.push_back((after, after_done, parent.len() as u32 - 1));
        }
    }
    None
}
