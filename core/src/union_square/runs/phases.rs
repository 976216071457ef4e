//! The three searches of the run view in Python's order, each within its share (a port of
//! `_looser_first` in `patience/solver/search.py` and `UnionSquareSearch.looser`): the looser
//! game (its loss is a proof), then the fewest-run search with one pile kept empty, then with
//! none (their wins are wins). A phase that ends otherwise, or is cut off at its share, decides
//! nothing and the next one runs; the first decided answer ends it all.
//!
//! The shares are counted as Python counts them, so the answers are the same for the same node
//! budget: each phase counts its positions from 0 and may take `limit` of them, and no more than
//! its share of a node budget (past them it ends undecided, the budget unspent); its seconds are
//! looked at every `SLICE` positions; the whole budget is looked at for every position.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::loose::relaxed_search_proving;
use super::piles_are_runs;
use super::run_search::run_search;
use crate::moves::Move;
use crate::search::KeyTable;
use crate::union_square::State;

/// Positions each phase may take (Python's `RUNS_LIMIT`).
pub const RUNS_LIMIT: u64 = 5_000;
/// The share of the seconds each phase may take (Python's `RUNS_SHARE`).
pub const RUNS_SHARE: f64 = 0.1;
/// Positions between two looks at a phase's share (Python's `SLICE` in `runs.py`).
pub const SLICE: u64 = 64;

/// The budgets of `looser`.
#[derive(Clone, Debug)]
pub struct LooserLimits {
    /// Positions, all phases together (`None`: no limit).
    pub max_nodes: Option<u64>,
    /// Seconds, all phases together; each phase's share is a part of them.
    pub max_seconds: Option<f64>,
    /// Set from any thread to stop (the answer is then unknown).
    pub stop: Option<Arc<AtomicBool>>,
    /// Positions and share of the looser game, whose loss is a proof.
    pub limit: u64,
    pub share: f64,
    /// Positions and share of each of the other two phases.
    pub runs_limit: u64,
    pub runs_share: f64,
}

impl Default for LooserLimits {
    fn default() -> LooserLimits {
        LooserLimits {
            max_nodes: None,
            max_seconds: None,
            stop: None,
            limit: RUNS_LIMIT,
            share: RUNS_SHARE,
            runs_limit: RUNS_LIMIT,
            runs_share: RUNS_SHARE,
        }
    }
}

/// How a phase ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Won, with the line of ordinary moves (empty for the looser game, whose win proves nothing).
    Won(Vec<Move>),
    /// Its graph is exhausted (a proof only for the looser game).
    Lost,
    /// Nothing decided: the whole budget is spent, or the phase could not start.
    Unknown,
    /// Its share ran out (Python closes the phase's generator: no answer).
    Cut,
}

/// What `looser` answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LooserAnswer {
    /// A winning line of ordinary moves, found by a fewest-run search.
    Won(Vec<Move>),
    /// The looser game is lost: so is the position.
    Lost,
    /// Nothing decided.
    Unknown,
}

/// The outcome of `looser`.
#[derive(Clone, Debug)]
pub struct Looser {
    pub answer: LooserAnswer,
    /// Positions taken, all phases together.
    pub nodes: u64,
    /// Positions taken by each phase that ran, in order.
    pub phases: Vec<u64>,
    /// Whether the whole budget (positions, seconds or the stop flag) ran out.
    pub spent: bool,
    pub seconds: f64,
}

/// The budget as the phases spend it (Python's `Budget.take` and the share checks of
/// `_looser_first`).
pub struct Spend {
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    pub nodes: u64,
    pub spent: bool,
    first: u64,
    most: u64,
    until: Option<Instant>,
}

fn after(start: Instant, seconds: f64) -> Instant {
    let span = Duration::try_from_secs_f64(seconds.max(0.0))
        .unwrap_or(Duration::from_secs(u32::MAX as u64));
    start
        .checked_add(span)
        .unwrap_or(start + Duration::from_secs(u32::MAX as u64))
}

impl Spend {
    /// A budget with no phase begun (unlimited shares): for tests and single searches.
    pub fn new(
        max_nodes: Option<u64>,
        max_seconds: Option<f64>,
        stop: Option<Arc<AtomicBool>>,
    ) -> Spend {
        let deadline = max_seconds.map(|s| after(Instant::now(), s));
        Spend {
            max_nodes,
            deadline,
            stop,
            nodes: 0,
            spent: false,
            first: 0,
            most: u64::MAX,
            until: None,
        }
    }

    /// Begin a phase that may take `most` positions until `until`.
    fn begin(&mut self, most: u64, until: Option<Instant>) {
        self.first = self.nodes;
        self.most = most;
        self.until = until;
    }

    /// Whether the phase's seconds are up (Python looks before every slice; its positions are
    /// counted by `take`).
    fn share_spent(&self) -> bool {
        self.until.is_some_and(|u| Instant::now() >= u)
    }

    /// Count one position; false when the phase has taken its `most` (it ends unknown, the
    /// budget unspent: Python's `_PhaseCap.take`) or the whole budget is spent (the search
    /// answers unknown).
    pub fn take(&mut self) -> bool {
        if self.nodes - self.first >= self.most {
            return false;
        }
        let out_of_nodes = self.max_nodes.is_some_and(|max| self.nodes >= max);
        if out_of_nodes || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.spent = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    /// After a position is taken: whether the phase must end here, at the end of a slice, for
    /// its share or the stop flag (the stop flag also spends the whole budget).
    pub fn cut(&mut self) -> bool {
        if !(self.nodes - self.first).is_multiple_of(SLICE) {
            return false;
        }
        if self
            .stop
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            self.spent = true;
            return true;
        }
        self.share_spent()
    }
}

/// The run view's three searches of `state`, in order, within `limits` (Python's
/// `looser_first` for Union Square). A position whose piles are not all runs gets none.
pub fn looser(state: &State, limits: &LooserLimits) -> Looser {
    looser_proving(state, limits, None)
}

/// `looser`, the looser game skipping and keeping its positions proven lost in `lost` (see
/// `relaxed_search_proving`; the review's searches of one deal's positions share them).
pub fn looser_proving(
    state: &State,
    limits: &LooserLimits,
    mut lost: Option<&mut KeyTable>,
) -> Looser {
    let started = Instant::now();
    let mut spend = Spend::new(limits.max_nodes, limits.max_seconds, limits.stop.clone());
    let mut phases = Vec::new();
    let mut answer = LooserAnswer::Unknown;
    if piles_are_runs(state) {
        for phase in 0..3 {
            let proves = phase == 0;
            let (mut most, part) = if proves {
                (limits.limit, limits.share)
            } else {
                (limits.runs_limit, limits.runs_share)
            };
            if let Some(max) = limits.max_nodes {
                // at most its share of a node budget too, as Python's `_looser_first`: a small
                // budget (a fair solve's) keeps the rest for the search of the real game
                most = most.min(((part * max as f64).ceil() as u64).max(1));
            }
            spend.begin(
                most,
                limits.max_seconds.map(|s| after(Instant::now(), part * s)),
            );
            let first = spend.nodes;
            let end = if spend.share_spent() {
                Phase::Cut
            } else {
                match phase {
                    0 => relaxed_search_proving(state, &mut spend, true, lost.as_deref_mut()),
                    1 => run_search(state, &mut spend, 1),
                    _ => run_search(state, &mut spend, 0),
                }
            };
            phases.push(spend.nodes - first);
            if spend.spent {
                break;
            }
            match end {
                Phase::Lost if proves => {
                    answer = LooserAnswer::Lost;
                    break;
                }
                Phase::Won(line) if !proves => {
                    answer = LooserAnswer::Won(line);
                    break;
                }
                _ => {}
            }
        }
    }
    Looser {
        answer,
        nodes: spend.nodes,
        phases,
        spent: spend.spent,
        seconds: started.elapsed().as_secs_f64(),
    }
}
