//! Best-first search in the portfolio, on toy games whose answers are known: random graphs with
//! cycles and values (checked by brute force) under several shares, a memory share so small
//! that best-first search hands its heap to depth-first search at once, and a game where both
//! depth-first searches sink while best-first search wins in three expansions. Every win's line
//! is replayed in the toy game.

use patience_core::moves::Move;

mod common;
use common::{ring, Graph, Rng};
use patience_core::search::{
    solve_with, Child, Limits, Order, Outcome, SearchGame, Shares, Status, SLICE,
};

fn check(graph: &Graph, root: u16, limits: &Limits, shares: &Shares) -> Outcome {
    let outcome = solve_with(graph, &root, limits, shares);
    let expected = if graph.brute_force(root) {
        Status::Won
    } else {
        Status::Lost
    };
    assert_eq!(outcome.status, expected, "root {root}, {shares:?}");
    if outcome.status == Status::Won {
        assert!(
            graph.won[graph.replay(root, &outcome.moves) as usize],
            "the line wins"
        );
    }
    assert_eq!(outcome.parts.iter().sum::<u64>(), outcome.nodes);
    outcome
}

const BEST_ONLY: Shares = Shares {
    best: 1,
    valued: 0,
    plain: 0,
    best_bytes: None,
    batch: 0,
    best_leads: true,
    alone: 0,
};

const FOLLOWING: Shares = Shares {
    best_leads: false,
    ..Shares::DEFAULT
};

#[test]
fn random_cyclic_graphs_match_brute_force_under_every_share() {
    let mut rng = Rng(0x5151_7c3a_9e37_79b9);
    let (mut won, mut lost) = (0, 0);
    let shares = [
        Shares::DEFAULT,
        BEST_ONLY,
        Shares {
            best: 1,
            valued: 0,
            plain: 1,
            best_bytes: None,
            batch: 0,
            best_leads: true,
            alone: 0,
        },
        Shares {
            best: 1,
            valued: 2,
            plain: 0,
            best_bytes: None,
            batch: 0,
            best_leads: true,
            alone: 0,
        },
        Shares {
            batch: 1,
            ..BEST_ONLY
        },
        Shares {
            batch: 2,
            ..Shares::DEFAULT
        },
        Shares {
            best_leads: false,
            ..Shares::DEFAULT
        },
        // best-first search alone first (won or lost there, or undecided and the portfolio after)
        Shares {
            alone: 1,
            ..Shares::DEFAULT
        },
        Shares {
            alone: 5,
            ..FOLLOWING
        },
        Shares {
            alone: 200,
            batch: 1,
            ..FOLLOWING
        },
    ];
    for round in 0..400 {
        let nodes = 2 + rng.below(120) as usize;
        let degree = 1 + rng.below(3);
        let graph =
            Graph::random(&mut rng, nodes, degree, [0, 3, 10, 40][round % 4]).with_values(&mut rng);
        let root = rng.below(nodes as u64) as u16;
        for share in &shares {
            match check(&graph, root, &Limits::default(), share).status {
                Status::Won => won += 1,
                _ => lost += 1,
            }
        }
    }
    assert!(
        won > 200 && lost > 200,
        "both answers are tested: {won} won, {lost} lost"
    );
}

#[test]
fn a_tiny_memory_share_hands_the_heap_over_and_answers_the_same() {
    let mut rng = Rng(0x0ddb_a11c_afe0_1234);
    let (mut handed_won, mut handed_lost) = (0, 0);
    for round in 0..400 {
        let nodes = 2 + rng.below(120) as usize;
        let degree = 2 + rng.below(2);
        let graph =
            Graph::random(&mut rng, nodes, degree, [0, 10, 40][round % 3]).with_values(&mut rng);
        let root = rng.below(nodes as u64) as u16;
        // room for a few dozen entries only, then the rest goes to depth-first search; with a
        // tiny table too on small graphs (a depth-first search that forgets is exponential)
        let tiny_table = if nodes <= 16 { 400 } else { usize::MAX };
        for (best_bytes, table_bytes) in [(0, usize::MAX), (300, usize::MAX), (600, tiny_table)] {
            let limits = Limits {
                table_bytes,
                ..Limits::default()
            };
            for (shares, batch) in [
                (BEST_ONLY, 0),
                (BEST_ONLY, 1),
                (Shares::DEFAULT, 0),
                (FOLLOWING, 1),
            ] {
                let shares = Shares {
                    best_bytes: Some(best_bytes),
                    batch,
                    ..shares
                };
                let outcome = check(&graph, root, &limits, &shares);
                if outcome.handed > 0 && shares.valued + shares.plain == 0 {
                    match outcome.status {
                        Status::Won => handed_won += 1,
                        _ => handed_lost += 1,
                    }
                }
            }
        }
    }
    assert!(
        handed_won > 100 && handed_lost > 100,
        "handed over: {handed_won} won, {handed_lost} lost"
    );
}

/// A ring of `n` lost positions, each linking to the next two, valued: every one must be entered.
fn valued_ring(n: usize) -> Graph {
    Graph {
        values: (0..n as i64).map(|i| i % 5).collect(),
        ..ring(n)
    }
}

#[test]
fn a_lost_game_needs_every_owner_to_run_out() {
    let graph = valued_ring(5000);
    for shares in [
        Shares::DEFAULT,
        BEST_ONLY,
        Shares {
            best_bytes: Some(2000),
            ..BEST_ONLY
        },
    ] {
        let outcome = solve_with(&graph, &0, &Limits::default(), &shares);
        assert_eq!(outcome.status, Status::Lost, "{shares:?}");
        assert_eq!(outcome.peak_entries, 5000);
        assert!(
            outcome.nodes >= 5000,
            "every position expanded: {}",
            outcome.nodes
        );
        assert_eq!(outcome.handed > 0, shares.best_bytes.is_some());
        let short = Limits {
            max_nodes: Some(outcome.nodes - 1),
            ..Limits::default()
        };
        assert_eq!(
            solve_with(&graph, &0, &short, &shares).status,
            Status::Unknown
        );
    }
}

/// The root's two most valued children are traps (each a binary tree of 2^40 lost positions of
/// value 0, listed first in both orders); the third, of value 5, leads straight to the win.
struct Sink;

impl SearchGame for Sink {
    type State = (u8, u64);

    fn is_won(&self, state: &(u8, u64)) -> bool {
        state.0 == 1
    }

    fn key(&self, state: &(u8, u64), out: &mut Vec<u8>) {
        out.push(state.0);
        out.extend_from_slice(&state.1.to_le_bytes());
    }

    fn normalize(&self, state: &(u8, u64), _moves: &mut Vec<Move>) -> (u8, u64) {
        *state
    }

    fn children(&self, state: &(u8, u64), _order: Order, out: &mut Vec<Child<(u8, u64)>>) {
        out.clear();
        let kids = match *state {
            (0, _) => vec![(2, 0), (4, 0), (3, 0)],
            (3, _) => vec![(1, 0)],
            (_, n) if n >= 1 << 40 => vec![],
            (trap, n) => vec![(trap, n * 2 + 1), (trap, n * 2 + 2)],
        };
        for (i, kid) in kids.into_iter().enumerate() {
            out.push(Child {
                moves: vec![Move::new(20, 21 + i as u8, 1)],
                state: kid,
            });
        }
    }

    fn value(&self, state: &(u8, u64)) -> i64 {
        match *state {
            (2, 0) => 10,
            (4, 0) => 9,
            (3, 0) => 5,
            _ => 0,
        }
    }
}

#[test]
fn best_first_search_wins_where_depth_first_search_sinks() {
    let limits = Limits {
        max_nodes: Some(5000),
        ..Limits::default()
    };
    let outcome = solve_with(&Sink, &(0, 0), &limits, &Shares::DEFAULT);
    assert_eq!(outcome.status, Status::Won);
    assert_eq!(
        outcome.moves,
        vec![Move::new(20, 23, 1), Move::new(20, 21, 1)]
    );
    assert_eq!(
        (outcome.nodes, outcome.best_nodes),
        (4, 4),
        "the root, both traps' roots, the gate"
    );
    // following the depth-first searches (each sinks into a trap), it wins in its first turn
    let following = solve_with(&Sink, &(0, 0), &limits, &FOLLOWING);
    assert_eq!(following.moves, outcome.moves);
    assert_eq!((following.nodes, following.best_nodes), (2 * SLICE + 2, 2));
    let without = solve_with(&Sink, &(0, 0), &limits, &Shares::DEPTH_FIRST);
    assert_eq!(
        (without.status, without.nodes),
        (Status::Unknown, 5000),
        "both orders sink"
    );
}
