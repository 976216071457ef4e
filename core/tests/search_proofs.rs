//! Proofs kept from one search to the next (`solve_proving`): on random graphs, every answer
//! with the proofs of earlier searches is the brute-force answer, and a position proven lost is
//! not searched again.

mod common;

use common::{Graph, Rng};
use patience_core::search::{solve_proving, Limits, Proofs, Status};

fn limits(table_bytes: usize) -> Limits {
    Limits {
        table_bytes,
        ..Limits::default()
    }
}

#[test]
fn answers_with_kept_proofs_are_the_brute_force_answers() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut lost_seen = 0;
    for round in 0..300 {
        let nodes = 20 + rng.below(200) as usize;
        let won_one_in = 25 + rng.below(60);
        let graph = Graph::random(&mut rng, nodes, 3, won_one_in);
        // Small tables and a small proofs store on some rounds: dropped keys must not matter.
        let table = if round % 3 == 0 { 300 } else { usize::MAX };
        let mut proofs = Proofs::new(if round % 2 == 0 { 400 } else { usize::MAX });
        for _ in 0..8 {
            let root = rng.below(nodes as u64) as u16;
            let outcome = solve_proving(&graph, &root, &limits(table), &mut proofs);
            let expected = graph.brute_force(root);
            match outcome.status {
                Status::Won => {
                    assert!(expected, "round {round}: root {root} won but lost");
                    assert!(graph.won[graph.replay(root, &outcome.moves) as usize]);
                }
                Status::Lost => {
                    assert!(!expected, "round {round}: root {root} lost but won");
                    lost_seen += 1;
                }
                Status::Unknown => panic!("round {round}: no budget was set"),
            }
        }
    }
    assert!(
        lost_seen > 100,
        "the graphs give losses to keep: {lost_seen}"
    );
}

#[test]
fn a_position_proven_lost_is_not_searched_again() {
    let mut rng = Rng(7);
    let mut checked = 0;
    for _ in 0..200 {
        let graph = Graph::random(&mut rng, 150, 3, 0); // nothing is won
        let mut proofs = Proofs::new(usize::MAX);
        let first = solve_proving(&graph, &0, &limits(usize::MAX), &mut proofs);
        assert_eq!(first.status, Status::Lost);
        if first.nodes < 3 {
            continue;
        }
        checked += 1;
        let again = solve_proving(&graph, &0, &limits(usize::MAX), &mut proofs);
        assert_eq!((again.status, again.nodes), (Status::Lost, 0));
        // Every position reachable from the root was entered, so it is lost at once as well.
        for node in reachable(&graph, 0) {
            let later = solve_proving(&graph, &node, &limits(usize::MAX), &mut proofs);
            assert_eq!(
                (later.status, later.nodes),
                (Status::Lost, 0),
                "node {node}"
            );
        }
    }
    assert!(checked > 20);
}

fn reachable(graph: &Graph, from: u16) -> Vec<u16> {
    let mut seen = vec![false; graph.edges.len()];
    let mut stack = vec![from];
    seen[from as usize] = true;
    while let Some(node) = stack.pop() {
        for &to in &graph.edges[node as usize] {
            if !seen[to as usize] {
                seen[to as usize] = true;
                stack.push(to);
            }
        }
    }
    (0..graph.edges.len() as u16)
        .filter(|&n| seen[n as usize])
        .collect()
}
