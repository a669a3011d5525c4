//! The validity serials of one invalidation strategy, shared by every
//! configuration simulated under it (`Dispatch::validity` and the serial
//! bumps of `invalidate.rs`).
//!
//! Why one copy serves every inline cache degree and global cache size:
//! a slot is made the first time a `(class, name)` pair (or class, for
//! `hierarchical`) is resolved since its class was last freed, and that
//! first resolution happens at the same event in every configuration,
//! because no cache can answer for a pair nothing has resolved yet. Bumps
//! come from hierarchy events alone. So the slots, their numbering and
//! their serials are the same whatever the caches held, and a cached
//! `(slot, serial)` is valid in one configuration exactly when it would
//! be in another.

use std::collections::HashMap;

use crate::dispatch::Strategy;
use crate::support::fasthash::FastBuild;

/// Entries an invalidation touched: a count, or (`global`) every filled
/// global cache entry, which each global cache counts for itself.
#[derive(Copy, Clone)]
pub enum Touched {
    Count(u64),
    GlobalCacheFill,
}

pub struct Validity {
    pub strategy: Strategy,
    pub serials: Vec<u64>,
    /// `hierarchical`: each class's slot (0: none yet), by class id.
    class_slot: Vec<u32>,
    /// `method`: each (class, name)'s slot, the slots per class, and the
    /// names ever resolved (by name id).
    resolved: HashMap<(u32, u32), u32, FastBuild>,
    resolved_by_class: HashMap<u32, Vec<u32>, FastBuild>,
    resolved_names: Vec<bool>,
}

impl Validity {
    pub fn new(strategy: Strategy) -> Validity {
        Validity {
            strategy,
            serials: vec![1],
            class_slot: Vec::new(),
            resolved: HashMap::default(),
            resolved_by_class: HashMap::default(),
            resolved_names: Vec::new(),
        }
    }

    fn new_slot(&mut self) -> u32 {
        self.serials.push(1);
        self.serials.len() as u32 - 1
    }

    #[inline]
    fn bump(&mut self, slot: u32) {
        self.serials[slot as usize] += 1;
    }

    fn class_slot(&mut self, c: u32) -> u32 {
        let i = c as usize;
        if i >= self.class_slot.len() {
            self.class_slot.resize(i + 1, 0);
        }
        if self.class_slot[i] == 0 {
            self.class_slot[i] = self.new_slot();
        }
        self.class_slot[i]
    }

    fn name_resolved(&self, name: u32) -> bool {
        self.resolved_names
            .get(name as usize)
            .copied()
            .unwrap_or(false)
    }

    /// `Dispatch::validity`: the slot answers for `name` on `c` depend
    /// on, and its serial now.
    pub fn of(&mut self, c: u32, name: u32) -> (u32, u64) {
        let slot = match self.strategy {
            Strategy::Global => 0,
            Strategy::Hierarchical => self.class_slot(c),
            Strategy::Method => match self.resolved.get(&(c, name)) {
                Some(&s) => s,
                None => {
                    let s = self.new_slot();
                    self.resolved.insert((c, name), s);
                    self.resolved_by_class.entry(c).or_default().push(s);
                    let n = name as usize;
                    if n >= self.resolved_names.len() {
                        self.resolved_names.resize(n + 1, false);
                    }
                    self.resolved_names[n] = true;
                    s
                }
            },
        };
        (slot, self.serials[slot as usize])
    }

    /// `bump_coarse`: the global slot, or the class serials of `desc`.
    fn bump_coarse(&mut self, desc: &[u32]) -> Touched {
        if self.strategy == Strategy::Global {
            self.bump(0);
            return Touched::GlobalCacheFill;
        }
        for &d in desc {
            let s = self.class_slot(d);
            self.bump(s);
        }
        Touched::Count(desc.len() as u64)
    }

    /// A method `name` changed in a class whose descendants are `desc`.
    pub fn method_changed(&mut self, name: u32, desc: &[u32]) -> Touched {
        match self.strategy {
            Strategy::Global | Strategy::Hierarchical => self.bump_coarse(desc),
            Strategy::Method if !self.name_resolved(name) => Touched::Count(0),
            Strategy::Method => {
                let mut n = 0;
                for &d in desc {
                    if let Some(&slot) = self.resolved.get(&(d, name)) {
                        self.bump(slot);
                        n += 1;
                    }
                }
                Touched::Count(n)
            }
        }
    }

    pub fn ancestry_changed(&mut self, desc: &[u32]) -> Touched {
        match self.strategy {
            Strategy::Global | Strategy::Hierarchical => self.bump_coarse(desc),
            Strategy::Method => {
                let mut n = 0;
                for d in desc {
                    if let Some(slots) = self.resolved_by_class.get(d) {
                        for &s in slots {
                            self.serials[s as usize] += 1;
                            n += 1;
                        }
                    }
                }
                Touched::Count(n)
            }
        }
    }

    /// A class was created: `global` bumps its one serial (the other
    /// strategies count no invalidation).
    pub fn class_created(&mut self) -> bool {
        if self.strategy == Strategy::Global {
            self.bump(0);
            return true;
        }
        false
    }

    pub fn using(&mut self) {
        self.serials.iter_mut().for_each(|s| *s += 1);
    }

    /// `Dispatch::classes_freed`'s serials: the dead classes' slots
    /// bumped and forgotten (a class reusing the id starts afresh).
    pub fn classes_freed(&mut self, dead: &[u32]) {
        self.bump(0);
        for &c in dead {
            if let Some(s) = self.class_slot.get_mut(c as usize)
                && *s != 0
            {
                let s = std::mem::take(s);
                self.bump(s);
            }
            if let Some(slots) = self.resolved_by_class.remove(&c) {
                for s in slots {
                    self.bump(s);
                }
            }
        }
        if !self.resolved.is_empty() {
            self.resolved.retain(|(c, _), _| !dead.contains(c));
        }
    }
}
