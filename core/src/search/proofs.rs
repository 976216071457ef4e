//! Positions proven lost, kept from one `solve` to the next (the review's searches of one
//! game's positions).
//!
//! When a search proves its root lost, every position it entered is lost too: each is reachable
//! from the root, and no won position is reachable from the root. `Proofs` keeps their keys, and
//! a later search given the same `Proofs` skips them as if it had entered them itself. Why its
//! loss is still a proof: take any line from its root; if no position on it is a kept proof,
//! every position on it was entered (the argument of the module `solve`), so none is won; else
//! the line's end is reachable from the first kept proof on it, a lost position, so it is not won
//! either. A position's fate does not depend on how it was reached, so the keys are good
//! wherever the position is met again, as long as the key names the position: Union Square's
//! key holds the stock's length, not its cards, so one `Proofs` serves the positions of one deal
//! (Python's `Proven` says the same, and the review keeps one per game).
//!
//! The keys take memory: at most `cap` bytes of them, the oldest half dropped when more come (a
//! forgotten loss is only proven again). The roots of lost searches are kept apart and never
//! dropped: few, and the most useful (the review's positions themselves).
//!
//! A game with a looser game (Union Square's tableau seen as runs) keeps that game's proven
//! positions too, in `looser`, within their own share of the bytes: its searches keep every
//! position they finished, whatever their answer (`union_square::runs`, `relaxed_search_proving`).

use super::hash::hash_key;
use super::table::KeyTable;

pub struct Proofs {
    lost: KeyTable,
    roots: KeyTable,
    /// Positions of the game's looser game proven lost (their keys are that game's own).
    pub looser: KeyTable,
}

impl Default for Proofs {
    fn default() -> Proofs {
        Proofs::new(0)
    }
}

impl Proofs {
    /// An empty store whose lost positions' keys take at most `cap` bytes.
    pub fn new(cap: usize) -> Proofs {
        Proofs::with_looser(cap, 0)
    }

    /// An empty store whose lost positions' keys take at most `cap` bytes, and those of the
    /// looser game's at most `looser_cap`.
    pub fn with_looser(cap: usize, looser_cap: usize) -> Proofs {
        Proofs {
            lost: KeyTable::new(cap),
            roots: KeyTable::new(usize::MAX),
            looser: KeyTable::new(looser_cap),
        }
    }

    /// Keys held (roots and other lost positions, and the looser game's).
    pub fn len(&self) -> usize {
        self.lost.len() + self.roots.len() + self.looser.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes the keys take.
    pub fn bytes(&self) -> usize {
        self.lost.bytes() + self.roots.bytes() + self.looser.bytes()
    }

    /// Whether `key` (whose `hash_key` is `hash`) is a position proven lost.
    #[inline]
    pub fn contains(&self, hash: u64, key: &[u8]) -> bool {
        self.roots.contains(hash, key) || self.lost.contains(hash, key)
    }

    /// Keep `root` and every key of `entered`: the table of a search that proved `root` lost.
    pub fn add_lost(&mut self, entered: &KeyTable, root: &[u8]) {
        self.roots.insert(hash_key(root), root);
        for key in entered.keys() {
            self.lost.insert(hash_key(key), key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_a_lost_search_s_keys_and_its_root() {
        let mut table = KeyTable::new(usize::MAX);
        for key in [&b"a"[..], b"bb", b"ccc"] {
            table.insert(hash_key(key), key);
        }
        let mut proofs = Proofs::new(usize::MAX);
        proofs.add_lost(&table, b"root");
        for key in [&b"a"[..], b"bb", b"ccc", b"root"] {
            assert!(proofs.contains(hash_key(key), key));
        }
        assert!(!proofs.contains(hash_key(b"d"), b"d"));
        assert_eq!(proofs.len(), 4);
    }

    #[test]
    fn drops_old_keys_past_its_cap_but_never_a_root() {
        let mut proofs = Proofs::new(5_000);
        for round in 0..50u32 {
            let mut table = KeyTable::new(usize::MAX);
            for i in 0..100u32 {
                let key = (round * 1000 + i).to_le_bytes();
                table.insert(hash_key(&key), &key);
            }
            proofs.add_lost(&table, format!("root {round}").as_bytes());
        }
        assert!(proofs.lost.bytes() <= 5_000);
        assert!(proofs.lost.dropped() > 0);
        for round in 0..50u32 {
            let root = format!("root {round}");
            assert!(proofs.contains(hash_key(root.as_bytes()), root.as_bytes()));
        }
        let newest = (49 * 1000 + 99u32).to_le_bytes();
        assert!(proofs.contains(hash_key(&newest), &newest));
    }
}
