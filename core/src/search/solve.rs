//! `solve`: the exact search of a position, within limits.
//!
//! The root is played forward by its safe moves (`normalize`), then cut into parts (`split`:
//! Hamilton's start choices; by default the root alone). Each part gets a portfolio: a greedy
//! best-first search (`best_first`) and two depth-first searches, one in each `Order`; all of
//! them share one table of entered positions' canonical keys, and each keeps its own heap or
//! path. They run side by side, each in turn for its share of slices of `SLICE` expansions
//! (`Shares`, the game's `SearchGame::SHARES`: by default 3 best-first, 1 valued, 1 plain per
//! round, best-first search leading), so no part and no search can take the whole budget. The
//! first win ends everything. A game whose depth-first searches lead (Union Square) first gives
//! best-first search a few positions alone, on a table of its own (`Shares::alone`): a search
//! complete in itself, whose win is a win and whose loss is a proof, as below; when it decides
//! nothing its table is let go and the portfolio runs on what is left of the budget.
//!
//! Entering a position means putting its key in the table, which makes it the entering
//! search's to expand: a depth-first search enters a child when it lists the child's children
//! in a new frame, best-first search when it pushes the child on its heap. A search skips a
//! child whose key is in the table (entered by some search: it is, or will be, expanded there)
//! or on its own path (being expanded there).
//!
//! Why a loss is a proof. Winning is reachability: the root is won when some won position can
//! be reached from it. Every position listed as a child (and every part) is tested for a win,
//! so no entered position, nor any child of one, is won. Every search is an *owner*: the loss
//! is declared only when every search of every part has run out. A depth-first search has run
//! out when every frame was walked to its end; best-first search when every position it entered
//! was expanded, by itself or, after it handed its heap on, by the depth-first search it handed
//! to (see `best_first`). So each entered position was expanded and had every child either
//! entered, or skipped because it was in the table or on a path at that moment, that is,
//! entered at some time. So the set of positions ever entered is closed under moves; it holds
//! every part, and the parts are all the root's options: every position reachable from the root
//! was entered, none is won, and the root is lost. Dropping table entries (the memory cap) keeps
//! this: a dropped position was entered all the same, and may be entered again (wasted work,
//! never a wrong skip); each depth-first path holds no position twice and best-first search
//! enters at most its share of memory before it hands over, so each search stays finite on a
//! finite game. No position is ever marked lost on its own, so a cycle cut by a path cannot
//! make a wrong answer.
//!
//! The answer is `Won` with a line (the root's safe moves, the part's moves, then the winning
//! search's line: the moves of the child searched in each frame of a depth-first path, or of
//! each position from the part's root in best-first search's arena, then the won child's),
//! `Lost`, or `Unknown` when the expansions, the seconds or the stop flag ran out first.

use std::time::Instant;

use super::best_first::BestFirst;
use super::budget::{Budget, Limits, Shares, ALONE_SHARE, ALONE_TABLE_BYTES};
use super::dfs::{DepthFirst, Step};
use super::game::{Order, SearchGame};
use super::hash::hash_key;
use super::proofs::Proofs;
use super::streamline::Streamlined;
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
    /// Expansions per part of the root (all its searches together), in `split`'s order.
    pub parts: Vec<u64>,
    /// Table entries dropped to stay within `table_bytes`.
    pub dropped: u64,
    /// The longest path of any depth-first search, in positions.
    pub deepest: usize,
    /// The bytes the table held at the end (slots and key arena; see `table`).
    pub table_bytes: usize,
    /// Expansions made by best-first searches (before any hand-over).
    pub best_nodes: u64,
    /// Positions the best-first searches handed to depth-first search (0: none handed over).
    pub handed: u64,
    /// The most bytes the best-first searches held together (at the end of a slice).
    pub best_bytes: usize,
    /// Whether the depth-first paths outgrew their cap (`Limits::path_bytes`): then the answer
    /// is `Unknown`.
    pub memory_spent: bool,
}

enum Runner<S> {
    Depth(DepthFirst<S>),
    Best(Box<BestFirst<S>>),
}

struct Search<S> {
    part: usize,
    /// Slices per round.
    slices: u32,
    runner: Runner<S>,
}

impl<S> Search<S> {
    fn best(&self) -> Option<&BestFirst<S>> {
        match &self.runner {
            Runner::Best(best) => Some(best.as_ref()),
            Runner::Depth(_) => None,
        }
    }
}

/// Search `state` of `game` for a winning line within `limits`, with the game's shares.
pub fn solve<G: SearchGame>(game: &G, state: &G::State, limits: &Limits) -> Outcome {
    solve_with(game, state, limits, &G::SHARES)
}

/// Search `state` of `game` for a winning line within `limits`, each part's searches sharing
/// the work as `shares` says (at least one search must have a share).
pub fn solve_with<G: SearchGame>(
    game: &G,
    state: &G::State,
    limits: &Limits,
    shares: &Shares,
) -> Outcome {
    search(game, state, limits, shares, None)
}

/// `solve`, skipping the positions `proofs` holds as proven lost (see `proofs`), and keeping in
/// it every position entered when the answer is `Lost`, and the root.
pub fn solve_proving<G: SearchGame>(
    game: &G,
    state: &G::State,
    limits: &Limits,
    proofs: &mut Proofs,
) -> Outcome {
    search(game, state, limits, &G::SHARES, Some(proofs))
}

/// The streamliner first when the game has one (`SearchGame::STREAMLINE_FIRST`), then the
/// whole search (`search_whole`) on what is left of the budget.
fn search<G: SearchGame>(
    game: &G,
    state: &G::State,
    limits: &Limits,
    shares: &Shares,
    mut proofs: Option<&mut Proofs>,
) -> Outcome {
    let share = G::STREAMLINE_FIRST;
    if share <= 0.0 || shares.best == 0 {
        return search_whole(game, state, limits, shares, proofs);
    }
    let started = Instant::now();
    let first_limits = Limits {
        max_nodes: limits
            .max_nodes
            .map(|max| ((max as f64 * share).ceil() as u64).max(1)),
        max_seconds: limits.max_seconds.map(|s| s * share),
        ..limits.clone()
    };
    let lone = Shares {
        best: 1,
        valued: 0,
        plain: 0,
        best_leads: true,
        alone: 0,
        ..*shares
    };
    // Positions proven lost are lost in the smaller game too, so it skips them; but its
    // running out proves nothing, so it adds none.
    let first = portfolio(
        &Streamlined(game),
        state,
        &first_limits,
        &lone,
        proofs.as_deref_mut(),
        false,
    );
    if first.status == Status::Won || limits.stop_set() {
        let status = if first.status == Status::Won {
            Status::Won
        } else {
            Status::Unknown
        };
        return Outcome {
            status,
            seconds: started.elapsed().as_secs_f64(),
            ..first
        };
    }
    let rest = rest_of(limits, first.nodes, started);
    let mut outcome = search_whole(game, state, &rest, shares, proofs);
    add_earlier(&mut outcome, &first, started);
    outcome
}

/// `limits` less the `nodes` and the seconds since `started` that an earlier search took.
fn rest_of(limits: &Limits, nodes: u64, started: Instant) -> Limits {
    Limits {
        max_nodes: limits.max_nodes.map(|max| max.saturating_sub(nodes)),
        max_seconds: limits
            .max_seconds
            .map(|s| (s - started.elapsed().as_secs_f64()).max(0.0)),
        ..limits.clone()
    }
}

/// Counts an earlier search of the same root (started at `started`) into `outcome`.
fn add_earlier(outcome: &mut Outcome, earlier: &Outcome, started: Instant) {
    outcome.nodes += earlier.nodes;
    outcome.best_nodes += earlier.best_nodes;
    outcome.peak_entries = outcome.peak_entries.max(earlier.peak_entries);
    outcome.best_bytes = outcome.best_bytes.max(earlier.best_bytes);
    outcome.deepest = outcome.deepest.max(earlier.deepest);
    for (part, lone) in outcome.parts.iter_mut().zip(&earlier.parts) {
        *part += lone; // the same root, so the same parts
    }
    outcome.seconds = started.elapsed().as_secs_f64();
}

/// The lone best-first search first when the shares give it positions (`Shares::alone`), then
/// the portfolio on what is left of the budget.
fn search_whole<G: SearchGame>(
    game: &G,
    state: &G::State,
    limits: &Limits,
    shares: &Shares,
    mut proofs: Option<&mut Proofs>,
) -> Outcome {
    if shares.alone == 0 || shares.best == 0 {
        return portfolio(game, state, limits, shares, proofs, true);
    }
    let started = Instant::now();
    let most = match limits.max_nodes {
        Some(max) => shares
            .alone
            .min(((max as f64 * ALONE_SHARE).ceil() as u64).max(1)),
        None => shares.alone,
    };
    let lone = Shares {
        best: 1,
        valued: 0,
        plain: 0,
        best_leads: true,
        alone: 0,
        ..*shares
    };
    let lone_limits = Limits {
        max_nodes: Some(most),
        max_seconds: limits.max_seconds.map(|s| s * ALONE_SHARE),
        table_bytes: limits.table_bytes.min(ALONE_TABLE_BYTES),
        ..limits.clone()
    };
    let first = portfolio(
        game,
        state,
        &lone_limits,
        &lone,
        proofs.as_deref_mut(),
        true,
    );
    // best-first search alone is a whole search (an owner, see above): its loss is a proof too
    if first.status != Status::Unknown || first.memory_spent || limits.stop_set() {
        return Outcome {
            seconds: started.elapsed().as_secs_f64(),
            ..first
        };
    }
    let rest = rest_of(limits, first.nodes, started);
    let mut outcome = portfolio(
        game,
        state,
        &rest,
        &Shares {
            alone: 0,
            ..*shares
        },
        proofs,
        true,
    );
    add_earlier(&mut outcome, &first, started);
    outcome
}

/// The portfolio of searches on one table (see above). With `proofs`, positions it holds are
/// skipped, and with `prove` a loss adds the positions entered to it.
fn portfolio<G: SearchGame>(
    game: &G,
    state: &G::State,
    limits: &Limits,
    shares: &Shares,
    mut proofs: Option<&mut Proofs>,
    prove: bool,
) -> Outcome {
    assert!(
        shares.best + shares.valued + shares.plain > 0,
        "no search has a share"
    );
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
        best_nodes: 0,
        handed: 0,
        best_bytes: 0,
        memory_spent: false,
    };
    let mut prefix = Vec::new();
    let root = game.normalize(state, &mut prefix);
    let parts = if game.is_won(&root) {
        Vec::new()
    } else {
        game.split(&root)
    };
    outcome.parts = vec![0; parts.len()];
    let mut table = KeyTable::new(limits.table_bytes);
    let mut root_key = Vec::new();
    let mut root_proven = false;
    if let Some(proofs) = proofs.as_deref_mut() {
        game.key(&root, &mut root_key);
        root_proven = proofs.contains(hash_key(&root_key), &root_key);
        table.lend_proofs(std::mem::take(proofs));
    }
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
        let first = searches.len();
        for (order, slices) in [(Order::Valued, shares.valued), (Order::Plain, shares.plain)] {
            if slices > 0 {
                let runner =
                    Runner::Depth(DepthFirst::new(order, child.state.clone(), key.clone()));
                searches.push(Search {
                    part,
                    slices,
                    runner,
                });
            }
        }
        if shares.best > 0 {
            let runner = Runner::Best(Box::new(BestFirst::new(child.state.clone(), shares.batch)));
            let best = Search {
                part,
                slices: shares.best,
                runner,
            };
            if shares.best_leads {
                searches.insert(first, best);
            } else {
                searches.push(best);
            }
        }
    }
    let mut budget = Budget::new(limits, started);
    if root_proven && won.is_none() {
        outcome.status = Status::Lost;
    } else if won.is_none() {
        let mut run = Run {
            budget: &mut budget,
            outcome: &mut outcome,
            best_bytes: shares.best_bytes(limits),
            path_cap: limits.path_bytes.unwrap_or(usize::MAX),
        };
        let (status, line) = run.side_by_side(game, &mut searches, &mut table);
        outcome.status = status;
        won = line.map(|(part, line)| [parts[part].moves.as_slice(), &line].concat());
    }
    if let Some(line) = won {
        outcome.status = Status::Won;
        prefix.extend(line);
        outcome.moves = prefix;
    }
    if let Some(proofs) = proofs {
        *proofs = table.take_proofs();
        if outcome.status == Status::Lost && prove {
            proofs.add_lost(&table, &root_key);
        }
    }
    outcome.nodes = budget.nodes;
    outcome.peak_entries = table.peak();
    outcome.dropped = table.dropped();
    outcome.table_bytes = table.bytes();
    for search in &searches {
        let deepest = match &search.runner {
            Runner::Depth(dfs) => dfs.deepest,
            Runner::Best(best) => {
                outcome.handed += best.handed_over;
                best.deepest()
            }
        };
        outcome.deepest = outcome.deepest.max(deepest);
    }
    outcome.seconds = started.elapsed().as_secs_f64();
    outcome
}

/// How a search's turn ended.
enum Turn {
    /// It has more to do.
    More,
    /// A won position: the moves from the part's root to it.
    Won(Vec<Move>),
    /// It has run out.
    Exhausted,
    /// The budget is spent (expansions, seconds or the stop flag).
    Spent,
}

/// What the searches spend as they run.
struct Run<'a> {
    budget: &'a mut Budget,
    outcome: &'a mut Outcome,
    /// The bytes the best-first searches may hold together.
    best_bytes: usize,
    /// The bytes the depth-first searches' paths may hold together.
    path_cap: usize,
}

impl Run<'_> {
    /// Run the searches, each for its slices in turn, until one wins (its part and line), all
    /// have run out (`Lost`) or the budget is spent (`Unknown`).
    fn side_by_side<G: SearchGame>(
        &mut self,
        game: &G,
        searches: &mut [Search<G::State>],
        table: &mut KeyTable,
    ) -> (Status, Option<(usize, Vec<Move>)>) {
        let mut running: Vec<usize> = (0..searches.len()).collect();
        while !running.is_empty() {
            let mut i = 0;
            while i < running.len() {
                match self.turn(game, searches, running[i], table) {
                    Turn::Won(line) => {
                        return (Status::Won, Some((searches[running[i]].part, line)))
                    }
                    Turn::Exhausted => {
                        running.remove(i);
                    }
                    Turn::Spent => return (Status::Unknown, None),
                    Turn::More => i += 1,
                }
            }
        }
        (Status::Lost, None)
    }

    /// One search's slices of a round.
    fn turn<G: SearchGame>(
        &mut self,
        game: &G,
        searches: &mut [Search<G::State>],
        at: usize,
        table: &mut KeyTable,
    ) -> Turn {
        for _ in 0..searches[at].slices {
            if self.budget.halted() {
                return Turn::Spent;
            }
            // The depth-first paths may hold `Limits::path_bytes`, no more: past that the answer
            // is unknown (memory), never a guess.
            let paths: usize = searches
                .iter()
                .map(|s| match &s.runner {
                    Runner::Depth(dfs) => dfs.path_bytes(),
                    Runner::Best(best) => best.path_bytes(),
                })
                .sum();
            if paths > self.path_cap {
                self.outcome.memory_spent = true;
                return Turn::Spent;
            }
            // what the other best-first searches hold: this one may take the rest of the share
            let others: usize = searches
                .iter()
                .enumerate()
                .filter(|&(n, _)| n != at)
                .filter_map(|(_, s)| s.best().map(BestFirst::bytes))
                .sum();
            let max = self.budget.nodes_left().min(SLICE);
            let search = &mut searches[at];
            let (step, used) = match &mut search.runner {
                Runner::Depth(dfs) => dfs.run(game, table, max),
                Runner::Best(best) => {
                    let handed = best.handed_over > 0;
                    let ran = best.run(game, table, max, self.best_bytes.saturating_sub(others));
                    if !handed {
                        // expansions before the hand-over (the slice it happens in counts whole)
                        self.outcome.best_nodes += ran.1;
                    }
                    self.outcome.best_bytes = self.outcome.best_bytes.max(others + best.bytes());
                    ran
                }
            };
            self.budget.nodes += used;
            self.outcome.parts[search.part] += used;
            match step {
                Step::Running if self.budget.nodes_left() == 0 => return Turn::Spent,
                Step::Running => {}
                Step::Won(line) => return Turn::Won(line),
                Step::Exhausted => return Turn::Exhausted,
            }
        }
        Turn::More
    }
}
