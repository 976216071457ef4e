//! One depth-first search below one part of the root, in one order, on the shared table.
//!
//! Its path is a stack of frames; the children of every frame on the path are kept in one
//! stack (`kids`) with their keys in another (`keys`), so entering a position allocates
//! nothing of the search's own (the game's `Child` moves are the game's). A frame's position
//! is the child of the frame below it that is being searched (the part's root for the first),
//! and a frame's key is that child's key. Children already in the table or on the path when
//! they are listed are not kept (they were entered), nor children found so later.
//!
//! Memory on a deep path: per frame 32 bytes and a path-hash entry, and per child kept
//! `size_of::<Child<S>>()` + 16 bytes, its key's bytes and its moves' heap block (measured with
//! tests/search_bench.rs on a ring of a million positions, two children each, 32-byte keys:
//! about 470 bytes per frame of the deepest path, 500,001 frames deep).

use std::collections::HashMap;
use std::mem::size_of;

use super::game::{Child, Order, SearchGame};
use super::hash::{hash_key, PassBuild};
use super::table::KeyTable;
use crate::moves::Move;

/// The heap bytes of a waiting child's moves, as `path_bytes` estimates them (a few moves and the
/// allocator's overhead): counting them exactly would walk every waiting child once per slice.
const MOVES_ALLOCATION: usize = 48;

/// How a slice ended.
pub(crate) enum Step {
    /// The search wants to expand another position: give it more budget.
    Running,
    /// A won position: the moves from the part's root to it.
    Won(Vec<Move>),
    /// Every position below the part's root was entered (by this or another search).
    Exhausted,
}

struct Kid<S> {
    child: Child<S>,
    key_start: u32,
    key_len: u32,
    hash: u64,
}

struct Frame {
    /// Where this frame's children begin in `kids` (they end at the next frame's start).
    kids_start: usize,
    /// The next child of this frame to try; the one being searched is `next - 1`.
    next: usize,
    /// Where this frame's children's keys begin in `keys`.
    keys_start: usize,
    /// The hash of this frame's own key.
    hash: u64,
}

pub(crate) struct DepthFirst<S> {
    order: Order,
    root: S,
    root_key: Vec<u8>,
    root_hash: u64,
    started: bool,
    frames: Vec<Frame>,
    kids: Vec<Kid<S>>,
    keys: Vec<u8>,
    /// The hashes of the keys on the path, with their counts (a fast "not on the path").
    on_path: HashMap<u64, u32, PassBuild>,
    buf: Vec<Child<S>>,
    /// The deepest path seen, in frames.
    pub deepest: usize,
}

impl<S: Clone> DepthFirst<S> {
    /// The bytes its path holds (allocated: frames, the children waiting on them with their moves,
    /// their keys and the path's hashes). Deep paths in Union Square hold thousands of frames.
    pub fn path_bytes(&self) -> usize {
        // each waiting child's line of moves is one small allocation of its own (estimated)
        self.frames.capacity() * size_of::<Frame>()
            + self.kids.capacity() * (size_of::<Kid<S>>() + MOVES_ALLOCATION)
            + self.keys.capacity()
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
            self.push_frame(self.root_hash);
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
            self.frames.last_mut().expect("a frame").next += 1;
            if !fresh {
                continue;
            }
            self.push_frame(hash);
            used += 1;
            if let Some(line) = self.expand(game, table) {
                return (Step::Won(line), used);
            }
        }
    }

    fn push_frame(&mut self, hash: u64) {
        self.frames.push(Frame {
            kids_start: self.kids.len(),
            next: self.kids.len(),
            keys_start: self.keys.len(),
            hash,
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
    }

    /// List the top frame's children: a won one ends the search with its line; those entered
    /// already (in the table, or on the path) are left out.
    fn expand<G: SearchGame<State = S>>(
        &mut self,
        game: &G,
        table: &KeyTable,
    ) -> Option<Vec<Move>> {
        let depth = self.frames.len();
        let state = if depth == 1 {
            &self.root
        } else {
            &self.kids[self.frames[depth - 2].next - 1].child.state
        };
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
            self.kids.push(Kid { child, key_start: start as u32, key_len, hash });
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
        let mut line: Vec<Move> =
            below.iter().flat_map(|f| self.kids[f.next - 1].child.moves.iter().copied()).collect();
        line.extend_from_slice(last);
        line
    }
}
