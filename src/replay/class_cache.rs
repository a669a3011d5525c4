//! The replay's per-class caches: `dispatch::class_cache::ClassCaches`'s
//! behaviour (a table per class after `WARM_SEARCHES` searches, entries
//! valid under their `(slot, serial)`, dropped with their class) holding
//! only the validity, and cloneable, so a global cache size that starts
//! being simulated on its own can take over the state it shared with a
//! smaller one (sim.rs). A test compares it with the real one.

use std::collections::HashMap;

use crate::dispatch::class_cache::WARM_SEARCHES;
use crate::support::fasthash::FastBuild;

#[derive(Clone, Default)]
struct Table {
    /// Searches made for the class so far (up to `WARM_SEARCHES`).
    searches: u32,
    /// Name id -> (slot, serial).
    entries: HashMap<u32, (u32, u64), FastBuild>,
}

#[derive(Clone, Default)]
pub struct ClassCaches {
    /// By class id.
    tables: Vec<Table>,
}

impl ClassCaches {
    /// The valid `(slot, serial)` cached for `name` on `cls`.
    #[inline]
    pub fn probe(&self, serials: &[u64], cls: u32, name: u32) -> Option<(u32, u64)> {
        let &(slot, serial) = self.tables.get(cls as usize)?.entries.get(&name)?;
        (serials[slot as usize] == serial).then_some((slot, serial))
    }

    /// Stores what a walk found, once the class has been searched
    /// `WARM_SEARCHES` times.
    pub fn fill(&mut self, cls: u32, name: u32, slot: u32, serial: u64) {
        let i = cls as usize;
        if i >= self.tables.len() {
            let n = (i + 1).max(self.tables.len() * 2);
            self.tables.resize_with(n, Table::default);
        }
        let t = &mut self.tables[i];
        if t.searches < WARM_SEARCHES {
            t.searches += 1;
            return;
        }
        t.entries.insert(name, (slot, serial));
    }

    /// Drops the tables of classes the GC freed; returns the entries
    /// they held.
    pub fn drop_classes(&mut self, dead: &[u32]) -> u64 {
        let mut n = 0;
        for &c in dead {
            if let Some(t) = self.tables.get_mut(c as usize) {
                n += t.entries.len();
                *t = Table::default();
            }
        }
        n as u64
    }
}

#[cfg(test)]
mod tests {
    use super::ClassCaches;
    use crate::class::Visibility;
    use crate::dispatch::class_cache;
    use crate::dispatch::{Handler, Resolved};
    use crate::value::{ClassId, SymbolId};

    /// The same probes, fills, bumps and frees on both.
    #[test]
    fn behaves_as_the_real_class_caches() {
        let answer = Resolved {
            method: None,
            handler: Handler::MethodMissing,
            visibility: Visibility::Public,
        };
        let (mut ours, mut real) = (ClassCaches::default(), class_cache::ClassCaches::default());
        let mut serials = vec![1u64; 6];
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for step in 0..20_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (c, n) = ((x % 7) as u32, ((x >> 8) % 5) as u32);
            let a = ours.probe(&serials, c, n);
            let b = real
                .probe(&serials, ClassId(c), SymbolId(n))
                .map(|(_, s, v)| (s, v));
            assert_eq!(a, b, "step {step}");
            let slot = (x >> 24) as u32 % 6;
            match (x >> 20) % 16 {
                0 => {
                    let dead = [c];
                    assert_eq!(ours.drop_classes(&dead), real.drop_classes(&[ClassId(c)]));
                }
                1 => serials[slot as usize] += 1,
                _ => {
                    let serial = serials[slot as usize];
                    ours.fill(c, n, slot, serial);
                    real.fill(ClassId(c), SymbolId(n), slot, serial, answer);
                }
            }
        }
    }
}
