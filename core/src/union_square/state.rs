//! A Union Square position as fixed arrays of small integers, and the deals that start one.
//!
//! Every array slot past a pile's length holds 0, so two equal positions are equal as values
//! (`==`, `Hash`) whatever moves led to them.

use crate::cards::{rank, suit, Card};

/// Tableau piles (a 4×4 grid).
pub const PILES: usize = 16;
/// A tableau pile is one suit built up or down by one rank, so at most Ace to King.
pub const PILE_CAP: usize = 13;
pub const FOUNDATIONS: usize = 4;
/// A foundation turns after its thirteenth card (A…K): the second King, then down to the Ace.
pub const FOUNDATION_TURN: u8 = 13;
pub const FULL_FOUNDATION: u8 = 26;
/// Two decks.
pub const DECK: usize = 104;
/// Room for the stock and for the waste (88 after a deal; a parsed position may hold more).
pub const STOCK_CAP: usize = DECK;

/// A Union Square position. Foundations are kept as suit and count: in Union Square a
/// foundation can only ever be A…K then K…A of its suit, so its cards follow from those two.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Tableau piles, bottom card first; `heights[i]` cards are live.
    pub tableau: [[Card; PILE_CAP]; PILES],
    pub heights: [u8; PILES],
    /// Each foundation's suit (0 while it is empty) and card count.
    pub found_suit: [u8; FOUNDATIONS],
    pub found_len: [u8; FOUNDATIONS],
    /// The waste and the stock in one array (they hold at most the 104 cards between them,
    /// and a position is copied for every child, so a smaller one is cheaper): the waste,
    /// bottom card first, from the front; the stock, **top card first**, at the back, its top
    /// at `STOCK_CAP - stock_len`. A click moves that card to the waste's end; the slots
    /// between hold 0.
    pub(crate) off: [Card; STOCK_CAP],
    pub stock_len: u8,
    pub waste_len: u8,
}

impl State {
    /// A position with no cards anywhere (the parser and the deals fill it).
    pub(crate) fn empty() -> State {
        State {
            tableau: [[0; PILE_CAP]; PILES],
            heights: [0; PILES],
            found_suit: [0; FOUNDATIONS],
            found_len: [0; FOUNDATIONS],
            off: [0; STOCK_CAP],
            stock_len: 0,
            waste_len: 0,
        }
    }

    /// Tableau pile `i`'s cards, bottom first.
    #[inline]
    pub fn pile(&self, i: usize) -> &[Card] {
        &self.tableau[i][..self.heights[i] as usize]
    }

    /// Pile `i`'s top card.
    #[inline]
    pub fn top(&self, i: usize) -> Option<Card> {
        match self.heights[i] {
            0 => None,
            h => Some(self.tableau[i][h as usize - 1]),
        }
    }

    /// The waste's cards, bottom first.
    #[inline]
    pub fn waste_cards(&self) -> &[Card] {
        &self.off[..self.waste_len as usize]
    }

    /// The stock's cards, **top first** (the position text's order).
    #[inline]
    pub fn stock_top_first(&self) -> &[Card] {
        &self.off[STOCK_CAP - self.stock_len as usize..]
    }

    /// Make `top_first` the stock (the parser's and the deals' way in).
    pub(crate) fn set_stock(&mut self, top_first: &[Card]) {
        let n = self.stock_len as usize;
        self.off[STOCK_CAP - n..].fill(0);
        self.off[STOCK_CAP - top_first.len()..].copy_from_slice(top_first);
        self.stock_len = top_first.len() as u8;
    }

    /// The stock card turned by the `k`-th click from here (`k` from 1), if the stock has it.
    #[inline]
    pub fn stock_card(&self, k: usize) -> Option<Card> {
        let n = self.stock_len as usize;
        (k >= 1 && k <= n).then(|| self.off[STOCK_CAP - n + k - 1])
    }

    #[inline]
    pub fn waste_top(&self) -> Option<Card> {
        match self.waste_len {
            0 => None,
            n => Some(self.off[n as usize - 1]),
        }
    }

    /// Foundation `j`'s cards: A…K of its suit, then K…A, `found_len[j]` of them.
    pub fn foundation_cards(&self, j: usize) -> impl Iterator<Item = Card> + '_ {
        let base = self.found_suit[j] * 13;
        (0..self.found_len[j]).map(move |i| base + if i < 13 { i } else { 25 - i })
    }

    /// The card foundation `j` takes next: none when it is empty (any unbegun suit's Ace goes
    /// there, see `rules`) or full. After `n` cards it wants rank `n + 1` going up, the second
    /// King at 13, then one rank down per card: `25 - n` as a rank index.
    #[inline]
    pub fn foundation_wants(&self, j: usize) -> Option<Card> {
        let n = self.found_len[j];
        let base = self.found_suit[j] * 13;
        match n {
            0 => None,
            n if n < FOUNDATION_TURN => Some(base + n),
            n if n < FULL_FOUNDATION => Some(base + 25 - n),
            _ => None,
        }
    }

    /// Bit `s` set when some foundation has begun suit `s`.
    #[inline]
    pub fn started_suits(&self) -> u8 {
        let mut started = 0;
        for j in 0..FOUNDATIONS {
            if self.found_len[j] > 0 {
                started |= 1 << self.found_suit[j];
            }
        }
        started
    }

    #[inline]
    pub(crate) fn push_pile(&mut self, i: usize, card: Card) {
        let h = self.heights[i] as usize;
        self.tableau[i][h] = card;
        self.heights[i] += 1;
    }

    #[inline]
    pub(crate) fn pop_pile(&mut self, i: usize) -> Card {
        let h = self.heights[i] as usize - 1;
        let card = self.tableau[i][h];
        self.tableau[i][h] = 0;
        self.heights[i] -= 1;
        card
    }

    #[inline]
    pub(crate) fn push_waste(&mut self, card: Card) {
        self.off[self.waste_len as usize] = card;
        self.waste_len += 1;
    }

    #[inline]
    pub(crate) fn pop_waste(&mut self) -> Card {
        let n = self.waste_len as usize - 1;
        let card = self.off[n];
        self.off[n] = 0;
        self.waste_len -= 1;
        card
    }

    /// Turn the stock's top card onto the waste.
    #[inline]
    pub(crate) fn click(&mut self) {
        let top = STOCK_CAP - self.stock_len as usize;
        let card = self.off[top];
        self.off[top] = 0;
        self.stock_len -= 1;
        self.push_waste(card);
    }

    /// Put `card` on foundation `j` (the caller has checked it fits).
    #[inline]
    pub(crate) fn push_foundation(&mut self, j: usize, card: Card) {
        if self.found_len[j] == 0 {
            self.found_suit[j] = suit(card);
        }
        self.found_len[j] += 1;
    }
}

/// How many more cards pile `pile` could ever take: a lone card grows up or down to 13, a
/// pile of two or more only on in its direction (nothing if its top two are not one rank
/// apart). The parser uses it so that no reachable pile outgrows `PILE_CAP`.
pub(crate) fn room_needed(pile: &[Card]) -> usize {
    match pile {
        [] => PILE_CAP,
        [_] => PILE_CAP - 1,
        [.., below, top] => {
            let step = rank(*top) as i32 - rank(*below) as i32;
            if step == 1 {
                (13 - rank(*top)) as usize
            } else if step == -1 {
                (rank(*top) - 1) as usize
            } else {
                0
            }
        }
    }
}

/// The position after dealing `deck` (104 cards in dealing order): the first 16 face up on
/// piles 1-16, the rest the stock, the 17th card on top.
///
/// # Panics
/// If `deck` does not hold exactly 104 cards below 52.
pub fn deal(deck: &[Card]) -> State {
    assert_eq!(deck.len(), DECK, "a Union Square deck has 104 cards");
    assert!(deck.iter().all(|&c| c < 52), "cards are 0..51");
    let mut state = State::empty();
    for (i, &card) in deck[..PILES].iter().enumerate() {
        state.push_pile(i, card);
    }
    let stock = &deck[PILES..];
    state.set_stock(stock);
    state
}

/// The documented generator behind numbered deals (`docs/formats.md`, `patience/deals.py`).
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The deck of numbered deal `n` in dealing order: the ordered deck twice over, shuffled by
/// Fisher-Yates driven by SplitMix64 seeded with `n`. Python accepts deals 1 to 2³²-1 only;
/// other numbers give a deck here but no deal of the project.
pub fn numbered_deck(n: u64) -> [Card; DECK] {
    let mut deck = [0u8; DECK];
    for (i, card) in deck.iter_mut().enumerate() {
        *card = (i % 52) as Card;
    }
    let mut rng = SplitMix64::new(n);
    for i in (1..DECK).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        deck.swap(i, j);
    }
    deck
}

/// The starting position of numbered deal `n`.
pub fn numbered_deal(n: u64) -> State {
    deal(&numbered_deck(n))
}
