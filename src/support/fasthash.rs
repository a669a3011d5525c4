//! A fast non-cryptographic hasher for hash-table keys inside the VM
//! (Hash keys, method tables): Fx-style word accumulation with a
//! murmur3 `fmix64` finish, so every input bit reaches the low bits the
//! tables index with. SipHash's flooding resistance is not needed for
//! carmine's uses and costs ~20 instructions per word.

use std::hash::{BuildHasherDefault, Hasher};

const K: u64 = 0x517c_c1b7_2722_0a95;

/// Fx accumulation, fmix64 finish.
#[derive(Default, Clone, Copy)]
pub struct FastHasher {
    hash: u64,
}

impl FastHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.hash = (self.hash.rotate_left(5) ^ w).wrapping_mul(K);
    }
}

/// murmur3's 64-bit finaliser: a bijective avalanche.
#[inline]
pub fn fmix64(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^= h >> 33;
    h
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(b));
        }
        self.add(bytes.len() as u64);
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        fmix64(self.hash)
    }
}

/// `HashMap<K, V, FastBuild>` uses [`FastHasher`].
pub type FastBuild = BuildHasherDefault<FastHasher>;

#[cfg(test)]
mod tests {
    use super::FastHasher;
    use std::hash::Hasher;

    #[test]
    fn low_bits_differ_for_keys_differing_in_high_bits() {
        let h = |x: u64| {
            let mut s = FastHasher::default();
            s.write_u64(x);
            s.finish()
        };
        // Symbols: same low byte, ids in the high bits.
        let lows: std::collections::HashSet<u64> =
            (0..64u64).map(|i| h((i << 8) | 0x0c) & 63).collect();
        assert!(lows.len() > 32);
        assert_ne!(h(1), h(2));
    }
}
