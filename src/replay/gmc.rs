//! The replay's global method cache: `dispatch::gmc::GlobalCache`'s
//! fixed-size behaviour (two-way sets, the same hash and set index, the
//! same fill order) with only what a simulation needs per entry, a
//! packed `(class, name)` key and the `(slot, serial)` validity. Keys and
//! validities are flat zero-initialized vectors, so the untouched part of
//! a 512K-entry table costs no memory, and the hash is computed once for
//! every size simulated together (`Hash`). A test drives it and the real
//! cache with the same operations and compares them.

/// Entries per set (1 when the whole cache has a single entry), as in
/// `dispatch::gmc`.
const WAYS: usize = 2;

/// A `(class, name)` pair's hash, shared by every size
/// (`GlobalCache::set`'s mix).
#[derive(Copy, Clone)]
pub struct Hash {
    key: u64,
    high: usize,
}

impl Hash {
    #[inline]
    pub fn new(class: u32, name: u32) -> Hash {
        let h = (class as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (name as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        Hash {
            key: key(class, name),
            high: (h >> 32) as usize,
        }
    }
}

/// Never 0 (the empty entry): class ids are below 2^22.
#[inline]
fn key(class: u32, name: u32) -> u64 {
    ((class as u64 + 1) << 32) | name as u64
}

#[inline]
fn class_of(key: u64) -> u32 {
    ((key >> 32) - 1) as u32
}

/// What a probe found, as `gmc::Probe`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Probe {
    Hit { slot: u32, serial: u64 },
    Collision,
    Empty,
}

#[derive(Copy, Clone, Default)]
struct Validity {
    slot: u32,
    serial: u64,
}

pub struct Gmc {
    /// 0: empty.
    keys: Vec<u64>,
    vals: Vec<Validity>,
    ways: usize,
    mask: usize,
    pub filled: usize,
}

impl Gmc {
    pub fn new(size: usize) -> Gmc {
        let ways = WAYS.min(size.max(1));
        Gmc {
            keys: vec![0; size],
            vals: vec![Validity::default(); size],
            ways,
            mask: (size / ways).saturating_sub(1),
            filled: 0,
        }
    }

    #[inline]
    fn set(&self, h: Hash) -> usize {
        (h.high & self.mask) * self.ways
    }

    #[inline]
    pub fn probe(&self, h: Hash) -> Probe {
        let i = self.set(h);
        let hit = |w: usize| {
            let v = self.vals[w];
            Probe::Hit {
                slot: v.slot,
                serial: v.serial,
            }
        };
        let first = self.keys[i];
        if first == h.key {
            return hit(i);
        }
        if self.ways == 1 {
            return if first != 0 {
                Probe::Collision
            } else {
                Probe::Empty
            };
        }
        let second = self.keys[i + 1];
        if second == h.key {
            hit(i + 1)
        } else if first != 0 && second != 0 {
            Probe::Collision
        } else {
            Probe::Empty
        }
    }

    /// `GlobalCache::fill`: over the pair's own entry, else in the set's
    /// first way, the others moving down one.
    #[inline]
    pub fn fill(&mut self, h: Hash, slot: u32, serial: u64) {
        let i = self.set(h);
        let v = Validity { slot, serial };
        let keys = &mut self.keys[i..i + self.ways];
        if let Some(w) = keys.iter().position(|&k| k == h.key) {
            self.vals[i + w] = v;
            return;
        }
        let end = match keys.iter().position(|&k| k == 0) {
            Some(w) => {
                self.filled += 1;
                w + 1
            }
            None => keys.len(),
        };
        for w in (1..end).rev() {
            self.keys[i + w] = self.keys[i + w - 1];
            self.vals[i + w] = self.vals[i + w - 1];
        }
        self.keys[i] = h.key;
        self.vals[i] = v;
    }

    /// Empties the entries of `dead` classes (freed by the GC); returns
    /// how many there were.
    pub fn drop_classes(&mut self, dead: &[u32]) -> u64 {
        if self.filled == 0 {
            return 0;
        }
        let mut n = 0;
        for k in self.keys.iter_mut() {
            if *k != 0 && dead.contains(&class_of(*k)) {
                *k = 0;
                n += 1;
            }
        }
        self.filled -= n;
        n as u64
    }
}

#[cfg(test)]
mod tests {
    use super::{Gmc, Hash, Probe};
    use crate::class::Visibility;
    use crate::dispatch::gmc::{self, GlobalCache};
    use crate::dispatch::{Handler, Resolved};
    use crate::value::{ClassId, SymbolId};

    const ANSWER: Resolved = Resolved {
        method: None,
        handler: Handler::MethodMissing,
        visibility: Visibility::Public,
    };

    fn same(a: Probe, b: gmc::Probe) -> bool {
        match (a, b) {
            (Probe::Hit { slot, serial }, gmc::Probe::Hit(e)) => {
                slot == e.slot && serial == e.serial
            }
            (Probe::Collision, gmc::Probe::Collision) | (Probe::Empty, gmc::Probe::Empty) => true,
            _ => false,
        }
    }

    /// The same probes, fills and frees on both caches, at every small
    /// size, from a pseudo-random stream crowded enough to collide.
    #[test]
    fn behaves_as_the_real_global_cache() {
        for size in [1usize, 2, 4, 8, 64] {
            let (mut ours, mut real) = (Gmc::new(size), GlobalCache::new(size));
            let mut x: u64 = 0x2545_F491_4F6C_DD1D;
            for step in 0..20_000u64 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let (c, n) = ((x % 11) as u32, ((x >> 8) % 13) as u32);
                let h = Hash::new(c, n);
                let (a, b) = (ours.probe(h), real.probe(ClassId(c), SymbolId(n)));
                assert!(same(a, b), "size {size} step {step}: {a:?}");
                match (x >> 20) % 16 {
                    0 => {
                        let dead = [c, (c + 3) % 11];
                        let set = dead.iter().map(|&d| ClassId(d)).collect();
                        assert_eq!(ours.drop_classes(&dead), real.drop_classes(&set));
                    }
                    1..=9 => {
                        let (slot, serial) = ((x >> 24) as u32 % 5, step);
                        ours.fill(h, slot, serial);
                        real.fill(ClassId(c), SymbolId(n), slot, serial, ANSWER);
                    }
                    _ => {}
                }
                assert_eq!(ours.filled, real.filled);
            }
        }
    }
}
