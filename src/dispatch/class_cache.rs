//! The per-class method cache: for each receiver class, the names looked
//! up on it and what they resolved to (CRuby 3.x's per-class call-cache
//! table, `RCLASS_CC_TBL`). It sits under the global method cache and
//! answers what that fixed-size table cannot hold (an application with
//! more hot `(class, name)` pairs than it has entries) with one hash
//! probe instead of the ancestor walk.
//!
//! An entry is valid under the same `(slot, serial)` rule as every other
//! cached answer, so invalidation needs nothing here: a stale entry is
//! refilled by the next search. Entries go only with their class (the GC
//! freeing it: `drop_classes`).
//!
//! A class gets a table only after `WARM_SEARCHES` searches: the many
//! short-lived classes a program makes (a singleton class per
//! `def o.x`, `Class.new` in a loop) are searched once or twice and then
//! collected, and a table for each would cost an allocation and a free
//! for nothing.

use super::Resolved;
use crate::class::SymMap;
use crate::value::{ClassId, SymbolId};

#[derive(Copy, Clone)]
struct Entry {
    slot: u32,
    serial: u64,
    resolved: Resolved,
}

/// Searches of a class before it gets a table.
pub const WARM_SEARCHES: u32 = 4;

#[derive(Default)]
struct Table {
    /// Searches made for the class so far (up to `WARM_SEARCHES`).
    searches: u32,
    entries: SymMap<Entry>,
}

#[derive(Default)]
pub struct ClassCaches {
    /// Indexed by class id; an empty table for a class never searched.
    tables: Vec<Table>,
    /// Entries held, over every class.
    pub entries: usize,
}

impl ClassCaches {
    /// The valid answer for `name` on receivers of `cls`, with the
    /// validity it carries.
    #[inline]
    pub fn probe(
        &self,
        serials: &[u64],
        cls: ClassId,
        name: SymbolId,
    ) -> Option<(Resolved, u32, u64)> {
        let e = self.tables.get(cls.index())?.entries.get(&name)?;
        (serials[e.slot as usize] == e.serial).then_some((e.resolved, e.slot, e.serial))
    }

    /// Stores an answer the walk found (over a stale one), once the
    /// class has been searched `WARM_SEARCHES` times.
    pub fn fill(&mut self, cls: ClassId, name: SymbolId, slot: u32, serial: u64, r: Resolved) {
        let i = cls.index();
        if i >= self.tables.len() {
            // Room for the ids to come at once (class ids grow by one).
            let n = (i + 1).max(self.tables.len() * 2);
            self.tables.resize_with(n, Table::default);
        }
        let t = &mut self.tables[i];
        if t.searches < WARM_SEARCHES {
            t.searches += 1;
            return;
        }
        let entry = Entry {
            slot,
            serial,
            resolved: r,
        };
        if t.entries.insert(name, entry).is_none() {
            self.entries += 1;
        }
    }

    /// Drops the tables of classes the GC freed; returns the entries
    /// they held.
    pub fn drop_classes(&mut self, dead: &[ClassId]) -> u64 {
        let mut n = 0;
        for c in dead {
            if let Some(t) = self.tables.get_mut(c.index()) {
                n += t.entries.len();
                *t = Table::default();
            }
        }
        self.entries -= n;
        n as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::Visibility;
    use crate::dispatch::Handler;
    use crate::value::MethodId;

    fn found(m: u32) -> Resolved {
        Resolved {
            method: Some(MethodId(m)),
            handler: Handler::Builtin,
            visibility: Visibility::Public,
        }
    }

    #[test]
    fn answers_while_its_serial_holds_and_goes_with_its_class() {
        let mut cc = ClassCaches::default();
        let mut serials = vec![1u64; 8];
        let (c, n) = (ClassId(5), SymbolId(9));
        assert!(cc.probe(&serials, c, n).is_none());
        for _ in 0..WARM_SEARCHES {
            cc.fill(c, n, 3, 1, found(7));
            assert!(cc.probe(&serials, c, n).is_none(), "not warm yet");
        }
        cc.fill(c, n, 3, 1, found(7));
        let hit = cc.probe(&serials, c, n).map(|(r, s, v)| (r.method, s, v));
        assert_eq!(hit, Some((Some(MethodId(7)), 3, 1)));
        assert!(cc.probe(&serials, ClassId(4), n).is_none());
        assert!(cc.probe(&serials, c, SymbolId(8)).is_none());
        serials[3] += 1;
        assert!(cc.probe(&serials, c, n).is_none(), "stale after a bump");
        cc.fill(c, n, 3, 2, found(8));
        assert_eq!(cc.entries, 1, "a refill replaces the stale entry");
        assert!(cc.probe(&serials, c, n).is_some());
        assert_eq!(cc.drop_classes(&[c]), 1);
        assert!(cc.probe(&serials, c, n).is_none());
        assert_eq!(cc.entries, 0);
    }
}
