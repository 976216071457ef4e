//! What a search may spend: expansions, seconds, the table's bytes, and a flag to stop it from
//! another thread. When any runs out the answer is `Unknown`, never a guess.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The table's default cap: 256 MiB (the Python solver plans 300 MB for a whole process).
pub const DEFAULT_TABLE_BYTES: usize = 256 << 20;

/// The limits of one `solve`.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Expansions, all searches together; `None`: no limit.
    pub max_nodes: Option<u64>,
    /// Wall-clock seconds, looked at once per slice; `None`: no limit.
    pub max_seconds: Option<f64>,
    /// The bytes the table of entered positions may hold (see `table`); the depth-first paths
    /// and best-first search's heaps and arenas (`Shares::best_bytes`) come on top.
    pub table_bytes: usize,
    /// Set it (from any thread) to stop the search; looked at once per slice.
    pub stop: Option<Arc<AtomicBool>>,
    /// The bytes the depth-first searches' paths may hold together (`None`: no cap); past it the
    /// answer is `Unknown`. Union Square's paths can grow thousands of frames deep.
    pub path_bytes: Option<usize>,
}

impl Limits {
    /// Whether the stop flag is set.
    pub fn stop_set(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_nodes: None,
            max_seconds: None,
            table_bytes: DEFAULT_TABLE_BYTES,
            stop: None,
            path_bytes: None,
        }
    }
}

/// How the searches of each part share the work: slices per round of best-first search, of
/// depth-first search in the valued order and in the plain order (0: that search does not run),
/// and the bytes the best-first searches may hold together before each hands its heap on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shares {
    pub best: u32,
    pub valued: u32,
    pub plain: u32,
    /// `None`: half of `Limits::table_bytes` (on top of the table).
    pub best_bytes: Option<usize>,
    /// Children best-first search enters per expansion at most (0: all); a position with more
    /// goes back on its heap for the next batch, valued as the next child (Union Square's stock
    /// macros give a hundred children and more, most never needed).
    pub batch: u32,
    /// Whether best-first search's slices come first in each round of a part (else after the
    /// depth-first searches'). On one table the search that enters a position first owns it:
    /// leading, best-first search claims the root's children before depth-first search dives
    /// through the first of them (Hamilton: depth-first search leading sank on deal 203109 for
    /// a million positions); following, the depth-first searches get their first dive (Union
    /// Square: best-first search leading left them nothing below the root, and deal 100013,
    /// won in 125 positions by depth-first search, went unknown at 2 M).
    pub best_leads: bool,
    /// Positions a best-first search gets alone, on a table of its own, before the portfolio
    /// (0: none); at most `ALONE_SHARE` of a node budget, of the seconds and of the table. Where depth-first
    /// search leads, its first dive fills the table with positions best-first search then
    /// skips: Union Square's review met mid-game positions that best-first search alone wins in
    /// about 1,200 positions and the portfolio could not win in 13 million. See `solve`.
    pub alone: u64,
}

/// The most of a budget (positions and seconds) the lone best-first search takes
/// (`Shares::alone`).
pub const ALONE_SHARE: f64 = 0.1;
/// The table of the lone best-first search (`Shares::alone`), half of it for its heap and states
/// (`Shares::best_bytes`). With so little it reaches its share of memory after a thousand-odd
/// expansions of Union Square's hundred-child positions and hands its best positions to
/// depth-first search, which most often wins below them: Union Square 100101-100600 at 2 M
/// positions, 500 decided against 499, seconds median 0.049 against 0.132, p95 0.26 against 1.35
/// (`examples/solve_range.rs`). Less (16 MB) hands over before the review's hard mid-game
/// positions are won.
pub const ALONE_TABLE_BYTES: usize = 32 << 20;

impl Shares {
    /// Python's Hamilton shares (3 best-first : 1 depth-first), with the plain order's search
    /// beside them (measured with examples/solve_range.rs).
    pub const DEFAULT: Shares = Shares {
        best: 3,
        valued: 1,
        plain: 1,
        best_bytes: None,
        batch: 0,
        best_leads: true,
        alone: 0,
    };

    /// The two depth-first searches alone, a slice each (the portfolio before best-first search).
    pub const DEPTH_FIRST: Shares = Shares {
        best: 0,
        valued: 1,
        plain: 1,
        best_bytes: None,
        batch: 0,
        best_leads: true,
        alone: 0,
    };

    /// These shares with the first fields replaced from text
    /// `best,valued,plain[,batch[,best_leads 0/1[,alone]]]` (the examples' `SHARES`).
    pub fn with_text(self, text: &str) -> Result<Shares, String> {
        let n: Vec<u64> = text
            .split(',')
            .map(|x| {
                x.trim()
                    .parse()
                    .map_err(|_| format!("not a number: {x:?} in {text:?}"))
            })
            .collect::<Result<_, _>>()?;
        if n.len() < 3 {
            return Err(format!(
                "want best,valued,plain[,batch[,best_leads[,alone]]], not {text:?}"
            ));
        }
        let small = |k: usize, v: u64| {
            u32::try_from(v).map_err(|_| format!("field {k} too large in {text:?}"))
        };
        Ok(Shares {
            best: small(0, n[0])?,
            valued: small(1, n[1])?,
            plain: small(2, n[2])?,
            batch: n.get(3).map_or(Ok(self.batch), |&b| small(3, b))?,
            best_leads: n.get(4).map_or(self.best_leads, |&lead| lead > 0),
            alone: n.get(5).copied().unwrap_or(self.alone),
            ..self
        })
    }

    /// The bytes the best-first searches may hold together under `limits`.
    pub fn best_bytes(&self, limits: &Limits) -> usize {
        self.best_bytes.unwrap_or(limits.table_bytes / 2)
    }
}

impl Default for Shares {
    fn default() -> Shares {
        Shares::DEFAULT
    }
}

/// The budget as the searches run: expansions spent so far, the deadline, the stop flag.
pub(crate) struct Budget {
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    pub nodes: u64,
}

impl Budget {
    pub fn new(limits: &Limits, started: Instant) -> Budget {
        let deadline = limits.max_seconds.map(|s| {
            // A negative or NaN limit is spent at once; a huge one never is.
            let span = Duration::try_from_secs_f64(s.max(0.0))
                .unwrap_or(Duration::from_secs(u32::MAX as u64));
            started
                .checked_add(span)
                .unwrap_or(started + Duration::from_secs(u32::MAX as u64))
        });
        Budget {
            max_nodes: limits.max_nodes,
            deadline,
            stop: limits.stop.clone(),
            nodes: 0,
        }
    }

    /// Expansions left (`u64::MAX` without a limit).
    pub fn nodes_left(&self) -> u64 {
        self.max_nodes
            .map_or(u64::MAX, |max| max.saturating_sub(self.nodes))
    }

    /// Whether the time is up or the stop flag is set (asked once per slice).
    pub fn halted(&self) -> bool {
        if self
            .stop
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return true;
        }
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_read_from_text() {
        let read = Shares::DEFAULT.with_text("1, 0, 2,6,0,500").unwrap();
        assert_eq!(
            (
                read.best,
                read.valued,
                read.plain,
                read.batch,
                read.best_leads,
                read.alone
            ),
            (1, 0, 2, 6, false, 500)
        );
        assert_eq!(
            Shares::DEFAULT.with_text("2,1,1").unwrap(),
            Shares {
                best: 2,
                ..Shares::DEFAULT
            }
        );
        assert!(Shares::DEFAULT.with_text("2,1").is_err());
        assert!(Shares::DEFAULT.with_text("2,x,1").is_err());
    }

    #[test]
    fn limits_are_read() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            max_nodes: Some(10),
            stop: Some(flag.clone()),
            ..Limits::default()
        };
        let mut budget = Budget::new(&limits, Instant::now());
        budget.nodes = 4;
        assert_eq!(budget.nodes_left(), 6);
        assert!(!budget.halted());
        flag.store(true, Ordering::Relaxed);
        assert!(budget.halted());
        let late = Limits {
            max_seconds: Some(-1.0),
            ..Limits::default()
        };
        assert!(Budget::new(&late, Instant::now()).halted());
        let never = Limits {
            max_seconds: Some(f64::INFINITY),
            ..Limits::default()
        };
        assert!(!Budget::new(&never, Instant::now()).halted());
        assert_eq!(Budget::new(&never, Instant::now()).nodes_left(), u64::MAX);
    }
}
