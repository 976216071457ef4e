//! One depth-first search below one part of the root, in one order, on the shared table.
//!
//! Its path is a stack of frames, each holding its own position; the children waiting on every
//! frame of the path are kept in one stack (`kids`) as their moves (in the `moves` stack) and
//! their keys (in `keys`), so entering a position allocates nothing of the search's own. A
//! waiting child's position is made from its frame's position by its moves
//! (`SearchGame::play`) only when it is entered: most children are never entered (another
//! search or an earlier branch entered them first), and a position is far larger than its
//! moves and key (Union Square's is 338 bytes against a few moves and a 40-byte key, with a
//! hundred children and more per frame on a path thousands of frames deep). A frame's key is
//! the key of the child of the frame below it that is being searched (the part's root's for the
//! first). Children already in the table or on the path when they are listed are not kept
//! (they were entered), nor children found so later.
//!
//! Memory on a deep path: per frame `size_of::<Frame<S>>()` (its position and 40 bytes) and a
//! path-hash entry, and per child kept 24 bytes, its key's bytes and 3 bytes per move.

use std::collections::HashMap;
use std::mem::size_of;

use super::game::{Child, Order, SearchGame};
use super::hash::{hash_key, PassBuild};
use super::table::KeyTable;
use crate::moves::Move;

/// How a slice ended.
pub(crate) enum Step {
    /// The search wants to expand another position: give it more budget.
    Running,
    /// A won position: the moves from the part's root to it.
    Won(Vec<Move>),
    /// Every position below the part's root was entered (by this or another search).
    Exhausted,
}

/// A child waiting on a frame: where its moves and its key lie in `moves` and `keys`.
struct Kid {
    moves_start: u32,
    moves_len: u32,
    key_start: u32,
    key_len: u32,
    hash: u64,
}

struct Frame<S> {
    /// Where this frame's children begin in `kids` (they end at the next frame's start).
    kids_start: usize,
    /// The next child of this frame to try; the one being searched is `next - 1`.
    next: usize,
    /// Where this frame's children's keys begin in `keys`.
    keys_start: usize,
    /// Where this frame's children's moves begin in `moves`.
    moves_start: usize,
    /// The hash of this frame's own key.
    hash: u64,
    /// This frame's position.
    state: S,
}

pub(crate) struct DepthFirst<S> {
    order: Order,
    root: S,
    root_key: Vec<u8>,
    root_hash: u64,
    started: bool,
    frames: Vec<Frame<S>>,
    kids: Vec<Kid>,
    keys: Vec<u8>,
    moves: Vec<Move>,
    /// The hashes of the keys on the path, with their counts (a fast "not on the path").
    on_path: HashMap<u64, u32, PassBuild>,
    buf: Vec<Child<S>>,
    /// The deepest path seen, in frames.
    pub deepest: usize,
}

impl<S: Clone> DepthFirst<S> {
    /// The bytes its path holds (allocated: frames with their positions, the children waiting on
    /// them, their moves and keys, and the path's hashes). Deep paths in Union Square hold
    /// thousands of frames.
    pub fn path_bytes(&self) -> usize {
        self.frames.capacity() * size_of::<Frame<S>>()
            + self.kids.capacity() * size_of::<Kid>()
            + self.keys.capacity()
            + self.moves.capacity() * size_of::<Move>()
            + self.on_path.capacity() * 16
    }

    /// A search below `root` (whose key is `root_key`, already in the table: entered for both
    /// searches of its part) in `order`.
    pub fn new(order: Order, root: S, root_key: Vec<u8>) -> DepthFirst<S> {
        let root_hash = hash_key(&root_key);
        DepthFirst {
            order,
            root,
            root_key,
            root_hash,
            started: false,
            frames: Vec::new(),
            kids: Vec::new(),
            keys: Vec::new(),
            moves: Vec::new(),
            on_path: HashMap::default(),
            buf: Vec::new(),
            deepest: 0,
        }
    }

    /// Search below `root` next (its key `root_key`, entered already), reusing the buffers; only
    /// once this search has run out (its path is empty).
    pub fn restart(&mut self, root: S, root_key: &[u8]) {
        debug_assert!(self.frames.is_empty() && self.kids.is_empty() && self.on_path.is_empty());
        self.root_hash = hash_key(root_key);
        self.root = root;
        self.root_key.clear();
        self.root_key.extend_from_slice(root_key);
        self.started = false;
    }

    /// Run until `max` more positions are expanded, a win, or the end; the expansions made.
    pub fn run<G: SearchGame<State = S>>(
        &mut self,
        game: &G,
        table: &mut KeyTable,
        max: u64,
    ) -> (Step, u64) {
        let mut used = 0;
        if !self.started {
            if max == 0 {
                return (Step::Running, 0);
            }
            self.started = true;
            self.push_frame(self.root_hash, self.root.clone());
            used += 1;
            if let Some(line) = self.expand(game, table) {
                return (Step::Won(line), used);
            }
        }
        loop {
            let Some(top) = self.frames.last() else {
                return (Step::Exhausted, used);
            };
            let index = top.next;
            if index == self.kids.len() {
                self.pop_frame();
                continue;
            }
            let kid = &self.kids[index];
            let key = &self.keys[kid.key_start as usize..(kid.key_start + kid.key_len) as usize];
            let hash = kid.hash;
            if used == max {
                // No expansion left in this slice: only skips (so a search can end at 0).
                if table.contains(hash, key) || self.on_path(hash, key) {
                    self.frames.last_mut().expect("a frame").next += 1;
                    continue;
                }
                return (Step::Running, used);
            }
            // Entered now, unless entered before; a key on the path that had been dropped from
            // the table goes back in (it is being expanded: entered) and is skipped.
            let fresh = table.insert(hash, key) && !self.on_path(hash, key);
            let moves =
                &self.moves[kid.moves_start as usize..(kid.moves_start + kid.moves_len) as usize];
            let top = self.frames.last_mut().expect("a frame");
            top.next += 1;
            if !fresh {
                continue;
            }
            let state = game.play(&top.state, self.order, moves);
            self.push_frame(hash, state);
            used += 1;
            if let Some(line) = self.expand(game, table) {
                return (Step::Won(line), used);
            }
        }
    }

    fn push_frame(&mut self, hash: u64, state: S) {
        self.frames.push(Frame {
            kids_start: self.kids.len(),
            next: self.kids.len(),
            keys_start: self.keys.len(),
            moves_start: self.moves.len(),
            hash,
            state,
        });
        *self.on_path.entry(hash).or_insert(0) += 1;
        self.deepest = self.deepest.max(self.frames.len());
    }

    fn pop_frame(&mut self) {
        let frame = self.frames.pop().expect("a frame");
        if let Some(count) = self.on_path.get_mut(&frame.hash) {
            *count -= 1;
            if *count == 0 {
                self.on_path.remove(&frame.hash);
            }
        }
        self.kids.truncate(frame.kids_start);
        self.keys.truncate(frame.keys_start);
        self.moves.truncate(frame.moves_start);
    }

    /// List the top frame's children: a won one ends the search with its line; those entered
    /// already (in the table, or on the path) are left out.
    fn expand<G: SearchGame<State = S>>(
        &mut self,
        game: &G,
        table: &KeyTable,
    ) -> Option<Vec<Move>> {
        let state = &self.frames.last().expect("a frame").state;
        game.children(state, self.order, &mut self.buf);
        let mut children = std::mem::take(&mut self.buf);
        let mut won = None;
        for child in children.drain(..) {
            if game.is_won(&child.state) {
                won = Some(self.line_to(&child.moves));
                break;
            }
            let start = self.keys.len();
            game.key(&child.state, &mut self.keys);
            let key = &self.keys[start..];
            let hash = hash_key(key);
            if table.contains(hash, key) || self.on_path(hash, key) {
                self.keys.truncate(start);
                continue;
            }
            let key_len = (self.keys.len() - start) as u32;
            let moves_start = self.moves.len() as u32;
            self.moves.extend_from_slice(&child.moves);
            self.kids.push(Kid {
                moves_start,
                moves_len: child.moves.len() as u32,
                key_start: start as u32,
                key_len,
                hash,
            });
        }
        children.clear();
        self.buf = children;
        won
    }

    /// Whether `key` is the key of a frame on the path.
    fn on_path(&self, hash: u64, key: &[u8]) -> bool {
        if !self.on_path.contains_key(&hash) {
            return false;
        }
        // From the top: a position comes back after a few moves more often than after many.
        self.frames
            .iter()
            .enumerate()
            .rev()
            .any(|(depth, frame)| frame.hash == hash && self.frame_key(depth) == key)
    }

    fn frame_key(&self, depth: usize) -> &[u8] {
        if depth == 0 {
            return &self.root_key;
        }
        let kid = &self.kids[self.frames[depth - 1].next - 1];
        &self.keys[kid.key_start as usize..(kid.key_start + kid.key_len) as usize]
    }

    /// The moves from the part's root down the path, then `last`.
    fn line_to(&self, last: &[Move]) -> Vec<Move> {
        let below = &self.frames[..self.frames.len() - 1];
        let mut line: Vec<Move> = below
            .iter()
            .flat_map(|f| {
                let kid = &self.kids[f.next - 1];
                self.moves[kid.moves_start as usize..(kid.moves_start + kid.moves_len) as usize]
                    .iter()
                    .copied()
            })
            .collect();
        line.extend_from_slice(last);
        line
    }
}
