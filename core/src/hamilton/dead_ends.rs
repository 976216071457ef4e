//! The dead-end test (`patience/games/hamilton/dead_ends.py`, argued in `docs/solver.md`,
//! "Dead ends: Hamilton's pinned piles"): a position where every pile holds a card that can
//! never leave it while no pile is empty is lost, since a won position has an empty tableau.
//!
//! Python asks the test of only some positions (it samples where it seldom answers); skipping
//! it is always sound, and here it is asked of every position. Card sets are `u64` bit sets.

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

/// Pushes the pile's candidates, top first (`_candidates`).
fn candidates(pile: &[u8], start: u8, out: &mut Vec<Candidate>) {
    let idx = &IDX[start as usize];
    let following = &NEXT_IN_SUIT[start as usize];
    let mut depth_of = [u8::MAX; DECK];
    let mut lowest = [13u8; 4];
    let mut below = [false; DECK];
    let mut under = [0u64; DECK + 1];
    for (d, &card) in pile.iter().enumerate() {
        depth_of[card as usize] = d as u8;
        under[d + 1] = under[d] | (1u64 << card);
        let step = idx[card as usize];
        let s = suit(card) as usize;
        below[d] = step > lowest[s];
        lowest[s] = lowest[s].min(step);
    }
    let first = out.len();
    for depth in (0..pile.len()).rev() {
        let mut outside = 0u64;
        let mut bottom = depth;
        let mut possible = true;
        loop {
            let card = pile[bottom];
            if let Some(ts) = targets(start, card) {
                for t in ts {
                    let at = depth_of[t as usize];
                    if at == u8::MAX {
                        outside |= 1u64 << t;
                    } else if at as usize > bottom {
                        possible = false; // a target above the group's bottom in this pile
                        break;
                    }
                }
            }
            if !possible {
                break;
            }
            if bottom > 0 && pile[bottom - 1] == following[card as usize] {
                bottom -= 1; // the run goes on down: a group may start lower
            } else {
                break;
            }
        }
        if !possible {
            continue;
        }
        let need = if below[depth] { ANY_BELOW } else { LOWER[start as usize][pile[depth] as usize] };
        if out[first..].iter().any(|c| covers(c.outside, c.need, outside, need)) {
            continue;
        }
        out.push(Candidate {
            depth: depth as i32,
            outside,
            need,
            under: under[depth],
            with: under[depth] | (1u64 << pile[depth]),
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
    let mut all: Vec<Candidate> = Vec::with_capacity(64);
    let mut ranges = [(0usize, 0usize); TABLEAU_PILES];
    for (i, range) in ranges.iter_mut().enumerate() {
        let from = all.len();
        candidates(state.pile(i), start, &mut all);
        if all.len() == from {
            return false;
        }
        *range = (from, all.len());
    }
    // Buried cards lie under a pile's highest candidate, so a pile whose every candidate has
    // a target outside those cards can have no mark.
    let buriable = ranges.iter().fold(0u64, |b, &(from, _)| b | all[from].under);
    for &(from, to) in &ranges {
        if !all[from..to].iter().any(|c| c.outside & !buriable == 0) {
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
            let (from, to) = ranges[i];
            for c in &all[from..to] {
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
