//! The hash of a canonical key: fast on short byte strings, with every bit mixed, since the
//! table takes its slot from the high bits and a tag from the low ones. Written here (an
//! FxHash-like word loop and a murmur-style finalizer) so the crate needs no hasher crate.

use std::hash::{BuildHasherDefault, Hasher};

const K: u64 = 0x517c_c1b7_2722_0a95;

/// The 64-bit hash of `key`: words of eight bytes folded in, then the length, then mixed.
#[inline]
pub fn hash_key(key: &[u8]) -> u64 {
    let mut h: u64 = 0;
    let mut chunks = key.chunks_exact(8);
    for word in &mut chunks {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut buf = [0u8; 8];
        buf[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(buf)).wrapping_mul(K);
    }
    mix(h ^ key.len() as u64)
}

/// Murmur3's 64-bit finalizer: every input bit reaches every output bit.
#[inline]
pub(crate) fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// A `Hasher` for keys that are already hashes (`u64`): it passes them through.
#[derive(Default)]
pub struct PassHasher(u64);

impl Hasher for PassHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only u64s are hashed with it; bytes still hash sensibly.
        self.0 ^= hash_key(bytes);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub type PassBuild = BuildHasherDefault<PassHasher>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_and_content_both_count() {
        assert_ne!(hash_key(b""), hash_key(b"\0"));
        assert_ne!(hash_key(b"abcdefgh"), hash_key(b"abcdefgh\0"));
        assert_ne!(hash_key(b"abcdefghi"), hash_key(b"abcdefghj"));
        assert_eq!(hash_key(b"same key"), hash_key(b"same key"));
    }
}
