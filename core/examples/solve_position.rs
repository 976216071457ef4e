//! Solve one Union Square position, read as the project's position text from standard input, with
//! the shares of `SHARES` (as `solve_range`): for comparing portfolios on a hard position.
//!
//! `echo "$TEXT" | cargo run --release --example solve_position -- [MAX_NODES]`

use std::io::Read;

use patience_core::search::{solve_with, Limits, SearchGame};
use patience_core::union_square;

fn main() {
    let max_nodes: u64 = std::env::args()
        .nth(1)
        .map_or(2_000_000, |a| a.parse().expect("MAX_NODES"));
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .expect("a position on standard input");
    let state = union_square::parse_position(text.trim()).expect("a Union Square position");
    let default = union_square::UnionSquare::SHARES;
    let shares = match std::env::var("SHARES") {
        Ok(text) => default
            .with_text(&text)
            .expect("SHARES=best,valued,plain[,batch[,best_leads[,alone]]]"),
        Err(_) => default,
    };
    let limits = Limits {
        max_nodes: Some(max_nodes),
        ..Limits::default()
    };
    let outcome = solve_with(&union_square::UnionSquare, &state, &limits, &shares);
    println!(
        "{:?}: {:?} in {} positions ({} best-first, {} handed), {:.2} s, {} moves",
        shares,
        outcome.status,
        outcome.nodes,
        outcome.best_nodes,
        outcome.handed,
        outcome.seconds,
        outcome.moves.len()
    );
}
