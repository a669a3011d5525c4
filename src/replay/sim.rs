//! One cache configuration simulated over a trace: the call sites'
//! inline caches, the global method cache and the per-class caches (the
//! real `GlobalCache` and `ClassCaches` of `crate::dispatch`), and the
//! validity serials of its invalidation strategy. Each step mirrors what
//! `Dispatch` does for the same probe (`probe_send`/`miss`,
//! `probe_super`/`super_miss`, `resolve`, `invalidate.rs`), counting into
//! the same `Counters`; the honesty test (tests/replay.rs) holds them to
//! the live counters.

use std::collections::{HashMap, HashSet};

use crate::class::Visibility;
use crate::dispatch::class_cache::ClassCaches;
use crate::dispatch::gmc::{GlobalCache, Probe};
use crate::dispatch::{Counters, Handler, Resolved, Strategy};
use crate::value::{ClassId, SymbolId};

/// A configuration to simulate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub strategy: Strategy,
    /// Inline cache degree; 0: none.
    pub ic: usize,
    /// Global cache entries; 0: none.
    pub gmc: usize,
    pub class_cache: bool,
}

/// What the simulator caches stand for: the counters need no answer.
const ANSWER: Resolved = Resolved {
    method: None,
    handler: Handler::MethodMissing,
    visibility: Visibility::Public,
};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum State {
    Empty,
    Mono,
    Poly,
    Mega,
}

#[derive(Copy, Clone)]
struct Entry {
    class: u32,
    slot: u32,
    serial: u64,
}

/// A call site's inline cache, as `dispatch::CallSite` keeps it.
struct Site {
    entries: Vec<Entry>,
    state: State,
    hits: u64,
    misses: u64,
    evictions: u64,
    seen: Vec<u32>,
    super_key: Option<(u32, u32)>,
}

impl Site {
    fn new() -> Site {
        Site {
            entries: Vec::new(),
            state: State::Empty,
            hits: 0,
            misses: 0,
            evictions: 0,
            seen: Vec::new(),
            super_key: None,
        }
    }

    fn note_miss(&mut self, c: u32) {
        self.misses += 1;
        if self.seen.len() < 64 && !self.seen.contains(&c) {
            self.seen.push(c);
        }
    }
}

/// Per-site counts of one configuration (for the reports).
#[derive(Copy, Clone, Default, Debug)]
pub struct SiteCounts {
    pub hits: u64,
    pub misses: u64,
    pub evictions: u64,
}

pub struct Sim {
    pub config: Config,
    pub counters: Counters,
    serials: Vec<u64>,
    /// `hierarchical`: each class's serial slot.
    class_slot: HashMap<u32, u32>,
    /// `method`: each (class, name)'s slot, and the names per class.
    resolved: HashMap<(u32, u32), u32>,
    resolved_by_class: HashMap<u32, Vec<u32>>,
    resolved_names: HashSet<u32>,
    gmc: GlobalCache,
    class_caches: ClassCaches,
    sites: Vec<Site>,
}

impl Sim {
    pub fn new(config: Config) -> Sim {
        Sim {
            config,
            counters: Counters::default(),
            serials: vec![1],
            class_slot: HashMap::new(),
            resolved: HashMap::new(),
            resolved_by_class: HashMap::new(),
            resolved_names: HashSet::new(),
            gmc: GlobalCache::new(config.gmc),
            class_caches: ClassCaches::default(),
            sites: Vec::new(),
        }
    }

    pub fn site_counts(&self, site: usize) -> SiteCounts {
        self.sites
            .get(site)
            .map_or(SiteCounts::default(), |s| SiteCounts {
                hits: s.hits,
                misses: s.misses,
                evictions: s.evictions,
            })
    }

    fn new_slot(&mut self) -> u32 {
        self.serials.push(1);
        self.serials.len() as u32 - 1
    }

    fn bump(&mut self, slot: u32) {
        self.serials[slot as usize] += 1;
    }

    fn class_slot(&mut self, c: u32) -> u32 {
        if let Some(&s) = self.class_slot.get(&c) {
            return s;
        }
        let s = self.new_slot();
        self.class_slot.insert(c, s);
        s
    }

    /// `Dispatch::validity`.
    fn validity(&mut self, c: u32, name: u32) -> (u32, u64) {
        let slot = match self.config.strategy {
            Strategy::Global => 0,
            Strategy::Hierarchical => self.class_slot(c),
            Strategy::Method => match self.resolved.get(&(c, name)) {
                Some(&s) => s,
                None => {
                    let s = self.new_slot();
                    self.resolved.insert((c, name), s);
                    self.resolved_by_class.entry(c).or_default().push(s);
                    self.resolved_names.insert(name);
                    s
                }
            },
        };
        (slot, self.serials[slot as usize])
    }

    fn site(&mut self, site: u32) -> &mut Site {
        let i = site as usize;
        if i >= self.sites.len() {
            self.sites.resize_with(i + 1, Site::new);
        }
        &mut self.sites[i]
    }

    /// Zeroes the counters and the sites' counts (`reset_counts`).
    pub fn reset(&mut self) {
        self.counters = Counters::default();
        for s in self.sites.iter_mut() {
            s.hits = 0;
            s.misses = 0;
            s.evictions = 0;
        }
    }

    /// A call at a send site: the inline probe, then the miss path.
    #[inline]
    pub fn call(&mut self, site: u32, cls: u32, name: u32, refined: bool) {
        if self.inline_hit(site, cls) {
            return;
        }
        self.miss(site, cls, name, refined);
    }

    /// The inline probe (`Guard::answers` on each entry): a hit is
    /// counted; false when no entry answers for `cls`.
    #[inline]
    fn inline_hit(&mut self, site: u32, cls: u32) -> bool {
        let serials = &self.serials;
        let Some(s) = self.sites.get_mut(site as usize) else {
            return false;
        };
        let hit = s
            .entries
            .iter()
            .any(|e| e.class == cls && serials[e.slot as usize] == e.serial);
        if hit {
            s.hits += 1;
            self.counters.mc_inline_hit += 1;
        }
        hit
    }

    #[cold]
    fn miss(&mut self, site: u32, cls: u32, name: u32, refined: bool) {
        self.counters.mc_inline_miss += 1;
        self.classify_inline_miss(site, cls);
        let mega = self.site(site).state == State::Mega;
        if mega && !refined {
            self.site(site).note_miss(cls);
            self.resolve_valid(cls, name);
            return;
        }
        let (slot, serial) = if refined {
            self.counters.mc_miss_by_refine += 1;
            self.validity(cls, name)
        } else {
            self.resolve_valid(cls, name)
        };
        if self.config.ic > 0 {
            self.fill(
                site,
                Entry {
                    class: cls,
                    slot,
                    serial,
                },
            );
        }
    }

    /// A `super` call: `probe_super`, then `super_miss`.
    pub fn super_call(&mut self, site: u32, cls: u32, owner: u32, name: u32) {
        if self.site(site).super_key == Some((owner, name)) && self.inline_hit(site, cls) {
            return;
        }
        self.counters.mc_search_super += 1;
        self.counters.mc_inline_miss += 1;
        self.classify_inline_miss(site, cls);
        let s = &mut self.sites[site as usize];
        if s.super_key != Some((owner, name)) {
            s.entries.clear();
            s.state = State::Empty;
            s.super_key = Some((owner, name));
        }
        let (slot, serial) = self.validity(cls, name);
        self.counters.method_searches += 1;
        if self.config.ic > 0 {
            self.fill(
                site,
                Entry {
                    class: cls,
                    slot,
                    serial,
                },
            );
        }
    }

    /// A lookup without a call site (`Dispatch::resolve`).
    pub fn lookup(&mut self, cls: u32, name: u32) {
        self.resolve_valid(cls, name);
    }

    /// `Dispatch::resolve_valid`: the global cache, the per-class cache,
    /// the walk.
    fn resolve_valid(&mut self, cls: u32, name: u32) -> (u32, u64) {
        let (c, n) = (ClassId(cls), SymbolId(name));
        let probe = if self.config.gmc == 0 {
            None
        } else {
            let p = self.gmc.probe(c, n);
            if let Probe::Hit(e) = p
                && self.serials[e.slot as usize] == e.serial
            {
                self.counters.mc_global_hit += 1;
                return (e.slot, e.serial);
            }
            Some(p)
        };
        if let Some(p) = probe {
            match p {
                Probe::Hit(_) => self.counters.mc_global_state_miss += 1,
                Probe::Collision => self.counters.gmc_collisions += 1,
                Probe::Empty => {}
            }
            self.counters.mc_global_miss += 1;
        }
        if self.config.class_cache {
            if let Some((_, slot, serial)) = self.class_caches.probe(&self.serials, c, n) {
                self.counters.class_cache_hit += 1;
                if probe.is_some() {
                    self.gmc.fill(c, n, slot, serial, ANSWER);
                }
                return (slot, serial);
            }
            self.counters.class_cache_miss += 1;
        }
        self.counters.method_searches += 1;
        let (slot, serial) = self.validity(cls, name);
        if self.config.gmc > 0 {
            self.gmc.fill(c, n, slot, serial, ANSWER);
        }
        if self.config.class_cache {
            self.class_caches.fill(c, n, slot, serial, ANSWER);
        }
        (slot, serial)
    }

    fn classify_inline_miss(&mut self, site: u32, cls: u32) {
        let strategy = self.config.strategy;
        self.site(site);
        let s = &self.sites[site as usize];
        let c = &mut self.counters;
        if s.entries.is_empty() {
            if s.misses == 0 {
                c.mc_miss_by_nome += 1;
            } else {
                c.mc_miss_spurious += 1;
            }
        } else if s.entries.iter().any(|e| e.class == cls) {
            match strategy {
                Strategy::Global => c.mc_global_state_miss += 1,
                _ => c.mc_class_serial_miss += 1,
            }
        } else {
            c.mc_miss_by_distinct += 1;
        }
    }

    /// `Dispatch::fill_entries`.
    fn fill(&mut self, site: u32, entry: Entry) {
        let cap = self.config.ic;
        let s = &mut self.sites[site as usize];
        s.note_miss(entry.class);
        if let Some(e) = s.entries.iter_mut().find(|e| e.class == entry.class) {
            *e = entry;
            return;
        }
        if s.state == State::Mega {
            return;
        }
        if s.entries.len() < cap {
            s.entries.push(entry);
            s.state = if s.entries.len() > 1 {
                State::Poly
            } else {
                State::Mono
            };
            return;
        }
        if cap > 1 && s.seen.len() > cap {
            s.state = State::Mega;
            s.entries.clear();
        } else {
            s.entries.remove(0);
            s.entries.push(entry);
        }
        s.evictions += 1;
        self.counters.ic_evictions += 1;
    }

    /// `bump_coarse`: the global slot, or the class serials of `desc`.
    fn bump_coarse(&mut self, desc: &[u32]) -> u64 {
        if self.config.strategy == Strategy::Global {
            self.bump(0);
            return self.gmc.filled as u64;
        }
        for &d in desc {
            let s = self.class_slot(d);
            self.bump(s);
        }
        desc.len() as u64
    }

    fn invalidated(&mut self, touched: u64) {
        self.counters.invalidations += 1;
        self.counters.invalidated_entries += touched;
    }

    /// A method `name` changed in a class whose descendants are `desc`.
    pub fn method_changed(&mut self, name: u32, desc: &[u32]) {
        let touched = match self.config.strategy {
            Strategy::Global | Strategy::Hierarchical => self.bump_coarse(desc),
            Strategy::Method if !self.resolved_names.contains(&name) => 0,
            Strategy::Method => {
                let mut n = 0;
                for &d in desc {
                    if let Some(&slot) = self.resolved.get(&(d, name)) {
                        self.bump(slot);
                        n += 1;
                    }
                }
                n
            }
        };
        self.invalidated(touched);
    }

    pub fn ancestry_changed(&mut self, desc: &[u32]) {
        let touched = match self.config.strategy {
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
                n
            }
        };
        self.invalidated(touched);
    }

    pub fn class_created(&mut self) {
        if self.config.strategy == Strategy::Global {
            self.bump(0);
            let n = self.gmc.filled as u64;
            self.invalidated(n);
        }
    }

    pub fn constant_changed(&mut self) {
        self.invalidated(0);
    }

    pub fn using(&mut self) {
        self.serials.iter_mut().for_each(|s| *s += 1);
        let n = self.gmc.filled as u64;
        self.invalidated(n);
    }

    /// `Dispatch::classes_freed`: the dead classes' slots bumped and
    /// forgotten (a class reusing the id starts afresh), their entries
    /// dropped everywhere.
    pub fn classes_freed(&mut self, dead: &[u32]) {
        self.bump(0);
        for c in dead {
            if let Some(s) = self.class_slot.remove(c) {
                self.bump(s);
            }
            if let Some(slots) = self.resolved_by_class.remove(c) {
                for s in slots {
                    self.bump(s);
                }
            }
        }
        self.resolved.retain(|(c, _), _| !dead.contains(c));
        let ids: Vec<ClassId> = dead.iter().map(|&c| ClassId(c)).collect();
        let mut dropped = self.class_caches.drop_classes(&ids);
        let set: HashSet<ClassId> = ids.into_iter().collect();
        dropped += self.gmc.drop_classes(&set);
        for site in self.sites.iter_mut() {
            let before = site.entries.len();
            site.entries.retain(|e| !dead.contains(&e.class));
            site.seen.retain(|c| !dead.contains(c));
            if site.super_key.is_some_and(|(c, _)| dead.contains(&c)) {
                site.super_key = None;
                site.entries.clear();
            }
            dropped += (before - site.entries.len()) as u64;
        }
        self.counters.classes_freed += dead.len() as u64;
        self.counters.gc_dropped_entries += dropped;
    }
}
