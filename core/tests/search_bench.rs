//! A measurement, not a check (ignored by default): the search's expansions per second and the
//! table's bytes per entry on a lost toy game of about ten million positions. Run with
//! `cargo test --release --test search_bench -- --ignored --nocapture`;
//! `BENCH_SIDE` (default 56: 56^4 = 9,834,496 positions), `BENCH_KEY_BYTES` (default 32) and
//! `BENCH_CYCLES=1` (a move back on the first axis too: cycles and paths far deeper) change it.
//!
//! Measured (2 shared cores, release): 32-byte keys, 2 GiB cap: 9,834,497 expansions in 24.5 s
//! (402,000/s), 46.6 bytes per entry in use (33 in the arena, 13.6 of slots), 68 allocated (the
//! arena's doubling slack); 16-byte keys: 497,000/s. With `BENCH_TABLE_MB=256`: 6.1 million
//! entries at most (44 bytes each, all allocated), 9.2 million dropped, 13.6 million expansions
//! (38% entered again) in 27.6 s, still proven lost. (Those were the depth-first searches alone;
//! with best-first search in the portfolio, leading, it enters nearly every position of the
//! lattice itself: 9,834,498 expansions in 9.9 s, 997,000/s, 2 GiB cap, peak RSS 544 MB.)

use std::time::Instant;

use patience_core::moves::Move;
use patience_core::search::{solve, solve_with, Child, Limits, Order, SearchGame, Shares, Status};

/// Four counters below `side`; a move adds one to a counter (with `cycles`, the first counter
/// may also go down). No position is won, so the search must enter all of them.
struct Lattice {
    side: u8,
    key_bytes: usize,
    cycles: bool,
}

impl SearchGame for Lattice {
    type State = [u8; 4];

    fn is_won(&self, _state: &[u8; 4]) -> bool {
        false
    }

    fn key(&self, state: &[u8; 4], out: &mut Vec<u8>) {
        // The counters, then filler derived from them, up to the key's length.
        let start = out.len();
        out.extend_from_slice(state);
        let mut fill = u32::from_le_bytes(*state);
        while out.len() - start < self.key_bytes {
            fill = fill.wrapping_mul(0x9e37_79b9).wrapping_add(1);
            out.push((fill >> 24) as u8);
        }
        out.truncate(start + self.key_bytes.max(4));
    }

    fn normalize(&self, state: &[u8; 4], _moves: &mut Vec<Move>) -> [u8; 4] {
        *state
    }

    fn children(&self, state: &[u8; 4], order: Order, out: &mut Vec<Child<[u8; 4]>>) {
        out.clear();
        let axes: [usize; 4] = if order == Order::Valued {
            [3, 2, 1, 0]
        } else {
            [0, 1, 2, 3]
        };
        for axis in axes {
            if state[axis] + 1 < self.side {
                let mut next = *state;
                next[axis] += 1;
                out.push(Child {
                    moves: vec![Move::new(20 + axis as u8, 20, 1)],
                    state: next,
                });
            }
        }
        if self.cycles && state[0] > 0 {
            let mut next = *state;
            next[0] -= 1;
            out.push(Child {
                moves: vec![Move::new(20, 21, 1)],
                state: next,
            });
        }
    }
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

#[test]
#[ignore]
fn expansions_per_second_on_ten_million_positions() {
    let game = Lattice {
        side: env("BENCH_SIDE", 56) as u8,
        key_bytes: env("BENCH_KEY_BYTES", 32),
        cycles: env("BENCH_CYCLES", 0) == 1,
    };
    let positions = (game.side as u64).pow(4);
    let limits = Limits {
        table_bytes: env("BENCH_TABLE_MB", 2048) << 20,
        ..Limits::default()
    };
    let started = Instant::now();
    let outcome = solve(&game, &[0; 4], &limits);
    let seconds = started.elapsed().as_secs_f64();
    assert_eq!(outcome.status, Status::Lost);
    println!(
        "{positions} positions, key {} bytes, cycles {}: {} expansions in {seconds:.2} s = {:.0}/s; \
         table peak {} entries, {} bytes at the end = {:.1} bytes/entry, {} dropped; deepest path {}; \
         peak RSS {:.0} MB",
        game.key_bytes,
        game.cycles,
        outcome.nodes,
        outcome.nodes as f64 / seconds,
        outcome.peak_entries,
        outcome.table_bytes,
        outcome.table_bytes as f64 / outcome.peak_entries as f64,
        outcome.dropped,
        outcome.deepest,
        peak_rss_mb(),
    );
}

/// A ring of `n` positions, each linked to the next two: a depth-first path runs round most of
/// the ring, to measure what a deep path holds.
struct Ring {
    n: u32,
    key_bytes: usize,
}

impl SearchGame for Ring {
    type State = u32;

    fn is_won(&self, _state: &u32) -> bool {
        false
    }

    fn key(&self, state: &u32, out: &mut Vec<u8>) {
        let start = out.len();
        out.extend_from_slice(&state.to_le_bytes());
        out.resize(start + self.key_bytes.max(4), 0xa5);
    }

    fn normalize(&self, state: &u32, _moves: &mut Vec<Move>) -> u32 {
        *state
    }

    fn children(&self, state: &u32, order: Order, out: &mut Vec<Child<u32>>) {
        out.clear();
        let steps = if order == Order::Valued {
            [2, 1]
        } else {
            [1, 2]
        };
        for step in steps {
            let next = (state + step) % self.n;
            out.push(Child {
                moves: vec![Move::new(20, 20 + step as u8, 1)],
                state: next,
            });
        }
    }
}

#[test]
#[ignore]
fn memory_of_a_deep_path() {
    let game = Ring {
        n: env("BENCH_DEPTH", 1_000_000) as u32,
        key_bytes: env("BENCH_KEY_BYTES", 32),
    };
    let before = peak_rss_mb();
    let started = Instant::now();
    // the depth-first searches alone: best-first search would enter the whole ring itself
    let outcome = solve_with(&game, &0, &Limits::default(), &Shares::DEPTH_FIRST);
    let seconds = started.elapsed().as_secs_f64();
    assert_eq!(outcome.status, Status::Lost);
    let rss = peak_rss_mb() - before;
    let table_mb = outcome.table_bytes as f64 / (1 << 20) as f64;
    println!(
        "ring of {}: {} expansions in {seconds:.2} s; deepest path {}; peak RSS grew {rss:.0} MB, \
         of which table {table_mb:.0} MB: about {:.0} bytes per frame on the path",
        game.n,
        outcome.nodes,
        outcome.deepest,
        (rss - table_mb) * (1 << 20) as f64 / outcome.deepest as f64,
    );
}
