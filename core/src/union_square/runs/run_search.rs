//! The depth-first search over positions whose suits lie in fewest runs (Python's
//! `run_search`), keyed by (cards left in the stock, waste, foundation sizes, after a click).
//!
//! Its moves are the looser game's (a card up, the waste's card down, a click), each carried
//! out on the real tableau by `regroup`'s ordinary moves, so its wins are wins of the real game
//! (and Python replays them). With one pile kept empty two positions with one key are one class
//! (`docs/solver.md`, "Union Square's tableau as runs", fact 3), so the key loses nothing; with
//! none it may merge positions that are not one class, which can only cost a win. Running out
//! proves nothing: it sees only part of the game.

use std::collections::HashSet;

use super::phases::{Phase, Spend};
use super::regroup::{regroup, Task, REGROUP_LIMIT};
use super::{added_runs, foundation_of, foundation_sizes, rank_counts, wanted_card};
use crate::cards::{rank, suit};
use crate::moves::{Move, FOUNDATION, STOCK_MOVE, WASTE};
use crate::search::hash::PassBuild;
use crate::union_square::rules::{apply_in_place, is_won};
use crate::union_square::state::{State, FOUNDATIONS, FOUNDATION_TURN, PILES};

/// A child: the moves that reach it, the position, and whether the last move was a click.
type Child = (Vec<Move>, State, bool);

/// `moves` played from `state`.
fn played(state: &State, moves: &[Move]) -> State {
    let mut next = state.clone();
    for &mv in moves {
        debug_assert!(crate::union_square::is_legal(&next, mv), "{}", mv.text());
        apply_in_place(&mut next, mv);
    }
    next
}

/// The search's moves from one position, made one at a time as Python's generator makes them:
/// a card up from the waste (first), the wanted card of each suit up from the tableau, the
/// waste's card down, a click.
///
/// After a click only the waste's card or another click may follow (any other move could have
/// come before the click: the stock's partial-order reduction). A card that fits a foundation
/// holding 13 cards or more is the only move when there is one (the second half's safe move,
/// `docs/solver.md`; the tableau moves that bring it to the top keep the position's class).
struct Children {
    state: State,
    clicked: bool,
    room: i32,
    /// 0: the waste's card up; 1..=4: suit `stage - 1` up; 5: the waste's card down; 6: a click.
    stage: u8,
}

impl Children {
    fn new(state: State, clicked: bool, room: i32) -> Children {
        Children {
            state,
            clicked,
            room,
            stage: 0,
        }
    }

    fn next(&mut self) -> Option<Child> {
        let state = &self.state;
        while self.stage <= 6 {
            let stage = self.stage;
            self.stage += 1;
            match stage {
                0 => {
                    let Some(card) = state.waste_top() else {
                        continue;
                    };
                    let Some(j) = foundation_of(state, card) else {
                        continue;
                    };
                    let mv = Move::new(WASTE, FOUNDATION + j as u8, 1);
                    if state.found_len[j] >= FOUNDATION_TURN {
                        self.stage = 7;
                    }
                    return Some((vec![mv], played(state, &[mv]), false));
                }
                1..=4 if !self.clicked => {
                    let s = stage - 1;
                    let size = (0..FOUNDATIONS)
                        .find(|&j| state.found_len[j] > 0 && state.found_suit[j] == s)
                        .map_or(0, |j| state.found_len[j]);
                    let Some(card) = wanted_card(size, s) else {
                        continue;
                    };
                    let counts = rank_counts(state);
                    if counts[s as usize][rank(card) as usize] == 0 {
                        continue;
                    }
                    let change = added_runs(&counts[s as usize], rank(card), -1);
                    if change > 0 && piles_used(state) + change > self.room {
                        continue;
                    }
                    if let Some(moves) = regroup(state, s, Task::Take(card), REGROUP_LIMIT) {
                        if size >= FOUNDATION_TURN {
                            self.stage = 7;
                        }
                        let next = played(state, &moves);
                        return Some((moves, next, false));
                    }
                }
                5 => {
                    let Some(card) = state.waste_top() else {
                        continue;
                    };
                    let counts = rank_counts(state);
                    let change = added_runs(&counts[suit(card) as usize], rank(card), 1);
                    if piles_used(state) + change <= self.room {
                        if let Some(moves) =
                            regroup(state, suit(card), Task::Put(card), REGROUP_LIMIT)
                        {
                            let next = played(state, &moves);
                            return Some((moves, next, false));
                        }
                    }
                }
                6 if state.stock_len > 0 => {
                    return Some((vec![STOCK_MOVE], played(state, &[STOCK_MOVE]), true));
                }
                _ => {}
            }
        }
        None
    }
}

/// Piles in use (in fewest runs, the suits' runs).
fn piles_used(state: &State) -> i32 {
    state.heights.iter().filter(|&&h| h > 0).count() as i32
}

/// The search's key: cards left in the stock, foundation sizes by suit, a click last, the waste.
fn key(state: &State, clicked: bool) -> Vec<u8> {
    let mut key = Vec::with_capacity(6 + state.waste_len as usize);
    key.push(state.stock_len);
    key.extend_from_slice(&foundation_sizes(state));
    key.push(clicked as u8);
    key.extend_from_slice(state.waste_cards());
    key
}

/// Depth-first search over positions whose suits lie in fewest runs, with `spare` piles left
/// empty: `Won` with a line of ordinary moves (the first regroupings, then each step's moves),
/// `Unknown` when the budget is spent or a suit cannot be regrouped, `Cut` at the end of its
/// share, `Lost` when its graph is exhausted (which proves nothing).
pub fn run_search(state: &State, spend: &mut Spend, spare: usize) -> Phase {
    let room = (PILES - spare) as i32;
    let mut line = Vec::new();
    let mut state = state.clone();
    for s in 0..4 {
        let Some(moves) = regroup(&state, s, Task::Regroup, REGROUP_LIMIT) else {
            return Phase::Unknown;
        };
        state = played(&state, &moves);
        line.extend(moves);
    }
    let mut seen: HashSet<Vec<u8>, PassBuild> = HashSet::default();
    let mut stack = vec![Children::new(state, false, room)];
    let mut done: Vec<Vec<Move>> = Vec::new(); // the moves to each position on the stack but the root
    while let Some(top) = stack.last_mut() {
        let Some((moves, after, clicked)) = top.next() else {
            stack.pop();
            done.pop();
            continue;
        };
        if !seen.insert(key(&after, clicked)) {
            continue;
        }
        if is_won(&after) {
            line.extend(done.into_iter().flatten());
            line.extend(moves);
            return Phase::Won(line);
        }
        if !spend.take() {
            return Phase::Unknown;
        }
        if spend.cut() {
            return Phase::Cut;
        }
        done.push(moves);
        stack.push(Children::new(after, clicked, room));
    }
    Phase::Lost
}
