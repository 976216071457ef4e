//! `solve`: the exact search of a position, within limits.
//!
//! The root is played forward by its safe moves (`normalize`), then cut into parts (`split`:
//! Hamilton's start choices; by default the root alone). Each part gets two depth-first
//! searches, one in each `Order`; all of them share one table of entered positions' canonical
//! keys and each keeps its own path. They run side by side, a slice of `SLICE` expansions each
//! in turn, so no part and no order can take the whole budget. The first win ends everything.
//!
//! Entering a position means putting its key in the table and listing its children in a new
//! frame; a search skips a child whose key is in the table (entered by some search: it is, or
//! will be, expanded there) or on its own path (being expanded there).
//!
//! Why a loss is a proof. Winning is reachability: the root is won when some won position can
//! be reached from it. Every position listed as a child (and every part) is tested for a win,
//! so no entered position, nor any child of one, is won. When every search has run out, every
//! frame was walked to its end, so each entered position had every child either entered, or
//! skipped because it was in the table or on a path at that moment, that is, entered at some
//! time. So the set of positions ever entered is closed under moves; it holds every part, and
//! the parts are all the root's options: every position reachable from the root was entered,
//! none is won, and the root is lost. Dropping table entries (the memory cap) keeps this: a
//! dropped position was entered all the same, and may be entered again (wasted work, never a
//! wrong skip); each search's path holds no position twice, so each search stays finite on a
//! finite game. No position is ever marked lost on its own, so a cycle cut by a path cannot
//! make a wrong answer.
//!
//! The answer is `Won` with a line (the root's safe moves, the part's moves, then the moves of
//! the child searched in each frame of the winning search, then the won child's), `Lost`, or
//! `Unknown` when the expansions, the seconds or the stop flag ran out first.

use std::time::Instant;

use super::budget::{Budget, Limits};
use super::dfs::{DepthFirst, Step};
use super::game::{Order, SearchGame};
use super::hash::hash_key;
use super::table::KeyTable;
use crate::moves::Move;

/// Expansions a search makes before it gives way to the next; the clock and the stop flag are
/// looked at once per slice.
pub const SLICE: u64 = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Won,
    Lost,
    Unknown,
}

#[derive(Clone, Debug)]
pub struct Outcome {
    pub status: Status,
    /// The winning line from the position given (empty unless `Won`).
    pub moves: Vec<Move>,
    /// Expansions, all searches together.
    pub nodes: u64,
    /// The most entries the table held at once.
    pub peak_entries: usize,
    pub seconds: f64,
    /// Expansions per part of the root (both orders together), in `split`'s order.
    pub parts: Vec<u64>,
    /// Table entries dropped to stay within `table_bytes`.
    pub dropped: u64,
    /// The longest path of any search, in positions.
    pub deepest: usize,
    /// The bytes the table held at the end (slots and key arena; see `table`).
    pub table_bytes: usize,
}

struct Search<S> {
    part: usize,
    dfs: DepthFirst<S>,
}

/// Search `state` of `game` for a winning line within `limits`.
pub fn solve<G: SearchGame>(game: &G, state: &G::State, limits: &Limits) -> Outcome {
    let started = Instant::now();
    let mut outcome = Outcome {
        status: Status::Unknown,
        moves: Vec::new(),
        nodes: 0,
        peak_entries: 0,
        seconds: 0.0,
        parts: Vec::new(),
        dropped: 0,
        deepest: 0,
        table_bytes: 0,
    };
    let mut prefix = Vec::new();
    let root = game.normalize(state, &mut prefix);
    let parts = if game.is_won(&root) { Vec::new() } else { game.split(&root) };
    outcome.parts = vec![0; parts.len()];
    let mut table = KeyTable::new(limits.table_bytes);
    let mut searches: Vec<Search<G::State>> = Vec::new();
    let mut won: Option<Vec<Move>> = game.is_won(&root).then(Vec::new);
    let mut key = Vec::new();
    for (part, child) in parts.iter().enumerate() {
        if won.is_some() {
            break;
        }
        if game.is_won(&child.state) {
            won = Some(child.moves.clone());
            break;
        }
        key.clear();
        game.key(&child.state, &mut key);
        if !table.insert(hash_key(&key), &key) {
            continue; // the same position as an earlier part: searched there
        }
        for order in [Order::Valued, Order::Plain] {
            searches.push(Search {
                part,
                dfs: DepthFirst::new(order, child.state.clone(), key.clone()),
            });
        }
    }
    let mut budget = Budget::new(limits, started);
    if won.is_none() {
        let (status, line) =
            side_by_side(game, &mut searches, &mut table, &mut budget, &mut outcome.parts);
        outcome.status = status;
        won = line.map(|(part, line)| [parts[part].moves.as_slice(), &line].concat());
    }
    if let Some(line) = won {
        outcome.status = Status::Won;
        prefix.extend(line);
        outcome.moves = prefix;
    }
    outcome.nodes = budget.nodes;
    outcome.peak_entries = table.peak();
    outcome.dropped = table.dropped();
    outcome.table_bytes = table.bytes();
    outcome.deepest = searches.iter().map(|s| s.dfs.deepest).max().unwrap_or(0);
    outcome.seconds = started.elapsed().as_secs_f64();
    outcome
}

/// Run the searches a slice each in turn until one wins (its part and line), all have run out
/// (`Lost`) or the budget is spent (`Unknown`).
fn side_by_side<G: SearchGame>(
    game: &G,
    searches: &mut [Search<G::State>],
    table: &mut KeyTable,
    budget: &mut Budget,
    parts: &mut [u64],
) -> (Status, Option<(usize, Vec<Move>)>) {
    let mut running: Vec<usize> = (0..searches.len()).collect();
    while !running.is_empty() {
        let mut i = 0;
        while i < running.len() {
            if budget.halted() {
                return (Status::Unknown, None);
            }
            let search = &mut searches[running[i]];
            let (step, used) = search.dfs.run(game, table, budget.nodes_left().min(SLICE));
            budget.nodes += used;
            parts[search.part] += used;
            match step {
                Step::Won(line) => return (Status::Won, Some((search.part, line))),
                Step::Exhausted => {
                    running.remove(i);
                    continue;
                }
                Step::Running if budget.nodes_left() == 0 => return (Status::Unknown, None),
                Step::Running => i += 1,
            }
        }
    }
    (Status::Lost, None)
}
