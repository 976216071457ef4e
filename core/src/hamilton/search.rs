//! What the search knows of Hamilton (`patience/games/hamilton/search.py`): the canonical key,
//! the heuristic value, and the children closed under the safe moves.
//!
//! **Keys.** After the choice: the start rank, the four foundation counts by suit, the stock,
//! a separator (255), then the piles separated by 255 (Python's `hamilton_key` bytes).
//! Foundations count by suit (which foundation holds a suit does not matter). Piles no future
//! deal reaches are interchangeable: with 2 cards left in the stock (the last deal goes to
//! piles 1-2) piles 3-7 are sorted, with none left all 7 are. Before the choice the key is the
//! whole position: a 0 (no start rank; after the choice the first byte is 1-13), the choices
//! left, the Chooser's card, the stock, then the piles as above.

use std::cell::RefCell;

use super::dead_ends::pinned;
use super::rules::{apply, legal_moves, run_length};
use super::safe::safe_closure;
use super::state::*;
use crate::cards::{suit, Card};
use crate::lines::same_key;
use crate::moves::{Move, CHOOSER, FOUNDATION, STOCK, STOCK_MOVE, TABLEAU};
use crate::search::{Child, Order, SearchGame};

/// The separator between the stock and the piles, and between piles (no card is 255).
pub const SEPARATOR: u8 = 255;
/// Hamilton's last deal puts 2 cards on piles 1-2.
const LAST_DEAL: u8 = 2;
const LAST_DEAL_PILES: usize = 2;

/// The value's weights in half points (Python's `W_UP` 3.0, `W_EMPTY` 3.0, `W_ORDERED` 1.0,
/// `W_BLOCKED` 12.0, `W_STOCK` 0.5): every value is a multiple of 0.5, so integers in half
/// points order children exactly as Python's floats do.
const W_UP: i32 = 6;
const W_EMPTY: i32 = 6;
const W_ORDERED: i32 = 2;
const W_BLOCKED: i32 = 24;
const W_STOCK: i32 = 1;

/// Room for a key: the head (at most 5 bytes), the stock and the piles (52 cards at most
/// together) and 7 separators; and 16 bytes more, since cards are copied 16 at a time.
const KEY_ROOM: usize = 5 + DECK + TABLEAU_PILES + 16;

/// Appends the canonical key of `state` to `out` (`hamilton_key`).
pub fn key(state: &State, out: &mut Vec<u8>) {
    // The cards, with room to read 16 at a time past the last (fixed-size copies are inlined;
    // a copy of a pile's own length would be a call).
    let mut cards = [0u8; DECK + 16];
    cards[..DECK].copy_from_slice(&state.cards);
    let mut buf = [0u8; KEY_ROOM];
    let mut n;
    let sort_from;
    if state.start == NO_START {
        buf[..3].copy_from_slice(&[NO_START, state.choices_left, state.chooser]);
        n = 3;
        sort_from = 0;
    } else {
        buf[0] = state.start;
        buf[1..5].copy_from_slice(&state.up_by_suit());
        n = 5;
        sort_from = match state.stock_len {
            0 => 0,
            LAST_DEAL => LAST_DEAL_PILES,
            _ => TABLEAU_PILES,
        };
    }
    let piles_end = state.ends[TABLEAU_PILES - 1] as usize;
    n = put(&mut buf, n, &cards, piles_end, state.stock_len as usize);
    buf[n] = SEPARATOR;
    n += 1;
    let mut order: [u8; TABLEAU_PILES] = std::array::from_fn(|i| i as u8);
    if sort_from < TABLEAU_PILES {
        sort_piles(state, sort_from, &mut order);
    }
    for (k, &i) in order.iter().enumerate() {
        if k > 0 {
            buf[n] = SEPARATOR;
            n += 1;
        }
        let i = i as usize;
        let from = if i == 0 {
            0
        } else {
            state.ends[i - 1] as usize
        };
        n = put(&mut buf, n, &cards, from, state.ends[i] as usize - from);
    }
    out.extend_from_slice(&buf[..n]);
}

/// Copies `len` cards from `cards[from..]` to `buf[n..]`, 16 at a time; returns the end.
#[inline]
fn put(
    buf: &mut [u8; KEY_ROOM],
    n: usize,
    cards: &[u8; DECK + 16],
    from: usize,
    len: usize,
) -> usize {
    let mut k = 0;
    while k < len {
        buf[n + k..n + k + 16].copy_from_slice(&cards[from + k..from + k + 16]);
        k += 16;
    }
    n + len
}

/// Sorts `order[sort_from..]` (pile numbers) as the piles' bytes sort.
///
/// Every card is in the deck once, so two piles that are not both empty differ in their first
/// card: sorting by the first card (an empty pile first) is the byte-string sort, without
/// comparing slices.
#[inline]
fn sort_piles(state: &State, sort_from: usize, order: &mut [u8; TABLEAU_PILES]) {
    // first card + 1, or 0 when empty
    let firsts: [u8; TABLEAU_PILES] =
        std::array::from_fn(|i| state.pile(i).first().map_or(0, |&c| c + 1));
    for a in sort_from + 1..TABLEAU_PILES {
        let pile = order[a];
        let mut b = a;
        while b > sort_from && firsts[order[b - 1] as usize] > firsts[pile as usize] {
            order[b] = order[b - 1];
            b -= 1;
        }
        order[b] = pile;
    }
}

/// The heuristic worth of a position in half points (`hamilton_value` times 2): cards up and
/// empty piles count for, cards resting on a card they may be built on count for, a card above
/// a lower card of its own suit counts against, and so does the stock.
pub fn value(state: &State) -> i32 {
    let start = state.start;
    if start == NO_START {
        return 0;
    }
    let up: i32 = state.found_len.iter().map(|&n| n as i32).sum();
    let mut empty = 0;
    let mut piles = 0;
    for i in 0..TABLEAU_PILES {
        let pile = state.pile(i);
        if pile.is_empty() {
            empty += 1;
        } else {
            piles += pile_value(pile, start);
        }
    }
    W_UP * up + W_EMPTY * empty + piles - W_STOCK * state.stock_len as i32
}

/// `value` of a child whose moves changed only the piles in `touched` (bit `i`: pile `i`),
/// given the parent's `pile_value`s (`parent[i]`, 0 for an empty pile); the parent's start
/// rank is chosen.
fn value_after(child: &State, parent: &[i32; TABLEAU_PILES], touched: u32) -> i32 {
    let up: i32 = child.found_len.iter().map(|&n| n as i32).sum();
    let mut empty = 0;
    let mut piles = 0;
    for (i, &before) in parent.iter().enumerate() {
        let pile = child.pile(i);
        if pile.is_empty() {
            empty += 1;
        } else if touched >> i & 1 != 0 {
            piles += pile_value(pile, child.start);
        } else {
            piles += before;
        }
    }
    W_UP * up + W_EMPTY * empty + piles - W_STOCK * child.stock_len as i32
}

/// The piles that `moves`, played from `parent`, may change (bit `i`: pile `i`): those they
/// name, and for a deal the piles it deals to.
fn touched_piles(parent: &State, moves: &[Move]) -> u32 {
    let mut touched = 0u32;
    for m in moves {
        if m.src == STOCK {
            touched |= (1u32 << (parent.stock_len as usize).min(TABLEAU_PILES)) - 1;
        }
        for code in [m.src, m.dst] {
            if code >= TABLEAU {
                touched |= 1 << (code - TABLEAU);
            }
        }
    }
    touched
}

fn pile_value(pile: &[Card], start: u8) -> i32 {
    let idx = &IDX[start as usize];
    let mut lowest = [13u8; 4];
    let mut below_step = u8::MAX; // the step of the card below (none at first: never a match)
    let mut below_suit = u8::MAX;
    let mut ordered = 0; // in half points: 2 for the same suit, 1 for the same colour
    let mut blocked = 0;
    // Branch-free: which way each test goes is close to random, and mispredicted branches
    // were most of this function's time.
    for &card in pile {
        let s = suit(card);
        let i = idx[card as usize];
        blocked += (i > lowest[s as usize]) as i32;
        lowest[s as usize] = lowest[s as usize].min(i);
        let same_suit = s == below_suit;
        let same_colour = same_suit | (s == 3u8.wrapping_sub(below_suit)); // partners add to 3
        let on_next = below_step == i + 1;
        ordered += (on_next & same_colour) as i32 * (1 + same_suit as i32);
        below_step = i;
        below_suit = s;
    }
    W_ORDERED / 2 * ordered - W_BLOCKED * blocked
}

/// Whether the streamliner's smaller game leaves `m` out (after the choice): a card back from a
/// foundation, or part of a run moved onto another pile (a run moves whole or not at all).
fn left_out(state: &State, m: Move) -> bool {
    if state.start == NO_START {
        return false;
    }
    if (FOUNDATION..TABLEAU).contains(&m.src) {
        return true;
    }
    m.src >= TABLEAU && m.dst >= TABLEAU && {
        let pile = state.pile((m.src - TABLEAU) as usize);
        (m.count as usize) < run_length(pile, &NEXT_IN_SUIT[state.start as usize])
    }
}

/// The group of a child's first move in `Order::Plain`: foundation moves first, then moves
/// between piles, then the stock, then cards back from the foundations.
fn plain_group(m: Move) -> u8 {
    if m.src == STOCK {
        2
    } else if (FOUNDATION..TABLEAU).contains(&m.dst) {
        0
    } else if m.src >= TABLEAU {
        1
    } else {
        3
    }
}

/// Hamilton for the search (`crate::search::SearchGame`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Hamilton;

/// The buffers `children_with` reuses from call to call (one set per thread, so the game
/// value stays a plain `Sync` unit), so listing children allocates only the kept children's
/// move lists.
#[derive(Default)]
struct Scratch {
    moves: Vec<Move>,
    /// Two keys, when two positions' prints agree.
    keys: Vec<u8>,
    /// The prints of the children kept (see `fingerprint`).
    seen: Vec<u64>,
    /// A child's moves, copied out only when it is kept.
    line: Vec<Move>,
    /// The children kept, in the legal moves' order, and their ranks.
    kept: Vec<Child<State>>,
    ranks: Vec<(i64, usize)>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Hamilton {
    /// The children as `children` gives them, with the dead-end test on or off (off for the
    /// checks against Python, whose test samples positions).
    pub fn children_with(
        &self,
        state: &State,
        order: Order,
        dead_ends: bool,
        out: &mut Vec<Child<State>>,
    ) {
        out.clear();
        if dead_ends && pinned(state) {
            return;
        }
        SCRATCH.with(|scratch| {
            children_into(state, order, &mut scratch.borrow_mut(), out, None, false)
        });
    }
}

/// The children of `state` in `order` (no dead-end test), pushed onto `out`: one per key, the
/// first met in the legal moves' order, none with the parent's key; ranked by a stable sort.
/// With `values`, the children's values (in `Order::Valued`, their ranks negated) go there; with
/// `restricted`, only the streamliner's children (see `left_out`).
fn children_into(
    state: &State,
    order: Order,
    scratch: &mut Scratch,
    out: &mut Vec<Child<State>>,
    values: Option<&mut Vec<i64>>,
    restricted: bool,
) {
    let Scratch {
        moves,
        keys,
        seen,
        line,
        kept,
        ranks,
    } = scratch;
    legal_moves(state, moves);
    if restricted {
        moves.retain(|&m| !left_out(state, m));
    }
    seen.clear();
    kept.clear();
    ranks.clear();
    let prints = Prints::of(state);
    let parent_print = prints.print(state); // a child with the parent's key is left out
                                            // the parent's piles' values, for the children's values (after the choice)
    let incremental = order == Order::Valued && state.start != NO_START;
    let pile_values: [i32; TABLEAU_PILES] = if incremental {
        std::array::from_fn(|i| {
            let pile = state.pile(i);
            if pile.is_empty() {
                0
            } else {
                pile_value(pile, state.start)
            }
        })
    } else {
        [0; TABLEAU_PILES]
    };
    for &m in moves.iter() {
        line.clear();
        line.push(m);
        let child = safe_closure(&apply(state, m), line);
        let touched = touched_piles(state, line);
        // (a click or a deal changes the stock, the choice the start rank and the piles' places)
        let print = if state.start != NO_START && line.iter().all(|m| m.src != STOCK) {
            prints.after(&child, touched)
        } else {
            fingerprint(&child)
        };
        debug_assert_eq!(print, fingerprint(&child));
        // Keys are written out only when the prints agree (equal keys have equal prints).
        let dup = (print == parent_print && same_key(&Hamilton, state, &child, keys))
            || seen
                .iter()
                .zip(kept.iter())
                .any(|(&p, kid)| p == print && same_key(&Hamilton, &kid.state, &child, keys));
        if dup {
            continue;
        }
        seen.push(print);
        // A stable sort: the rank, then the place among the legal moves (all distinct).
        let rank = match order {
            Order::Valued => {
                let v = if incremental {
                    value_after(&child, &pile_values, touched)
                } else {
                    value(&child)
                };
                debug_assert_eq!(v, value(&child));
                -(v as i64) // highest value first
            }
            Order::Plain => plain_group(m) as i64,
        };
        ranks.push((rank, kept.len()));
        kept.push(Child {
            moves: line.clone(),
            state: child,
        });
    }
    ranks.sort_unstable();
    if let Some(values) = values {
        values.clear();
        values.extend(ranks.iter().map(|&(rank, _)| -rank));
    }
    out.extend(ranks.iter().map(|&(_, n)| Child {
        moves: std::mem::take(&mut kept[n].moves),
        state: kept[n].state,
    }));
    kept.clear();
}

/// A hash of `key(state)` made without writing the key (equal keys, equal prints): the head
/// and the stock, each pile before `sort_from` hashed with its place, the sorted ones without
/// (added up, so their order does not count).
pub(crate) fn fingerprint(state: &State) -> u64 {
    Prints::of(state).print(state)
}

/// The parts of a position's `fingerprint`: a child's print is its parent's with the parts its
/// moves changed made again.
struct Prints {
    /// The stock's.
    stock: u64,
    /// Each pile's.
    piles: [u64; TABLEAU_PILES],
    /// Piles before it are hashed with their place.
    sort_from: usize,
}

impl Prints {
    fn of(state: &State) -> Prints {
        let sort_from = sort_from(state);
        let piles = std::array::from_fn(|i| pile_print(state, i, sort_from));
        let piles_end = state.ends[TABLEAU_PILES - 1] as usize;
        let stock = cards_hash(
            &state.cards,
            piles_end,
            state.stock_len as usize,
            0x7A3D_95C1,
        );
        Prints {
            stock,
            piles,
            sort_from,
        }
    }

    /// The print of the position these are the parts of.
    fn print(&self, state: &State) -> u64 {
        self.piles
            .iter()
            .fold(head_print(state, self.stock), |sum, &p| sum.wrapping_add(p))
    }

    /// The print of `child`, reached from this position by moves that changed only the piles
    /// in `touched` and left the stock and the start rank as they were.
    fn after(&self, child: &State, touched: u32) -> u64 {
        let mut print = head_print(child, self.stock);
        for (i, &p) in self.piles.iter().enumerate() {
            let p = if touched >> i & 1 != 0 {
                pile_print(child, i, self.sort_from)
            } else {
                p
            };
            print = print.wrapping_add(p);
        }
        print
    }
}

/// Piles from this one on are interchangeable in the key (sorted): see `key`.
#[inline]
fn sort_from(state: &State) -> usize {
    if state.start == NO_START {
        return 0;
    }
    match state.stock_len {
        0 => 0,
        LAST_DEAL => LAST_DEAL_PILES,
        _ => TABLEAU_PILES,
    }
}

/// The print of the key's head (start rank and foundations, or the choice) and the stock,
/// given the stock's `cards_hash`.
#[inline]
fn head_print(state: &State, stock: u64) -> u64 {
    let head = if state.start == NO_START {
        u64::from_le_bytes([NO_START, state.choices_left, state.chooser, 0, 0, 0, 0, 1])
    } else {
        let [c, d, h, s] = state.up_by_suit();
        u64::from_le_bytes([state.start, c, d, h, s, 0, 0, 2])
    };
    mix(head ^ stock)
}

/// Pile `i`'s part of the print: with its place before `sort_from`, without after.
#[inline]
fn pile_print(state: &State, i: usize, sort_from: usize) -> u64 {
    let from = if i == 0 {
        0
    } else {
        state.ends[i - 1] as usize
    };
    let seed = if i < sort_from { i as u64 + 1 } else { 0 };
    cards_hash(&state.cards, from, state.ends[i] as usize - from, seed)
}

/// A hash of `len` cards from `cards[from..]` and of `len`, from `seed`: eight cards a word.
#[inline]
fn cards_hash(cards: &[u8; DECK], from: usize, len: usize, seed: u64) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ len as u64;
    let mut k = 0;
    while k < len {
        let at = from + k;
        let left = len - k;
        // A whole word where the array has one (bytes past the cards masked off); the deck's
        // last few cards by a copy.
        let word = if at + 8 <= DECK {
            let word = u64::from_le_bytes(cards[at..at + 8].try_into().expect("8 bytes"));
            if left < 8 {
                word & ((1u64 << (8 * left)) - 1)
            } else {
                word
            }
        } else {
            let mut bytes = [0u8; 8];
            bytes[..DECK - at].copy_from_slice(&cards[at..]);
            u64::from_le_bytes(bytes)
                & if left < 8 {
                    (1u64 << (8 * left)) - 1
                } else {
                    u64::MAX
                }
        };
        h = (h.rotate_left(5) ^ word).wrapping_mul(K);
        k += 8;
    }
    mix(h)
}

/// SplitMix64's finalizer: spreads every input bit over the output.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SearchGame for Hamilton {
    type State = State;

    fn is_won(&self, state: &State) -> bool {
        super::rules::is_won(state)
    }

    fn key(&self, state: &State, out: &mut Vec<u8>) {
        key(state, out);
    }

    fn normalize(&self, state: &State, moves: &mut Vec<Move>) -> State {
        safe_closure(state, moves)
    }

    fn children(&self, state: &State, order: Order, out: &mut Vec<Child<State>>) {
        self.children_with(state, order, true, out);
    }

    fn valued_children(&self, state: &State, out: &mut Vec<Child<State>>, values: &mut Vec<i64>) {
        out.clear();
        values.clear();
        if pinned(state) {
            return;
        }
        SCRATCH.with(|scratch| {
            children_into(
                state,
                Order::Valued,
                &mut scratch.borrow_mut(),
                out,
                Some(values),
                false,
            )
        });
    }

    /// Half of the budget first (`patience/games/hamilton/search.py`'s `streamline_first`).
    const STREAMLINE_FIRST: f64 = 0.5;

    fn streamlined_children(
        &self,
        state: &State,
        out: &mut Vec<Child<State>>,
        values: &mut Vec<i64>,
    ) {
        out.clear();
        values.clear();
        if pinned(state) {
            return;
        }
        SCRATCH.with(|scratch| {
            children_into(
                state,
                Order::Valued,
                &mut scratch.borrow_mut(),
                out,
                Some(values),
                true,
            )
        });
    }

    fn play(&self, state: &State, _order: Order, moves: &[Move]) -> State {
        moves
            .iter()
            .fold(*state, |position, &m| apply(&position, m))
    }

    /// Python's value in half points (an exact integer: the same order as Python's floats).
    fn value(&self, state: &State) -> i64 {
        value(state) as i64
    }

    /// Before the choice, one part per start card still to be had: the stock clicks that turn
    /// it to the Chooser, `c-f1`, and the safe moves after it. After the choice, the root.
    fn split(&self, state: &State) -> Vec<Child<State>> {
        let root = vec![Child {
            moves: Vec::new(),
            state: *state,
        }];
        if state.start != NO_START {
            return root;
        }
        let mut parts = Vec::new();
        let mut clicks = Vec::new();
        let mut current = *state;
        loop {
            if current.chooser != NONE {
                let mut moves = clicks.clone();
                moves.push(Move::new(CHOOSER, FOUNDATION, 1));
                let chosen = apply(&current, Move::new(CHOOSER, FOUNDATION, 1));
                let part = safe_closure(&chosen, &mut moves);
                parts.push(Child { moves, state: part });
            }
            if current.choices_left == 0 || current.stock_len == 0 {
                break;
            }
            current = apply(&current, STOCK_MOVE);
            clicks.push(STOCK_MOVE);
        }
        if parts.is_empty() {
            return root;
        }
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(stock: &[Card], piles: &[Vec<Card>]) -> State {
        let empty: Vec<Vec<Card>> = vec![Vec::new(); FOUNDATIONS];
        State::from_parts(piles, &empty, stock, NONE, 0, 5).unwrap()
    }

    /// Positions with one key have one print: piles in another order where the key sorts
    /// them (no stock: all piles; two cards left: piles 3-7); and a few that differ differ.
    #[test]
    fn equal_keys_equal_prints() {
        let piles: Vec<Vec<Card>> = vec![
            vec![0, 14, 28],
            vec![],
            vec![5, 6],
            vec![51],
            vec![40, 41, 42, 43, 44, 45, 46, 47, 48],
            vec![7],
            vec![20, 33],
        ];
        let mut turned = piles.clone();
        turned.reverse();
        let mut tail = piles.clone();
        tail[2..].reverse();
        for (stock, other) in [(&[][..], &turned), (&[9u8, 10][..], &tail)] {
            let (a, b) = (position(stock, &piles), position(stock, other));
            let (mut ka, mut kb) = (Vec::new(), Vec::new());
            key(&a, &mut ka);
            key(&b, &mut kb);
            assert_eq!(ka, kb);
            assert_eq!(fingerprint(&a), fingerprint(&b));
        }
        // with three cards in the stock no pile is sorted: another order is another position
        let (a, b) = (
            position(&[9, 10, 11], &piles),
            position(&[9, 10, 11], &turned),
        );
        assert_ne!(fingerprint(&a), fingerprint(&b));
        let mut moved = piles.clone();
        moved[0].pop();
        moved[1].push(28);
        assert_ne!(
            fingerprint(&position(&[], &piles)),
            fingerprint(&position(&[], &moved))
        );
    }

    /// The streamliner's children are children of the full game, with their values, and every
    /// child whose move the smaller game keeps is among them; along playouts of many deals,
    /// where some moves are left out (cards back from foundations, runs split).
    #[test]
    fn the_smaller_game_keeps_exactly_the_moves_it_allows() {
        let (mut full, mut small, mut values) = (Vec::new(), Vec::new(), Vec::new());
        let (mut full_values, mut moves) = (Vec::new(), Vec::new());
        let mut left = 0;
        for deal in 1..=60u64 {
            for part in Hamilton.split(&super::super::rules::numbered_deal(deal)) {
                let mut state = part.state;
                for step in 0..150usize {
                    Hamilton.valued_children(&state, &mut full, &mut full_values);
                    Hamilton.streamlined_children(&state, &mut small, &mut values);
                    for (child, &v) in small.iter().zip(&values) {
                        assert!(
                            full.iter().any(|c| c.state == child.state),
                            "a child of the full game"
                        );
                        assert_eq!(v, value(&child.state) as i64);
                        assert!(!left_out(&state, child.moves[0]));
                    }
                    for child in &full {
                        if left_out(&state, child.moves[0]) {
                            left += 1;
                        } else {
                            assert!(
                                small.iter().any(|c| c.state == child.state),
                                "kept: {:?}",
                                child.moves[0]
                            );
                        }
                    }
                    legal_moves(&state, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    state = safe_closure(
                        &apply(&state, moves[(step * 17 + deal as usize) % moves.len()]),
                        &mut Vec::new(),
                    );
                }
            }
        }
        assert!(left > 100, "moves left out: {left}");
    }
}
