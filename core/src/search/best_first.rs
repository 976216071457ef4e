//! Greedy best-first search below one part of the root, on the shared table: it always expands
//! the most promising position it has entered and not yet expanded (`SearchGame::value`; ties:
//! the deeper, then the first entered, as Python's `best_first`). Depth-first search sinks into
//! a subtree below an early wrong move; best-first search climbs out of it as soon as another
//! position looks better, so it finds most wins in a few thousand positions.
//!
//! **Entering.** A child is entered when it is pushed on the heap: its key goes into the shared
//! table then, and from then on it is this search's to expand. A child already in the table is
//! skipped (another search, or this one, entered it: it is, or will be, expanded there). Every
//! child listed is first tested for a win.
//!
//! **Batches.** With `Shares::batch` > 0 an expansion enters at most that many children (in
//! `Order::Valued`, skipping those in the table) and, when children are left, puts the position
//! back on the heap for the next batch, valued as the next child (Python's batches of Union
//! Square's stock macros): it counts as expanded only once its last batch is done.
//!
//! **Memory.** Per entered position: a heap entry (24 bytes), its state in a slab (a slot is
//! reused once its position is expanded), a node of the arena (the parent's index and where its
//! moves end, 8 bytes) and its moves (3 bytes each). The arena is kept to the end, since the line
//! of a win is rebuilt from it. When these pass the search's share of memory (`allowance`,
//! counted as allocated, so one vector's doubling can pass it once), or an arena index would
//! pass `u32`, the search stops expanding and **hands the positions left on its heap to a
//! depth-first search as roots**, best first (Python's `hand`). That search expands each root
//! (never skipping it: it is its own), and below it skips what the table holds, as any
//! depth-first search. The line of a win below a handed root is the best-first line to that
//! root, then the depth-first path.
//!
//! **Why a loss stays a proof** (see `solve` for the whole argument). This search is an *owner*:
//! the root is lost only when it, too, has run out. It runs out when its heap is empty (every
//! position it entered was expanded, every batch of it), or, after the hand-over, when the
//! depth-first search has searched below every handed root (every position it entered was
//! expanded: by itself before the hand-over, as a handed root after, where all its children are
//! listed again, whatever batches were done, or as a depth-first child). So every key this search
//! put in the table was expanded by the time it runs out, and each expansion listed every child
//! and left out only children in the table or on the depth-first path, that is, entered. A key
//! dropped from the table (the memory cap) may be entered again: wasted work, never a wrong
//! skip; and the search stays finite, since it enters at most its share of positions before it
//! hands over, and a depth-first search's path holds no position twice.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::mem::size_of;

use super::dfs::{DepthFirst, Step};
use super::game::{Child, Order, SearchGame};
use super::hash::hash_key;
use super::table::KeyTable;
use crate::moves::Move;

/// The parent of the part's root.
const NO_PARENT: u32 = u32::MAX;
/// Arena indices stay below this (room for one expansion's moves above it).
const MAX_INDEX: usize = (u32::MAX - (1 << 20)) as usize;

/// An entered position: its parent's index and where its moves end in `moves` (they begin where
/// the previous node's end).
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    end: u32,
}

/// A position entered and not yet (fully) expanded: its value, depth, node, the slab slot of its
/// state, and the first of its children (in `Order::Valued`) still to enter.
#[derive(Clone, Copy, Debug)]
struct Entry {
    value: i64,
    depth: u32,
    node: u32,
    slot: u32,
    first: u32,
}

impl Ord for Entry {
    /// Higher value first, then deeper, then entered first.
    fn cmp(&self, other: &Entry) -> Ordering {
        self.value
            .cmp(&other.value)
            .then(self.depth.cmp(&other.depth))
            .then(other.node.cmp(&self.node))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Entry) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Entry) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Entry {}

/// The depth-first search the heap was handed to, and the roots it has still to search below
/// (best last: popped first).
struct Handed<S> {
    dfs: DepthFirst<S>,
    roots: Vec<Entry>,
    /// The node of the root being searched below.
    current: u32,
}

pub(crate) struct BestFirst<S> {
    heap: BinaryHeap<Entry>,
    /// The states of the heap's entries; `free` lists the slots of expanded ones.
    slab: Vec<S>,
    free: Vec<u32>,
    nodes: Vec<Node>,
    moves: Vec<Move>,
    buf: Vec<Child<S>>,
    /// The values of `buf`'s children.
    values: Vec<i64>,
    key: Vec<u8>,
    handed: Option<Handed<S>>,
    /// Children entered per expansion at most (0: all).
    batch: usize,
    /// Positions handed to the depth-first search (0: no hand-over).
    pub handed_over: u64,
}

impl<S: Clone> BestFirst<S> {
    /// A search below `root` (already in the table: entered for its part's searches) that
    /// enters at most `batch` children per expansion (0: all).
    pub fn new(root: S, batch: u32) -> BestFirst<S> {
        let mut heap = BinaryHeap::new();
        heap.push(Entry {
            value: 0,
            depth: 0,
            node: 0,
            slot: 0,
            first: 0,
        });
        BestFirst {
            heap,
            slab: vec![root],
            free: Vec::new(),
            nodes: vec![Node {
                parent: NO_PARENT,
                end: 0,
            }],
            moves: Vec::new(),
            buf: Vec::new(),
            values: Vec::new(),
            key: Vec::new(),
            handed: None,
            batch: batch as usize,
            handed_over: 0,
        }
    }

    /// The bytes this search holds (allocated: heap, slab, arena and the handed roots).
    pub fn bytes(&self) -> usize {
        self.heap.capacity() * size_of::<Entry>()
            + self.slab.capacity() * size_of::<S>()
            + self.free.capacity() * size_of::<u32>()
            + self.nodes.capacity() * size_of::<Node>()
            + self.moves.capacity() * size_of::<Move>()
            + self
                .handed
                .as_ref()
                .map_or(0, |h| h.roots.capacity() * size_of::<Entry>())
    }

    /// The bytes the path of the depth-first search it handed over to holds (0 before).
    pub fn path_bytes(&self) -> usize {
        self.handed.as_ref().map_or(0, |h| h.dfs.path_bytes())
    }

    /// The longest path of the depth-first search it handed over to (0 before).
    pub fn deepest(&self) -> usize {
        self.handed.as_ref().map_or(0, |h| h.dfs.deepest)
    }

    /// Run until `max` more positions are expanded, a win, or the end; the expansions made.
    /// `allowance`: the bytes it may hold before it hands its heap over.
    pub fn run<G: SearchGame<State = S>>(
        &mut self,
        game: &G,
        table: &mut KeyTable,
        max: u64,
        allowance: usize,
    ) -> (Step, u64) {
        let mut used = 0;
        loop {
            if self.handed.is_some() {
                let (step, more) = self.run_handed(game, table, max - used);
                return (step, used + more);
            }
            let Some(&top) = self.heap.peek() else {
                self.release();
                return (Step::Exhausted, used);
            };
            if used == max {
                return (Step::Running, used);
            }
            if self.bytes() > allowance
                || self.nodes.len() > MAX_INDEX
                || self.moves.len() > MAX_INDEX
            {
                self.hand_over(game);
                continue;
            }
            self.heap.pop();
            used += 1;
            if let Some(line) = self.expand(game, table, top) {
                return (Step::Won(line), used);
            }
        }
    }

    /// List `entry`'s children from its `first`: a won one ends the search with its line; the
    /// others not in the table are entered (into the table, the arena and the heap), a batch at
    /// most; when children are left after it, the entry goes back on the heap for them, valued
    /// as the next of them.
    fn expand<G: SearchGame<State = S>>(
        &mut self,
        game: &G,
        table: &mut KeyTable,
        entry: Entry,
    ) -> Option<Vec<Move>> {
        let slot = entry.slot as usize;
        game.valued_children(&self.slab[slot], &mut self.buf, &mut self.values);
        let mut children = std::mem::take(&mut self.buf);
        let mut won = None;
        let mut entered = 0;
        let mut rest = None;
        for (i, child) in children.drain(..).enumerate().skip(entry.first as usize) {
            if entered == self.batch && self.batch > 0 {
                rest = Some(Entry {
                    value: self.values[i],
                    first: i as u32,
                    ..entry
                });
                break;
            }
            if game.is_won(&child.state) {
                won = Some(line_to(&self.nodes, &self.moves, entry.node, &child.moves));
                break;
            }
            self.key.clear();
            game.key(&child.state, &mut self.key);
            if !table.insert(hash_key(&self.key), &self.key) {
                continue;
            }
            entered += 1;
            self.moves.extend_from_slice(&child.moves);
            let node = self.nodes.len() as u32;
            self.nodes.push(Node {
                parent: entry.node,
                end: self.moves.len() as u32,
            });
            let value = self.values[i];
            debug_assert_eq!(value, game.value(&child.state));
            let slot = match self.free.pop() {
                Some(slot) => {
                    self.slab[slot as usize] = child.state;
                    slot
                }
                None => {
                    self.slab.push(child.state);
                    (self.slab.len() - 1) as u32
                }
            };
            self.heap.push(Entry {
                value,
                depth: entry.depth + 1,
                node,
                slot,
                first: 0,
            });
        }
        children.clear();
        self.buf = children;
        match rest {
            Some(rest) => self.heap.push(rest),
            None => self.free.push(entry.slot),
        }
        won
    }

    /// Stop expanding: the heap's positions become the roots of a depth-first search.
    fn hand_over<G: SearchGame<State = S>>(&mut self, game: &G) {
        let mut roots = std::mem::take(&mut self.heap).into_sorted_vec();
        self.handed_over = roots.len() as u64;
        let first = roots.pop().expect("a position on the heap");
        self.key.clear();
        game.key(&self.slab[first.slot as usize], &mut self.key);
        let dfs = DepthFirst::new(
            Order::Valued,
            self.slab[first.slot as usize].clone(),
            self.key.clone(),
        );
        self.handed = Some(Handed {
            dfs,
            roots,
            current: first.node,
        });
    }

    /// The depth-first search below the handed roots, one after another.
    fn run_handed<G: SearchGame<State = S>>(
        &mut self,
        game: &G,
        table: &mut KeyTable,
        max: u64,
    ) -> (Step, u64) {
        let mut used = 0;
        loop {
            let handed = self.handed.as_mut().expect("handed over");
            let (step, more) = handed.dfs.run(game, table, max - used);
            used += more;
            match step {
                Step::Won(line) => {
                    return (
                        Step::Won(line_to(&self.nodes, &self.moves, handed.current, &line)),
                        used,
                    )
                }
                Step::Running => return (Step::Running, used),
                Step::Exhausted => {
                    let Some(root) = handed.roots.pop() else {
                        self.release();
                        return (Step::Exhausted, used);
                    };
                    let state = &self.slab[root.slot as usize];
                    self.key.clear();
                    game.key(state, &mut self.key);
                    handed.current = root.node;
                    handed.dfs.restart(state.clone(), &self.key);
                }
            }
        }
    }

    /// Let the memory go once the search has run out (no line will be asked of it).
    fn release(&mut self) {
        self.heap = BinaryHeap::new();
        self.slab = Vec::new();
        self.free = Vec::new();
        self.nodes = Vec::new();
        self.moves = Vec::new();
        if let Some(handed) = self.handed.as_mut() {
            handed.roots = Vec::new();
        }
    }
}

/// The moves from the part's root to `node`, then `last`.
fn line_to(nodes: &[Node], moves: &[Move], node: u32, last: &[Move]) -> Vec<Move> {
    let mut chain = Vec::new();
    let mut at = node;
    while at != NO_PARENT {
        chain.push(at as usize);
        at = nodes[at as usize].parent;
    }
    let mut line = Vec::new();
    for &n in chain.iter().rev() {
        let start = if n == 0 { 0 } else { nodes[n - 1].end as usize };
        line.extend_from_slice(&moves[start..nodes[n].end as usize]);
    }
    line.extend_from_slice(last);
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heap_pops_higher_values_then_deeper_then_older() {
        let mut heap = BinaryHeap::new();
        for (value, depth, node) in [(1, 1, 1), (5, 1, 2), (5, 3, 3), (5, 3, 4), (-2, 9, 5)] {
            heap.push(Entry {
                value,
                depth,
                node,
                slot: 0,
                first: 0,
            });
        }
        let order: Vec<u32> = std::iter::from_fn(|| heap.pop().map(|e| e.node)).collect();
        assert_eq!(order, vec![3, 4, 2, 1, 5]);
    }

    #[test]
    fn a_line_follows_the_parents() {
        let m = |n: u8| Move::new(20, 20 + n, 1);
        // root 0; 1 below 0 (moves m1 m2); 2 below 0 (m3); 3 below 1 (m4)
        let nodes = [
            Node {
                parent: NO_PARENT,
                end: 0,
            },
            Node { parent: 0, end: 2 },
            Node { parent: 0, end: 3 },
            Node { parent: 1, end: 4 },
        ];
        let moves = [m(1), m(2), m(3), m(4)];
        assert_eq!(
            line_to(&nodes, &moves, 3, &[m(9)]),
            vec![m(1), m(2), m(4), m(9)]
        );
        assert_eq!(line_to(&nodes, &moves, 2, &[]), vec![m(3)]);
        assert_eq!(line_to(&nodes, &moves, 0, &[m(5)]), vec![m(5)]);
    }
}
