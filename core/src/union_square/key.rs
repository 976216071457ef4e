//! Union Square's canonical key (Python's `union_square_key`) and the cheap fingerprint of it
//! that `children` uses to keep one child per key without writing keys out.
//!
//! No card is dealt to the tableau after the deal, so the 16 piles are interchangeable and
//! sorted; a foundation's cards follow from its suit and count; the stock is identified by its
//! count alone (its order never changes, so a key means something only inside one search).

use super::state::{State, FOUNDATIONS, PILES};

/// Between the key's parts and its piles: no card is 255.
pub const SEPARATOR: u8 = 0xFF;

/// The canonical key of `state`, appended to `out`: the same bytes as Python's
/// `union_square_key` (stock count, the four foundation counts by suit, the waste's cards, a
/// separator, then the piles sorted with a separator between them).
pub fn key(state: &State, out: &mut Vec<u8>) {
    out.push(state.stock_len);
    out.extend_from_slice(&suit_counts(state));
    out.extend_from_slice(state.waste_cards());
    out.push(SEPARATOR);
    for (n, word) in sorted_piles(state).iter().enumerate() {
        if n > 0 {
            out.push(SEPARATOR);
        }
        let mut w = *word;
        while w != 0 {
            out.push((w >> 120) as u8 - 1);
            w <<= 8;
        }
    }
}

/// The foundations' counts by suit (clubs, diamonds, hearts, spades).
#[inline]
pub(crate) fn suit_counts(state: &State) -> [u8; 4] {
    let mut counts = [0u8; 4];
    for j in 0..FOUNDATIONS {
        if state.found_len[j] > 0 {
            counts[state.found_suit[j] as usize] = state.found_len[j];
        }
    }
    counts
}

/// Pile `i` as one number that sorts as the pile's bytes do (shorter first on a common
/// prefix): each card plus one, first card in the highest byte, zeros after. 13 cards fit.
#[inline]
fn pile_word(state: &State, i: usize) -> u128 {
    let pile = state.pile(i);
    let mut w: u128 = 0;
    for &card in pile {
        w = w << 8 | (card as u128 + 1);
    }
    if pile.is_empty() {
        0
    } else {
        w << (8 * (16 - pile.len()))
    }
}

/// The piles as `pile_word`s, sorted: the piles' part of the key.
#[inline]
pub(crate) fn sorted_piles(state: &State) -> [u128; PILES] {
    let mut words: [u128; PILES] = std::array::from_fn(|i| pile_word(state, i));
    words.sort_unstable();
    words
}

/// Whether `a` and `b` have the same key but for the piles.
pub(crate) fn same_head(a: &State, b: &State) -> bool {
    a.stock_len == b.stock_len
        && a.waste_cards() == b.waste_cards()
        && suit_counts(a) == suit_counts(b)
}

/// A hash of `state`'s key (equal keys, equal prints) that needs no sort: the piles' words
/// are mixed one by one and added.
pub(crate) fn fingerprint(state: &State) -> u64 {
    (0..PILES).fold(head_print(state), |h, i| h.wrapping_add(pile_print(state, i)))
}

/// The part of `fingerprint` that is not the piles'.
#[inline]
pub(crate) fn head_print(state: &State) -> u64 {
    let [c, d, h, s] = suit_counts(state);
    let top = state.waste_top().unwrap_or(0xFF);
    mix(u64::from_le_bytes([state.stock_len, state.waste_len, top, 0, c, d, h, s]))
}

/// Pile `i`'s share of `fingerprint`.
#[inline]
pub(crate) fn pile_print(state: &State, i: usize) -> u64 {
    let w = pile_word(state, i);
    mix(w as u64 ^ mix((w >> 64) as u64))
}

/// SplitMix64's finalizer: spreads every input bit over the output.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
