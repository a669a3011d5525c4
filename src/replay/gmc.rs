//! The replay's global method cache: `dispatch::gmc::GlobalCache`'s
//! fixed-size behaviour (two-way sets, the same hash and set index, the
//! same fill order) with only what a simulation needs per entry, the
//! `(class, name)` key and the `(slot, serial)` validity packed into 16
//! bytes. The table is one flat zero-initialized vector, so the untouched
//! part of a 512K-entry table costs no memory, and the hash is computed
//! once for every size simulated together (`Hash`). A test drives it and
//! the real cache with the same operations and compares them.

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
    /// The hash of a packed key's pair.
    fn of_key(key: u64) -> Hash {
        Hash::new(((key >> 22) - 1) as u32, (key & ((1 << 22) - 1)) as u32)
    }

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

/// The packed `(class, name)`: 45 bits, never 0 (the empty entry), as
/// class and name ids are below 2^22.
#[inline]
fn key(class: u32, name: u32) -> u64 {
    ((class as u64 + 1) << 22) | name as u64
}

const KEY_BITS: u32 = 45;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// A serial is at most 1 + the trace's length in bytes (one bump per
/// event or list item), and `replay` refuses traces of 2^40 bytes.
pub const SERIAL_BITS: u32 = 40;
const SERIAL_MASK: u64 = (1 << SERIAL_BITS) - 1;
/// The slot's low bits sit above the key, the rest above the serial.
const SLOT_LOW: u32 = 64 - KEY_BITS;

#[inline]
fn pack(key: u64, slot: u32, serial: u64) -> [u64; 2] {
    let slot = slot as u64;
    [
        key | (slot << KEY_BITS),
        serial | ((slot >> SLOT_LOW) << SERIAL_BITS),
    ]
}

#[inline]
fn unpack(e: [u64; 2]) -> (u32, u64) {
    let slot = (e[0] >> KEY_BITS) | ((e[1] >> SERIAL_BITS) << SLOT_LOW);
    (slot as u32, e[1] & SERIAL_MASK)
}

#[inline]
fn class_of(key: u64) -> u32 {
    ((key >> 22) - 1) as u32
}

/// What a probe found, as `gmc::Probe`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Probe {
    Hit { slot: u32, serial: u64 },
    Collision,
    Empty,
}

pub struct Gmc {
    /// Each entry's key, slot and serial packed into 16 bytes (`pack`),
    /// so a probe's key and validity share a cache line; `[0, 0]`:
    /// empty. Integers, so a fresh table is zeroed memory the system
    /// maps on first touch.
    entries: Vec<[u64; 2]>,
    /// Where entry 0 is in `entries`: a set (two entries, 32 bytes)
    /// starts at a multiple of 32 bytes, never across two cache lines.
    base: usize,
    size: usize,
    ways: usize,
    mask: usize,
    pub filled: usize,
}

impl Gmc {
    pub fn new(size: usize) -> Gmc {
        let ways = WAYS.min(size.max(1));
        let entries = vec![[0u64; 2]; size + 1];
        let base = (entries.as_ptr() as usize / 16) % 2;
        Gmc {
            entries,
            base,
            size,
            ways,
            mask: (size / ways).saturating_sub(1),
            filled: 0,
        }
    }

    #[inline]
    fn set(&self, h: Hash) -> usize {
        self.base + (h.high & self.mask) * self.ways
    }

    #[inline]
    pub fn probe(&self, h: Hash) -> Probe {
        let i = self.set(h);
        let hit = |e: [u64; 2]| {
            let (slot, serial) = unpack(e);
            Probe::Hit { slot, serial }
        };
        let first = self.entries[i];
        if first[0] & KEY_MASK == h.key {
            return hit(first);
        }
        if self.ways == 1 {
            return if first[0] != 0 {
                Probe::Collision
            } else {
                Probe::Empty
            };
        }
        let second = self.entries[i + 1];
        if second[0] & KEY_MASK == h.key {
            hit(second)
        } else if first[0] != 0 && second[0] != 0 {
            Probe::Collision
        } else {
            Probe::Empty
        }
    }

    /// `GlobalCache::fill`: over the pair's own entry, else in the set's
    /// first way, the others moving down one.
    #[inline]
    pub fn fill(&mut self, h: Hash, slot: u32, serial: u64) {
        debug_assert!(serial <= SERIAL_MASK);
        let i = self.set(h);
        let e = pack(h.key, slot, serial);
        let set = &mut self.entries[i..i + self.ways];
        if let Some(w) = set.iter().position(|x| x[0] & KEY_MASK == h.key) {
            set[w] = e;
            return;
        }
        let end = match set.iter().position(|x| x[0] == 0) {
            Some(w) => {
                self.filled += 1;
                w + 1
            }
            None => set.len(),
        };
        for w in (1..end).rev() {
            set[w] = set[w - 1];
        }
        set[0] = e;
    }

    /// A table of `size` entries (more than this one's, both with
    /// two-way sets) holding this one's entries, each set's in the order
    /// they came. While no probe of this table has found a set full of
    /// other pairs, a larger one that went through the same probes and
    /// fills holds exactly this (each of its sets holds part of one of
    /// this one's), which is what this builds (sim.rs).
    pub fn grown(&self, size: usize) -> Gmc {
        debug_assert!(self.ways == 2 && size > self.size);
        let mut g = Gmc::new(size);
        for set in (self.base..self.base + self.size).step_by(self.ways) {
            for w in (0..self.ways).rev() {
                let e = self.entries[set + w];
                if e[0] != 0 {
                    let (slot, serial) = unpack(e);
                    g.fill(Hash::of_key(e[0] & KEY_MASK), slot, serial);
                }
            }
        }
        g
    }

    /// Empties the entries of `dead` classes (freed by the GC); returns
    /// how many there were.
    pub fn drop_classes(&mut self, dead: &[u32]) -> u64 {
        if self.filled == 0 {
            return 0;
        }
        let mut n = 0;
        for e in self.entries.iter_mut() {
            if e[0] != 0 && dead.contains(&class_of(e[0] & KEY_MASK)) {
                *e = [0, 0];
                n += 1;
            }
        }
        self.filled -= n;
        n as u64
    }
}

#[cfg(test)]
mod tests {
    use super::{Gmc, Hash, Probe, SERIAL_BITS, pack, unpack};
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

    #[test]
    fn an_entry_keeps_any_slot_and_serial() {
        let key = super::key((1 << 22) - 1, (1 << 22) - 1);
        for (slot, serial) in [(0, 1), (u32::MAX, (1 << SERIAL_BITS) - 1), (1 << 19, 7)] {
            let e = pack(key, slot, serial);
            assert_eq!(e[0] & super::KEY_MASK, key);
            assert_eq!(unpack(e), (slot, serial));
        }
    }

    /// A table grown from a smaller one that never collided is the
    /// table that size would have after the same operations.
    #[test]
    fn grown_is_the_larger_table_while_the_smaller_never_collided() {
        let mut x: u64 = 0x1234_5678_9ABC_DEF1;
        for round in 0..200 {
            let (mut small, mut big) = (Gmc::new(16), Gmc::new(64));
            for step in 0..(round % 40) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let h = Hash::new((x % 9) as u32, ((x >> 8) % 9) as u32);
                if small.probe(h) == Probe::Collision {
                    break;
                }
                if (x >> 30).is_multiple_of(8) {
                    let dead = [(x % 9) as u32];
                    small.drop_classes(&dead);
                    big.drop_classes(&dead);
                } else {
                    small.fill(h, step, x >> 40);
                    big.fill(h, step, x >> 40);
                }
            }
            // Then the same fills on both, evicting: the ways' order
            // shows.
            let mut grown = small.grown(64);
            for step in 0..60 {
                assert_eq!(grown.filled, big.filled);
                for c in 0..9 {
                    for n in 0..9 {
                        let h = Hash::new(c, n);
                        assert_eq!(grown.probe(h), big.probe(h), "round {round}");
                    }
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let h = Hash::new((x % 9) as u32, ((x >> 8) % 9) as u32);
                grown.fill(h, step, x >> 40);
                big.fill(h, step, x >> 40);
            }
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
