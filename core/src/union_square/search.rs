//! What the search knows of Union Square, a port of `patience/games/union_square/search.py`
//! (and of `safe_closure` in `patience/solver/expand.py`); the arguments for each piece are in
//! the Python module's docstring.
//!
//! * **Key**: the 16 piles sorted (no card is dealt to the tableau after the deal, so piles are
//!   interchangeable), foundations by suit, the stock by its count alone (its order never
//!   changes, so a key means something only inside one search), the waste in full.
//! * **Safe move**: a top card that fits a foundation holding 13 cards or more goes up.
//! * **Children**: the waste and tableau moves, plus for each `k` the macro "click the stock
//!   `k` times, then move the new waste card" (a move right after a click could have been
//!   played before it), each followed by the safe moves; one child per key.

use std::cell::RefCell;

use super::key::{fingerprint, head_print, pile_print, pile_word, same_head};
pub use super::key::{key, SEPARATOR};
use super::rules::{apply_in_place, fits_tableau, is_won, legal_moves};
use super::state::{State, FOUNDATIONS, FOUNDATION_TURN, FULL_FOUNDATION, PILES};
use crate::cards::{rank, suit, Card};
use crate::moves::{Move, FOUNDATION, STOCK, STOCK_MOVE, TABLEAU, WASTE};
use crate::search::{Child, Order, SearchGame, Shares};

/// Python's default weights (`W_US_UP` 10, `W_US_EMPTY` 1, `W_WASTE` 4, `W_US_STOCK` 0.5),
/// doubled so the value is an exact integer.
const UP2: i32 = 20;
const EMPTY2: i32 = 2;
const WASTE2: i32 = 8;
const STOCK2: i32 = 1;

/// Union Square for the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct UnionSquare;

/// A top card (the waste's first, then the piles' in order) that fits a foundation already
/// holding 13 cards or more: the second King, or the next card down. Python's
/// `union_square_safe_move`.
pub fn safe_move(state: &State) -> Option<Move> {
    let mut fits = [(u8::MAX, 0u8); FOUNDATIONS]; // (card that goes up, foundation)
    let mut any = false;
    for (j, fit) in fits.iter_mut().enumerate() {
        let n = state.found_len[j];
        if (FOUNDATION_TURN..FULL_FOUNDATION).contains(&n) {
            if let Some(card) = state.foundation_wants(j) {
                *fit = (card, FOUNDATION + j as u8);
                any = true;
            }
        }
    }
    if !any {
        return None;
    }
    let target = |card: Card| fits.iter().find(|f| f.0 == card).map(|f| f.1);
    if let Some(dst) = state.waste_top().and_then(target) {
        return Some(Move::new(WASTE, dst, 1));
    }
    for i in 0..PILES {
        if let Some(dst) = state.top(i).and_then(target) {
            return Some(Move::new(TABLEAU + i as u8, dst, 1));
        }
    }
    None
}

/// More safe moves than cards in play would be a bug (Python's `MAX_CLOSURE`).
const MAX_CLOSURE: usize = 200;

/// Play safe moves in place until none is left, pushing them onto `moves` (Python's
/// `safe_closure`).
pub fn safe_closure(state: &mut State, moves: &mut Vec<Move>) {
    let mut played = 0;
    while let Some(mv) = safe_move(state) {
        debug_assert!(super::rules::is_legal(state, mv));
        apply_in_place(state, mv);
        moves.push(mv);
        played += 1;
        assert!(played <= MAX_CLOSURE, "safe moves do not terminate");
    }
}

/// Python's `union_square_value` times two (an integer, so ties are exact): cards up and empty
/// piles for, cards waiting in the waste and the stock against.
pub fn value2(state: &State) -> i32 {
    let up: i32 = state.found_len.iter().map(|&n| n as i32).sum();
    let empty = state.heights.iter().filter(|&&h| h == 0).count() as i32;
    UP2 * up + EMPTY2 * empty - WASTE2 * state.waste_len as i32 - STOCK2 * state.stock_len as i32
}

/// Python's `union_square_value`, with its default weights.
pub fn value(state: &State) -> f64 {
    value2(state) as f64 / 2.0
}

/// Where the card just turned onto the waste can go, in Python's order (`waste_targets`, then
/// the engine's check): the piles whose top it follows, the foundation that wants it, the first
/// empty foundation for an Ace of an unbegun suit, the first empty pile. Only the first empty
/// foundation and pile are offered: the others give the same key.
fn waste_targets(state: &State, card: Card, first_empty: Option<u8>, out: &mut [u8; 24]) -> usize {
    let mut n = 0;
    for i in 0..PILES {
        if state.heights[i] > 0 && fits_tableau(state, i, card) {
            out[n] = TABLEAU + i as u8;
            n += 1;
        }
    }
    let mut empty_foundation = None;
    for j in 0..FOUNDATIONS {
        if state.found_len[j] == 0 {
            empty_foundation.get_or_insert(FOUNDATION + j as u8);
        } else if state.foundation_wants(j) == Some(card) {
            out[n] = FOUNDATION + j as u8;
            n += 1;
        }
    }
    if let Some(dst) = empty_foundation {
        if rank(card) == 1 && state.started_suits() >> suit(card) & 1 == 0 {
            out[n] = dst;
            n += 1;
        }
    }
    if let Some(dst) = first_empty {
        out[n] = dst;
        n += 1;
    }
    n
}

/// The buffers `children` reuses from call to call (one set per thread, so the game value
/// stays a plain `Sync` unit): listing children allocates only the kept children's move lists.
#[derive(Default)]
struct Scratch {
    legal: Vec<Move>,
    /// The children kept so far, in the order found (slots past `Collector::live` are spare:
    /// a candidate is built in the first of them, so a position is copied once to make it
    /// and once more to hand it out).
    kept: Vec<Child<State>>,
    /// Each kept child's key fingerprint, and the piles its moves touched (bit `i`: pile
    /// `i`; the others are the parent's).
    prints: Vec<u64>,
    touched: Vec<u32>,
    /// Each kept child's rank in the order asked for, and its place in `kept`.
    ranks: Vec<(i32, u32)>,
    /// The moves of the candidate being built.
    moves: Vec<Move>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Children found so far, with their keys' fingerprints (keys are compared in full only when
/// the prints agree). A child's print is the parent's with the piles its moves touched redone.
struct Collector<'a> {
    s: &'a mut Scratch,
    order: Order,
    /// How many of `s.kept` are children kept.
    live: usize,
    /// The parent's `pile_print`s and their sum.
    pile_prints: [u64; PILES],
    piles_print: u64,
}

impl Collector<'_> {
    /// Build the child `from` + `mv` (reached by `s.moves` then `mv`, then its safe closure)
    /// and keep it unless its key is known.
    fn add(&mut self, from: &State, mv: Move) {
        let s = &mut *self.s;
        let base = s.moves.len();
        s.moves.push(mv);
        if s.kept.len() == self.live {
            s.kept.push(Child {
                moves: Vec::new(),
                state: from.clone(),
            });
        } else {
            s.kept[self.live].state.clone_from(from);
        }
        let (kids, rest) = s.kept.split_at_mut(self.live);
        let child = &mut rest[0].state;
        apply_in_place(child, mv);
        safe_closure(child, &mut s.moves);
        let mut touched = 0u32;
        for m in &s.moves[base..] {
            // (the stock clicks before `base` touch no pile)
            for code in [m.src, m.dst] {
                if code >= TABLEAU {
                    touched |= 1 << (code - TABLEAU);
                }
            }
        }
        let mut print = head_print(child).wrapping_add(self.piles_print);
        let mut left = touched;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            print = print
                .wrapping_sub(self.pile_prints[i])
                .wrapping_add(pile_print(child, i));
        }
        debug_assert_eq!(print, fingerprint(child));
        let mut known = false;
        let mut from_j = 0;
        while let Some(at) = s.prints[from_j..].iter().position(|&p| p == print) {
            let j = from_j + at;
            from_j = j + 1;
            let kid = &kids[j].state;
            if same_head(kid, child) && same_piles(kid, child, touched | s.touched[j]) {
                known = true;
                break;
            }
        }
        if !known {
            let rank = match self.order {
                Order::Valued => -value2(child), // highest value first
                Order::Plain => plain_rank(s.moves[0]) as i32,
            };
            s.prints.push(print);
            s.touched.push(touched);
            s.ranks.push((rank, self.live as u32));
            rest[0].moves = s.moves.clone();
            self.live += 1;
        }
        s.moves.truncate(base);
    }
}

/// Whether two children of one parent have the same piles up to their order, given `touched`:
/// the piles either child's moves touched. The others are the parent's in both, pile for pile,
/// so the piles agree as multisets when the touched ones do.
fn same_piles(a: &State, b: &State, touched: u32) -> bool {
    let mut left = [0u128; PILES];
    let mut right = [0u128; PILES];
    let mut n = 0;
    let mut bits = touched;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        left[n] = pile_word(a, i);
        right[n] = pile_word(b, i);
        n += 1;
    }
    left[..n].sort_unstable();
    right[..n].sort_unstable();
    left[..n] == right[..n]
}

/// Where a child falls in `Order::Plain`, by its first move: foundation moves, then other
/// moves, then the stock macros (already in increasing `k`).
fn plain_rank(first: Move) -> u8 {
    if first.src == STOCK {
        2
    } else if (FOUNDATION..TABLEAU).contains(&first.dst) {
        0
    } else {
        1
    }
}

/// Every child of `state` as Python's `union_square_children` gives them over all its batches
/// (ordinary moves, then the macros for `k` = 1, 2, …), each closed under the safe moves, the
/// first of each key kept; then put in `order` (a stable sort).
pub fn children(state: &State, order: Order, out: &mut Vec<Child<State>>) {
    out.clear();
    SCRATCH.with(|scratch| children_into(state, order, &mut scratch.borrow_mut(), out, None));
}

/// `children` in `Order::Valued` with each child's `value2` in `values` (cleared first).
pub fn valued_children(state: &State, out: &mut Vec<Child<State>>, values: &mut Vec<i64>) {
    out.clear();
    SCRATCH.with(|scratch| {
        children_into(
            state,
            Order::Valued,
            &mut scratch.borrow_mut(),
            out,
            Some(values),
        )
    });
}

/// With `values`, the children's values (in `Order::Valued`, their ranks negated) go there.
fn children_into(
    state: &State,
    order: Order,
    scratch: &mut Scratch,
    out: &mut Vec<Child<State>>,
    values: Option<&mut Vec<i64>>,
) {
    scratch.legal.clear();
    legal_moves(state, &mut scratch.legal);
    scratch.prints.clear();
    scratch.touched.clear();
    scratch.ranks.clear();
    scratch.moves.clear();
    let legal = std::mem::take(&mut scratch.legal);
    let pile_prints: [u64; PILES] = std::array::from_fn(|i| pile_print(state, i));
    let mut c = Collector {
        s: scratch,
        order,
        live: 0,
        pile_prints,
        piles_print: pile_prints.iter().fold(0, |h, &p| h.wrapping_add(p)),
    };
    for &mv in legal.iter().filter(|m| m.src != STOCK) {
        c.add(state, mv);
    }
    let first_empty = (0..PILES)
        .find(|&i| state.heights[i] == 0)
        .map(|i| TABLEAU + i as u8);
    let mut turned = state.clone();
    let mut dsts = [0u8; 24];
    for k in 1..=state.stock_len as usize {
        turned.click();
        c.s.moves.push(STOCK_MOVE);
        let card = turned.waste_top().expect("a card was just turned");
        let n = waste_targets(&turned, card, first_empty, &mut dsts);
        for &dst in &dsts[..n] {
            c.add(&turned, Move::new(WASTE, dst, 1));
        }
        debug_assert_eq!(c.s.moves.len(), k);
    }
    let s = c.s;
    s.legal = legal;
    // (rank, place) pairs are distinct, so the unstable sort is the stable sort by rank
    s.ranks.sort_unstable();
    if let Some(values) = values {
        values.clear();
        values.extend(s.ranks.iter().map(|&(rank, _)| -(rank as i64)));
    }
    out.extend(s.ranks.iter().map(|&(_, n)| {
        let kid = &mut s.kept[n as usize];
        Child {
            moves: std::mem::take(&mut kid.moves),
            state: kid.state.clone(),
        }
    }));
}

/// Positions best-first search gets alone before the portfolio (`Shares::alone`).
pub const ALONE: u64 = 20_000;

impl SearchGame for UnionSquare {
    type State = State;

    /// Best-first search after the depth-first searches in each round (measured on deals
    /// 100001-100100 at 2 M positions: 100 decided, at most 10,380 positions, against 99 and
    /// an unknown with best-first search leading; see `Shares::best_leads`).
    ///
    /// Best-first search first gets `alone` positions of its own (`Shares::alone`): mid-game
    /// positions where the depth-first searches' first dives hide the way out from it.
    const SHARES: Shares = Shares {
        best_leads: false,
        alone: ALONE,
        ..Shares::DEFAULT
    };

    fn is_won(&self, state: &State) -> bool {
        is_won(state)
    }

    fn key(&self, state: &State, out: &mut Vec<u8>) {
        key(state, out)
    }

    fn normalize(&self, state: &State, moves: &mut Vec<Move>) -> State {
        let mut next = state.clone();
        safe_closure(&mut next, moves);
        next
    }

    fn children(&self, state: &State, order: Order, out: &mut Vec<Child<State>>) {
        children(state, order, out)
    }

    fn valued_children(&self, state: &State, out: &mut Vec<Child<State>>, values: &mut Vec<i64>) {
        valued_children(state, out, values)
    }

    fn play(&self, state: &State, _order: Order, moves: &[Move]) -> State {
        let mut next = state.clone();
        for &m in moves {
            apply_in_place(&mut next, m);
        }
        next
    }

    /// Python's value doubled (an exact integer: the same order as Python's floats).
    fn value(&self, state: &State) -> i64 {
        value2(state) as i64
    }
}
