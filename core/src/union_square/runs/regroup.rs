//! Tableau moves among one suit's piles (and up to two empty ones) that do one task and leave
//! the suit in its fewest runs: a small breadth-first search (Python's `regroup`).
//!
//! Every move it returns is an ordinary move of the real game (a card from a pile to another
//! that takes it, to its foundation, or the waste's card onto a pile), checked here by the
//! rules of `fits_tableau` and replayed in Python, so nothing needs proving: at worst it finds
//! nothing and the caller does without.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

use super::{foundation_of, rank_counts, suit_runs};
use crate::cards::{rank, suit, Card};
use crate::moves::{Move, FOUNDATION, TABLEAU, WASTE};
use crate::search::hash::hash_key;
use crate::union_square::state::{State, PILES};

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

/// One pile of the suit as a run: its first rank in the high four bits and its top rank in the
/// low four (0: empty). The piles of one suit are runs (the caller has checked `piles_are_runs`),
/// so the two ranks name the cards: an arrangement is 16 bytes, and its key 128 bits.
type Code = u8;

#[inline]
fn first_rank(code: Code) -> u8 {
    code >> 4
}

#[inline]
fn top_rank(code: Code) -> u8 {
    code & 15
}

/// The pile after its top card left.
#[inline]
fn popped(code: Code) -> Code {
    let (first, top) = (first_rank(code), top_rank(code));
    match first.cmp(&top) {
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Less => code - 1,
        std::cmp::Ordering::Greater => code + 1,
    }
}

/// The pile after a card of `rank` (of its suit) joined it.
#[inline]
fn pushed(code: Code, rank: u8) -> Code {
    if code == 0 {
        rank << 4 | rank
    } else {
        code & 0xF0 | rank
    }
}

/// Python's `fits_tableau` for a card of the piles' suit: any card on an empty pile, one rank from
/// a lone card, the next rank in a longer run's direction.
#[inline]
fn fits(rank: u8, code: Code) -> bool {
    if code == 0 {
        return true;
    }
    let (first, top) = (first_rank(code) as i8, top_rank(code) as i8);
    let step = rank as i8 - top;
    if first == top {
        step == 1 || step == -1
    } else {
        step == (top - first).signum()
    }
}

/// The arrangement's key: its piles as a set (sorted codes, packed).
fn key(piles: &[Code]) -> u128 {
    let mut sorted = [0u8; PILES];
    sorted[..piles.len()].copy_from_slice(piles);
    sorted[..piles.len()].sort_unstable();
    u128::from_le_bytes(sorted)
}

/// A hasher for the keys (`hash_key` of their bytes).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0 = hash_key(bytes) ^ self.0.rotate_left(17);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type Met = HashMap<u128, u32, BuildHasherDefault<KeyHasher>>;

/// Tableau moves among `suit`'s piles (and up to two empty ones) that do `task` and then leave
/// the suit in its fewest runs, fewest moves first; `None` when none are found within `limit`
/// arrangements (or the card to take fits no foundation). Every pile must be a run.
pub fn regroup(state: &State, suit_index: u8, task: Task, limit: usize) -> Option<Vec<Move>> {
    let mut piles: Vec<usize> = (0..PILES)
        .filter(|&i| state.heights[i] > 0 && suit(state.tableau[i][0]) == suit_index)
        .collect();
    piles.extend(
        (0..PILES)
            .filter(|&i| state.heights[i] == 0)
            .take(SPARE_PILES),
    );
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
    let mut start = [0 as Code; PILES];
    for (a, &i) in piles.iter().enumerate() {
        if let (Some(&first), Some(top)) = (state.pile(i).first(), state.top(i)) {
            start[a] = rank(first) << 4 | rank(top);
        }
    }
    let done_at_start = task == Task::Regroup;
    // Each arrangement met: its parent's index and the move from there (the start has none); by
    // whether the task is done, the arrangements' indices by key.
    let mut parent: Vec<Option<(u32, Move)>> = vec![None];
    let mut met: [Met; 2] = [Met::default(), Met::default()];
    met[done_at_start as usize].insert(key(&start[..n]), 0);
    let mut queue = VecDeque::from([(start, done_at_start, 0u32)]);
    let mut nexts: Vec<([Code; PILES], bool, Move)> = Vec::new();
    while let Some((here, done, at)) = queue.pop_front() {
        if done && here[..n].iter().filter(|&&code| code != 0).count() == target {
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
            let code = here[a];
            if code == 0 {
                continue;
            }
            let top = top_rank(code);
            let lone = first_rank(code) == top;
            let mut after = here;
            after[a] = popped(code);
            if !done && Some(suit_index * 13 + top - 1) == take {
                let dst = FOUNDATION + to_foundation.expect("a card to take has a foundation");
                nexts.push((after, true, Move::new(TABLEAU + piles[a] as u8, dst, 1)));
            }
            for b in 0..n {
                let other = here[b];
                if b == a || (other == 0 && lone) || !fits(top, other) {
                    continue;
                }
                let mut moved = after;
                moved[b] = pushed(other, top);
                nexts.push((
                    moved,
                    done,
                    Move::new(TABLEAU + piles[a] as u8, TABLEAU + piles[b] as u8, 1),
                ));
            }
        }
        if let (false, Some(card)) = (done, put) {
            for (b, &pile) in piles.iter().enumerate() {
                if fits(rank(card), here[b]) {
                    let mut after = here;
                    after[b] = pushed(here[b], rank(card));
                    nexts.push((after, true, Move::new(WASTE, TABLEAU + pile as u8, 1)));
                }
            }
        }
        for &(after, after_done, mv) in &nexts {
            let table = &mut met[after_done as usize];
            let after_key = key(&after[..n]);
            if table.contains_key(&after_key) {
                continue;
            }
            if parent.len() >= limit {
                return None;
            }
            table.insert(after_key, parent.len() as u32);
            parent.push(Some((at, mv)));
            queue.push_back((after, after_done, parent.len() as u32 - 1));
        }
    }
    None
}
