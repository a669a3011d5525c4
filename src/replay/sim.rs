//! The configurations of one invalidation strategy simulated together
//! over a trace (`Group`): one `Validity` (the strategy's serials, see
//! validity.rs for why one copy is exact for all), one `InlineSim` per
//! inline cache degree (the call sites' caches, probed on every call),
//! and under each, one `GlobalSim` per global cache size (the global
//! cache and the per-class caches), probed only when that degree's
//! inline cache misses, since the inline caches never depend on what the
//! global cache held (an answer's `(slot, serial)` is the same from any
//! cache). Each step mirrors what `Dispatch` does for the same probe
//! (`probe_send`/`miss`, `probe_super`/`super_miss`, `resolve`,
//! `invalidate.rs`), counting into the same `Counters`; the honesty test
//! (tests/replay.rs) holds them to the live counters.

use std::sync::Arc;

use super::class_cache::ClassCaches;
use super::decode::{Chunk, Op};
use super::gmc::{Gmc, Hash, Probe};
use super::validity::{Touched, Validity};
use crate::dispatch::{Counters, Strategy};

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

/// One configuration's outcome.
pub struct Run {
    pub config: Config,
    pub counters: Counters,
    /// Its inline cache degree's per-site counts, by site id.
    sites: Arc<Vec<SiteCounts>>,
}

impl Run {
    pub fn site_counts(&self, site: usize) -> SiteCounts {
        self.sites.get(site).copied().unwrap_or_default()
    }
}

/// A global cache size under one inline cache degree: the global cache,
/// the per-class caches, and the counters their probes decide.
struct GlobalSim {
    size: usize,
    gmc: Gmc,
    class_caches: ClassCaches,
    class_cache: bool,
    counters: Counters,
}

impl GlobalSim {
    /// `Dispatch::resolve_valid` after the global cache probe (`None`:
    /// no global cache): its hit, else the per-class cache, the walk.
    #[inline]
    fn resolve(
        &mut self,
        v: &mut Validity,
        h: Hash,
        cls: u32,
        name: u32,
        probe: Option<Probe>,
    ) -> (u32, u64) {
        if let Some(Probe::Hit { slot, serial }) = probe
            && v.serials[slot as usize] == serial
        {
            self.counters.mc_global_hit += 1;
            return (slot, serial);
        }
        self.resolve_slow(v, h, cls, name, probe)
    }

    /// This simulator's state under a larger size (`Gmc::grown`), for a
    /// size that shared it until now.
    fn grown(&self, size: usize) -> GlobalSim {
        GlobalSim {
            size,
            gmc: self.gmc.grown(size),
            class_caches: self.class_caches.clone(),
            class_cache: self.class_cache,
            counters: self.counters.clone(),
        }
    }

    #[cold]
    fn resolve_slow(
        &mut self,
        v: &mut Validity,
        h: Hash,
        cls: u32,
        name: u32,
        probe: Option<Probe>,
    ) -> (u32, u64) {
        if let Some(p) = probe {
            match p {
                Probe::Hit { .. } => self.counters.mc_global_state_miss += 1,
                Probe::Collision => self.counters.gmc_collisions += 1,
                Probe::Empty => {}
            }
            self.counters.mc_global_miss += 1;
        }
        if self.class_cache {
            if let Some((slot, serial)) = self.class_caches.probe(&v.serials, cls, name) {
                self.counters.class_cache_hit += 1;
                if probe.is_some() {
                    self.gmc.fill(h, slot, serial);
                }
                return (slot, serial);
            }
            self.counters.class_cache_miss += 1;
        }
        self.counters.method_searches += 1;
        let (slot, serial) = v.of(cls, name);
        if self.size > 0 {
            self.gmc.fill(h, slot, serial);
        }
        if self.class_cache {
            self.class_caches.fill(cls, name, slot, serial);
        }
        (slot, serial)
    }

    fn invalidated(&mut self, t: Touched) {
        self.counters.invalidations += 1;
        self.counters.invalidated_entries += match t {
            Touched::Count(n) => n,
            Touched::GlobalCacheFill => self.gmc.filled as u64,
        };
    }

    fn classes_freed(&mut self, dead: &[u32]) {
        let dropped = self.class_caches.drop_classes(dead) + self.gmc.drop_classes(dead);
        self.counters.classes_freed += dead.len() as u64;
        self.counters.gc_dropped_entries += dropped;
    }
}

/// One inline cache degree: the call sites' caches and the counters
/// their probes decide, over the global caches of every size.
///
/// Global cache sizes of two entries and more are simulated together
/// while they can be: as long as no probe of a size has found a set full
/// of other pairs, every larger size has gone through the same probes and
/// fills with the same outcome and holds the same entries (`Gmc::grown`),
/// so one simulator (the lead, the last in `globals`) stands for all of
/// them. When its probe is about to find such a set, the next size gets
/// a simulator of its own, a copy of the lead's state, and becomes the
/// lead.
struct InlineSim {
    ic: usize,
    sites: Vec<Site>,
    counters: Counters,
    /// Sizes 0 and 1 (on their own: no cache, one entry), then one per
    /// size of `chain[..next]`.
    globals: Vec<GlobalSim>,
    /// The sizes of two entries and more, ascending.
    chain: Vec<usize>,
    /// `chain[next..]` share the lead's state.
    next: usize,
}

impl InlineSim {
    fn site(&mut self, site: u32) -> &mut Site {
        let i = site as usize;
        if i >= self.sites.len() {
            self.sites.resize_with(i + 1, Site::new);
        }
        &mut self.sites[i]
    }

    /// A call at a send site: the inline probe, then the miss path.
    #[inline]
    fn call(&mut self, v: &mut Validity, site: u32, cls: u32, name: u32, refined: bool) {
        if self.inline_hit(&v.serials, site, cls) {
            return;
        }
        self.miss(v, site, cls, name, refined);
    }

    /// The inline probe (`Guard::answers` on each entry): a hit is
    /// counted; false when no entry answers for `cls`.
    #[inline]
    fn inline_hit(&mut self, serials: &[u64], site: u32, cls: u32) -> bool {
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

    /// Every global cache size resolves `name` on `cls`; the answer's
    /// validity is the same from each (validity.rs).
    fn resolve(&mut self, v: &mut Validity, cls: u32, name: u32) -> (u32, u64) {
        let h = Hash::new(cls, name);
        let mut answer = None;
        let mut k = 0;
        while k < self.globals.len() {
            let g = &self.globals[k];
            let probe = (g.size > 0).then(|| g.gmc.probe(h));
            // (The lead is last: the chain's sizes come after 0 and 1.)
            if probe == Some(Probe::Collision)
                && k + 1 == self.globals.len()
                && self.next < self.chain.len()
            {
                self.globals.push(g.grown(self.chain[self.next]));
                self.next += 1;
            }
            let a = self.globals[k].resolve(v, h, cls, name, probe);
            debug_assert!(answer.is_none_or(|x| x == a));
            answer = Some(a);
            k += 1;
        }
        answer.unwrap_or_else(|| v.of(cls, name))
    }

    /// The simulator answering for global cache size `size`.
    fn global_of(&self, size: usize) -> &GlobalSim {
        let own = self.globals.iter().find(|g| g.size == size);
        own.or(self.globals.last())
            .expect("a global cache simulator")
    }

    fn miss(&mut self, v: &mut Validity, site: u32, cls: u32, name: u32, refined: bool) {
        self.counters.mc_inline_miss += 1;
        self.classify_inline_miss(v.strategy, site, cls);
        let mega = self.site(site).state == State::Mega;
        if mega && !refined {
            self.site(site).note_miss(cls);
            self.resolve(v, cls, name);
            return;
        }
        let (slot, serial) = if refined {
            self.counters.mc_miss_by_refine += 1;
            v.of(cls, name)
        } else {
            self.resolve(v, cls, name)
        };
        if self.ic > 0 {
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
    fn super_call(&mut self, v: &mut Validity, site: u32, cls: u32, owner: u32, name: u32) {
        if self.site(site).super_key == Some((owner, name))
            && self.inline_hit(&v.serials, site, cls)
        {
            return;
        }
        self.counters.mc_search_super += 1;
        self.counters.mc_inline_miss += 1;
        self.classify_inline_miss(v.strategy, site, cls);
        let s = &mut self.sites[site as usize];
        if s.super_key != Some((owner, name)) {
            s.entries.clear();
            s.state = State::Empty;
            s.super_key = Some((owner, name));
        }
        let (slot, serial) = v.of(cls, name);
        self.counters.method_searches += 1;
        if self.ic > 0 {
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

    fn classify_inline_miss(&mut self, strategy: Strategy, site: u32, cls: u32) {
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
        let cap = self.ic;
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

    /// `Dispatch::classes_freed` on the call sites: entries for the dead
    /// classes dropped.
    fn classes_freed(&mut self, dead: &[u32]) {
        let mut dropped = 0;
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
        self.counters.gc_dropped_entries += dropped;
        for g in self.globals.iter_mut() {
            g.classes_freed(dead);
        }
    }

    /// Zeroes the counters and the sites' counts (`reset_counts`).
    fn reset(&mut self) {
        self.counters = Counters::default();
        for s in self.sites.iter_mut() {
            s.hits = 0;
            s.misses = 0;
            s.evictions = 0;
        }
        for g in self.globals.iter_mut() {
            g.counters = Counters::default();
        }
    }

    /// One configuration's counters: the global side's, plus what the
    /// inline side counts (only these fields).
    fn merged(&self, g: &GlobalSim) -> Counters {
        let (i, mut c) = (&self.counters, g.counters.clone());
        c.mc_inline_hit += i.mc_inline_hit;
        c.mc_inline_miss += i.mc_inline_miss;
        c.mc_miss_by_nome += i.mc_miss_by_nome;
        c.mc_miss_spurious += i.mc_miss_spurious;
        c.mc_miss_by_distinct += i.mc_miss_by_distinct;
        c.mc_miss_by_refine += i.mc_miss_by_refine;
        c.mc_global_state_miss += i.mc_global_state_miss;
        c.mc_class_serial_miss += i.mc_class_serial_miss;
        c.mc_search_super += i.mc_search_super;
        c.method_searches += i.method_searches;
        c.ic_evictions += i.ic_evictions;
        c.gc_dropped_entries += i.gc_dropped_entries;
        c
    }
}

/// `f` on every global cache simulator.
fn each_global(inline: &mut [InlineSim], mut f: impl FnMut(&mut GlobalSim)) {
    for i in inline.iter_mut() {
        i.globals.iter_mut().for_each(&mut f);
    }
}

/// Every configuration of one invalidation strategy.
pub struct Group {
    v: Validity,
    class_cache: bool,
    /// The global cache sizes asked for, in order.
    sizes: Vec<usize>,
    inline: Vec<InlineSim>,
}

impl Group {
    pub fn new(strategy: Strategy, ics: &[usize], sizes: &[usize], class_cache: bool) -> Group {
        let global = |size| GlobalSim {
            size,
            gmc: Gmc::new(size),
            class_caches: ClassCaches::default(),
            class_cache,
            counters: Counters::default(),
        };
        let mut alone: Vec<usize> = sizes.iter().copied().filter(|&s| s < 2).collect();
        let mut chain: Vec<usize> = sizes.iter().copied().filter(|&s| s >= 2).collect();
        alone.sort_unstable();
        alone.dedup();
        chain.sort_unstable();
        chain.dedup();
        let inline = ics
            .iter()
            .map(|&ic| {
                let mut globals: Vec<GlobalSim> = alone.iter().map(|&s| global(s)).collect();
                globals.extend(chain.first().map(|&s| global(s)));
                InlineSim {
                    ic,
                    sites: Vec::new(),
                    counters: Counters::default(),
                    globals,
                    next: chain.len().min(1),
                    chain: chain.clone(),
                }
            })
            .collect();
        Group {
            v: Validity::new(strategy),
            class_cache,
            sizes: sizes.to_vec(),
            inline,
        }
    }

    /// Every configuration steps through the chunk's events.
    pub fn run(&mut self, chunk: &Chunk) {
        let (v, inline) = (&mut self.v, &mut self.inline);
        for op in &chunk.ops {
            match *op {
                Op::Call {
                    site,
                    class,
                    name,
                    refined,
                } => {
                    for i in inline.iter_mut() {
                        i.call(v, site, class, name, refined);
                    }
                }
                Op::Super {
                    site,
                    class,
                    owner,
                    name,
                } => {
                    for i in inline.iter_mut() {
                        i.super_call(v, site, class, owner, name);
                    }
                }
                Op::Lookup { class, name } => {
                    for i in inline.iter_mut() {
                        i.resolve(v, class, name);
                    }
                }
                Op::Method { name, list } => {
                    let t = v.method_changed(name, chunk.list(list));
                    each_global(inline, |g| g.invalidated(t));
                }
                Op::Ancestry { list } => {
                    let t = v.ancestry_changed(chunk.list(list));
                    each_global(inline, |g| g.invalidated(t));
                }
                Op::ClassCreated => {
                    if v.class_created() {
                        each_global(inline, |g| g.invalidated(Touched::GlobalCacheFill));
                    }
                }
                Op::Const => each_global(inline, |g| g.invalidated(Touched::Count(0))),
                Op::Using => {
                    v.using();
                    each_global(inline, |g| g.invalidated(Touched::GlobalCacheFill));
                }
                Op::Freed { list } => {
                    let dead = chunk.list(list);
                    v.classes_freed(dead);
                    for i in inline.iter_mut() {
                        i.classes_freed(dead);
                    }
                }
                Op::Reset => inline.iter_mut().for_each(InlineSim::reset),
            }
        }
    }

    /// The configurations' outcomes: by inline cache degree, then size.
    pub fn finish(self) -> Vec<Run> {
        let strategy = self.v.strategy;
        let class_cache = self.class_cache;
        let mut out = Vec::new();
        for i in &self.inline {
            let sites: Arc<Vec<SiteCounts>> = Arc::new(
                i.sites
                    .iter()
                    .map(|s| SiteCounts {
                        hits: s.hits,
                        misses: s.misses,
                        evictions: s.evictions,
                    })
                    .collect(),
            );
            for &size in &self.sizes {
                out.push(Run {
                    config: Config {
                        strategy,
                        ic: i.ic,
                        gmc: size,
                        class_cache,
                    },
                    counters: i.merged(i.global_of(size)),
                    sites: sites.clone(),
                });
            }
        }
        out
    }
}
