//! Hamilton's rules (`patience/games/hamilton/rules.py`): deals, the legal moves in Python's
//! order, and the position after a move.

use super::state::*;
use crate::cards::{rank, suit, Card};
use crate::moves::{Move, CHOOSER, FOUNDATION, STOCK, STOCK_MOVE, TABLEAU};

/// The dealt position of a deck in dealing order (rows of 7, 6, ... 1 cards; the rest is the
/// stock, first dealt on top).
pub fn deal(deck: &[Card]) -> State {
    assert_eq!(deck.len(), DECK, "a Hamilton deck has 52 cards");
    let mut piles: Vec<Vec<Card>> = vec![Vec::new(); TABLEAU_PILES];
    let mut position = 0;
    for row in 0..TABLEAU_PILES {
        for pile in piles.iter_mut().skip(row) {
            pile.push(deck[position]);
            position += 1;
        }
    }
    let empty: Vec<Vec<Card>> = vec![Vec::new(); FOUNDATIONS];
    State::from_parts(
        &piles,
        &empty,
        &deck[DEALT_TO_TABLEAU..],
        NONE,
        INITIAL_CHOICES,
        NO_START,
    )
    .expect("a dealt position is well formed")
}

/// SplitMix64, the generator behind numbered deals (`patience/deals.py`).
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn draw(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The deck of numbered deal `n`, in dealing order (`docs/formats.md`, "Numbered deals").
pub fn numbered_deck(n: u64) -> [Card; DECK] {
    let mut deck: [Card; DECK] = std::array::from_fn(|c| c as Card);
    let mut rng = SplitMix64(n);
    for i in (1..DECK).rev() {
        let j = (rng.draw() % (i as u64 + 1)) as usize;
        deck.swap(i, j);
    }
    deck
}

/// The dealt position of numbered deal `n`.
pub fn numbered_deal(n: u64) -> State {
    deal(&numbered_deck(n))
}

/// The size of the movable group on top of `pile`: same suit, each card one step below the
/// card under it (`run_length`).
#[inline]
pub fn run_length(pile: &[Card], following: &[u8; DECK]) -> usize {
    let n = pile.len();
    if n == 0 {
        return 0;
    }
    let mut r = 1;
    let mut above = pile[n - 1];
    while r < n && pile[n - r - 1] == following[above as usize] {
        above = pile[n - r - 1];
        r += 1;
    }
    r
}

/// The tableau piles that take each card: the (at most two) piles whose top wants it, in
/// pile order, and the empty piles.
struct Takers {
    taker: [u8; DECK],
    second: [u8; DECK],
    empties: [u8; TABLEAU_PILES],
    n_empties: usize,
}

impl Takers {
    fn new(state: &State) -> Takers {
        let mut t = Takers {
            taker: [NONE; DECK],
            second: [NONE; DECK],
            empties: [0; TABLEAU_PILES],
            n_empties: 0,
        };
        for j in 0..TABLEAU_PILES {
            match state.top(j) {
                Some(top) => {
                    if let Some(wanted) = accepts(state.start, top) {
                        for w in wanted {
                            if t.taker[w as usize] == NONE {
                                t.taker[w as usize] = j as u8;
                            } else {
                                t.second[w as usize] = j as u8;
                            }
                        }
                    }
                }
                None => {
                    t.empties[t.n_empties] = j as u8;
                    t.n_empties += 1;
                }
            }
        }
        t
    }

    /// The piles (0-based, ascending) that take `card` (`_targets`).
    fn targets(&self, card: Card, out: &mut [u8; TABLEAU_PILES + 2]) -> usize {
        let mut n = 0;
        let (a, b) = (self.taker[card as usize], self.second[card as usize]);
        for &p in [a, b].iter().filter(|&&p| p != NONE) {
            out[n] = p;
            n += 1;
        }
        if n == 0 || self.n_empties > 0 {
            out[n..n + self.n_empties].copy_from_slice(&self.empties[..self.n_empties]);
            n += self.n_empties;
            out[..n].sort_unstable();
        }
        n
    }
}

/// Every legal move, in the order of Python's `HamiltonGame.legal_moves`, pushed onto `moves`
/// (which is cleared first).
pub fn legal_moves(state: &State, moves: &mut Vec<Move>) {
    moves.clear();
    let start = state.start;
    if start == NO_START {
        if state.choices_left > 0 && state.stock_len > 0 {
            moves.push(STOCK_MOVE);
        }
        if state.chooser != NONE {
            for f in 0..FOUNDATIONS as u8 {
                moves.push(Move::new(CHOOSER, FOUNDATION + f, 1));
            }
        }
        return;
    }
    if state.stock_len > 0 {
        moves.push(STOCK_MOVE);
    }
    let idx = &IDX[start as usize];
    let following = &NEXT_IN_SUIT[start as usize];
    let takers = Takers::new(state);
    let mut empty_foundations = [0u8; FOUNDATIONS];
    let mut n_empty_f = 0;
    let mut foundation_wants = [NONE; DECK];
    for j in 0..FOUNDATIONS {
        match state.foundation_top(j) {
            Some(top) => {
                let next = following[top as usize];
                if next != NONE {
                    foundation_wants[next as usize] = j as u8;
                }
            }
            None => {
                empty_foundations[n_empty_f] = j as u8;
                n_empty_f += 1;
            }
        }
    }
    let mut targets = [0u8; TABLEAU_PILES + 2];
    for i in 0..TABLEAU_PILES {
        let pile = state.pile(i);
        let Some(&top) = pile.last() else { continue };
        let src = TABLEAU + i as u8;
        let run = run_length(pile, following);
        // to the foundations: the top card must fit; any part of the run may follow it
        if idx[top as usize] == 0 {
            for &j in &empty_foundations[..n_empty_f] {
                for k in 1..=run {
                    moves.push(Move::new(src, FOUNDATION + j, k as u8));
                }
            }
        } else if foundation_wants[top as usize] != NONE {
            for k in 1..=run {
                moves.push(Move::new(
                    src,
                    FOUNDATION + foundation_wants[top as usize],
                    k as u8,
                ));
            }
        }
        // to the tableau: the group's bottom card goes on a same-colour card one step above
        for k in 1..=run {
            let n = takers.targets(pile[pile.len() - k], &mut targets);
            for &j in &targets[..n] {
                moves.push(Move::new(src, TABLEAU + j, k as u8));
            }
        }
    }
    // back from the foundations, one card at a time
    for j in 0..FOUNDATIONS {
        if let Some(card) = state.foundation_top(j) {
            let n = takers.targets(card, &mut targets);
            for &i in &targets[..n] {
                moves.push(Move::new(FOUNDATION + j as u8, TABLEAU + i, 1));
            }
        }
    }
}

/// Whether `mv` is legal in `state` (it is one of the legal moves).
pub fn is_legal(state: &State, mv: Move) -> bool {
    let mut moves = Vec::with_capacity(64);
    legal_moves(state, &mut moves);
    moves.contains(&mv)
}

/// The position after `mv`, which must be legal (`apply_legal`: not checked).
pub fn apply(state: &State, mv: Move) -> State {
    let mut s = *state;
    let Move { src, dst, count } = mv;
    let n = count as usize;
    if src == STOCK {
        click_stock(&mut s);
    } else if src == CHOOSER {
        let j = (dst - FOUNDATION) as usize;
        s.found_suit[j] = suit(s.chooser);
        s.found_len[j] = 1;
        s.start = rank(s.chooser);
        s.chooser = NONE;
        s.choices_left = 0;
    } else if src >= TABLEAU {
        let i = (src - TABLEAU) as usize;
        let pile = s.pile(i);
        let mut group = [0u8; DECK];
        group[..n].copy_from_slice(&pile[pile.len() - n..]);
        let top = pile[pile.len() - 1];
        remove_top(&mut s, i, n);
        if dst >= TABLEAU {
            insert_top(&mut s, (dst - TABLEAU) as usize, &group[..n]);
        } else {
            let j = (dst - FOUNDATION) as usize;
            if s.found_len[j] == 0 {
                s.found_suit[j] = suit(top);
            }
            s.found_len[j] += count;
        }
        s.chooser = NONE;
        s.choices_left = 0;
    } else {
        let j = (src - FOUNDATION) as usize;
        let card = s
            .foundation_top(j)
            .expect("a card comes down from a foundation that has one");
        s.found_len[j] -= 1;
        if s.found_len[j] == 0 {
            s.found_suit[j] = NONE;
        }
        insert_top(&mut s, (dst - TABLEAU) as usize, &[card]);
        s.chooser = NONE;
        s.choices_left = 0;
    }
    s
}

/// Take the top `n` cards off pile `i` (the cards after it shift down; the tail is zeroed).
fn remove_top(s: &mut State, i: usize, n: usize) {
    let used = s.used();
    let end = s.ends[i] as usize;
    s.cards.copy_within(end..used, end - n);
    s.cards[used - n..used].fill(0);
    for e in &mut s.ends[i..] {
        *e -= n as u8;
    }
}

/// Put `group` on top of pile `j`.
fn insert_top(s: &mut State, j: usize, group: &[Card]) {
    let used = s.used();
    let end = s.ends[j] as usize;
    let n = group.len();
    s.cards.copy_within(end..used, end + n);
    s.cards[end..end + n].copy_from_slice(group);
    for e in &mut s.ends[j..] {
        *e += n as u8;
    }
}

fn click_stock(s: &mut State) {
    let base = s.ends[TABLEAU_PILES - 1] as usize;
    let len = s.stock_len as usize;
    if s.start == NO_START {
        // the Chooser's card goes under the stock; the top card comes to the Chooser
        let first = s.cards[base];
        s.cards.copy_within(base + 1..base + len, base);
        if s.chooser != NONE {
            s.cards[base + len - 1] = s.chooser;
        } else {
            s.cards[base + len - 1] = 0;
            s.stock_len -= 1;
        }
        s.chooser = first;
        s.choices_left -= 1;
        return;
    }
    // a deal: one card on each of the first piles, as many as the stock has (at most 7)
    let dealt = len.min(TABLEAU_PILES);
    let old = s.cards;
    let mut at = 0;
    let mut from = 0;
    for i in 0..TABLEAU_PILES {
        let end = s.ends[i] as usize;
        s.cards[at..at + end - from].copy_from_slice(&old[from..end]);
        at += end - from;
        from = end;
        if i < dealt {
            s.cards[at] = old[base + i];
            at += 1;
        }
        s.ends[i] = at as u8;
    }
    // the rest of the stock follows the piles, where it already was
    s.stock_len -= dealt as u8;
    s.chooser = NONE;
    s.choices_left = 0;
}

/// Cards on the foundations.
pub fn score(state: &State) -> u32 {
    state.found_len.iter().map(|&n| n as u32).sum()
}

/// Whether every card is on the foundations.
pub fn is_won(state: &State) -> bool {
    score(state) == DECK as u32
}
