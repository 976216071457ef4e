//! The generic search on toy games whose answers are known: random graphs with cycles (checked
//! by brute force), a root whose first part is a huge lost subtree, lost games, a tiny table,
//! the stop flag and the clock. Every win's line is replayed in the toy game.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use patience_core::moves::Move;

mod common;
use common::{ring, Graph, Rng};
use patience_core::search::{
    solve, solve_with, Child, Limits, Order, Outcome, SearchGame, Shares, Status, SLICE,
};

fn unlimited() -> Limits {
    Limits::default()
}

fn check_against_brute_force(graph: &Graph, root: u16, limits: &Limits) -> Outcome {
    let outcome = solve(graph, &root, limits);
    let expected = if graph.brute_force(root) {
        Status::Won
    } else {
        Status::Lost
    };
    assert_eq!(outcome.status, expected, "root {root}");
    if outcome.status == Status::Won {
        assert!(
            graph.won[graph.replay(root, &outcome.moves) as usize],
            "the line wins"
        );
    } else {
        assert!(outcome.moves.is_empty());
    }
    assert_eq!(outcome.parts.iter().sum::<u64>(), outcome.nodes);
    outcome
}

#[test]
fn random_cyclic_graphs_match_brute_force() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut won, mut lost) = (0, 0);
    for round in 0..600 {
        let nodes = 2 + rng.below(80) as usize;
        let degree = 1 + rng.below(3);
        let mut graph = Graph::random(&mut rng, nodes, degree, [0, 3, 8, 30][round % 4]);
        graph.split_root = round % 3 == 0;
        let root = rng.below(nodes as u64) as u16;
        match check_against_brute_force(&graph, root, &unlimited()).status {
            Status::Won => won += 1,
            _ => lost += 1,
        }
    }
    assert!(
        won > 100 && lost > 100,
        "both answers are tested: {won} won, {lost} lost"
    );
}

#[test]
fn a_tiny_table_gives_the_same_answers() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut dropped = 0;
    for round in 0..300 {
        let nodes = 2 + rng.below(14) as usize;
        let graph = Graph::random(&mut rng, nodes, 3, [0, 12, 40][round % 3]);
        let root = rng.below(nodes as u64) as u16;
        let roomy = check_against_brute_force(&graph, root, &unlimited());
        for table_bytes in [0, 200, 300] {
            let tight = Limits {
                table_bytes,
                ..Limits::default()
            };
            let outcome = check_against_brute_force(&graph, root, &tight);
            assert!(outcome.nodes >= roomy.nodes || outcome.status == Status::Won);
            dropped += outcome.dropped;
        }
    }
    assert!(dropped > 0, "the cap was felt");
}

#[test]
fn a_won_root_and_a_won_part_need_no_expansion() {
    let graph = Graph {
        edges: vec![vec![1], vec![0]],
        won: vec![false, true],
        values: Vec::new(),
        split_root: false,
    };
    let outcome = solve(&graph, &0, &unlimited());
    assert_eq!((outcome.status, outcome.nodes), (Status::Won, 0));
    assert_eq!(graph.replay(0, &outcome.moves), 1);
}

#[test]
fn a_lost_game_is_lost_and_a_small_budget_is_unknown() {
    let graph = ring(5000);
    let outcome = solve(&graph, &0, &unlimited());
    assert_eq!(outcome.status, Status::Lost);
    assert!(
        outcome.nodes >= 5000,
        "every position entered: {}",
        outcome.nodes
    );
    assert_eq!(outcome.peak_entries, 5000);
    for max_nodes in [0, 1, 100, 4000] {
        let small = Limits {
            max_nodes: Some(max_nodes),
            ..Limits::default()
        };
        let outcome = solve(&graph, &0, &small);
        assert_eq!(outcome.status, Status::Unknown, "{max_nodes}");
        assert!(outcome.nodes <= max_nodes);
        assert!(outcome.moves.is_empty());
    }
    // Just enough budget for the whole game: still a proof.
    let exact = Limits {
        max_nodes: Some(outcome.nodes),
        ..Limits::default()
    };
    assert_eq!(solve(&graph, &0, &exact).status, Status::Lost);
}

/// A root with two parts: the first a complete binary tree of depth 60 with no win (far more
/// positions than any budget), the second won two moves in.
struct Trap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TrapState {
    part: u8,
    depth: u8,
    bits: u64,
}

impl SearchGame for Trap {
    type State = TrapState;

    fn is_won(&self, state: &TrapState) -> bool {
        state.part == 1 && state.depth == 2
    }

    fn key(&self, state: &TrapState, out: &mut Vec<u8>) {
        out.push(state.part);
        out.push(state.depth);
        out.extend_from_slice(&state.bits.to_le_bytes());
    }

    fn normalize(&self, state: &TrapState, _moves: &mut Vec<Move>) -> TrapState {
        *state
    }

    fn children(&self, state: &TrapState, order: Order, out: &mut Vec<Child<TrapState>>) {
        out.clear();
        if state.part == 255 || (state.part == 0 && state.depth == 60) {
            return;
        }
        let mut branch: Vec<u64> = if state.part == 0 { vec![0, 1] } else { vec![0] };
        if order == Order::Valued {
            branch.reverse();
        }
        for b in branch {
            let next = TrapState {
                part: state.part,
                depth: state.depth + 1,
                bits: state.bits * 2 + b,
            };
            out.push(Child {
                moves: vec![Move::new(20 + state.part, 20 + b as u8, 1)],
                state: next,
            });
        }
    }

    fn split(&self, state: &TrapState) -> Vec<Child<TrapState>> {
        if state.part != 255 {
            return vec![Child {
                moves: Vec::new(),
                state: *state,
            }];
        }
        (0..2)
            .map(|part| Child {
                moves: vec![Move::new(1, 20 + part, 1)],
                state: TrapState {
                    part,
                    depth: 0,
                    bits: 0,
                },
            })
            .collect()
    }
}

const TRAP_ROOT: TrapState = TrapState {
    part: 255,
    depth: 0,
    bits: 0,
};

#[test]
fn every_part_gets_its_share() {
    let limits = Limits {
        max_nodes: Some(4000),
        ..Limits::default()
    };
    for shares in [Shares::DEFAULT, Shares::DEPTH_FIRST] {
        let outcome = solve_with(&Trap, &TRAP_ROOT, &limits, &shares);
        assert_eq!(outcome.status, Status::Won);
        assert_eq!(
            outcome.moves,
            vec![
                Move::new(1, 21, 1),
                Move::new(21, 20, 1),
                Move::new(21, 20, 1)
            ]
        );
        assert_eq!(outcome.parts.len(), 2);
        assert!(
            outcome.parts[0] > 0 && outcome.parts[1] > 0,
            "{:?}",
            outcome.parts
        );
        let round = (shares.best + shares.valued + shares.plain) as u64 * SLICE;
        assert!(
            outcome.nodes <= 2 * round + 10,
            "won in the first round: {}",
            outcome.nodes
        );
    }
}

#[test]
fn the_stop_flag_stops_a_search_from_another_thread() {
    let stop = Arc::new(AtomicBool::new(true));
    let limits = Limits {
        stop: Some(stop.clone()),
        ..Limits::default()
    };
    let outcome = solve(
        &Trap,
        &TrapState {
            part: 0,
            depth: 0,
            bits: 0,
        },
        &limits,
    );
    assert_eq!(
        (outcome.status, outcome.nodes),
        (Status::Unknown, 0),
        "a flag set before: no work"
    );

    stop.store(false, Ordering::Relaxed);
    let flag = stop.clone();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let started = Instant::now();
    let outcome = solve(
        &Trap,
        &TrapState {
            part: 0,
            depth: 0,
            bits: 0,
        },
        &limits,
    );
    setter.join().unwrap();
    assert_eq!(outcome.status, Status::Unknown);
    assert!(outcome.nodes > 0);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "stopped soon after the flag"
    );
}

#[test]
fn the_clock_stops_a_search() {
    let limits = Limits {
        max_seconds: Some(0.05),
        ..Limits::default()
    };
    let started = Instant::now();
    let outcome = solve(
        &Trap,
        &TrapState {
            part: 0,
            depth: 0,
            bits: 0,
        },
        &limits,
    );
    assert_eq!(outcome.status, Status::Unknown);
    assert!(outcome.seconds >= 0.05 && started.elapsed() < Duration::from_secs(5));
}

/// One part whose root's first child in the valued order is a huge lost subtree and in the plain
/// order a gate to a win: the valued search runs first and sinks, the plain one gets its slice.
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

    fn children(&self, state: &(u8, u64), order: Order, out: &mut Vec<Child<(u8, u64)>>) {
        out.clear();
        // The root (0, 0): the gate (3, 0) then the trap (2, 1) in the plain order; below the
        // trap, a binary tree of 2^40 lost positions; below the gate, the win.
        let mut kids = match state {
            (0, _) => vec![(3, 0), (2, 1)],
            (3, _) => vec![(1, 0)],
            (_, n) if *n >= 1 << 40 => vec![],
            (_, n) => vec![(2, n * 2 + 1), (2, n * 2 + 2)],
        };
        if order == Order::Valued {
            kids.reverse();
        }
        for (i, kid) in kids.into_iter().enumerate() {
            out.push(Child {
                moves: vec![Move::new(20, 21 + i as u8, 1)],
                state: kid,
            });
        }
    }
}

#[test]
fn both_orders_run_side_by_side() {
    let limits = Limits {
        max_nodes: Some(1000),
        ..Limits::default()
    };
    let outcome = solve_with(&Sink, &(0, 0), &limits, &Shares::DEPTH_FIRST);
    assert_eq!(outcome.status, Status::Won);
    assert_eq!(
        outcome.moves,
        vec![Move::new(20, 21, 1); 2],
        "the plain order's line"
    );
    assert!(
        outcome.nodes > SLICE && outcome.nodes <= SLICE + 3,
        "{}",
        outcome.nodes
    );
}

#[test]
fn paths_past_their_cap_give_unknown_never_a_wrong_answer() {
    let mut rng = Rng(0x0bad_cafe_f00d_d00d);
    let (mut capped, mut kept) = (0, 0);
    for round in 0..300 {
        let nodes = 20 + rng.below(60) as usize;
        let graph = Graph::random(&mut rng, nodes, 2, [0, 8, 30][round % 3]);
        let root = rng.below(nodes as u64) as u16;
        let expected = if graph.brute_force(root) {
            Status::Won
        } else {
            Status::Lost
        };
        for path_bytes in [0, 2_000, 1 << 30] {
            let limits = Limits {
                path_bytes: Some(path_bytes),
                ..Limits::default()
            };
            let outcome = solve(&graph, &root, &limits);
            if outcome.memory_spent {
                assert_eq!(
                    outcome.status,
                    Status::Unknown,
                    "a capped search answers unknown"
                );
                assert!(outcome.moves.is_empty());
                capped += 1;
            } else {
                assert!(outcome.status == expected || outcome.status == Status::Unknown);
                assert_ne!(outcome.status, Status::Unknown, "no other budget was set");
                kept += 1;
            }
        }
    }
    assert!(
        capped > 50 && kept > 300,
        "both sides are tested: {capped} capped, {kept} answered"
    );
}
