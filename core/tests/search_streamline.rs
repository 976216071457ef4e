//! The streamliner (`SearchGame::STREAMLINE_FIRST`, `streamlined_children`): best-first search of
//! a smaller game alone on a share of the budget, then the whole search. On random graphs whose
//! smaller game drops some edges, the answers are brute force's on the whole graph: a win the
//! smaller game cannot reach is still found, and its running out never makes a loss.

use patience_core::moves::Move;

mod common;
use common::{Graph, Rng};
use patience_core::search::{
    solve, solve_proving, Child, Limits, Order, Proofs, SearchGame, Status,
};

/// A graph whose smaller game keeps only the edges `keep` allows (by the edge's ends).
struct Narrowed {
    graph: Graph,
    /// `seed` picks which edges the smaller game drops (about one in `drop_one_in`; 1: all).
    seed: u64,
    drop_one_in: u64,
}

impl Narrowed {
    fn keeps(&self, from: u16, to: u16) -> bool {
        let h = (self.seed ^ (from as u64) << 16 ^ to as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        !(h >> 40).is_multiple_of(self.drop_one_in)
    }
}

impl SearchGame for Narrowed {
    type State = u16;
    const STREAMLINE_FIRST: f64 = 0.5;

    fn is_won(&self, state: &u16) -> bool {
        self.graph.is_won(state)
    }

    fn key(&self, state: &u16, out: &mut Vec<u8>) {
        self.graph.key(state, out);
    }

    fn normalize(&self, state: &u16, moves: &mut Vec<Move>) -> u16 {
        self.graph.normalize(state, moves)
    }

    fn children(&self, state: &u16, order: Order, out: &mut Vec<Child<u16>>) {
        self.graph.children(state, order, out);
    }

    fn value(&self, state: &u16) -> i64 {
        self.graph.value(state)
    }

    fn streamlined_children(&self, state: &u16, out: &mut Vec<Child<u16>>, values: &mut Vec<i64>) {
        self.valued_children(state, out, values);
        let kept: Vec<bool> = out
            .iter()
            .map(|c| {
                let first = &c.moves[0];
                self.keeps(*state, (first.src as u16) << 8 | first.dst as u16)
            })
            .collect();
        let mut i = 0;
        out.retain(|_| {
            i += 1;
            kept[i - 1]
        });
        let mut i = 0;
        values.retain(|_| {
            i += 1;
            kept[i - 1]
        });
    }
}

#[test]
fn random_graphs_with_a_smaller_game_match_brute_force() {
    let mut rng = Rng(0x57e4_4a11_1ee5_0001);
    let (mut won, mut lost, mut beyond) = (0, 0, 0);
    for round in 0..600 {
        let nodes = 2 + rng.below(120) as usize;
        let degree = 1 + rng.below(3);
        let graph =
            Graph::random(&mut rng, nodes, degree, [0, 3, 10, 40][round % 4]).with_values(&mut rng);
        let game = Narrowed {
            graph,
            seed: rng.below(u64::MAX),
            drop_one_in: [1, 2, 4][round % 3],
        };
        let root = rng.below(nodes as u64) as u16;
        let expected = game.graph.brute_force(root);
        for limits in [
            Limits::default(),
            Limits {
                max_nodes: Some(3),
                ..Limits::default()
            },
        ] {
            let outcome = solve(&game, &root, &limits);
            match outcome.status {
                Status::Won => {
                    assert!(expected, "root {root}: a win where there is none");
                    assert!(game.graph.won[game.graph.replay(root, &outcome.moves) as usize]);
                }
                Status::Lost => assert!(!expected, "root {root}: a loss where there is a win"),
                Status::Unknown => assert!(limits.max_nodes.is_some(), "no budget, yet undecided"),
            }
            if limits.max_nodes.is_none() {
                match outcome.status {
                    Status::Won => won += 1,
                    _ => lost += 1,
                }
            }
        }
        // a win the smaller game cannot reach: found by the whole search after it
        if expected && game.drop_one_in == 1 && !game.graph.won[root as usize] {
            beyond += 1;
        }
    }
    assert!(
        won > 150 && lost > 150 && beyond > 20,
        "{won} won, {lost} lost, {beyond} beyond the smaller game"
    );
}

/// Proofs shared between searches: the smaller game's running out adds none (a winnable
/// position kept as lost would turn a later win into a loss), and skipping the proven ones keeps
/// every answer.
#[test]
fn the_smaller_game_never_adds_a_proof() {
    let mut rng = Rng(0x9a0f_5eed_0bad_cafe);
    for round in 0..300 {
        let nodes = 2 + rng.below(60) as usize;
        let degree = 1 + rng.below(3);
        let graph =
            Graph::random(&mut rng, nodes, degree, [0, 3, 10][round % 3]).with_values(&mut rng);
        let game = Narrowed {
            graph,
            seed: rng.below(u64::MAX),
            drop_one_in: [1, 2][round % 2],
        };
        let mut proofs = Proofs::new(1 << 20);
        for _ in 0..2 {
            for root in 0..nodes as u16 {
                let outcome = solve_proving(&game, &root, &Limits::default(), &mut proofs);
                let expected = if game.graph.brute_force(root) {
                    Status::Won
                } else {
                    Status::Lost
                };
                assert_eq!(outcome.status, expected, "round {round}, root {root}");
            }
        }
    }
}
