//! The Python module `patience._core`: the narrow boundary. Positions come in as the project's
//! position text, answers go out as plain values and moves in the project's notation; the
//! Python package (`patience/solver/core.py`) replays every winning line before it is believed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::hamilton;
use crate::lines::{self, LineGame};
use crate::moves::Move;
use crate::search::{self, Limits, SearchGame, Status};
use crate::union_square;
use crate::union_square::runs;

/// What the boundary needs of a game's rules, beside its `SearchGame`.
trait Engine: SearchGame + Default + LineGame {
    fn parse(text: &str) -> Result<Self::State, String>;
    fn text(state: &Self::State) -> String;
    fn legal(state: &Self::State, out: &mut Vec<Move>);
    fn is_legal(state: &Self::State, mv: Move) -> bool;
    fn apply_move(state: &Self::State, mv: Move) -> Self::State;
    fn numbered(deal: u64) -> Self::State;
}

impl Engine for hamilton::Hamilton {
    fn parse(text: &str) -> Result<hamilton::State, String> {
        hamilton::parse_position(text)
    }
    fn text(state: &hamilton::State) -> String {
        hamilton::position_text(state)
    }
    fn legal(state: &hamilton::State, out: &mut Vec<Move>) {
        hamilton::legal_moves(state, out)
    }
    fn is_legal(state: &hamilton::State, mv: Move) -> bool {
        hamilton::is_legal(state, mv)
    }
    fn apply_move(state: &hamilton::State, mv: Move) -> hamilton::State {
        hamilton::apply(state, mv)
    }
    fn numbered(deal: u64) -> hamilton::State {
        hamilton::numbered_deal(deal)
    }
}

impl Engine for union_square::UnionSquare {
    fn parse(text: &str) -> Result<union_square::State, String> {
        union_square::parse_position(text)
    }
    fn text(state: &union_square::State) -> String {
        union_square::position_text(state)
    }
    fn legal(state: &union_square::State, out: &mut Vec<Move>) {
        union_square::legal_moves(state, out)
    }
    fn is_legal(state: &union_square::State, mv: Move) -> bool {
        union_square::is_legal(state, mv)
    }
    fn apply_move(state: &union_square::State, mv: Move) -> union_square::State {
        union_square::apply(state, mv)
    }
    fn numbered(deal: u64) -> union_square::State {
        union_square::numbered_deal(deal)
    }
}

/// Calls `$body` with `$game` bound to the engine of the slug, or raises ValueError.
macro_rules! with_engine {
    ($slug:expr, $engine:ident, $body:expr) => {
        match $slug {
            "hamilton" => {
                type $engine = hamilton::Hamilton;
                $body
            }
            "union-square" => {
                type $engine = union_square::UnionSquare;
                $body
            }
            other => Err(PyValueError::new_err(format!(
                "the compiled core knows no game {other:?}"
            ))),
        }
    };
}

fn value_error(message: String) -> PyErr {
    PyValueError::new_err(message)
}

fn parse_move<E: Engine>(state: &E::State, text: &str) -> PyResult<Move> {
    let mv = Move::parse(text).map_err(value_error)?;
    if !E::is_legal(state, mv) {
        return Err(value_error(format!("move {text:?} is not legal here")));
    }
    Ok(mv)
}

fn count<E: Engine>(state: &E::State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    E::legal(state, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| count::<E>(&E::apply_move(state, mv), depth - 1))
        .sum()
}

/// The core's version, for `patience --version`.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// The games the core knows, by slug.
#[pyfunction]
fn games() -> Vec<&'static str> {
    vec!["hamilton", "union-square"]
}

/// The position text of numbered deal `deal`.
#[pyfunction]
fn deal(game: &str, deal: u64) -> PyResult<String> {
    with_engine!(game, E, Ok(E::text(&E::numbered(deal))))
}

/// The legal moves of a position, in notation, in the rules engine's order.
#[pyfunction]
fn legal_moves(game: &str, position: &str) -> PyResult<Vec<String>> {
    with_engine!(game, E, {
        let state = E::parse(position).map_err(value_error)?;
        let mut moves = Vec::new();
        E::legal(&state, &mut moves);
        Ok(moves.iter().map(Move::text).collect())
    })
}

/// The position after a legal move; a move that does not parse or is not legal raises ValueError.
#[pyfunction]
fn apply(game: &str, position: &str, move_text: &str) -> PyResult<String> {
    with_engine!(game, E, {
        let state = E::parse(position).map_err(value_error)?;
        let mv = parse_move::<E>(&state, move_text)?;
        Ok(E::text(&E::apply_move(&state, mv)))
    })
}

/// The number of move sequences of length `depth` from a position (perft).
#[pyfunction]
fn perft(py: Python<'_>, game: &str, position: &str, depth: u32) -> PyResult<u64> {
    with_engine!(game, E, {
        let state = E::parse(position).map_err(value_error)?;
        Ok(py.detach(|| count::<E>(&state, depth)))
    })
}

/// A flag Python sets to stop a search running on another thread (looked at once per slice).
#[pyclass(frozen)]
struct StopFlag {
    flag: Arc<AtomicBool>,
}

#[pymethods]
impl StopFlag {
    #[new]
    fn new() -> StopFlag {
        StopFlag {
            flag: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Ask the search to stop; it answers "unknown" within a slice.
    fn set(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    fn is_set(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

/// Positions proven lost, kept from one search to the next: for the searches of one game's
/// positions (the review), one game's and one deal's (Union Square's keys name the stock by its
/// length alone). A search given them skips what they hold and, when it proves its position lost,
/// adds every position it entered.
#[pyclass(frozen)]
struct Proofs {
    game: String,
    store: Mutex<search::Proofs>,
}

#[pymethods]
impl Proofs {
    /// Proofs for searches of `game`, their keys within `cap_bytes` (oldest dropped first). A
    /// game with a looser game (`looser`) gives half of them to that game's proofs.
    #[new]
    fn new(game: &str, cap_bytes: usize) -> PyResult<Proofs> {
        if !games().contains(&game) {
            return Err(value_error(format!(
                "the compiled core knows no game {game:?}"
            )));
        }
        let store = if has_looser_game(game) {
            search::Proofs::with_looser(cap_bytes / 2, cap_bytes / 2)
        } else {
            search::Proofs::new(cap_bytes)
        };
        Ok(Proofs {
            game: game.to_string(),
            store: Mutex::new(store),
        })
    }

    /// Positions of the looser game held.
    fn looser_len(&self) -> usize {
        self.store
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .looser
            .len()
    }

    /// The game whose positions these are.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// Positions held.
    fn __len__(&self) -> usize {
        self.store
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Bytes their keys take.
    fn bytes(&self) -> usize {
        self.store
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .bytes()
    }
}

/// Refuse proofs of another game than the search's.
fn same_game(proofs: Option<&Proofs>, game: &str) -> PyResult<()> {
    match proofs {
        Some(proofs) if proofs.game != game => Err(value_error(format!(
            "these proofs are of {:?}, not of {game:?}",
            proofs.game
        ))),
        _ => Ok(()),
    }
}

/// Whether `game`'s searches begin with a looser game (`looser`).
fn has_looser_game(game: &str) -> bool {
    game == "union-square"
}

/// The answer of one search, as plain values.
#[pyclass(frozen, get_all)]
struct Answer {
    /// "won", "lost" or "unknown"
    status: &'static str,
    /// the winning line in notation (empty unless won)
    moves: Vec<String>,
    /// positions expanded
    nodes: u64,
    /// the most positions the table held
    peak: usize,
    seconds: f64,
    /// positions expanded per part of the root
    parts: Vec<u64>,
    /// whether the depth-first paths outgrew `path_bytes` (the answer is then "unknown")
    memory_spent: bool,
}

/// A line from a position tidied as `patience/solver/lines.py`'s `shortened` tidies it (the same
/// moves), its shortcut passes stopping after `max_seconds`; a move that does not parse or is not
/// legal where the line reaches raises ValueError. Runs without the GIL. The line need not win;
/// a winning one still wins (Python replays it before believing it).
#[pyfunction]
#[pyo3(signature = (game, position, moves, max_seconds=None))]
fn tidy(
    py: Python<'_>,
    game: &str,
    position: &str,
    moves: Vec<String>,
    max_seconds: Option<f64>,
) -> PyResult<Vec<String>> {
    let started = Instant::now();
    with_engine!(game, E, {
        let start = E::parse(position).map_err(value_error)?;
        let mut line = Vec::with_capacity(moves.len());
        let mut reached = None; // the position after the moves read so far (none: the start)
        for (index, text) in moves.iter().enumerate() {
            let here = reached.as_ref().unwrap_or(&start);
            let mv = Move::parse(text)
                .and_then(|mv| {
                    if E::is_legal(here, mv) {
                        Ok(mv)
                    } else {
                        Err(format!("move {text:?} is not legal here"))
                    }
                })
                .map_err(|err| value_error(format!("move {}: {err}", index + 1)))?;
            reached = Some(E::apply_move(here, mv));
            line.push(mv);
        }
        let deadline = max_seconds.map(|s| started + Duration::from_secs_f64(s.max(0.0)));
        let tidied = py.detach(|| lines::shortened(&E::default(), &start, &line, deadline));
        Ok(tidied.iter().map(Move::text).collect())
    })
}

/// Search a position for a winning line within the budgets, without holding the GIL.
// Python's keyword arguments, one per budget: a struct would only move them.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (game, position, max_nodes=None, max_seconds=None, table_bytes=None, stop=None,
                    path_bytes=None, proofs=None))]
fn solve(
    py: Python<'_>,
    game: &str,
    position: &str,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    table_bytes: Option<usize>,
    stop: Option<&StopFlag>,
    path_bytes: Option<usize>,
    proofs: Option<&Proofs>,
) -> PyResult<Answer> {
    same_game(proofs, game)?;
    let limits = Limits {
        max_nodes,
        max_seconds,
        table_bytes: table_bytes.unwrap_or(search::DEFAULT_TABLE_BYTES),
        stop: stop.map(|s| s.flag.clone()),
        path_bytes,
    };
    with_engine!(game, E, {
        let state = E::parse(position).map_err(value_error)?;
        // Each search makes its own game value (it may keep caches), on the thread that searches.
        let outcome = py.detach(|| match proofs {
            // Locked on the searching thread, without the GIL: a second search with the same
            // proofs waits for this one.
            Some(proofs) => {
                let mut store = proofs.store.lock().unwrap_or_else(PoisonError::into_inner);
                search::solve_proving(&E::default(), &state, &limits, &mut store)
            }
            None => search::solve(&E::default(), &state, &limits),
        });
        Ok(Answer {
            status: match outcome.status {
                Status::Won => "won",
                Status::Lost => "lost",
                Status::Unknown => "unknown",
            },
            moves: outcome.moves.iter().map(Move::text).collect(),
            nodes: outcome.nodes,
            peak: outcome.peak_entries,
            seconds: outcome.seconds,
            parts: outcome.parts,
            memory_spent: outcome.memory_spent,
        })
    })
}

/// Union Square's searches of its tableau seen as runs, before the full search (Python's
/// `looser_first`): the looser game, whose loss proves the position lost, then the fewest-run
/// searches with one pile kept empty and with none, whose wins are wins; each within at most
/// `runs_limit` positions and `runs_share` of `max_seconds`, except the looser game's `limit` and
/// `share`. "unknown" when none decides, with the positions each phase took in `parts`; Hamilton
/// has no looser game ("unknown", 0 positions). Runs without the GIL.
// Python's keyword arguments, one per budget: a struct would only move them.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (game, position, max_nodes=None, max_seconds=None, stop=None, limit=None, share=None,
                    runs_limit=None, runs_share=None, proofs=None))]
fn looser(
    py: Python<'_>,
    game: &str,
    position: &str,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    stop: Option<&StopFlag>,
    limit: Option<u64>,
    share: Option<f64>,
    runs_limit: Option<u64>,
    runs_share: Option<f64>,
    proofs: Option<&Proofs>,
) -> PyResult<Answer> {
    same_game(proofs, game)?;
    let answer = |status, moves: Vec<Move>, nodes, seconds, parts| Answer {
        status,
        moves: moves.iter().map(Move::text).collect(),
        nodes,
        peak: 0,
        seconds,
        parts,
        memory_spent: false,
    };
    if game == "hamilton" {
        hamilton::parse_position(position).map_err(value_error)?;
        return Ok(answer("unknown", Vec::new(), 0, 0.0, Vec::new()));
    }
    if game != "union-square" {
        return Err(value_error(format!(
            "the compiled core knows no game {game:?}"
        )));
    }
    let state = union_square::parse_position(position).map_err(value_error)?;
    let defaults = runs::LooserLimits::default();
    let runs_limit = runs_limit.unwrap_or(defaults.runs_limit);
    let runs_share = runs_share.unwrap_or(defaults.runs_share);
    let limits = runs::LooserLimits {
        max_nodes,
        max_seconds,
        stop: stop.map(|s| s.flag.clone()),
        limit: limit.unwrap_or(runs_limit),
        share: share.unwrap_or(runs_share),
        runs_limit,
        runs_share,
    };
    let found = py.detach(|| match proofs {
        Some(proofs) => {
            let mut store = proofs.store.lock().unwrap_or_else(PoisonError::into_inner);
            runs::looser_proving(&state, &limits, Some(&mut store.looser))
        }
        None => runs::looser(&state, &limits),
    });
    let (status, moves) = match found.answer {
        runs::LooserAnswer::Won(line) => ("won", line),
        runs::LooserAnswer::Lost => ("lost", Vec::new()),
        runs::LooserAnswer::Unknown => ("unknown", Vec::new()),
    };
    Ok(answer(
        status,
        moves,
        found.nodes,
        found.seconds,
        found.phases,
    ))
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(deal, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(apply, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(looser, m)?)?;
    m.add_function(wrap_pyfunction!(tidy, m)?)?;
    m.add_class::<StopFlag>()?;
    m.add_class::<Answer>()?;
    m.add_class::<Proofs>()?;
    Ok(())
}
