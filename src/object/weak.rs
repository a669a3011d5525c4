//! The table behind `ObjectSpace::WeakMap`: entries keyed by identity
//! that hold neither their key nor their value. `Body::trace` reports
//! nothing for it; the collector prunes, before each sweep, every entry
//! whose key or value was not marked (`gc::Heap::prune_weak`, doc/gc.md).

use std::collections::HashMap;

use crate::support::fasthash::FastBuild;
use crate::value::Value;

/// Insertion-ordered `key => value` pairs with an identity index (a
/// key's raw word, as CRuby's `rb_ident_hash`).
#[derive(Default)]
pub struct WeakTable {
    entries: Vec<(Value, Value)>,
    index: HashMap<u64, u32, FastBuild>,
}

impl WeakTable {
    pub fn get(&self, k: Value) -> Option<Value> {
        self.index
            .get(&k.raw())
            .map(|&i| self.entries[i as usize].1)
    }

    /// Sets `k => v`; a key already present keeps its place.
    pub fn set(&mut self, k: Value, v: Value) {
        match self.index.get(&k.raw()) {
            Some(&i) => self.entries[i as usize].1 = v,
            None => {
                self.index.insert(k.raw(), self.entries.len() as u32);
                self.entries.push((k, v));
            }
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The pairs in insertion order.
    pub fn entries(&self) -> &[(Value, Value)] {
        &self.entries
    }

    /// Drops every entry `live` rejects (a key or value the collection
    /// did not mark); returns how many went.
    pub fn retain(&mut self, mut live: impl FnMut(Value) -> bool) -> usize {
        let before = self.entries.len();
        self.entries.retain(|&(k, v)| live(k) && live(v));
        let gone = before - self.entries.len();
        if gone > 0 {
            self.index.clear();
            for (i, (k, _)) in self.entries.iter().enumerate() {
                self.index.insert(k.raw(), i as u32);
            }
        }
        gone
    }
}
