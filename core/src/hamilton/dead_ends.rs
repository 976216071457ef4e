//! The dead-end test (`patience/games/hamilton/dead_ends.py`, argued in `docs/solver.md`,
//! "Dead ends: Hamilton's pinned piles"): a position where every pile holds a card that can
//! never leave it while no pile is empty is lost, since a won position has an empty tableau.
//!
//! Python asks the test of only some positions (it samples where it seldom answers); skipping
//! it is always sound, and here it is asked of every position. Card sets are `u64` bit sets.

use std::cell::RefCell;

use super::state::*;
use crate::cards::suit;

/// A candidate's lower-card need when a lower card of its suit lies under it in its pile.
const ANY_BELOW: u64 = u64::MAX;

/// A pile's card that (b) of the marking rule does not rule out, whatever the other piles hold.
#[derive(Clone, Copy, Default)]
struct Candidate {
    depth: i32,
    /// The cards its group's bottom cards could be placed on, outside its pile.
    outside: u64,
    /// The lower cards of its suit, one of which must be stuck (or `ANY_BELOW`).
    need: u64,
    /// The cards under it.
    under: u64,
    /// Those and itself.
    with: u64,
}

/// The cards `card` may be placed on in the tableau: its colour, one step higher (not above
/// the last card of the cyclic order).
#[inline]
fn targets(start: u8, card: u8) -> Option<[u8; 2]> {
    if IDX[start as usize][card as usize] == 12 {
        return None;
    }
    let higher = (card % 13 + 1) % 13;
    let s = suit(card);
    Some([s * 13 + higher, PARTNER[s as usize] * 13 + higher])
}

const fn lower_table() -> [[u64; DECK]; 14] {
    let mut t = [[0u64; DECK]; 14];
    let mut start = 1;
    while start < 14 {
        let mut c = 0;
        while c < DECK {
            let mut d = c / 13 * 13;
            while d < c / 13 * 13 + 13 {
                if IDX[start][d] < IDX[start][c] {
                    t[start][c] |= 1u64 << d;
                }
                d += 1;
            }
            c += 1;
        }
        start += 1;
    }
    t
}

/// `LOWER[start][card]`: the cards of `card`'s suit with a lower step, as a bit set.
static LOWER: [[u64; DECK]; 14] = lower_table();

/// Pushes the pile's candidates, top first (`_candidates`). Card sets only (no per-card
/// tables to clear): a pile holds each card once, so "the target lies above the group's
/// bottom in this pile" is a bit of the set of the cards above it.
fn candidates(pile: &[u8], start: u8, out: &mut Vec<Candidate>) {
    let idx = &IDX[start as usize];
    let following = &NEXT_IN_SUIT[start as usize];
    let lower = &LOWER[start as usize];
    let mut lowest = [13u8; 4];
    let mut below = 0u64; // bit d: a lower card of its suit lies under the card at depth d
    let mut in_pile = 0u64;
    for (d, &card) in pile.iter().enumerate() {
        in_pile |= 1u64 << card;
        let step = idx[card as usize];
        let s = suit(card) as usize;
        below |= ((step > lowest[s]) as u64) << d;
        lowest[s] = lowest[s].min(step);
    }
    let first = out.len();
    let mut with = in_pile; // the cards at depths 0..=depth
    for depth in (0..pile.len()).rev() {
        let with_here = with;
        let under = with & !(1u64 << pile[depth]);
        with = under;
        let mut above = in_pile & !with_here; // the cards above the group's bottom
        let mut outside = 0u64;
        let mut bottom = depth;
        let mut possible = true;
        loop {
            let card = pile[bottom];
            if let Some(ts) = targets(start, card) {
                for t in ts {
                    let bit = 1u64 << t;
                    if in_pile & bit == 0 {
                        outside |= bit;
                    } else if above & bit != 0 {
                        possible = false; // a target above the group's bottom in this pile
                        break;
                    }
                }
            }
            if !possible {
                break;
            }
            if bottom > 0 && pile[bottom - 1] == following[card as usize] {
                above |= 1u64 << card;
                bottom -= 1; // the run goes on down: a group may start lower
            } else {
                break;
            }
        }
        if !possible {
            continue;
        }
        let need = if below >> depth & 1 != 0 {
            ANY_BELOW
        } else {
            lower[pile[depth] as usize]
        };
        if out[first..]
            .iter()
            .any(|c| covers(c.outside, c.need, outside, need))
        {
            continue;
        }
        out.push(Candidate {
            depth: depth as i32,
            outside,
            need,
            under,
            with: with_here,
        });
    }
}

/// Whether a candidate with `outside` and `need` can be marked whenever the other can.
#[inline]
fn covers(outside: u64, need: u64, other_outside: u64, other_need: u64) -> bool {
    if outside & !other_outside != 0 {
        return false;
    }
    need == ANY_BELOW || (other_need != ANY_BELOW && need & other_need == other_need)
}

/// True when every pile holds a card that can never leave it while no pile is empty (so the
/// position is lost); false says nothing (`pinned`).
pub fn pinned(state: &State) -> bool {
    let start = state.start;
    if start == NO_START || (0..TABLEAU_PILES).any(|i| state.pile_len(i) == 0) {
        return false;
    }
    MEMO.with(|memo| marks_every_pile(state, &mut memo.borrow_mut()))
}

/// A pile's candidates depend only on its cards and the start rank, and the search asks the
/// test of a position right after its parent, which shares all piles but the one or two the
/// move touched: each pile's candidates are kept until that pile changes.
#[derive(Default, Clone)]
struct PileMemo {
    /// The start rank the candidates were made for (`NO_START`: none made yet).
    start: u8,
    cards: Vec<u8>,
    candidates: Vec<Candidate>,
}

/// Piles met before, by their cards and start rank: a best-first search moves between
/// positions far apart, where a pile's own memo misses about half the time, but the same piles
/// come back again and again. Direct-mapped: a pile replaces whatever shared its slot.
struct SeenPiles {
    slots: Vec<PileMemo>,
}

/// Slots of `SeenPiles` (a power of two).
const SEEN_PILES: usize = 1 << 13;

impl SeenPiles {
    fn new() -> Self {
        SeenPiles {
            slots: (0..SEEN_PILES).map(|_| PileMemo::default()).collect(),
        }
    }

    /// The candidates of `pile` under `start`, copied into `memo` (from the slot when the slot
    /// holds this pile, else made and kept in the slot).
    fn fill(&mut self, pile: &[u8], start: u8, memo: &mut PileMemo) {
        let slot = &mut self.slots[pile_slot(pile, start)];
        if slot.start != start || slot.cards != pile {
            slot.start = start;
            slot.cards.clear();
            slot.cards.extend_from_slice(pile);
            slot.candidates.clear();
            candidates(pile, start, &mut slot.candidates);
        }
        memo.start = start;
        memo.cards.clear();
        memo.cards.extend_from_slice(pile);
        memo.candidates.clear();
        memo.candidates.extend_from_slice(&slot.candidates);
    }
}

/// A slot of `SeenPiles` for a pile: a multiplicative hash of its cards and the start rank.
#[inline]
fn pile_slot(pile: &[u8], start: u8) -> usize {
    let mut h = (start as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for chunk in pile.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = (h.rotate_left(23) ^ u64::from_le_bytes(word) ^ chunk.len() as u64)
            .wrapping_mul(0x517C_C1B7_2722_0A95);
    }
    (h >> (64 - SEEN_PILES.trailing_zeros())) as usize
}

thread_local! {
    /// One memo per pile, reused from call to call on the thread.
    static MEMO: RefCell<[PileMemo; TABLEAU_PILES]> = RefCell::new(Default::default());
    static SEEN: RefCell<SeenPiles> = RefCell::new(SeenPiles::new());
}

/// The test proper on a chosen start with no empty pile.
fn marks_every_pile(state: &State, memo: &mut [PileMemo; TABLEAU_PILES]) -> bool {
    let start = state.start;
    for (i, m) in memo.iter_mut().enumerate() {
        let pile = state.pile(i);
        if m.start != start || m.cards != pile {
            SEEN.with(|seen| seen.borrow_mut().fill(pile, start, m));
        }
        if m.candidates.is_empty() {
            return false;
        }
    }
    let all: [&[Candidate]; TABLEAU_PILES] = std::array::from_fn(|i| memo[i].candidates.as_slice());
    // Buried cards lie under a pile's highest candidate, so a pile whose every candidate has
    // a target outside those cards can have no mark.
    let buriable = all.iter().fold(0u64, |b, cands| b | cands[0].under);
    for cands in &all {
        if !cands.iter().any(|c| c.outside & !buriable == 0) {
            return false;
        }
    }
    let mut high = [-1i32; TABLEAU_PILES];
    let mut stuck = 0u64; // marked cards and the cards under them
    let mut buried = 0u64; // the cards under marked cards
    let mut unmarked = TABLEAU_PILES;
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..TABLEAU_PILES {
            let mark = high[i];
            for c in all[i] {
                if c.depth <= mark {
                    break;
                }
                if c.outside & !buried != 0 {
                    continue; // a target may still be free
                }
                if c.need != ANY_BELOW && c.need & stuck == 0 {
                    continue; // it may still go up first
                }
                high[i] = c.depth;
                if mark < 0 {
                    unmarked -= 1;
                    if unmarked == 0 {
                        return true;
                    }
                }
                buried |= c.under;
                stuck |= c.with;
                changed = true;
                break;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hamilton::rules::{apply, legal_moves, numbered_deal};
    use crate::hamilton::search::Hamilton;
    use crate::search::SearchGame;

    /// The test with every pile's memo thrown away first: the answer without the memo.
    fn pinned_fresh(state: &State) -> bool {
        MEMO.with(|memo| *memo.borrow_mut() = Default::default());
        pinned(state)
    }

    /// The memo never changes an answer: along playouts (where piles are shared between one
    /// position and the next, and change one or two at a time) the memoized answer is the
    /// fresh one, asked in the playout's order and again backwards.
    #[test]
    fn the_memo_keeps_the_answers() {
        let mut seen = Vec::new();
        let mut moves = Vec::new();
        for deal in 1..=40u64 {
            for part in Hamilton.split(&numbered_deal(deal)) {
                let mut state = part.state;
                for step in 0..120usize {
                    seen.push(state);
                    legal_moves(&state, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    state = apply(&state, moves[(step * 31 + deal as usize * 7) % moves.len()]);
                }
            }
        }
        let fresh: Vec<bool> = seen.iter().map(pinned_fresh).collect();
        assert!(fresh.iter().any(|&p| p) && fresh.iter().any(|&p| !p));
        MEMO.with(|memo| *memo.borrow_mut() = Default::default());
        let forward: Vec<bool> = seen.iter().map(pinned).collect();
        assert_eq!(forward, fresh);
        let backward: Vec<bool> = seen.iter().rev().map(pinned).collect();
        assert!(backward.into_iter().eq(fresh.into_iter().rev()));
    }
}
