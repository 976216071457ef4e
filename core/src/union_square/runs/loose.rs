//! The looser game, whose loss proves the position lost (Python's `relaxed_search` and
//! `_Loose`).
//!
//! It keeps the stock, the waste and the foundations exactly and forgets how the tableau's
//! cards lie: any tableau card may go up when it fits its foundation, and the waste's card may
//! join the tableau, as long as the tableau's cards still fit in 16 runs. Every real move is a
//! move of this game (a real tableau is 16 runs or fewer; tableau-to-tableau moves change
//! nothing here), so a real win is a win here: when this game has none, the position is lost
//! (`docs/solver.md`, "Union Square's tableau as runs"). Its pruning, each with its argument
//! there: clicks only when the next move is the waste's card (the stock's partial-order
//! reduction); the second half's safe move alone (the ghost argument); in the first half the
//! wanted card from the tableau alone, and the wanted card from the waste alone when its other
//! copy lies lower in the waste ("The looser game's first half"); and after a click the
//! dead-waste bound (`dead_waste`). Each replaces a position's children by children won
//! whenever the position is, or cuts a position that cannot be won.

use std::collections::HashSet;

use super::dead_waste::dead_waste;
use super::phases::{Phase, Spend};
use super::{
    added_runs, foundation_sizes, piles_are_runs, rank_counts, suit_runs, wanted_rank, Counts,
};
use crate::cards::{rank, suit, Card};
use crate::search::hash::{hash_key, PassBuild};
use crate::search::KeyTable;
use crate::union_square::state::{State, FOUNDATION_TURN, FULL_FOUNDATION, PILES};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    WasteUp,
    TableauUp,
    WasteDown,
    Click,
}

/// A move of the looser game: its kind, its card, and the change in the number of runs.
#[derive(Clone, Copy, Debug)]
struct LooseMove {
    kind: Kind,
    card: Card,
    change: i32,
}

/// A position of the looser game: stock, waste, foundations, and the tableau's counts.
pub(super) struct Loose {
    prune: bool,
    pub counts: Counts,
    pub runs: i32,
    pub room: i32,
    pub sizes: [u8; 4],
    /// The stock, top card first; `turned` of them are in the waste.
    stock: Vec<Card>,
    turned: usize,
    pub waste: Vec<Card>,
    /// The cards not yet turned, by suit and rank.
    pub stock_counts: Counts,
}

impl Loose {
    pub fn new(state: &State, prune: bool) -> Loose {
        let counts = rank_counts(state);
        let stock = state.stock_top_first().to_vec();
        let mut stock_counts = [[0u8; 15]; 4];
        for &card in &stock {
            stock_counts[suit(card) as usize][rank(card) as usize] += 1;
        }
        Loose {
            prune,
            runs: counts.iter().map(suit_runs).sum(),
            counts,
            room: PILES as i32,
            sizes: foundation_sizes(state),
            stock,
            turned: 0,
            waste: state.waste_cards().to_vec(),
            stock_counts,
        }
    }

    /// The key: cards left in the stock (within one deal that names it), the foundations' sizes,
    /// whether a click came last, then the waste; the tableau's cards are the others.
    fn key(&self, clicked: bool) -> Vec<u8> {
        let mut key = Vec::with_capacity(6 + self.waste.len());
        key.push((self.stock.len() - self.turned) as u8);
        key.extend_from_slice(&self.sizes);
        key.push(clicked as u8);
        key.extend_from_slice(&self.waste);
        key
    }

    fn won(&self) -> bool {
        self.runs == 0 && self.waste.is_empty() && self.turned == self.stock.len()
    }

    /// The moves to try, the first to try last (they are popped).
    fn moves(&self, clicked: bool) -> Vec<LooseMove> {
        let mut out = Vec::with_capacity(4);
        let (waste, sizes, counts) = (&self.waste, &self.sizes, &self.counts);
        if let Some(&card) = waste.last() {
            let s = suit(card) as usize;
            if sizes[s] < FULL_FOUNDATION && rank(card) == wanted_rank(sizes[s]) {
                let up = LooseMove {
                    kind: Kind::WasteUp,
                    card,
                    change: 0,
                };
                // safe in the second half (the ghost argument), and in the first when the
                // card's other copy lies lower in the waste (rule (b) of the first half)
                let lower = waste
                    .iter()
                    .position(|&c| c == card)
                    .is_some_and(|i| i < waste.len() - 1);
                if self.prune && (sizes[s] >= FOUNDATION_TURN || lower) {
                    return vec![up];
                }
                out.push(up);
            }
        }
        if !clicked {
            for s in 0..4 {
                if sizes[s] >= FULL_FOUNDATION {
                    continue;
                }
                let r = wanted_rank(sizes[s]);
                if counts[s][r as usize] == 0 {
                    continue;
                }
                let change = added_runs(&counts[s], r, -1);
                if self.runs + change > self.room {
                    continue;
                }
                let up = LooseMove {
                    kind: Kind::TableauUp,
                    card: s as u8 * 13 + r - 1,
                    change,
                };
                if self.prune {
                    return vec![up]; // safe in both halves (the ghost argument; rule (a))
                }
                out.push(up);
            }
        }
        if let Some(&card) = waste.last() {
            let change = added_runs(&counts[suit(card) as usize], rank(card), 1);
            if self.runs + change <= self.room {
                out.push(LooseMove {
                    kind: Kind::WasteDown,
                    card,
                    change,
                });
            }
        }
        if self.turned < self.stock.len() {
            out.push(LooseMove {
                kind: Kind::Click,
                card: self.stock[self.turned],
                change: 0,
            });
        }
        out.reverse();
        out
    }

    fn play(&mut self, mv: LooseMove) {
        let (s, r) = (suit(mv.card) as usize, rank(mv.card) as usize);
        match mv.kind {
            Kind::Click => {
                self.waste.push(mv.card);
                self.turned += 1;
                self.stock_counts[s][r] -= 1;
            }
            Kind::WasteUp => {
                self.waste.pop();
                self.sizes[s] += 1;
            }
            Kind::TableauUp => {
                self.counts[s][r] -= 1;
                self.runs += mv.change;
                self.sizes[s] += 1;
            }
            Kind::WasteDown => {
                self.waste.pop();
                self.counts[s][r] += 1;
                self.runs += mv.change;
            }
        }
    }

    fn undo(&mut self, mv: LooseMove) {
        let (s, r) = (suit(mv.card) as usize, rank(mv.card) as usize);
        match mv.kind {
            Kind::Click => {
                self.waste.pop();
                self.turned -= 1;
                self.stock_counts[s][r] += 1;
            }
            Kind::WasteUp => {
                self.sizes[s] -= 1;
                self.waste.push(mv.card);
            }
            Kind::TableauUp => {
                self.sizes[s] -= 1;
                self.runs -= mv.change;
                self.counts[s][r] += 1;
            }
            Kind::WasteDown => {
                self.runs -= mv.change;
                self.counts[s][r] -= 1;
                self.waste.push(mv.card);
            }
        }
    }
}

/// Exhaust the looser game from `state`: `Lost` proves the position lost; `Won` proves nothing
/// (no line: its moves are not the real game's); `Unknown` when the budget is spent or a pile is
/// not a run; `Cut` at the end of its share. `prune` false switches every only-move and the
/// dead-waste bound off (for the with/without tests).
///
/// A depth-first search with one set of positions seen: the looser game's moves never return to
/// a position (each turns a card, puts one up, or puts the waste's card down), so its graph has
/// no cycle and skipping a seen position loses nothing.
pub fn relaxed_search(state: &State, spend: &mut Spend, prune: bool) -> Phase {
    relaxed_search_proving(state, spend, prune, None)
}

/// `relaxed_search`, skipping the positions of `lost` (this looser game's positions proven lost
/// by earlier searches of positions of the same deal: its keys name the stock by its length) as
/// if seen, and adding to it every position it finished, whatever its answer (Python's
/// `relaxed_search` with `lost`). A search stopped for its budget or its share so leaves its work
/// to the next one.
///
/// Why a finished position is lost: the graph has no cycle, so a position is never reached again
/// from itself. A finished position had every child finished before, proven lost before, or
/// skipped as seen; a seen child is finished, because the only unfinished positions are those on
/// the search's path (its ancestors, which it cannot reach) and the one being entered; and none
/// of them won (a win ends the search). So the positions kept are those seen but for the path and
/// the one being entered (`keep_finished`).
pub fn relaxed_search_proving(
    state: &State,
    spend: &mut Spend,
    prune: bool,
    lost: Option<&mut KeyTable>,
) -> Phase {
    if !piles_are_runs(state) {
        return Phase::Unknown;
    }
    let mut loose = Loose::new(state, prune);
    let root = loose.key(false);
    if lost
        .as_ref()
        .is_some_and(|table| table.contains(hash_key(&root), &root))
    {
        return Phase::Lost;
    }
    let mut seen: HashSet<Vec<u8>, PassBuild> = HashSet::default();
    seen.insert(root.clone());
    if loose.won() {
        return Phase::Won(Vec::new());
    }
    let mut stack: Vec<Frame> = vec![Frame {
        moves: loose.moves(false),
        played: None,
        key: root,
    }];
    let mut entering: Option<Vec<u8>> = None;
    let end = loop {
        let Some(frame) = stack.last_mut() else {
            break Phase::Lost;
        };
        let Some(mv) = frame.moves.pop() else {
            if let Some(mv) = frame.played {
                loose.undo(mv);
            }
            stack.pop();
            continue;
        };
        loose.play(mv);
        let clicked = prune && mv.kind == Kind::Click;
        let key = loose.key(clicked);
        let proven = lost
            .as_ref()
            .is_some_and(|table| table.contains(hash_key(&key), &key));
        if proven || seen.contains(&key) {
            loose.undo(mv);
            continue;
        }
        seen.insert(key.clone());
        entering = Some(key);
        if loose.won() {
            break Phase::Won(Vec::new());
        }
        if !spend.take() {
            break Phase::Unknown;
        }
        if spend.cut() {
            break Phase::Cut;
        }
        let children = if clicked && dead_waste(&loose).is_some() {
            Vec::new() // lost: some waste card never leaves
        } else {
            loose.moves(clicked)
        };
        let key = entering.take().expect("the position entered");
        stack.push(Frame {
            moves: children,
            played: Some(mv),
            key,
        });
    };
    if let Some(table) = lost {
        keep_finished(table, &seen, &stack, entering.as_deref());
    }
    end
}

/// A position on the search's path: the moves left to try from it, the move that led to it, and
/// its key.
struct Frame {
    moves: Vec<LooseMove>,
    played: Option<LooseMove>,
    key: Vec<u8>,
}

/// Add to `lost` the positions of `seen` the search finished: all but those on its path and the
/// one it was entering (see `relaxed_search_proving`).
fn keep_finished(
    lost: &mut KeyTable,
    seen: &HashSet<Vec<u8>, PassBuild>,
    stack: &[Frame],
    entering: Option<&[u8]>,
) {
    let unfinished: HashSet<&[u8], PassBuild> = stack
        .iter()
        .map(|frame| frame.key.as_slice())
        .chain(entering)
        .collect();
    for key in seen {
        if !unfinished.contains(key.as_slice()) {
            lost.insert(hash_key(key), key);
        }
    }
}
