//! Method dispatch: the only way the interpreter (and later the JIT) finds
//! the method a call runs, and everything that caches or invalidates that
//! answer.
//!
//! Fast path to slow path: the call site's inline cache (`ic`), then the
//! global method cache (`gmc`), then the per-class method caches
//! (`class_cache`), then the ancestor walk (`lookup`). Every
//! cached answer carries a *validity* pair `(slot, serial)`: it is valid
//! while `serials[slot] == serial`. The invalidation strategy (`invalidate`)
//! only decides which slot a new entry uses and which slots a change bumps:
//!
//! * `global`: one slot for everything (CRuby < 2.1's global method state);
//! * `hierarchical`: one slot per class, bumped for the changed class and its
//!   descendants (CRuby 2.1+ class serials);
//! * `method`: one slot per (class, method name), bumped for the changed name
//!   under the changed class's descendants (CRuby 3.x-like).
//!
//! What is reported of it: `stats` (counters) and `trace` (traces,
//! invalidation backtraces, what counts as the program's activity).
//! See doc/dispatch.md for the design, doc/dispatch-history.md for the
//! measurements behind it.

pub mod class_cache;
pub mod gmc;
pub mod ic;
pub mod invalidate;
pub mod lookup;
pub mod probes;
pub mod record;
pub mod slots;
pub mod stats;
pub mod trace;

use std::time::Instant;

use crate::bytecode::Iseq;
use crate::class::{ClassTable, MethodKind, Visibility};
use crate::value::{CallSiteId, ClassId, IseqId, MethodId, SymbolId, sym};

pub use ic::{
    BUILTIN_FAST_ARGS, CallSite, Guard, HotEntry, IcEntry, IcState, KW_BIND_MAX, KwBinding,
    Shortcut, flags,
};
pub use invalidate::Reason;
pub use stats::Counters;
pub use trace::Origin;

/// Which invalidation strategy is in force.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Strategy {
    Global,
    Hierarchical,
    Method,
}

impl Strategy {
    pub fn parse(s: &str) -> Option<Strategy> {
        match s {
            "global" => Some(Strategy::Global),
            "hierarchical" => Some(Strategy::Hierarchical),
            "method" => Some(Strategy::Method),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Global => "global",
            Strategy::Hierarchical => "hierarchical",
            Strategy::Method => "method",
        }
    }
}

/// What the interpreter does on a cache hit, chosen from the method kind.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Handler {
    /// Bytecode method: push a frame (the interpreter takes a shortcut
    /// when the iseq has only required params and the site passes exactly
    /// that many plain arguments). Carries the method's iseq so a hit
    /// goes straight to it.
    Iseq(IseqId),
    Builtin,
    /// attr_reader: read ivar slot `n` of the receiver.
    IvarGet(u32),
    /// A bytecode method whose body is `@x` alone (`Iseq::returns_ivar`):
    /// a call with no arguments on a plain object reads slot `u32` like
    /// `IvarGet` (firing the method probes for tracers); any other call
    /// runs its bytecode.
    IseqIvarGet(u32),
    /// attr_writer: write ivar slot `n`.
    IvarSet(u32),
    /// A Struct member reader: an element of the instance's values Array.
    StructGet(StructMember),
    /// A Struct member writer: sets an element of the values Array.
    StructSet(StructMember),
    /// define_method with a proc.
    Bmethod,
    /// Negative entry: no such method, call `method_missing`.
    MethodMissing,
    /// `Kernel#send` / `BasicObject#__send__` (a builtin): a plain call
    /// with a Symbol name is done in place, without a builtin frame, as
    /// CRuby's optimized send.
    Send,
    /// `Class#new` (a builtin): on a plain class whose `initialize` is
    /// bytecode, the object is allocated and `initialize`'s frame pushed
    /// in the running loop (`Vm::new_plain`), no native call between.
    New,
}

/// Where a Struct member lives: the ivar slot of the instance's values
/// Array (`@__values__`) and the member's index, 16 bits each (a
/// `Handler` stays 8 bytes). A slot or index too large packs as a slot no
/// object has, which no fast path answers (the general path looks the
/// values up by name).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct StructMember(u32);

impl StructMember {
    pub fn new(slot: u32, index: u32) -> StructMember {
        if slot < 0xffff && index <= 0xffff {
            StructMember(slot << 16 | index)
        } else {
            StructMember(u32::MAX)
        }
    }

    #[inline(always)]
    pub fn slot(self) -> u32 {
        self.0 >> 16
    }

    #[inline(always)]
    pub fn index(self) -> u32 {
        self.0 & 0xffff
    }
}

const _: () = assert!(std::mem::size_of::<Handler>() == 8);

/// What `probe_send` found.
#[derive(Copy, Clone)]
pub enum Probe {
    /// A `Shortcut::Fast` entry: run the handler with no further checks.
    Fast(Handler, MethodId),
    /// A `Shortcut::Builtin` entry: its method only.
    Builtin(MethodId),
    /// Another hit: the entry.
    Entry(IcEntry),
    Miss,
}

/// A probe `Dispatch::record_probe` writes.
#[derive(Copy, Clone)]
enum RecordedProbe {
    Send { refined: bool },
    Lookup(SymbolId),
}

/// What dispatch needs from the interpreter to decide, when it fills a
/// send site, what the entry's hits may skip: the installed bytecode
/// (`Vm::iseqs`) and whether call events are traced.
#[derive(Copy, Clone)]
pub struct Callees<'a> {
    pub iseqs: &'a [Option<&'static Iseq>],
    pub traced: bool,
}

impl Callees<'_> {
    fn code(&self, iid: IseqId) -> Option<&'static Iseq> {
        self.iseqs.get(iid.index()).copied().flatten()
    }
}

/// Why the global cache did not answer (`Dispatch::resolve_slow` counts
/// it): a pair-sized value, not the probed entry.
#[derive(Copy, Clone, Debug)]
enum GmcMiss {
    /// The pair's entry is there but its serial moved.
    Stale,
    /// The set is full of other pairs.
    Collision,
    Empty,
}

/// A resolved answer: the method and how to call it.
#[derive(Copy, Clone, Debug)]
pub struct Resolved {
    pub method: Option<MethodId>,
    pub handler: Handler,
    pub visibility: Visibility,
}

/// Basic-operator redefinition flags (opt_plus etc. check these).
pub mod bop {
    pub const INT_ARITH: u32 = 1;
    pub const INT_CMP: u32 = 2;
    pub const FLOAT_ARITH: u32 = 4;
    pub const FLOAT_CMP: u32 = 8;
    pub const ARRAY_AREF: u32 = 16;
    pub const HASH_AREF: u32 = 32;
    pub const STRING_OPS: u32 = 64;
    pub const ARRAY_OPS: u32 = 128;
    pub const NOT: u32 = 256;
    pub const EQ: u32 = 512;
    /// Hash methods other than `[]` / `[]=` (`size`, `length`, `empty?`).
    pub const HASH_OPS: u32 = 1024;
    /// `===` of Integer, Symbol and Range (`case`/`when` answers those
    /// itself).
    pub const CASE_EQ: u32 = 2048;
    /// No `respond_to_missing?` but the prelude's (Kernel's, which
    /// answers false) has been defined, so `respond_to?` answers a
    /// missing name false without looking it up.
    pub const RESPOND_TO_MISSING: u32 = 4096;
}

pub struct Config {
    pub strategy: Strategy,
    /// Receiver classes per inline cache; 0 disables inline caches.
    pub ic_size: usize,
    /// Global cache entries (power of two); 0 disables it.
    pub gmc_size: usize,
    /// `--gmc-size=auto`: the global cache grows with the working set.
    pub gmc_auto: bool,
    /// The per-class method cache under the global cache (`class_cache`).
    pub class_cache: bool,
    pub trace_invalidations: Option<Box<dyn std::io::Write>>,
    pub trace_evictions: Option<Box<dyn std::io::Write>>,
    /// Backtrace frames per `--trace-invalidations` event.
    pub trace_frames: usize,
    /// `--include-startup`: reports cover start-up and `<internal:*>`
    /// code too (`trace`).
    pub include_startup: bool,
    /// `--record-dispatch=FILE`: the trace writer (moved into
    /// `Dispatch::recorder`, so start-up is recorded from the first event).
    pub record: Option<Box<record::Recorder>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            strategy: Strategy::Method,
            ic_size: 8,
            gmc_size: gmc::DEFAULT_SIZE,
            gmc_auto: false,
            class_cache: true,
            trace_invalidations: None,
            trace_evictions: None,
            trace_frames: trace::DEFAULT_TRACE_FRAMES,
            include_startup: false,
            record: None,
        }
    }
}

pub struct Dispatch {
    pub config: Config,
    /// Validity serials; slot 0 is the global method state.
    pub serials: Vec<u64>,
    /// Which slot each class and `(class, name)` uses.
    pub slots: slots::Slots,
    pub gmc: gmc::GlobalCache,
    pub class_caches: class_cache::ClassCaches,
    pub sites: Vec<CallSite>,
    pub counters: Counters,
    pub global_constant_state: u64,
    /// Redefined basic operators (bit set = slow path).
    pub bop_redefined: u32,
    pub sources: trace::Sources,
    /// Start-up is running (`Dispatch::program_started` ends it).
    pub startup: bool,
    /// `--record-dispatch=FILE`: the trace being written (`record`).
    pub recorder: Option<Box<record::Recorder>>,
}

impl Dispatch {
    pub fn new(mut config: Config) -> Dispatch {
        let recorder = config.record.take();
        let gmc = if config.gmc_auto {
            gmc::GlobalCache::new_auto()
        } else {
            gmc::GlobalCache::new(config.gmc_size)
        };
        let mut sources = trace::Sources::default();
        sources.record = config.trace_invalidations.is_some();
        Dispatch {
            config,
            serials: vec![1; 1024],
            slots: slots::Slots::default(),
            gmc,
            class_caches: Default::default(),
            sites: Vec::new(),
            counters: Counters::default(),
            global_constant_state: 1,
            bop_redefined: 0,
            sources,
            startup: true,
            recorder,
        }
    }

    pub fn add_site(&mut self, mut site: CallSite) -> CallSiteId {
        if site.block.is_some() {
            site.flags |= flags::BLOCK_LITERAL;
        }
        self.sites.push(site);
        CallSiteId(self.sites.len() as u32 - 1)
    }

    #[inline(always)]
    pub fn site(&self, id: CallSiteId) -> &CallSite {
        &self.sites[id.index()]
    }

    #[inline(always)]
    fn serial(&self, slot: u32) -> u64 {
        self.serials[slot as usize]
    }

    fn ensure_slot(&mut self, slot: u32) {
        if slot as usize >= self.serials.len() {
            self.serials.resize(slot as usize * 2 + 16, 1);
        }
    }

    /// The validity slot a new cache entry for `(cls, name)` uses.
    fn validity(&mut self, cls: ClassId, name: SymbolId) -> (u32, u64) {
        let slot = match self.config.strategy {
            Strategy::Global => 0,
            Strategy::Hierarchical => self.slots.class_slot(cls),
            Strategy::Method => self.slots.resolved_slot(cls, name),
        };
        self.ensure_slot(slot);
        (slot, self.serial(slot))
    }

    /// The inline-cache probe of the send instructions. Counts the hit. A
    /// `Shortcut::Fast` entry comes back as its handler and method only,
    /// which stay in registers (the hot entry too, a builtin's as
    /// `Handler::Builtin`), a `Shortcut::Builtin` one as its method;
    /// any other hit as the whole entry.
    #[inline(always)]
    pub fn probe_send(&mut self, site: CallSiteId, cls: ClassId) -> Probe {
        let serials = &self.serials;
        let s = &mut self.sites[site.index()];
        let h = &s.hot;
        if h.guard.answers(serials, cls) {
            s.hits += 1;
            self.counters.mc_inline_hit += 1;
            let p = Probe::Fast(h.handler, h.method);
            if self.recorder.is_some() {
                self.record_hit(site, cls);
            }
            return p;
        }
        for e in s.entries.iter() {
            if e.guard.answers(serials, cls) {
                s.hits += 1;
                self.counters.mc_inline_hit += 1;
                let e = *e;
                if self.recorder.is_some() {
                    self.record_hit(site, cls);
                }
                return match (e.shortcut, e.method) {
                    (Shortcut::Fast, Some(m)) => Probe::Fast(e.handler, m),
                    (Shortcut::Builtin, Some(m)) => Probe::Builtin(m),
                    _ => Probe::Entry(e),
                };
            }
        }
        Probe::Miss
    }

    /// The site's hot entry when it answers for `cls`, without counting
    /// the hit: the run loop's hot paths count it (`count_inline_hit`)
    /// once their shortcut succeeded, or leave the site to `probe_send`,
    /// which then counts it once.
    #[inline(always)]
    pub fn hot(&self, site: CallSiteId, cls: ClassId) -> Option<&HotEntry> {
        let h = &self.sites[site.index()].hot;
        h.guard.answers(&self.serials, cls).then_some(h)
    }

    /// Counts an inline-cache hit at `site` on its hot entry (after
    /// `Dispatch::hot`): every probe's hits, one way.
    #[inline(always)]
    pub fn count_inline_hit(&mut self, site: CallSiteId) {
        self.sites[site.index()].hits += 1;
        self.counters.mc_inline_hit += 1;
        if self.recorder.is_some() {
            self.record_hit(site, self.sites[site.index()].hot.guard.class);
        }
    }

    /// Counts an inline-cache hit at `site` on the entry for `cls` (found
    /// by `Dispatch::entry`).
    #[inline]
    pub fn count_entry_hit(&mut self, site: CallSiteId, cls: ClassId) {
        self.sites[site.index()].hits += 1;
        self.counters.mc_inline_hit += 1;
        if self.recorder.is_some() {
            self.record_hit(site, cls);
        }
    }

    /// `--record-dispatch`: an inline-cache hit (the answering entry's
    /// owner is known to the simulator from the miss that filled it).
    #[cold]
    #[inline(never)]
    fn record_hit(&mut self, site: CallSiteId, cls: ClassId) {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.site(site.0, &self.sites[site.index()]);
            r.call(site.0, cls, None, false);
        }
    }

    /// `--record-dispatch`: a probe that may miss (`miss`, `probe_super`,
    /// `resolve`), with the receiver class's table entry.
    #[cold]
    #[inline(never)]
    fn record_probe(
        &mut self,
        classes: &ClassTable,
        site: Option<CallSiteId>,
        cls: ClassId,
        what: RecordedProbe,
    ) {
        let Some(r) = self.recorder.as_deref_mut() else {
            return;
        };
        r.class(classes, cls);
        if let Some(site) = site {
            r.site(site.0, &self.sites[site.index()]);
        }
        match (what, site) {
            (RecordedProbe::Send { refined }, Some(site)) => r.call(site.0, cls, None, refined),
            (RecordedProbe::Lookup(name), _) => r.lookup(cls, name, record::lookup_kind::PLAIN),
            _ => {}
        }
    }

    /// The valid entry for `cls` at a site, without counting a hit (the
    /// caller counts it if it takes the entry).
    pub fn entry(&self, site: CallSiteId, cls: ClassId) -> Option<IcEntry> {
        self.sites[site.index()]
            .entries
            .iter()
            .find(|e| e.guard.answers(&self.serials, cls))
            .copied()
    }

    /// The inline-cache probe of `super` from a method of `owner` named
    /// `name`, for receivers of `cls`: the site's entry when the site
    /// answers for that owner. Counts the hit.
    #[inline]
    pub fn probe_super(
        &mut self,
        site: CallSiteId,
        cls: ClassId,
        owner: ClassId,
        name: SymbolId,
    ) -> Option<IcEntry> {
        if self.recorder.is_some() {
            self.record_super(site, cls, owner, name);
        }
        if self.sites[site.index()].super_key != Some((owner, name)) {
            return None;
        }
        let e = self.entry(site, cls)?;
        self.sites[site.index()].hits += 1;
        self.counters.mc_inline_hit += 1;
        Some(e)
    }

    #[cold]
    #[inline(never)]
    fn record_super(&mut self, site: CallSiteId, cls: ClassId, owner: ClassId, name: SymbolId) {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.site(site.0, &self.sites[site.index()]);
            r.super_call(site.0, cls, owner, name);
        }
    }

    /// `super` inline-cache miss: the walk from above `owner`, cached in
    /// the site with the validity of a plain lookup of `name` from `cls`
    /// (any change to `name` in `cls`'s ancestors, or to the ancestry,
    /// renews it under every strategy).
    #[cold]
    #[inline(never)]
    pub fn super_miss(
        &mut self,
        classes: &mut ClassTable,
        site: CallSiteId,
        cls: ClassId,
        owner: ClassId,
        name: SymbolId,
    ) -> IcEntry {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.class(classes, cls);
            r.class(classes, owner);
        }
        let t0 = Instant::now();
        self.counters.mc_search_super += 1;
        self.counters.mc_inline_miss += 1;
        self.classify_inline_miss(site, cls);
        let s = &mut self.sites[site.index()];
        if s.super_key != Some((owner, name)) {
            s.entries.clear();
            s.entries_changed();
            s.state = IcState::Empty;
            s.super_key = Some((owner, name));
        }
        let (slot, serial) = self.validity(cls, name);
        let r = lookup::resolve_super(classes, cls, owner, name, &[]);
        self.counters.method_searches += 1;
        self.counters.miss_time_ns += t0.elapsed().as_nanos() as u64;
        let entry = IcEntry::new(
            Guard {
                class: cls,
                slot,
                serial,
            },
            r,
        );
        if self.config.ic_size > 0 {
            self.fill_site(classes, site, entry, None);
        }
        entry
    }

    /// Inline-cache miss of a send: global cache, then the ancestor walk;
    /// fills both, and the site with an entry whose shortcut is decided
    /// here (`callees`). Only the walk is timed (`miss_time`): a
    /// megamorphic site misses on every call, and reading the clock twice
    /// would cost more than the global-cache hit that answers it.
    #[cold]
    #[inline(never)]
    pub fn miss(
        &mut self,
        classes: &mut ClassTable,
        site: CallSiteId,
        cls: ClassId,
        refinements: &[ClassId],
        callees: Callees,
    ) -> IcEntry {
        if self.recorder.is_some() {
            let refined = !refinements.is_empty();
            self.record_probe(classes, Some(site), cls, RecordedProbe::Send { refined });
        }
        let s = &self.sites[site.index()];
        let (name, mega) = (s.name, s.state == IcState::Mega);
        self.counters.mc_inline_miss += 1;
        self.classify_inline_miss(site, cls);
        if mega && refinements.is_empty() {
            // A megamorphic site keeps no entries and no longer fills
            // (`fill_site` would only count the miss): the global cache
            // answers.
            self.sites[site.index()].note_miss(cls);
            let (r, slot, serial) = self.resolve_valid(classes, cls, name);
            return IcEntry::new(
                Guard {
                    class: cls,
                    slot,
                    serial,
                },
                r,
            );
        }
        let (r, slot, serial) = if refinements.is_empty() {
            self.resolve_valid(classes, cls, name)
        } else {
            let t0 = Instant::now();
            self.counters.mc_miss_by_refine += 1;
            let (r, _) = lookup::resolve_uncached(classes, cls, name, refinements);
            let (slot, serial) = self.validity(cls, name);
            self.counters.miss_time_ns += t0.elapsed().as_nanos() as u64;
            (r, slot, serial)
        };
        let mut entry = IcEntry::new(
            Guard {
                class: cls,
                slot,
                serial,
            },
            r,
        );
        if self.config.ic_size > 0 {
            entry.shortcut = self.shortcut(classes, site, &entry, &callees);
            self.fill_site(classes, site, entry, Some(&callees));
        }
        entry
    }

    /// A megamorphic site's miss answered by a valid global-cache entry,
    /// counted exactly as `miss` counts it (so `miss` need not run: no
    /// refinements in scope, checked by the caller, and no recorder).
    /// None: `miss` takes it.
    #[inline]
    pub fn probe_mega(&mut self, site: CallSiteId, cls: ClassId) -> Option<IcEntry> {
        let s = &self.sites[site.index()];
        if s.state != IcState::Mega || self.recorder.is_some() || self.config.gmc_size == 0 {
            return None;
        }
        let gmc::Probe::Hit(e) = self.gmc.probe(cls, s.name) else {
            return None;
        };
        if self.serial(e.slot) != e.serial {
            return None;
        }
        self.counters.mc_inline_miss += 1;
        self.classify_inline_miss(site, cls);
        self.sites[site.index()].note_miss(cls);
        self.counters.mc_global_hit += 1;
        Some(IcEntry::new(
            Guard {
                class: cls,
                slot: e.slot,
                serial: e.serial,
            },
            e.resolved,
        ))
    }

    /// Looks `name` up for receivers of `cls` through the global cache.
    /// Used by sends without a call site (`send`, `respond_to?`, builtins).
    pub fn resolve(&mut self, classes: &mut ClassTable, cls: ClassId, name: SymbolId) -> Resolved {
        if self.recorder.is_some() {
            self.record_probe(classes, None, cls, RecordedProbe::Lookup(name));
        }
        self.resolve_valid(classes, cls, name).0
    }

    /// [`Dispatch::resolve`] with the serial slot and serial that keep the
    /// answer valid: the global cache, then (`resolve_slow`) the per-class
    /// cache, then the walk (which fills both).
    #[inline]
    fn resolve_valid(
        &mut self,
        classes: &mut ClassTable,
        cls: ClassId,
        name: SymbolId,
    ) -> (Resolved, u32, u64) {
        // (`--gmc-size=auto` keeps the default size here.)
        if self.config.gmc_size == 0 {
            return self.resolve_slow(classes, cls, name, None);
        }
        let missed = match self.gmc.probe(cls, name) {
            gmc::Probe::Hit(e) if self.serial(e.slot) == e.serial => {
                self.counters.mc_global_hit += 1;
                return (e.resolved, e.slot, e.serial);
            }
            gmc::Probe::Hit(_) => GmcMiss::Stale,
            gmc::Probe::Collision => GmcMiss::Collision,
            gmc::Probe::Empty => GmcMiss::Empty,
        };
        self.resolve_slow(classes, cls, name, Some(missed))
    }

    /// `resolve_valid` after the global cache (`gmc`: what its probe
    /// found; `None` without one) missed: counts the miss, then the
    /// per-class cache, then the walk. Out of line, so a global-cache
    /// hit saves no registers for it.
    #[inline(never)]
    fn resolve_slow(
        &mut self,
        classes: &mut ClassTable,
        cls: ClassId,
        name: SymbolId,
        gmc: Option<GmcMiss>,
    ) -> (Resolved, u32, u64) {
        if let Some(missed) = gmc {
            let collided = match missed {
                GmcMiss::Stale => {
                    self.counters.mc_global_state_miss += 1;
                    false
                }
                GmcMiss::Collision => {
                    self.counters.gmc_collisions += 1;
                    true
                }
                GmcMiss::Empty => false,
            };
            self.counters.mc_global_miss += 1;
            if self.gmc.is_auto() {
                let probes = self.counters.mc_global_hit + self.counters.mc_global_miss;
                self.gmc.note_miss(collided, probes);
            }
        }
        if self.config.class_cache {
            if let Some((r, slot, serial)) = self.class_caches.probe(&self.serials, cls, name) {
                self.counters.class_cache_hit += 1;
                if gmc.is_some() {
                    self.gmc.fill(cls, name, slot, serial, r);
                }
                return (r, slot, serial);
            }
            self.counters.class_cache_miss += 1;
        }
        self.search(classes, cls, name)
    }

    /// The ancestor walk after the caches missed (timed: `miss_time`).
    #[inline(never)]
    fn search(
        &mut self,
        classes: &mut ClassTable,
        cls: ClassId,
        name: SymbolId,
    ) -> (Resolved, u32, u64) {
        let t0 = Instant::now();
        let (r, walked) = lookup::resolve_uncached(classes, cls, name, &[]);
        self.counters.method_searches += 1;
        self.counters.ancestors_walked += walked as u64;
        let (slot, serial) = self.validity(cls, name);
        if self.config.gmc_size > 0 {
            self.gmc.fill(cls, name, slot, serial, r);
        }
        if self.config.class_cache {
            self.class_caches.fill(cls, name, slot, serial, r);
        }
        self.counters.miss_time_ns += t0.elapsed().as_nanos() as u64;
        (r, slot, serial)
    }

    fn classify_inline_miss(&mut self, site: CallSiteId, cls: ClassId) {
        let s = &self.sites[site.index()];
        if s.entries.is_empty() {
            if s.misses == 0 {
                self.counters.mc_miss_by_nome += 1;
            } else {
                self.counters.mc_miss_spurious += 1;
            }
        } else if s.entries.iter().any(|e| e.class() == cls) {
            match self.config.strategy {
                Strategy::Global => self.counters.mc_global_state_miss += 1,
                _ => self.counters.mc_class_serial_miss += 1,
            }
        } else {
            self.counters.mc_miss_by_distinct += 1;
        }
    }

    /// What hits of `e` may skip at `site` (`Shortcut`), decided when the
    /// entry is filled. Both shortcuts need the method visible from the
    /// site, plain arguments (no splat, keywords or `&blk`) and no call
    /// tracing (`Callees::traced`: TracePoint's call events need the
    /// general path).
    fn shortcut(
        &self,
        classes: &ClassTable,
        site: CallSiteId,
        e: &IcEntry,
        callees: &Callees,
    ) -> Shortcut {
        const ARGS: u32 = flags::SPLAT | flags::KWARGS | flags::BLOCKARG;
        let s = &self.sites[site.index()];
        let visible =
            e.visibility == Visibility::Public || s.flags & (flags::FCALL | flags::SELF_RECV) != 0;
        let Some(m) = e.method else {
            return Shortcut::General;
        };
        if !visible || s.flags & ARGS != 0 || callees.traced {
            return Shortcut::General;
        }
        let (argc, literal) = (s.argc, s.flags & flags::BLOCK_LITERAL != 0);
        let fast = match e.handler {
            Handler::Iseq(iid) => callees
                .code(iid)
                .is_some_and(|i| i.params.simple && i.params.lead == argc),
            Handler::IvarGet(_) | Handler::StructGet(_) => argc == 0,
            Handler::IseqIvarGet(_) => argc == 0 && !literal,
            Handler::IvarSet(_) | Handler::StructSet(_) => argc == 1,
            Handler::Builtin => {
                let plain = argc as usize <= BUILTIN_FAST_ARGS
                    && matches!(classes.method(m).kind,
                        MethodKind::Builtin { arity, .. }
                            if crate::class::arity::accepts(arity, argc as usize));
                return if plain {
                    Shortcut::Builtin
                } else {
                    Shortcut::General
                };
            }
            // A `define_method` method: lambda semantics, so exactly
            // `lead` plain arguments need no setup (`Vm::hot_bmethod`).
            Handler::Bmethod => {
                !literal
                    && bmethod_code(classes, m, callees)
                        .is_some_and(|i| i.params.simple && i.params.lead == argc)
            }
            Handler::MethodMissing | Handler::Send | Handler::New => false,
        };
        if fast {
            Shortcut::Fast
        } else {
            Shortcut::General
        }
    }

    /// Drops every shortcut (entries and hot entries): calls take the
    /// general path, which TracePoint's call events need.
    pub fn drop_shortcuts(&mut self) {
        for s in self.sites.iter_mut() {
            s.hot = HotEntry::NONE;
            for e in s.entries.iter_mut() {
                e.shortcut = Shortcut::General;
            }
        }
    }

    /// Puts `entry` in the site, then keeps the hot entry in step: dropped
    /// when its entry went, else the first `Shortcut::Fast` or
    /// `Shortcut::Builtin` entry
    /// (`callees` resolves a bytecode callee's code; `None`: a `super`
    /// site, which has no hot entry).
    fn fill_site(
        &mut self,
        classes: &ClassTable,
        site: CallSiteId,
        entry: IcEntry,
        callees: Option<&Callees>,
    ) {
        self.fill_entries(classes, site, entry);
        let s = &mut self.sites[site.index()];
        s.entries_changed();
        let Some(callees) = callees else { return };
        if s.hot.guard != Guard::NONE {
            return;
        }
        let literal = s.flags & flags::BLOCK_LITERAL != 0;
        if let Some(e) = s.entries.iter().find(|e| e.shortcut.is_hot())
            && let Some(method) = e.method
        {
            let code = match e.handler {
                // (At a site with a block literal the hot paths look the
                // code up themselves, `Vm::hot_block_call`: the block-less
                // call tests nothing more.)
                Handler::Iseq(iid) if !literal => callees.code(iid),
                _ => None,
            };
            s.hot = HotEntry {
                guard: e.guard,
                code,
                handler: e.handler,
                method,
            };
        }
    }

    fn fill_entries(&mut self, classes: &ClassTable, site: CallSiteId, entry: IcEntry) {
        let cap = self.config.ic_size;
        let s = &mut self.sites[site.index()];
        s.note_miss(entry.class());
        if let Some(e) = s.entries.iter_mut().find(|e| e.class() == entry.class()) {
            *e = entry;
            return;
        }
        if s.state == IcState::Mega {
            return;
        }
        if s.entries.len() < cap {
            s.entries.push(entry);
            s.state = if s.entries.len() > 1 {
                IcState::Poly
            } else {
                IcState::Mono
            };
            return;
        }
        // Full: evict. A polymorphic cache that overflows goes megamorphic.
        if cap > 1 && s.seen.len() > cap {
            s.state = IcState::Mega;
            s.entries.clear();
        } else {
            s.entries.remove(0);
            s.entries.push(entry);
        }
        s.evictions += 1;
        self.counters.ic_evictions += 1;
        if self.config.trace_evictions.is_some() {
            self.trace_eviction(classes, site.index(), entry.class());
        }
    }

    /// Picks the call handler for a found method.
    pub fn handler_for(classes: &mut ClassTable, cls: ClassId, m: MethodId) -> Handler {
        match &classes.method(m).kind {
            MethodKind::Iseq {
                getter: Some(iv), ..
            } => {
                let iv = *iv;
                Handler::IseqIvarGet(classes.ivar_slot(cls, iv))
            }
            MethodKind::Iseq { iseq, .. } => Handler::Iseq(*iseq),
            MethodKind::Builtin { .. } => {
                let me = classes.method(m);
                let core = me.owner == crate::class::cls::KERNEL
                    || me.owner == crate::class::cls::BASIC_OBJECT;
                if core && {
                    let n = crate::value::symbol::name(me.original_name);
                    &*n == "send" || &*n == "__send__"
                } {
                    Handler::Send
                } else if me.owner == crate::class::cls::CLASS && me.original_name == sym::NEW {
                    Handler::New
                } else {
                    Handler::Builtin
                }
            }
            MethodKind::AttrReader(iv) => {
                let iv = *iv;
                Handler::IvarGet(classes.ivar_slot(cls, iv))
            }
            MethodKind::AttrWriter(iv) => {
                let iv = *iv;
                Handler::IvarSet(classes.ivar_slot(cls, iv))
            }
            MethodKind::StructRef(i) => {
                let i = *i;
                Handler::StructGet(StructMember::new(
                    classes.ivar_slot(cls, sym::STRUCT_VALUES),
                    i,
                ))
            }
            MethodKind::StructSet(i) => {
                let i = *i;
                Handler::StructSet(StructMember::new(
                    classes.ivar_slot(cls, sym::STRUCT_VALUES),
                    i,
                ))
            }
            MethodKind::Bmethod(_) => Handler::Bmethod,
            MethodKind::Undefined | MethodKind::ZSuper => Handler::MethodMissing,
        }
    }

    #[inline(always)]
    pub fn bop_ok(&self, bit: u32) -> bool {
        self.bop_redefined & bit == 0
    }
}

/// The code of a `define_method` method's body (its Proc's block).
fn bmethod_code(classes: &ClassTable, m: MethodId, callees: &Callees) -> Option<&'static Iseq> {
    let MethodKind::Bmethod(p) = classes.method(m).kind else {
        return None;
    };
    match &*crate::gc::obj(p).body.borrow() {
        crate::object::Body::Proc(rp) => callees.code(rp.block.iseq),
        _ => None,
    }
}
