//! Solve a range of numbered deals and summarize: decided and won counts, median / p95 / max
//! seconds and expansions per second over the range. Every win's line is replayed with the
//! Rust rules (each move legal, the last position won).
//!
//! `cargo run --release --example solve_range -- GAME FIRST LAST [MAX_NODES] [OUT.jsonl]`
//! (GAME: hamilton or union-square; MAX_NODES defaults to 2,000,000). One JSON line per deal
//! goes to OUT.jsonl when given. The environment variable SHARES=best,valued,plain[,batch[,best_leads 0/1[,alone]]] sets the
//! slices per round (default: the game's `SearchGame::SHARES`; 0,1,1 is the portfolio before
//! best-first search).
//!
//! Measured (release, 2 shared cores under load, 2,000,000 positions per deal):
//!
//! | deals | portfolio | decided | positions median / p95 / max | seconds median / p95 / max |
//! |---|---|---|---|---|
//! | Hamilton 203001-203200 | 2 depth-first | 200 (180 won) | 3,205 / 83,435 / 1,007,265 | 0.018 / 0.464 / 11.3 |
//! | Hamilton 203001-203200 | 3 best : 1 : 1, best leads | 200 (180 won) | 1,630 / 30,664 / 217,401 | 0.005 / 0.084 / 0.92 |
//! | Union Square 100001-100100 | 2 depth-first | 99 (1 unknown) | 600 / 6,081 / 2,000,000 | 0.027 / 0.328 / 28.0 |
//! | Union Square 100001-100100 | 3 best : 1 : 1, best follows | 100 | 1,368 / 5,750 / 10,380 | 0.089 / 0.454 / 0.76 |
//! | Union Square 100001-100100 | the same, 20,000 alone first (`Shares::alone`) | 100 | 448 / 6,567 / 66,740 | 0.040 / 0.225 / 0.82 |

use std::io::Write;
use std::time::Instant;

use patience_core::moves::Move;
use patience_core::search::{solve_with, Limits, Outcome, SearchGame, Shares, Status};
use patience_core::{hamilton, union_square};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: solve_range GAME FIRST LAST [MAX_NODES] [OUT.jsonl]";
    let game = args.first().expect(usage).as_str();
    let first: u64 = args.get(1).expect(usage).parse().expect(usage);
    let last: u64 = args.get(2).expect(usage).parse().expect(usage);
    let max_nodes: u64 = args.get(3).map_or(2_000_000, |a| a.parse().expect(usage));
    let mut out = args
        .get(4)
        .map(|p| std::fs::File::create(p).expect("the output file"));
    let limits = Limits {
        max_nodes: Some(max_nodes),
        ..Limits::default()
    };
    let shares = |default: Shares| match std::env::var("SHARES") {
        Ok(text) => default
            .with_text(&text)
            .expect("SHARES=best,valued,plain[,batch[,best_leads[,alone]]]"),
        Err(_) => default,
    };
    let ham_shares = shares(hamilton::Hamilton::SHARES);
    let us_shares = shares(union_square::UnionSquare::SHARES);
    println!("shares: hamilton {ham_shares:?}, union-square {us_shares:?}");
    let mut rows: Vec<(u64, Outcome)> = Vec::new();
    let started = Instant::now();
    for deal in first..=last {
        let outcome = match game {
            "hamilton" => {
                let state = hamilton::numbered_deal(deal);
                let outcome = solve_with(&hamilton::Hamilton, &state, &limits, &ham_shares);
                if outcome.status == Status::Won {
                    check(
                        &outcome.moves,
                        state,
                        hamilton::is_legal,
                        hamilton::apply,
                        hamilton::is_won,
                    );
                }
                outcome
            }
            "union-square" => {
                let state = union_square::numbered_deal(deal);
                let outcome = solve_with(&union_square::UnionSquare, &state, &limits, &us_shares);
                if outcome.status == Status::Won {
                    let apply = |s: &union_square::State, m: Move| {
                        let mut next = s.clone();
                        union_square::apply_in_place(&mut next, m);
                        next
                    };
                    check(
                        &outcome.moves,
                        state,
                        union_square::is_legal,
                        apply,
                        union_square::is_won,
                    );
                }
                outcome
            }
            _ => panic!("{usage}"),
        };
        if let Some(file) = out.as_mut() {
            writeln!(
                file,
                "{{\"game\": \"{game}\", \"deal\": {deal}, \"outcome\": \"{}\", \"seconds\": {:.4}, \
                 \"nodes\": {}, \"best_nodes\": {}, \"handed\": {}, \"moves\": {}}}",
                status_text(outcome.status),
                outcome.seconds,
                outcome.nodes,
                outcome.best_nodes,
                outcome.handed,
                outcome.moves.len()
            )
            .expect("a row written");
        }
        rows.push((deal, outcome));
    }
    summarize(game, max_nodes, &rows, started.elapsed().as_secs_f64());
}

fn status_text(status: Status) -> &'static str {
    match status {
        Status::Won => "won",
        Status::Lost => "lost",
        Status::Unknown => "unknown",
    }
}

/// Replay `line` from `state`: every move legal, the end won.
fn check<S>(
    line: &[Move],
    mut state: S,
    is_legal: impl Fn(&S, Move) -> bool,
    apply: impl Fn(&S, Move) -> S,
    is_won: impl Fn(&S) -> bool,
) {
    for &m in line {
        assert!(
            is_legal(&state, m),
            "illegal move {} in a winning line",
            m.text()
        );
        state = apply(&state, m);
    }
    assert!(is_won(&state), "a winning line that does not win");
}

fn summarize(game: &str, max_nodes: u64, rows: &[(u64, Outcome)], wall: f64) {
    let count = |s: Status| rows.iter().filter(|r| r.1.status == s).count();
    let (won, lost, unknown) = (
        count(Status::Won),
        count(Status::Lost),
        count(Status::Unknown),
    );
    let mut seconds: Vec<f64> = rows.iter().map(|r| r.1.seconds).collect();
    seconds.sort_by(f64::total_cmp);
    let mut nodes: Vec<u64> = rows.iter().map(|r| r.1.nodes).collect();
    nodes.sort_unstable();
    let at = |q: f64| ((rows.len() as f64 - 1.0) * q).round() as usize;
    let total_nodes: u64 = nodes.iter().sum();
    let total_seconds: f64 = seconds.iter().sum();
    println!(
        "{game} {}-{} at {max_nodes} positions: {} decided ({won} won, {lost} lost), {unknown} unknown",
        rows.first().map_or(0, |r| r.0),
        rows.last().map_or(0, |r| r.0),
        won + lost
    );
    println!(
        "  seconds: median {:.3}, p95 {:.3}, max {:.3}; total {:.1} (wall {:.1})",
        seconds[at(0.5)],
        seconds[at(0.95)],
        seconds[rows.len() - 1],
        total_seconds,
        wall
    );
    let handed = rows.iter().filter(|r| r.1.handed > 0).count();
    let best: u64 = rows.iter().map(|r| r.1.best_nodes).sum();
    println!("  best-first: {best} expansions before any hand-over, {handed} deals handed over");
    println!(
        "  positions: median {}, p95 {}, max {}; {:.0} positions/s",
        nodes[at(0.5)],
        nodes[at(0.95)],
        nodes[rows.len() - 1],
        total_nodes as f64 / total_seconds
    );
}
