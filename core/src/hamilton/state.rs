//! A Hamilton position as plain bytes, and the per-start-rank tables the rules read.
//!
//! The layout keeps a position in about 70 bytes so that cloning one (the search does it for
//! every child) is a short copy: the tableau piles lie one after another in one 52-card
//! array, the stock follows them, and a foundation is only its suit and its size (its cards
//! are fixed by those and the start rank, as `patience/solver/canonical.py` also uses).

use crate::cards::{rank, suit, Card};

pub const TABLEAU_PILES: usize = 7;
pub const FOUNDATIONS: usize = 4;
pub const DEALT_TO_TABLEAU: usize = 28;
pub const INITIAL_CHOICES: u8 = 3;
pub const FULL_FOUNDATION: u8 = 13;
pub const DECK: usize = 52;
/// No card (an empty Chooser, an empty foundation's suit, a card that has no follower).
pub const NONE: u8 = 255;
/// The start rank while the start card is still being chosen.
pub const NO_START: u8 = 0;

/// The other suit of the same colour: clubs-spades, diamonds-hearts.
pub const PARTNER: [u8; 4] = [3, 2, 1, 0];

const fn idx_table() -> [[u8; DECK]; 14] {
    let mut t = [[0u8; DECK]; 14];
    let mut start = 0;
    while start < 14 {
        let mut c = 0;
        while c < DECK {
            let r = (c % 13 + 1) as i32;
            t[start][c] = ((r - start as i32).rem_euclid(13)) as u8;
            c += 1;
        }
        start += 1;
    }
    t
}

const fn next_table() -> [[u8; DECK]; 14] {
    let mut t = [[NONE; DECK]; 14];
    let mut start = 1;
    while start < 14 {
        let mut c = 0;
        while c < DECK {
            if IDX[start][c] != 12 {
                t[start][c] = ((c / 13) * 13 + (c % 13 + 1) % 13) as u8;
            }
            c += 1;
        }
        start += 1;
    }
    t
}

/// `IDX[start][card]`: the card's place in the cyclic order from the start rank (0-12).
pub static IDX: [[u8; DECK]; 14] = idx_table();
/// `NEXT_IN_SUIT[start][card]`: the card that follows `card` on a foundation, or `NONE`
/// (before the choice, and for the last card of the cyclic order).
pub static NEXT_IN_SUIT: [[u8; DECK]; 14] = next_table();

/// The two cards that may be built on `card` in the tableau (same colour, one step lower:
/// its own suit first, then the other suit of its colour), or none on a start-rank card.
#[inline]
pub fn accepts(start: u8, card: Card) -> Option<[Card; 2]> {
    if start == NO_START || IDX[start as usize][card as usize] == 0 {
        return None;
    }
    let lower = (rank(card) + 11) % 13; // the rank below, 0-based
    let s = suit(card);
    Some([s * 13 + lower, PARTNER[s as usize] * 13 + lower])
}

/// An immutable-by-convention Hamilton position (`HamiltonState` in `rules.py`).
///
/// Bytes past the stock are always zero, so the derived equality and hash are the
/// position's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct State {
    /// The tableau piles, bottom first, pile after pile; then the stock, top first.
    pub(crate) cards: [u8; DECK],
    /// `ends[i]`: one past pile `i`'s last card in `cards`.
    pub(crate) ends: [u8; TABLEAU_PILES],
    pub(crate) stock_len: u8,
    /// Each foundation's suit (`NONE` when empty) and size.
    pub(crate) found_suit: [u8; FOUNDATIONS],
    pub(crate) found_len: [u8; FOUNDATIONS],
    /// The card in the Chooser, or `NONE`.
    pub chooser: u8,
    /// Stock clicks left for choosing (0 once the start card is chosen).
    pub choices_left: u8,
    /// The start rank (1-13), or `NO_START` before the choice.
    pub start: u8,
}

impl State {
    /// Build a position from its piles; an error when a foundation is not a legal build from
    /// the start rank, or a pile is too long. (Card conservation is the caller's concern.)
    pub fn from_parts(
        tableau: &[Vec<Card>],
        foundations: &[Vec<Card>],
        stock: &[Card],
        chooser: u8,
        choices_left: u8,
        start: u8,
    ) -> Result<State, String> {
        if tableau.len() != TABLEAU_PILES || foundations.len() != FOUNDATIONS {
            return Err("a Hamilton position has 7 piles and 4 foundations".into());
        }
        let total: usize = tableau.iter().map(Vec::len).sum::<usize>() + stock.len();
        if total > DECK || start > 13 {
            return Err("too many cards, or a start rank above 13".into());
        }
        let mut state = State {
            cards: [0; DECK],
            ends: [0; TABLEAU_PILES],
            stock_len: stock.len() as u8,
            found_suit: [NONE; FOUNDATIONS],
            found_len: [0; FOUNDATIONS],
            chooser,
            choices_left,
            start,
        };
        let mut at = 0;
        for (i, pile) in tableau.iter().enumerate() {
            state.cards[at..at + pile.len()].copy_from_slice(pile);
            at += pile.len();
            state.ends[i] = at as u8;
        }
        state.cards[at..at + stock.len()].copy_from_slice(stock);
        for (j, f) in foundations.iter().enumerate() {
            if f.is_empty() {
                continue;
            }
            if start == NO_START || f.len() > FULL_FOUNDATION as usize {
                return Err("a foundation holds cards before the choice, or too many".into());
            }
            let s = suit(f[0]);
            for (k, &c) in f.iter().enumerate() {
                if c != foundation_card(start, s, k as u8) {
                    return Err(format!(
                        "foundation {} is not built up in suit from the start rank",
                        j + 1
                    ));
                }
            }
            state.found_suit[j] = s;
            state.found_len[j] = f.len() as u8;
        }
        Ok(state)
    }

    /// Pile `i`'s cards, bottom first.
    #[inline]
    pub fn pile(&self, i: usize) -> &[Card] {
        let from = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.cards[from..self.ends[i] as usize]
    }

    #[inline]
    pub fn pile_len(&self, i: usize) -> usize {
        let from = if i == 0 { 0 } else { self.ends[i - 1] } as usize;
        self.ends[i] as usize - from
    }

    /// The top card of pile `i`, or `None` when it is empty.
    #[inline]
    pub fn top(&self, i: usize) -> Option<Card> {
        self.pile(i).last().copied()
    }

    /// The stock, top first.
    #[inline]
    pub fn stock(&self) -> &[Card] {
        let from = self.ends[TABLEAU_PILES - 1] as usize;
        &self.cards[from..from + self.stock_len as usize]
    }

    /// Foundation `j`'s size.
    #[inline]
    pub fn foundation_len(&self, j: usize) -> usize {
        self.found_len[j] as usize
    }

    /// Foundation `j`'s suit, or `None` when it is empty.
    #[inline]
    pub fn foundation_suit(&self, j: usize) -> Option<u8> {
        (self.found_len[j] > 0).then_some(self.found_suit[j])
    }

    /// Foundation `j`'s top card, or `None` when it is empty.
    #[inline]
    pub fn foundation_top(&self, j: usize) -> Option<Card> {
        let n = self.found_len[j];
        (n > 0).then(|| foundation_card(self.start, self.found_suit[j], n - 1))
    }

    /// Foundation `j`'s cards, bottom first.
    pub fn foundation(&self, j: usize) -> Vec<Card> {
        (0..self.found_len[j])
            .map(|k| foundation_card(self.start, self.found_suit[j], k))
            .collect()
    }

    /// Cards on the foundations of each suit (clubs, diamonds, hearts, spades).
    #[inline]
    pub fn up_by_suit(&self) -> [u8; 4] {
        let mut up = [0; 4];
        for j in 0..FOUNDATIONS {
            if self.found_len[j] > 0 {
                up[self.found_suit[j] as usize] = self.found_len[j];
            }
        }
        up
    }

    /// Cards on the tableau and in the stock (the used part of `cards`).
    #[inline]
    pub(crate) fn used(&self) -> usize {
        self.ends[TABLEAU_PILES - 1] as usize + self.stock_len as usize
    }
}

/// The `k`-th card (0-based) of a foundation of suit `s` built from rank `start`.
#[inline]
pub fn foundation_card(start: u8, s: u8, k: u8) -> Card {
    s * 13 + (start - 1 + k) % 13
}
