//! The table of entered positions: their canonical keys, exact (a hash only finds the slot;
//! the key bytes decide), within a memory cap.
//!
//! Layout, for compactness: every key lives once in one contiguous arena (`Vec<u8>`), as a
//! LEB128 length then its bytes, in the order the keys were entered; an open-addressing array
//! of 8-byte slots (linear probing, at most 3/4 full) holds for each key its arena offset and
//! 32 bits of its hash as a tag, so a probe touches the arena only when the tag matches.
//!
//! Cost of one entry: the key's bytes + 1 length byte (2 from 128 bytes on) in the arena,
//! plus 8 / load bytes of slots (10.7 to 21.3 bytes at loads between 3/4 and 3/8), plus the
//! arena's slack (up to half of it just after it doubled). `bytes()` counts what is allocated
//! (slots and the arena's capacity), and the table never allocates past `cap` except to hold
//! a single key when the cap is smaller than that.
//!
//! When an entry does not fit, the oldest half of the entries goes (the arena's front is cut
//! and the slots are rebuilt): a dropped position may be entered again, which wastes work but
//! never skips a position wrongly (see the module `solve`).

use super::proofs::Proofs;

const MIN_SLOTS: usize = 16;
const MIN_ARENA: usize = 4096;
/// Offsets are stored as `offset + 1` in 32 bits.
const MAX_ARENA: usize = u32::MAX as usize - 1;

pub struct KeyTable {
    /// 0: empty; else `tag << 32 | (offset + 1)`.
    slots: Vec<u64>,
    arena: Vec<u8>,
    len: usize,
    peak: usize,
    dropped: u64,
    cap: usize,
    /// Positions proven lost by earlier searches: held as if entered (see `proofs`).
    proofs: Option<Box<Proofs>>,
}

impl KeyTable {
    /// An empty table that holds at most `cap` bytes (slots and arena together).
    pub fn new(cap: usize) -> KeyTable {
        KeyTable {
            slots: vec![0; MIN_SLOTS],
            arena: Vec::new(),
            len: 0,
            peak: 0,
            dropped: 0,
            cap,
            proofs: None,
        }
    }

    /// Hold the positions of `proofs` as entered (they are not counted, nor ever dropped) until
    /// `take_proofs`.
    pub fn lend_proofs(&mut self, proofs: Proofs) {
        self.proofs = Some(Box::new(proofs));
    }

    /// The proofs lent to the table (empty ones if none were).
    pub fn take_proofs(&mut self) -> Proofs {
        self.proofs.take().map(|p| *p).unwrap_or_default()
    }

    /// The keys held, oldest first.
    pub fn keys(&self) -> impl Iterator<Item = &[u8]> + '_ {
        let mut offset = 0;
        std::iter::from_fn(move || {
            if offset >= self.arena.len() {
                return None;
            }
            let (len, start) = read_varint(&self.arena, offset);
            offset = start + len;
            Some(&self.arena[start..offset])
        })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The most entries held at once.
    pub fn peak(&self) -> usize {
        self.peak
    }

    /// Entries dropped to stay within the cap.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// The bytes allocated: the slots and the arena's capacity.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 8 + self.arena.capacity()
    }

    /// Whether `key` (whose `hash_key` is `hash`) is in the table.
    #[inline]
    pub fn contains(&self, hash: u64, key: &[u8]) -> bool {
        self.find(hash, key).is_ok() || self.proven(hash, key)
    }

    #[inline]
    fn proven(&self, hash: u64, key: &[u8]) -> bool {
        self.proofs.as_ref().is_some_and(|p| p.contains(hash, key))
    }

    /// Enter `key`; false when it was there already (or is a lent proof).
    pub fn insert(&mut self, hash: u64, key: &[u8]) -> bool {
        if self.proven(hash, key) {
            return false;
        }
        let mut slot = match self.find(hash, key) {
            Ok(_) => return false,
            Err(slot) => slot,
        };
        let need = varint_len(key.len()) + key.len();
        if self.make_room(need) {
            slot = self
                .find(hash, key)
                .expect_err("a key dropped cannot be found");
        }
        let offset = self.arena.len();
        push_varint(&mut self.arena, key.len());
        self.arena.extend_from_slice(key);
        self.slots[slot] = pack(hash, offset);
        self.len += 1;
        self.peak = self.peak.max(self.len);
        true
    }

    /// `Ok(slot)` holding `key`, or `Err(slot)`: the empty slot where it would go.
    #[inline]
    fn find(&self, hash: u64, key: &[u8]) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let tag = hash as u32;
        let mut i = self.home(hash);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return Err(i);
            }
            if (slot >> 32) as u32 == tag && self.key_at((slot as u32 - 1) as usize) == key {
                return Ok(i);
            }
            i = (i + 1) & mask;
        }
    }

    #[inline]
    fn home(&self, hash: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (hash >> (64 - bits)) as usize
    }

    /// The key stored at arena `offset`.
    #[inline]
    fn key_at(&self, offset: usize) -> &[u8] {
        let (len, start) = read_varint(&self.arena, offset);
        &self.arena[start..start + len]
    }

    /// Make sure one more entry of `need` arena bytes fits: grow the slots or the arena when the
    /// cap allows, else drop the oldest half. True when the slots were rebuilt.
    fn make_room(&mut self, need: usize) -> bool {
        let mut rebuilt = false;
        loop {
            if (self.len + 1) * 4 > self.slots.len() * 3 {
                let bigger = self.slots.len() * 2;
                if bigger * 8 + self.arena.capacity() <= self.cap {
                    self.rebuild(bigger);
                } else {
                    self.drop_oldest_half();
                }
                rebuilt = true;
                continue;
            }
            let used = self.arena.len();
            if used + need > self.arena.capacity() {
                let want = (self.arena.capacity() * 2).max(used + need).max(MIN_ARENA);
                let limit = self.cap.saturating_sub(self.slots.len() * 8).min(MAX_ARENA);
                let target = want.min(limit);
                if target >= used + need {
                    self.arena.reserve_exact(target - used);
                } else if self.len > 0 {
                    self.drop_oldest_half();
                    rebuilt = true;
                    continue;
                } else {
                    // Smaller than one key: hold that one all the same.
                    self.arena.reserve_exact(need);
                }
            }
            return rebuilt;
        }
    }

    /// Drop the older half of the entries (rounded up): cut the arena's front, rebuild the slots.
    fn drop_oldest_half(&mut self) {
        let gone = self.len.div_ceil(2);
        let mut cut = 0;
        for _ in 0..gone {
            let (len, start) = read_varint(&self.arena, cut);
            cut = start + len;
        }
        self.arena.copy_within(cut.., 0);
        self.arena.truncate(self.arena.len() - cut);
        self.len -= gone;
        self.dropped += gone as u64;
        self.rebuild(self.slots.len());
    }

    /// Refill `slots` slots (a power of two) from the arena.
    fn rebuild(&mut self, slots: usize) {
        self.slots.clear();
        self.slots.resize(slots, 0);
        let mask = slots - 1;
        let mut offset = 0;
        while offset < self.arena.len() {
            let (len, start) = read_varint(&self.arena, offset);
            let hash = super::hash::hash_key(&self.arena[start..start + len]);
            let mut i = self.home(hash);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = pack(hash, offset);
            offset = start + len;
        }
    }
}

#[inline]
fn pack(hash: u64, offset: usize) -> u64 {
    ((hash as u32 as u64) << 32) | (offset as u64 + 1)
}

fn varint_len(mut n: usize) -> usize {
    let mut bytes = 1;
    while n >= 0x80 {
        n >>= 7;
        bytes += 1;
    }
    bytes
}

fn push_varint(out: &mut Vec<u8>, mut n: usize) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// The number at `at` and the offset just after it.
#[inline]
fn read_varint(bytes: &[u8], mut at: usize) -> (usize, usize) {
    let mut n = 0usize;
    let mut shift = 0;
    loop {
        let b = bytes[at];
        at += 1;
        n |= ((b & 0x7f) as usize) << shift;
        if b < 0x80 {
            return (n, at);
        }
        shift += 7;
    }
}

#[cfg(test)]
mod tests {
    use super::super::hash::hash_key;
    use super::*;

    fn key(i: u32) -> Vec<u8> {
        // Keys of varied lengths, some past 128 bytes (two length bytes).
        let mut k = i.to_le_bytes().to_vec();
        k.resize(4 + (i as usize % 150), (i % 251) as u8);
        k
    }

    #[test]
    fn holds_exact_keys() {
        let mut t = KeyTable::new(usize::MAX);
        for i in 0..10_000 {
            let k = key(i);
            assert!(t.insert(hash_key(&k), &k));
            assert!(!t.insert(hash_key(&k), &k));
        }
        assert_eq!(t.len(), 10_000);
        for i in 0..20_000 {
            let k = key(i);
            assert_eq!(t.contains(hash_key(&k), &k), i < 10_000, "{i}");
        }
        assert_eq!(t.dropped(), 0);
    }

    #[test]
    fn a_colliding_hash_does_not_match_another_key() {
        let mut t = KeyTable::new(usize::MAX);
        t.insert(7, b"one");
        assert!(t.contains(7, b"one"));
        assert!(!t.contains(7, b"two"));
        assert!(t.insert(7, b"two"));
        assert_eq!(t.len(), 2);
    }

    #[test]
    fn stays_within_its_cap_and_drops_the_oldest() {
        let cap = 20_000;
        let mut t = KeyTable::new(cap);
        for i in 0..5_000 {
            let k = key(i);
            t.insert(hash_key(&k), &k);
            assert!(t.bytes() <= cap, "{} bytes at {i}", t.bytes());
            assert!(t.contains(hash_key(&k), &k), "the newest key is held");
        }
        assert!(t.dropped() > 0);
        assert_eq!(t.dropped() as usize + t.len(), 5_000);
        // What is left is the newest entries, all of them.
        let oldest_kept = 5_000 - t.len() as u32;
        for i in 0..5_000 {
            let k = key(i);
            assert_eq!(t.contains(hash_key(&k), &k), i >= oldest_kept, "{i}");
        }
    }

    #[test]
    fn lists_its_keys_oldest_first_after_drops() {
        let mut t = KeyTable::new(20_000);
        for i in 0..5_000 {
            let k = key(i);
            t.insert(hash_key(&k), &k);
        }
        let first_kept = 5_000 - t.len() as u32;
        let listed: Vec<Vec<u8>> = t.keys().map(<[u8]>::to_vec).collect();
        let expected: Vec<Vec<u8>> = (first_kept..5_000).map(key).collect();
        assert_eq!(listed, expected);
    }

    #[test]
    fn a_lent_proof_counts_as_entered() {
        let mut proofs = Proofs::new(usize::MAX);
        let mut lost = KeyTable::new(usize::MAX);
        lost.insert(hash_key(b"lost"), b"lost");
        proofs.add_lost(&lost, b"root");
        let mut t = KeyTable::new(usize::MAX);
        t.lend_proofs(proofs);
        assert!(t.contains(hash_key(b"lost"), b"lost"));
        assert!(!t.insert(hash_key(b"root"), b"root"));
        assert!(t.insert(hash_key(b"new"), b"new"));
        assert_eq!(t.len(), 1);
        let back = t.take_proofs();
        assert_eq!(back.len(), 2);
        assert!(!t.contains(hash_key(b"lost"), b"lost"));
    }

    #[test]
    fn a_cap_below_one_key_still_holds_the_last_key() {
        let mut t = KeyTable::new(0);
        for i in 0..100 {
            let k = key(i);
            t.insert(hash_key(&k), &k);
            assert!(t.contains(hash_key(&k), &k));
        }
    }
}
