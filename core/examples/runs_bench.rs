//! Time Union Square's run view (the looser games) on a range of numbered deals:
//! `cargo run --release --example runs_bench -- 100001 100100`.

use std::time::Instant;

use patience_core::union_square::numbered_deal;
use patience_core::union_square::runs::{looser, LooserAnswer, LooserLimits};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a deal number"))
        .collect();
    let (first, last) = match args[..] {
        [a, b] => (a, b),
        _ => (100_001, 100_100),
    };
    let started = Instant::now();
    let (mut nodes, mut won) = (0, 0);
    for deal in first..=last {
        let found = looser(&numbered_deal(deal), &LooserLimits::default());
        nodes += found.nodes;
        won += matches!(found.answer, LooserAnswer::Won(_)) as u32;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!("deals {first}-{last}: {won} won, {nodes} positions, {seconds:.3} s");
}
