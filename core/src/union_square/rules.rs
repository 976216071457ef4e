//! The rules of Union Square (`docs/rules.md`), a port of `patience/games/union_square/rules.py`:
//! which moves are legal, in Python's order, and what a move does.

use super::state::{State, FOUNDATIONS, FULL_FOUNDATION, PILES};
use crate::cards::{rank, suit, Card};
use crate::moves::{
    Move, FOUNDATION, MAX_FOUNDATIONS, MAX_TABLEAU, STOCK, STOCK_MOVE, TABLEAU, WASTE,
};

/// Whether tableau pile `i` of `state` takes `card`: an empty pile takes any card; a lone card
/// takes its suit one rank up or down; a longer pile only the next card in its direction.
/// (Python's `fits_tableau`.)
#[inline]
pub fn fits_tableau(state: &State, i: usize, card: Card) -> bool {
    let h = state.heights[i] as usize;
    if h == 0 {
        return true;
    }
    let top = state.tableau[i][h - 1];
    if suit(top) != suit(card) {
        return false;
    }
    let step = rank(card) as i8 - rank(top) as i8;
    if h == 1 {
        return step == 1 || step == -1;
    }
    let direction = rank(top) as i8 - rank(state.tableau[i][h - 2]) as i8;
    step == direction && (step == 1 || step == -1)
}

/// Whether foundation `j` takes `card`: an Ace of a suit no foundation has begun on an empty
/// one, else the card it wants next (Python's `fits_foundation`).
#[inline]
pub fn fits_foundation(state: &State, j: usize, card: Card) -> bool {
    if state.found_len[j] == 0 {
        return rank(card) == 1 && state.started_suits() >> suit(card) & 1 == 0;
    }
    state.foundation_wants(j) == Some(card)
}

/// The top card a move takes, if its source has one (waste or a tableau pile).
#[inline]
fn source_card(state: &State, src: u8) -> Option<Card> {
    match src {
        WASTE => state.waste_top(),
        s if (TABLEAU..TABLEAU + MAX_TABLEAU).contains(&s) => state.top((s - TABLEAU) as usize),
        _ => None,
    }
}

/// Whether `mv` is legal at `state` (Python's `why_illegal(...) is None`).
pub fn is_legal(state: &State, mv: Move) -> bool {
    if mv.src == STOCK {
        return mv.dst == STOCK && mv.count == 0 && state.stock_len > 0;
    }
    let Some(card) = source_card(state, mv.src) else {
        return false;
    };
    if mv.count != 1 {
        return false;
    }
    match mv.dst {
        d if (FOUNDATION..FOUNDATION + MAX_FOUNDATIONS).contains(&d) => {
            fits_foundation(state, (d - FOUNDATION) as usize, card)
        }
        d if (TABLEAU..TABLEAU + MAX_TABLEAU).contains(&d) => {
            d != mv.src && fits_tableau(state, (d - TABLEAU) as usize, card)
        }
        _ => false,
    }
}

/// Every legal move at `state`, appended to `out` in the order of Python's `legal_moves`:
/// the stock click; then for the waste and each non-empty pile in turn, its top card to a
/// foundation (the one that wants it, or each empty one for an Ace of an unbegun suit), then
/// to each tableau pile that takes it, in pile order.
pub fn legal_moves(state: &State, out: &mut Vec<Move>) {
    if state.stock_len > 0 {
        out.push(STOCK_MOVE);
    }
    // What each foundation wants, and which suits have begun.
    let mut wants = [u8::MAX; FOUNDATIONS];
    let mut started = 0u8;
    for (j, want) in wants.iter_mut().enumerate() {
        if state.found_len[j] > 0 {
            started |= 1 << state.found_suit[j];
            if let Some(card) = state.foundation_wants(j) {
                *want = card;
            }
        }
    }
    // What each pile takes: up to two wanted cards, or anything when empty.
    const ANY: u8 = u8::MAX - 1;
    let mut takes = [[u8::MAX; 2]; PILES];
    for (i, t) in takes.iter_mut().enumerate() {
        let h = state.heights[i] as usize;
        if h == 0 {
            *t = [ANY, ANY];
            continue;
        }
        let top = state.tableau[i][h - 1];
        let r = rank(top);
        if h == 1 {
            if r > 1 {
                t[0] = top - 1;
            }
            if r < 13 {
                t[1] = top + 1;
            }
        } else {
            // As Python: the direction is the top two cards' ranks (a reachable pile is in suit).
            let step = r as i8 - rank(state.tableau[i][h - 2]) as i8;
            if step == 1 && r < 13 {
                t[0] = top + 1;
            } else if step == -1 && r > 1 {
                t[0] = top - 1;
            }
        }
    }
    let emit = |src: u8, card: Card, out: &mut Vec<Move>| {
        if let Some(j) = wants.iter().position(|&w| w == card) {
            out.push(Move::new(src, FOUNDATION + j as u8, 1));
        } else if rank(card) == 1 && started >> suit(card) & 1 == 0 {
            for j in 0..FOUNDATIONS {
                if state.found_len[j] == 0 {
                    out.push(Move::new(src, FOUNDATION + j as u8, 1));
                }
            }
        }
        for (i, t) in takes.iter().enumerate() {
            let dst = TABLEAU + i as u8;
            if dst != src && (t[0] == card || t[1] == card || t[0] == ANY) {
                out.push(Move::new(src, dst, 1));
            }
        }
    };
    if let Some(card) = state.waste_top() {
        emit(WASTE, card, out);
    }
    for i in 0..PILES {
        if let Some(card) = state.top(i) {
            emit(TABLEAU + i as u8, card, out);
        }
    }
}

/// Play a legal move in place (unchecked: the caller knows it is legal).
#[inline]
pub fn apply_in_place(state: &mut State, mv: Move) {
    if mv.src == STOCK {
        state.click();
        return;
    }
    let card = if mv.src == WASTE {
        state.pop_waste()
    } else {
        state.pop_pile((mv.src - TABLEAU) as usize)
    };
    if mv.dst >= TABLEAU {
        state.push_pile((mv.dst - TABLEAU) as usize, card);
    } else {
        state.push_foundation((mv.dst - FOUNDATION) as usize, card);
    }
}

/// The position after the legal move `mv` (Python's `apply_legal`).
#[inline]
pub fn apply(state: &State, mv: Move) -> State {
    debug_assert!(is_legal(state, mv), "illegal move {}", mv.text());
    let mut next = state.clone();
    apply_in_place(&mut next, mv);
    next
}

/// Cards on the foundations (0 to 104).
pub fn score(state: &State) -> u32 {
    state.found_len.iter().map(|&n| n as u32).sum()
}

/// Whether every foundation holds its 26 cards.
pub fn is_won(state: &State) -> bool {
    state.found_len.iter().all(|&n| n == FULL_FOUNDATION)
}

/// The number of move sequences of length `depth` from `state` (leaves of the move tree).
pub fn perft(state: &State, depth: u32) -> u64 {
    let mut moves = Vec::with_capacity(128);
    legal_moves(state, &mut moves);
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    let mut next = state.clone();
    let mut total = 0;
    for &mv in &moves {
        next.clone_from(state);
        apply_in_place(&mut next, mv);
        total += perft(&next, depth - 1);
    }
    total
}
