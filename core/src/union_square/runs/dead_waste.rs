//! The dead-waste bound of the looser game (Python's `_Loose.dead_waste` and `suit_need`).
//!
//! For a waste card `x` to leave, every card above it must leave first, each to its foundation
//! or to the tableau, and a card goes up only when every card before it in its foundation's
//! order does. Walk each suit's foundation on as far as copies outside `x` and the cards under
//! it allow; the tableau's cards and those above `x` that the walk does not use can only be in
//! the tableau when `x` leaves. If, with the walk's cards and the stock's cards added where they
//! help, they still need more runs than there are piles, `x` never leaves and the position is
//! lost (`docs/solver.md`, "Union Square's tableau as runs").

use super::loose::Loose;
use super::wanted_rank;
use crate::cards::{rank, suit};
use crate::union_square::state::FULL_FOUNDATION;

const INFINITE: i32 = 1 << 20;

/// The highest waste card that never leaves (its index in the waste) and the runs each suit
/// needs, or `None`.
pub(super) fn dead_waste(loose: &Loose) -> Option<(usize, [i32; 4])> {
    let (waste, room) = (&loose.waste, loose.room);
    let free = room - loose.runs; // cards above x that fit as new runs: no x before them is stuck
    let first = waste.len() as i32 - free - 2; // the highest x with more than `free` cards above it
    if first < 0 {
        return None; // the tableau and every waste card fit even as single runs
    }
    let first = first as usize;
    let mut kept = loose.counts; // the tableau's cards and those above x
    for &card in &waste[first + 1..] {
        kept[suit(card) as usize][rank(card) as usize] += 1;
    }
    let need_of =
        |s: usize, kept: &[u8; 15]| suit_need(loose.sizes[s], kept, &loose.stock_counts[s]);
    let mut need = [0i32; 4];
    for s in 0..4 {
        need[s] = need_of(s, &kept[s]);
    }
    let mut total: i32 = need.iter().sum();
    for i in (0..=first).rev() {
        // x = waste[i]
        if total > room {
            return Some((i, need));
        }
        if i == 0 {
            break;
        }
        let card = waste[i]; // the next x lies under it: it joins the cards above x
        let s = suit(card) as usize;
        kept[s][rank(card) as usize] += 1;
        let runs = need_of(s, &kept[s]);
        total += runs - need[s];
        need[s] = runs;
    }
    None
}

/// Fewest runs one suit's cards force on the tableau: `tableau[r]` cards of rank `r` can leave
/// it only by going up, `stock[r]` may be turned and join it or go up, and its foundation holds
/// `size` cards.
pub fn suit_need(size: u8, tableau: &[u8; 15], stock: &[u8; 15]) -> i32 {
    let mut kept = *tableau;
    let mut spare = *stock; // may be turned and join the tableau, or go up
    let mut used = [0u8; 15]; // went up in the walk: in the tableau or not, as suits best
    let mut n = size;
    while n < FULL_FOUNDATION {
        let r = wanted_rank(n) as usize;
        if kept[r] > 0 {
            kept[r] -= 1;
        } else if spare[r] > 0 {
            spare[r] -= 1;
        } else {
            break;
        }
        used[r] += 1;
        n += 1;
    }
    // the fewest runs of kept + some of the rest: each rank's count in [kept, kept + spare + used]
    let mut cost = (0, INFINITE, INFINITE); // fewest runs so far, by the count of the last rank
    for r in 1..14 {
        let low = kept[r] as i32;
        let high = (low + spare[r] as i32 + used[r] as i32).min(2);
        let (c0, c1, c2) = cost;
        cost = (
            if low == 0 {
                c0.min(c1).min(c2)
            } else {
                INFINITE
            },
            if low <= 1 && 1 <= high {
                (c0 + 1).min(c1).min(c2)
            } else {
                INFINITE
            },
            if high == 2 {
                (c0 + 2).min(c1 + 1).min(c2)
            } else {
                INFINITE
            },
        );
    }
    cost.0.min(cost.1).min(cost.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ace_goes_up() {
        let mut tableau = [0u8; 15];
        tableau[1] = 1;
        tableau[13] = 1;
        assert_eq!(suit_need(0, &tableau, &[0; 15]), 1);
    }
}
