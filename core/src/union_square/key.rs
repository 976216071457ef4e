//! Union Square's canonical key (Python's `union_square_key`) and the cheap fingerprint of it
//! that `children` uses to keep one child per key without writing keys out.
//!
//! No card is dealt to the tableau after the deal, so the 16 piles are interchangeable and
//! sorted; a foundation's cards follow from its suit and count; the stock is identified by its
//! count alone (its order never changes, so a key means something only inside one search).

use super::state::{State, DECK, FOUNDATIONS, PILES, PILE_CAP, STOCK_CAP};

/// Between the key's parts and its piles: no card is 255.
pub const SEPARATOR: u8 = 0xFF;

/// The canonical key of `state`, appended to `out`: the same bytes as Python's
/// `union_square_key` (stock count, the four foundation counts by suit, the waste's cards, a
/// separator, then the piles sorted with a separator between them).
pub fn key(state: &State, out: &mut Vec<u8>) {
    // Written into a buffer first, a pile's cards at once from its word (16 bytes stored, as
    // many kept as it has cards; the rest is written over): the key has at most 1 + 4 + the
    // waste + 1 + 104 cards + 15 separators, well within it.
    let mut buf = [0u8; 6 + STOCK_CAP + DECK + PILES + 16];
    let waste = state.waste_cards();
    buf[0] = state.stock_len;
    buf[1..5].copy_from_slice(&suit_counts(state));
    buf[5..5 + waste.len()].copy_from_slice(waste);
    let mut n = 5 + waste.len();
    buf[n] = SEPARATOR;
    n += 1;
    let words = pile_words(state);
    for (p, &i) in sorted_order(&words).iter().enumerate() {
        let word = words[i as usize];
        if p > 0 {
            buf[n] = SEPARATOR;
            n += 1;
        }
        if word != 0 {
            let len = 16 - (word.trailing_zeros() / 8) as usize;
            buf[n..n + 16].copy_from_slice(&(word - ONES[len]).to_be_bytes());
            n += len;
        }
    }
    out.extend_from_slice(&buf[..n]);
}

/// `ONES[h]`: a byte 1 in each of the highest `h` bytes of a pile word (what turns `h` cards
/// into their word, and back).
const ONES: [u128; PILE_CAP + 1] = {
    let mut t = [0u128; PILE_CAP + 1];
    let mut h = 1;
    while h <= PILE_CAP {
        t[h] = t[h - 1] | 1u128 << (8 * (16 - h));
        h += 1;
    }
    t
};

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
pub(crate) fn pile_word(state: &State, i: usize) -> u128 {
    // The slots past the pile's cards hold 0 (see `State`): the row read as one big-endian
    // number, plus one on each card.
    let mut bytes = [0u8; 16];
    bytes[..PILE_CAP].copy_from_slice(&state.tableau[i]);
    u128::from_be_bytes(bytes) + ONES[state.heights[i] as usize]
}

/// Every pile's `pile_word`: the rows lie one after another, so each but the last is read
/// as 16 bytes at once and the 3 bytes of the next row are cut off.
#[inline]
pub(crate) fn pile_words(state: &State) -> [u128; PILES] {
    let flat = state.tableau.as_flattened();
    let mut words = [0u128; PILES];
    for (i, word) in words.iter_mut().enumerate().take(PILES - 1) {
        let bytes: [u8; 16] = flat[i * PILE_CAP..i * PILE_CAP + 16]
            .try_into()
            .expect("16 bytes");
        *word = (u128::from_be_bytes(bytes) & !0xFF_FFFF) + ONES[state.heights[i] as usize];
    }
    words[PILES - 1] = pile_word(state, PILES - 1);
    words
}

/// The piles as `pile_word`s, sorted: the piles' part of the key.
#[cfg(test)]
pub(crate) fn sorted_piles(state: &State) -> [u128; PILES] {
    let words = pile_words(state);
    sorted_order(&words).map(|i| words[i as usize])
}

/// The piles' numbers in the order of their words.
///
/// Without a comparison sort: a word's highest byte is its pile's first card plus one (0 for
/// an empty pile), and each card is in the game twice, so the piles are placed by that byte
/// (a bit set of the bytes met, walked upwards), the empty piles first, and only two piles
/// that begin with the same card are compared.
#[inline]
fn sorted_order(words: &[u128; PILES]) -> [u8; PILES] {
    let mut first = [0u8; 64]; // by highest byte: the pile met first with it
    let mut second = [0u8; 64]; // and the one met second
    let mut present = 0u64;
    let mut twice = 0u64;
    let mut order = [0u8; PILES];
    let mut n = 0; // the empty piles go first
    for (i, &w) in words.iter().enumerate() {
        let b = (w >> 120) as usize; // at most 52
        if b == 0 {
            order[n] = i as u8;
            n += 1;
        } else if present >> b & 1 == 0 {
            present |= 1 << b;
            first[b] = i as u8;
        } else if twice >> b & 1 == 0 {
            twice |= 1 << b;
            second[b] = i as u8;
        } else {
            // a card a third time: not a position of the game, but sorted all the same
            let mut all: [u8; PILES] = std::array::from_fn(|i| i as u8);
            all.sort_unstable_by_key(|&i| words[i as usize]);
            return all;
        }
    }
    while present != 0 {
        let b = present.trailing_zeros() as usize;
        present &= present - 1;
        let (a, c) = (first[b], second[b]);
        if twice >> b & 1 == 0 {
            order[n] = a;
            n += 1;
        } else {
            let a_first = words[a as usize] <= words[c as usize];
            order[n] = if a_first { a } else { c };
            order[n + 1] = if a_first { c } else { a };
            n += 2;
        }
    }
    order
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
    (0..PILES).fold(head_print(state), |h, i| {
        h.wrapping_add(pile_print(state, i))
    })
}

/// The part of `fingerprint` that is not the piles'.
#[inline]
pub(crate) fn head_print(state: &State) -> u64 {
    let [c, d, h, s] = suit_counts(state);
    let top = state.waste_top().unwrap_or(0xFF);
    mix(u64::from_le_bytes([
        state.stock_len,
        state.waste_len,
        top,
        0,
        c,
        d,
        h,
        s,
    ]))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `sorted_piles` is the plain sort of the piles' words, on piles that begin with the
    /// same card (once, twice, a third time), empty piles, and the piles of numbered deals.
    #[test]
    fn sorted_piles_is_the_sort() {
        let mut states = Vec::new();
        for n in 1..200u64 {
            states.push(super::super::state::numbered_deal(n));
        }
        let mut s = State::empty();
        // two piles that begin with the 6 of clubs (the longer one first), then a third
        for (i, pile) in [&[5u8, 6, 7][..], &[9, 10, 11, 12], &[], &[5, 4], &[9], &[0]]
            .iter()
            .enumerate()
        {
            for &c in pile.iter() {
                s.push_pile(i, c);
            }
        }
        states.push(s.clone());
        s.push_pile(9, 5);
        s.push_pile(9, 6);
        states.push(s);
        for state in &states {
            let mut plain: [u128; PILES] = std::array::from_fn(|i| pile_word(state, i));
            assert_eq!(pile_words(state), plain);
            plain.sort_unstable();
            assert_eq!(sorted_piles(state), plain);
        }
    }

    /// Positions with one key have one print (tidying and `children` compare prints first):
    /// along playouts of numbered deals, each position against itself with its piles in
    /// another order (the key sorts them); a move that changes the key changes the print.
    #[test]
    fn equal_keys_equal_prints() {
        use super::super::rules::{apply, legal_moves};
        let mut moves = Vec::new();
        for deal in 1..40u64 {
            let mut state = super::super::state::numbered_deal(deal);
            for step in 0..120usize {
                let mut turned = State::empty();
                turned.found_suit = state.found_suit;
                turned.found_len = state.found_len;
                turned.off = state.off;
                turned.stock_len = state.stock_len;
                turned.waste_len = state.waste_len;
                for i in 0..PILES {
                    for &c in state.pile((i + step + 1) % PILES) {
                        turned.push_pile(i, c);
                    }
                }
                let (mut a, mut b) = (Vec::new(), Vec::new());
                key(&state, &mut a);
                key(&turned, &mut b);
                assert_eq!(a, b);
                assert_eq!(fingerprint(&state), fingerprint(&turned));
                moves.clear();
                legal_moves(&state, &mut moves);
                let Some(&mv) = moves.get((deal as usize + step) % moves.len().max(1)) else {
                    break;
                };
                let next = apply(&state, mv);
                let mut after = Vec::new();
                key(&next, &mut after);
                if after != a {
                    assert_ne!(fingerprint(&next), fingerprint(&state));
                }
                state = next;
            }
        }
    }
}
