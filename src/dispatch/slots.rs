//! Serial slots: which validity slot each cached answer uses. Slot 0 is
//! the global method state; a class gets one slot for `hierarchical`
//! invalidation and one per looked-up name for `method`, handed out on
//! first use and recycled when the GC frees the class. `Dispatch::serials`
//! holds each slot's serial; the class table knows nothing of them.

use crate::class::{IdSet, SymMap};
use crate::value::{ClassId, SymbolId};

#[derive(Default)]
pub struct Slots {
    /// Each class's slot under `hierarchical` (0: none handed out yet).
    class: Vec<u32>,
    /// Each class's slots by method name under `method`.
    resolved: Vec<SymMap<u32>>,
    /// Every name some class has a `resolved` slot for: a change to any
    /// other name has nothing to invalidate under `method` and skips the
    /// walk over descendants (most definitions, e.g. the prelude's).
    names: IdSet<SymbolId>,
    /// The highest slot handed out so far.
    last: u32,
    /// Slots of freed classes, for reuse.
    free: Vec<u32>,
}

impl Slots {
    fn alloc(&mut self) -> u32 {
        if let Some(s) = self.free.pop() {
            return s;
        }
        self.last += 1;
        self.last
    }

    /// `c`'s class slot (`hierarchical`), handed out on first use.
    pub fn class_slot(&mut self, c: ClassId) -> u32 {
        let i = c.index();
        if i >= self.class.len() {
            self.class.resize(i + 1, 0);
        }
        if self.class[i] == 0 {
            self.class[i] = self.alloc();
        }
        self.class[i]
    }

    /// `c`'s class slot if it has one: with none, nothing cached depends
    /// on it.
    pub fn class_slot_of(&self, c: ClassId) -> Option<u32> {
        self.class.get(c.index()).copied().filter(|&s| s != 0)
    }

    /// The slot of `(c, name)` (`method`), handed out on first use.
    pub fn resolved_slot(&mut self, c: ClassId, name: SymbolId) -> u32 {
        let i = c.index();
        if i >= self.resolved.len() {
            self.resolved.resize_with(i + 1, SymMap::default);
        }
        if let Some(&s) = self.resolved[i].get(&name) {
            return s;
        }
        let s = self.alloc();
        let r = &mut self.resolved[i];
        // A class that gets one resolved name gets a dozen (every call on
        // its instances that misses): room for them at once, not four
        // rehashes (a Struct class's, struct_churn).
        if r.capacity() == 0 {
            r.reserve(12);
        }
        r.insert(name, s);
        self.names.insert(name);
        s
    }

    /// The slot of `(c, name)` if it has one.
    pub fn resolved_slot_of(&self, c: ClassId, name: SymbolId) -> Option<u32> {
        self.resolved.get(c.index())?.get(&name).copied()
    }

    /// Every `method` slot of `c`.
    pub fn resolved_slots(&self, c: ClassId) -> Vec<u32> {
        self.resolved
            .get(c.index())
            .map(|r| r.values().copied().collect())
            .unwrap_or_default()
    }

    /// Whether any class has a `method` slot for `name`.
    pub fn has_name(&self, name: SymbolId) -> bool {
        self.names.contains(&name)
    }

    /// Takes every slot of a freed class (to be bumped, then recycled
    /// with `recycle`).
    pub fn take_class(&mut self, c: ClassId) -> Vec<u32> {
        let i = c.index();
        let mut out = Vec::new();
        if let Some(s) = self.class.get_mut(i) {
            out.extend((*s != 0).then_some(*s));
            *s = 0;
        }
        if let Some(r) = self.resolved.get_mut(i) {
            out.extend(r.drain().map(|(_, s)| s));
        }
        out
    }

    /// Slots whose serials were bumped, free for new classes.
    pub fn recycle(&mut self, slots: &[u32]) {
        self.free.extend(slots.iter().copied().filter(|&s| s != 0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_freed_class_gives_its_slots_back() {
        let mut s = Slots::default();
        let (a, b) = (ClassId(3), ClassId(4));
        let ca = s.class_slot(a);
        let ra = s.resolved_slot(a, SymbolId(9));
        assert_eq!(s.resolved_slot(a, SymbolId(9)), ra);
        assert!(s.has_name(SymbolId(9)));
        assert_eq!(s.class_slot_of(b), None);
        let mut freed = s.take_class(a);
        freed.sort_unstable();
        assert_eq!(freed, vec![ca.min(ra), ca.max(ra)]);
        assert_eq!(s.class_slot_of(a), None);
        assert_eq!(s.resolved_slot_of(a, SymbolId(9)), None);
        s.recycle(&freed);
        let nb = s.class_slot(b);
        assert!(freed.contains(&nb), "reused");
    }
}
