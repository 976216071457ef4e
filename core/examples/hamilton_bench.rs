//! Speed of Hamilton's rules and search view: perft (legal moves + apply) on the perft files'
//! positions, and children (moves, safe closures, keys, dedupe, dead-end test) per second.
//!
//! `cargo run --release --example hamilton_bench [max-depth]`

use patience_core::hamilton::{apply, legal_moves, numbered_deal, parse_position, Hamilton, State};
use patience_core::search::{Order, SearchGame};
use std::time::Instant;

fn perft(state: &State, depth: usize, moves: &mut Vec<Vec<patience_core::moves::Move>>) -> u64 {
    let mut mine = std::mem::take(&mut moves[depth]);
    legal_moves(state, &mut mine);
    let n = if depth == 1 {
        mine.len() as u64
    } else {
        mine.iter()
            .map(|&m| perft(&apply(state, m), depth - 1, moves))
            .sum()
    };
    moves[depth] = mine;
    n
}

fn main() {
    let max_depth: usize = std::env::args().nth(1).map_or(6, |a| a.parse().unwrap());
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/perft");
    for name in [
        "published-1",
        "published-2",
        "published-3",
        "midgame-start-8",
        "late-start-ace",
    ] {
        let text = std::fs::read_to_string(format!("{dir}/hamilton-{name}.json")).unwrap();
        let data: serde_json::Value = serde_json::from_str(&text).unwrap();
        let state = parse_position(data["position"].as_str().unwrap()).unwrap();
        let mut buffers = vec![Vec::with_capacity(64); max_depth + 1];
        let mut inner = 1u64; // the root
        for depth in 1..=max_depth {
            let t = Instant::now();
            let n = perft(&state, depth, &mut buffers);
            let s = t.elapsed().as_secs_f64();
            inner += n; // the positions of this depth are the next depth's interior
            if s > 0.05 || depth == max_depth {
                // interior: positions whose moves are generated and applied (leaves are only counted)
                let interior = inner - n;
                println!(
                    "{name:16} perft({depth}) = {n:>11}  {s:7.3} s  {:5.1} M leaves/s  {:5.2} M positions/s",
                    n as f64 / s / 1e6,
                    interior as f64 / s / 1e6
                );
            }
            if s > 1.0 {
                break;
            }
        }
    }
    // children: expand positions met on greedy walks from numbered deals (first child each time)
    let game = Hamilton;
    for dead_ends in [true, false] {
        walk(&game, dead_ends);
    }
}

fn walk(game: &Hamilton, dead_ends: bool) {
    let mut kids = Vec::new();
    let (mut parents, mut children) = (0u64, 0u64);
    let t = Instant::now();
    for order in [Order::Valued, Order::Plain] {
        for deal in 1..=2000u64 {
            for part in game.split(&numbered_deal(deal)) {
                let mut state = part.state;
                for step in 0..60 {
                    game.children_with(&state, order, dead_ends, &mut kids);
                    parents += 1;
                    children += kids.len() as u64;
                    if kids.is_empty() {
                        break;
                    }
                    state = kids[(step * 7 + deal as usize) % kids.len()].state;
                }
            }
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "children (dead-end test {}): {parents} parents, {children} children in {s:.2} s: {:.0} parents/s, {:.0} children/s",
        if dead_ends { "on" } else { "off" },
        parents as f64 / s,
        children as f64 / s
    );
}
