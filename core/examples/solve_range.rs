//! Whole solves of numbered deals, one after another on one core: how many were decided and
//! won, the median, 95th percentile and longest solve, and positions expanded per second over
//! the whole range (the figure the compiled core is judged by).
//!
//! `cargo run --release --example solve_range -- GAME FIRST LAST [MAX_NODES] [--list]`
//! where GAME is `hamilton` or `union-square`; MAX_NODES defaults to 200000; `--list` prints
//! each deal's answer (to compare two builds: the answers must not change).

use std::time::Instant;

use patience_core::hamilton::{self, Hamilton};
use patience_core::search::{solve, Limits, Outcome, SearchGame, Status};
use patience_core::union_square::{self, UnionSquare};

fn run<G: SearchGame>(
    game: &G,
    deal: impl Fn(u64) -> G::State,
    first: u64,
    last: u64,
    limits: &Limits,
    list: bool,
) {
    let mut seconds = Vec::new();
    let (mut won, mut lost, mut nodes) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    let cpu_started = cpu_seconds();
    for n in first..=last {
        let state = deal(n);
        let outcome: Outcome = solve(game, &state, limits);
        match outcome.status {
            Status::Won => won += 1,
            Status::Lost => lost += 1,
            Status::Unknown => {}
        }
        if list {
            println!(
                "{n} {:?} nodes={} moves={} peak={} seconds={:.3}",
                outcome.status,
                outcome.nodes,
                outcome.moves.len(),
                outcome.peak_entries,
                outcome.seconds
            );
        }
        nodes += outcome.nodes;
        seconds.push(outcome.seconds);
    }
    let total = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu_started).map(|(end, start)| end - start);
    seconds.sort_by(f64::total_cmp);
    let at = |q: f64| seconds[((seconds.len() - 1) as f64 * q).round() as usize];
    println!(
        "deals {first}-{last}: {} decided ({won} won, {lost} lost), {} unknown; \
         seconds median {:.3} p95 {:.3} max {:.3}; {nodes} positions in {total:.2} s: {:.0} positions/s{}",
        won + lost,
        seconds.len() as u64 - won - lost,
        at(0.5),
        at(0.95),
        at(1.0),
        nodes as f64 / total,
        cpu.map_or(String::new(), |c| format!(
            " ({c:.2} s on the CPU: {:.0} positions per CPU second)",
            nodes as f64 / c
        ))
    );
}

/// The seconds this thread has run on a CPU (Linux's `/proc/thread-self/schedstat`): on a
/// shared machine, a steadier measure than the wall clock.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let list = args.iter().any(|a| a == "--list");
    let args: Vec<&String> = args.iter().filter(|a| *a != "--list").collect();
    let usage = "usage: solve_range GAME FIRST LAST [MAX_NODES] [--list]";
    let game = args.first().expect(usage).as_str();
    let first: u64 = args.get(1).expect(usage).parse().expect(usage);
    let last: u64 = args.get(2).expect(usage).parse().expect(usage);
    let max_nodes: u64 = args.get(3).map_or(200_000, |a| a.parse().expect(usage));
    let limits = Limits { max_nodes: Some(max_nodes), ..Limits::default() };
    match game {
        "hamilton" => run(&Hamilton, hamilton::numbered_deal, first, last, &limits, list),
        "union-square" => run(&UnionSquare, union_square::numbered_deal, first, last, &limits, list),
        other => panic!("no game {other:?}; {usage}"),
    }
}
