//! Toy games the search tests share: random directed graphs with cycles, whose answers a
//! brute-force search knows. Each test file uses what it needs of them.
#![allow(dead_code)]

use std::collections::VecDeque;

use patience_core::moves::Move;
use patience_core::search::{Child, Order, SearchGame};

/// A tiny deterministic generator (xorshift64*), so the tests need no crate.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A directed graph: a position is a node, a move follows an edge (the target node's number in
/// `src`/`dst`). A node with a single edge, not won, moves on by itself (the "safe move"), so
/// children and the root are closed under safe moves and lines have several moves per child.
/// With `values`, the valued order and best-first search follow them; without, the valued order
/// is the edges' reversed.
pub struct Graph {
    pub edges: Vec<Vec<u16>>,
    pub won: Vec<bool>,
    pub values: Vec<i64>,
    /// Give the root's children as parts.
    pub split_root: bool,
}

pub fn edge_move(to: u16) -> Move {
    Move::new((to >> 8) as u8, to as u8, 1)
}

impl Graph {
    pub fn random(rng: &mut Rng, nodes: usize, max_degree: u64, won_one_in: u64) -> Graph {
        let edges = (0..nodes)
            .map(|_| {
                let mut out: Vec<u16> = (0..rng.below(max_degree + 1))
                    .map(|_| rng.below(nodes as u64) as u16)
                    .collect();
                out.sort_unstable();
                out.dedup();
                out
            })
            .collect();
        let won = (0..nodes)
            .map(|_| won_one_in > 0 && rng.below(won_one_in) == 0)
            .collect();
        Graph {
            edges,
            won,
            values: Vec::new(),
            split_root: false,
        }
    }

    /// The same graph with a random value (-3 to 3) on each node.
    pub fn with_values(mut self, rng: &mut Rng) -> Graph {
        self.values = (0..self.edges.len())
            .map(|_| rng.below(7) as i64 - 3)
            .collect();
        self
    }

    /// Whether a won node can be reached from `from` (breadth-first over the raw edges).
    pub fn brute_force(&self, from: u16) -> bool {
        let mut seen = vec![false; self.edges.len()];
        let mut queue = VecDeque::from([from]);
        seen[from as usize] = true;
        while let Some(node) = queue.pop_front() {
            if self.won[node as usize] {
                return true;
            }
            for &to in &self.edges[node as usize] {
                if !seen[to as usize] {
                    seen[to as usize] = true;
                    queue.push_back(to);
                }
            }
        }
        false
    }

    /// Play `line` from `from`, checking every move follows an edge; the node reached.
    pub fn replay(&self, from: u16, line: &[Move]) -> u16 {
        let mut node = from;
        for m in line {
            let to = (m.src as u16) << 8 | m.dst as u16;
            assert_eq!(m.count, 1);
            assert!(
                self.edges[node as usize].contains(&to),
                "no edge {node} -> {to}"
            );
            node = to;
        }
        node
    }

    fn ordered(&self, node: u16, order: Order) -> Vec<u16> {
        let mut out = self.edges[node as usize].clone();
        if order == Order::Valued {
            if self.values.is_empty() {
                out.reverse();
            } else {
                out.sort_by_key(|&t| std::cmp::Reverse(self.values[t as usize]));
            }
        }
        out
    }
}

impl SearchGame for Graph {
    type State = u16;

    fn is_won(&self, state: &u16) -> bool {
        self.won[*state as usize]
    }

    fn key(&self, state: &u16, out: &mut Vec<u8>) {
        out.extend_from_slice(&state.to_le_bytes());
    }

    fn normalize(&self, state: &u16, moves: &mut Vec<Move>) -> u16 {
        let mut node = *state;
        for _ in 0..self.edges.len() {
            let out = &self.edges[node as usize];
            if self.won[node as usize] || out.len() != 1 || out[0] == node {
                break;
            }
            node = out[0];
            moves.push(edge_move(node));
        }
        node
    }

    fn children(&self, state: &u16, order: Order, out: &mut Vec<Child<u16>>) {
        out.clear();
        for to in self.ordered(*state, order) {
            let mut moves = vec![edge_move(to)];
            let child = self.normalize(&to, &mut moves);
            if out.iter().all(|c| c.state != child) {
                out.push(Child {
                    moves,
                    state: child,
                });
            }
        }
    }

    fn split(&self, state: &u16) -> Vec<Child<u16>> {
        if !self.split_root {
            return vec![Child {
                moves: Vec::new(),
                state: *state,
            }];
        }
        let mut parts = Vec::new();
        self.children(state, Order::Plain, &mut parts);
        parts
    }

    fn value(&self, state: &u16) -> i64 {
        self.values.get(*state as usize).copied().unwrap_or(0)
    }
}

/// A big lost graph: every node of a ring of `n` nodes links to the next two.
pub fn ring(n: usize) -> Graph {
    let edges = (0..n)
        .map(|i| vec![((i + 1) % n) as u16, ((i + 2) % n) as u16])
        .collect();
    Graph {
        edges,
        won: vec![false; n],
        values: Vec::new(),
        split_root: false,
    }
}
