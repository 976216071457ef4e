//! Tableau moves among one suit's piles (and up to two empty ones) that do one task and leave
//! the suit in its fewest runs: a small breadth-first search (Python's `regroup`).
//!
//! Every move it returns is an ordinary move of the real game (a card from a pile to another
//! that takes it, to its foundation, or the waste's card onto a pile), checked here by the
//! rules of `fits_tableau` and replayed in Python, so nothing needs proving: at worst it finds
//! nothing and the caller does without.

use std::cell::RefCell;
use std::collections::{HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

use super::{foundation_of, rank_counts, suit_runs};
use crate::cards::{rank, suit, Card};
use crate::moves::{Move, FOUNDATION, TABLEAU, WASTE};
use crate::search::hash::mix;
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

/// A hasher for the keys: the two halves of the 128 bits mixed and folded, with no detour
/// through their bytes.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        // Only u128 keys are hashed with it; bytes still hash sensibly.
        for &b in bytes {
            self.0 = mix(self.0 ^ b as u64);
        }
    }

    fn write_u128(&mut self, key: u128) {
        self.0 = mix(key as u64 ^ mix((key >> 64) as u64 ^ self.0));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type Met = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// An arrangement waiting in the queue: its piles, whether the task is done, its index.
type Queued = ([Code; PILES], bool, u32);

/// The buffers a regrouping reuses from call to call (one set per thread): the run view asks for
/// thousands of small regroupings a deal, and making and growing them each time was most of
/// their cost.
#[derive(Default)]
struct Scratch {
    /// Each arrangement met: its parent's index and the move from there (the start has none).
    parent: Vec<Option<(u32, Move)>>,
    /// By whether the task is done, the keys of the arrangements met.
    met: [Met; 2],
    queue: VecDeque<Queued>,
    nexts: Vec<([Code; PILES], bool, Move)>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Tableau moves among `suit`'s piles (and up to two empty ones) that do `task` and then leave
/// the suit in its fewest runs, fewest moves first; `None` when none are found within `limit`
/// arrangements (or the card to take fits no foundation). Every pile must be a run.
pub fn regroup(state: &State, suit_index: u8, task: Task, limit: usize) -> Option<Vec<Move>> {
    let (search, start) = Search::new(state, suit_index, task)?;
    SCRATCH.with(|scratch| {
        search.run(
            start,
            task == Task::Regroup,
            limit,
            &mut scratch.borrow_mut(),
        )
    })
}

/// What one regrouping looks for (see `regroup`), over `piles` (the suit's, then the spares).
struct Search {
    piles: Vec<usize>,
    suit_index: u8,
    take: Option<Card>,
    put: Option<Card>,
    to_foundation: Option<u8>,
    /// The suit's fewest runs after the task.
    target: usize,
    /// Whether a target may be answered when it is entered, not only when the queue gives it
    /// back (the same answer; off only in the test that shows so).
    early: bool,
}

impl Search {
    /// The regrouping of `task` in `state`'s `suit_index` piles, and their runs; `None` when the
    /// card to take fits no foundation.
    fn new(state: &State, suit_index: u8, task: Task) -> Option<(Search, [Code; PILES])> {
        let mut piles: Vec<usize> = (0..PILES)
            .filter(|&i| state.heights[i] > 0 && suit(state.tableau[i][0]) == suit_index)
            .collect();
        piles.extend(
            (0..PILES)
                .filter(|&i| state.heights[i] == 0)
                .take(SPARE_PILES),
        );
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
        let search = Search {
            piles,
            suit_index,
            take,
            put,
            to_foundation,
            target: suit_runs(&counts) as usize,
            early: true,
        };
        Some((search, start))
    }

    /// The breadth-first search from `start`, within `limit` arrangements.
    fn run(
        &self,
        start: [Code; PILES],
        done_at_start: bool,
        limit: usize,
        scratch: &mut Scratch,
    ) -> Option<Vec<Move>> {
        let Scratch {
            parent,
            met,
            queue,
            nexts,
        } = scratch;
        let (piles, n) = (&self.piles, self.piles.len());
        parent.clear();
        parent.push(None);
        for table in met.iter_mut() {
            table.clear();
        }
        queue.clear();
        met[done_at_start as usize].insert(key(&start[..n]));
        queue.push_back((start, done_at_start, 0u32));
        // Arrangements one arrangement may lead to at most: from each pile, a take and a move
        // onto each other pile; and a put onto each pile.
        let most_nexts = n * n + n;
        while let Some((here, done, at)) = queue.pop_front() {
            if done && self.is_target(&here) {
                return Some(line_to(parent, at));
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
                if !done && Some(self.suit_index * 13 + top - 1) == self.take {
                    let dst =
                        FOUNDATION + self.to_foundation.expect("a card to take has a foundation");
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
            if let (false, Some(card)) = (done, self.put) {
                for (b, &pile) in piles.iter().enumerate() {
                    if fits(rank(card), here[b]) {
                        let mut after = here;
                        after[b] = pushed(here[b], rank(card));
                        nexts.push((after, true, Move::new(WASTE, TABLEAU + pile as u8, 1)));
                    }
                }
            }
            for (k, &(after, after_done, mv)) in nexts.iter().enumerate() {
                if !met[after_done as usize].insert(key(&after[..n])) {
                    continue; // met before
                }
                if parent.len() >= limit {
                    return None; // (the key just entered is never asked for again)
                }
                parent.push(Some((at, mv)));
                let index = parent.len() as u32 - 1;
                // The first target entered is the first the queue gives back, with this line;
                // before that, the rest of these moves and the arrangements waiting in the queue
                // (none a target) enter at most `entering` more. When they cannot reach the
                // limit, the answer is this line now, as it would be then.
                if self.early && after_done && self.is_target(&after) {
                    let entering = (nexts.len() - k - 1) + queue.len() * most_nexts;
                    if parent.len() + entering < limit {
                        return Some(line_to(parent, index));
                    }
                }
                queue.push_back((after, after_done, index));
            }
        }
        None
    }

    /// Whether the task is done in `piles` and the suit is in its fewest runs.
    #[inline]
    fn is_target(&self, piles: &[Code; PILES]) -> bool {
        piles[..self.piles.len()]
            .iter()
            .filter(|&&code| code != 0)
            .count()
            == self.target
    }
}

/// The moves from the start to arrangement `at`.
fn line_to(parent: &[Option<(u32, Move)>], at: u32) -> Vec<Move> {
    let mut moves = Vec::new();
    let mut step = parent[at as usize];
    while let Some((up, mv)) = step {
        moves.push(mv);
        step = parent[up as usize];
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::union_square::runs::{looser, piles_are_runs, LooserAnswer, LooserLimits};
    use crate::union_square::{apply_in_place, numbered_deal};

    /// The regrouping of `task` with the target answered when entered or only when given back.
    fn both_ways(
        state: &State,
        suit_index: u8,
        task: Task,
        limit: usize,
    ) -> [Option<Vec<Move>>; 2] {
        [true, false].map(|early| {
            let (mut search, start) = Search::new(state, suit_index, task)?;
            search.early = early;
            search.run(start, task == Task::Regroup, limit, &mut Scratch::default())
        })
    }

    /// Answering a target when it is entered changes no answer, whatever the limit: along the
    /// winning lines of a few deals, every suit, every task the position offers, small limits
    /// (where the queue could reach the limit before it gives the target back) and the usual one.
    #[test]
    fn answering_when_entered_changes_no_answer() {
        let (mut asked, mut found, mut refused) = (0, 0, 0);
        for deal in 1..=8u64 {
            let mut state = numbered_deal(deal);
            let LooserAnswer::Won(line) = looser(&state, &LooserLimits::default()).answer else {
                panic!("deal {deal} is won in the looser game")
            };
            for (step, &m) in line.iter().enumerate() {
                apply_in_place(&mut state, m);
                if step % 7 != 0 || !piles_are_runs(&state) {
                    continue;
                }
                for suit_index in 0..4u8 {
                    let mut tasks = vec![Task::Regroup];
                    tasks.extend(state.waste_top().map(Task::Put));
                    tasks.extend(
                        (0..PILES)
                            .filter_map(|i| state.top(i))
                            .filter(|&c| suit(c) == suit_index)
                            .map(Task::Take),
                    );
                    for &task in &tasks {
                        for limit in [3, 8, 20, 60, 250, REGROUP_LIMIT] {
                            let [early, late] = both_ways(&state, suit_index, task, limit);
                            assert_eq!(
                                early, late,
                                "deal {deal} step {step} {task:?} limit {limit}"
                            );
                            asked += 1;
                            found += early.is_some() as u32;
                            refused += early.is_none() as u32;
                        }
                    }
                }
            }
        }
        assert!(
            asked > 2_000 && found > 500 && refused > 500,
            "{asked} {found} {refused}"
        );
    }
}
