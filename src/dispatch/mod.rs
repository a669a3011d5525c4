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
//! See doc/dispatch.md for the cost model.

pub mod class_cache;
pub mod gmc;
pub mod ic;
pub mod invalidate;
pub mod lookup;
pub mod probes;
pub mod stats;
pub mod trace;

use std::time::Instant;

use crate::bytecode::Iseq;
use crate::class::{ClassTable, MethodKind, Visibility};
use crate::value::{CallSiteId, ClassId, IseqId, MethodId, SymbolId, sym};

pub use ic::{CallSite, HotEntry, IcEntry, IcState, KW_BIND_MAX, KwBinding, flags};
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
    /// A fast entry: run the handler with no further checks.
    Fast(Handler, MethodId),
    /// A plain builtin entry (`IcEntry::plain`): its method only.
    Builtin(MethodId),
    /// Another hit: the entry.
    Entry(IcEntry),
    Miss,
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
        }
    }
}

pub struct Dispatch {
    pub config: Config,
    /// Validity serials; slot 0 is the global method state.
    pub serials: Vec<u64>,
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
}

impl Dispatch {
    pub fn new(config: Config) -> Dispatch {
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
            gmc,
            class_caches: Default::default(),
            sites: Vec::new(),
            counters: Counters::default(),
            global_constant_state: 1,
            bop_redefined: 0,
            sources,
            startup: true,
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
    fn validity(&mut self, classes: &mut ClassTable, cls: ClassId, name: SymbolId) -> (u32, u64) {
        let slot = match self.config.strategy {
            Strategy::Global => 0,
            Strategy::Hierarchical => classes.get(cls).serial_slot,
            Strategy::Method => classes.resolved_slot(cls, name),
        };
        self.ensure_slot(slot);
        (slot, self.serial(slot))
    }

    /// Inline-cache probe for the send instructions. Counts the hit. A
    /// fast entry (`IcEntry::fast`) comes back as its handler and method
    /// only, which stay in registers; any other hit as the whole entry.
    #[inline(always)]
    pub fn probe_send(&mut self, site: CallSiteId, cls: ClassId) -> Probe {
        let serials = &self.serials;
        let s = &mut self.sites[site.index()];
        let h = &s.hot;
        if h.answers(serials, cls) {
            s.hits += 1;
            self.counters.mc_inline_hit += 1;
            return Probe::Fast(h.handler, h.method);
        }
        for e in s.entries.iter() {
            if entry_valid(serials, e, cls) {
                s.hits += 1;
                self.counters.mc_inline_hit += 1;
                return match e.method {
                    Some(m) if e.fast => Probe::Fast(e.handler, m),
                    Some(m) if e.plain => Probe::Builtin(m),
                    _ => Probe::Entry(*e),
                };
            }
        }
        Probe::Miss
    }

    /// The fast bytecode method a site's hot entry (`CallSite::hot`)
    /// holds for `cls`, without counting the hit: the caller counts it
    /// (`count_inline_hit`) once its fast path succeeds, or leaves the
    /// site to `probe_send`, which then counts it once.
    #[inline(always)]
    pub fn hot_iseq(&self, site: CallSiteId, cls: ClassId) -> Option<(&'static Iseq, MethodId)> {
        let h = &self.sites[site.index()].hot;
        if h.answers(&self.serials, cls) {
            Some((h.iseq?, h.method))
        } else {
            None
        }
    }

    /// The site's hot entry when it answers for `cls`, without counting
    /// the hit (as `hot_iseq`, for any handler).
    #[inline(always)]
    pub fn hot(&self, site: CallSiteId, cls: ClassId) -> Option<&HotEntry> {
        let h = &self.sites[site.index()].hot;
        h.answers(&self.serials, cls).then_some(h)
    }

    /// Counts an inline-cache hit at `site` (see `hot_iseq`).
    #[inline(always)]
    pub fn count_inline_hit(&mut self, site: CallSiteId) {
        self.sites[site.index()].hits += 1;
        self.counters.mc_inline_hit += 1;
    }

    /// The valid entry for `cls` at a site, without counting a hit.
    pub fn find(&self, site: CallSiteId, cls: ClassId) -> Option<IcEntry> {
        self.valid_entry(site, cls).copied()
    }

    /// `find` in place (no copy of the entry).
    #[inline(always)]
    fn valid_entry(&self, site: CallSiteId, cls: ClassId) -> Option<&IcEntry> {
        self.sites[site.index()]
            .entries
            .iter()
            .find(|e| entry_valid(&self.serials, e, cls))
    }

    /// Inline-cache probe returning the whole entry. Counts the hit.
    #[inline]
    pub fn probe(&mut self, site: CallSiteId, cls: ClassId) -> Option<IcEntry> {
        match self.probe_send(site, cls) {
            Probe::Entry(e) => Some(e),
            Probe::Fast(..) | Probe::Builtin(_) => self.find(site, cls),
            Probe::Miss => None,
        }
    }

    /// `super` from a method of `owner` named `name`, for receivers of
    /// `cls`: the site's inline cache, when it answers for that owner.
    #[inline]
    pub fn super_probe(
        &mut self,
        site: CallSiteId,
        cls: ClassId,
        owner: ClassId,
        name: SymbolId,
    ) -> Option<IcEntry> {
        if self.sites[site.index()].super_key != Some((owner, name)) {
            return None;
        }
        self.probe(site, cls)
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
        let (slot, serial) = self.validity(classes, cls, name);
        let r = lookup::resolve_super(classes, cls, owner, name, &[]);
        self.counters.method_searches += 1;
        self.counters.miss_time_ns += t0.elapsed().as_nanos() as u64;
        let entry = IcEntry::new(cls, slot, serial, r);
        if self.config.ic_size > 0 {
            self.fill_site(classes, site, entry);
        }
        entry
    }

    /// Inline-cache miss: global cache, then the ancestor walk; fills both.
    /// Only the walk is timed (`miss_time`): a megamorphic site misses on
    /// every call, and reading the clock twice would cost more than the
    /// global-cache hit that answers it.
    #[cold]
    #[inline(never)]
    pub fn miss(
        &mut self,
        classes: &mut ClassTable,
        site: CallSiteId,
        cls: ClassId,
        refinements: &[ClassId],
    ) -> IcEntry {
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
            return IcEntry::new(cls, slot, serial, r);
        }
        let (r, slot, serial) = if refinements.is_empty() {
            self.resolve_valid(classes, cls, name)
        } else {
            let t0 = Instant::now();
            self.counters.mc_miss_by_refine += 1;
            let (r, _) = lookup::resolve_uncached(classes, cls, name, refinements);
            let (slot, serial) = self.validity(classes, cls, name);
            self.counters.miss_time_ns += t0.elapsed().as_nanos() as u64;
            (r, slot, serial)
        };
        let entry = IcEntry::new(cls, slot, serial, r);
        if self.config.ic_size > 0 {
            self.fill_site(classes, site, entry);
        }
        entry
    }

    /// Looks `name` up for receivers of `cls` through the global cache.
    /// Used by sends without a call site (`send`, `respond_to?`, builtins).
    pub fn resolve(&mut self, classes: &mut ClassTable, cls: ClassId, name: SymbolId) -> Resolved {
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
        let probe = self.gmc.probe(cls, name);
        if let gmc::Probe::Hit(e) = probe
            && self.serial(e.slot) == e.serial
        {
            self.counters.mc_global_hit += 1;
            return (e.resolved, e.slot, e.serial);
        }
        self.resolve_slow(classes, cls, name, Some(probe))
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
        gmc: Option<gmc::Probe>,
    ) -> (Resolved, u32, u64) {
        if let Some(probe) = gmc {
            let collided = match probe {
                gmc::Probe::Hit(_) => {
                    self.counters.mc_global_state_miss += 1;
                    false
                }
                gmc::Probe::Collision => {
                    self.counters.gmc_collisions += 1;
                    true
                }
                gmc::Probe::Empty => false,
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
        let (slot, serial) = self.validity(classes, cls, name);
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
        } else if s.entries.iter().any(|e| e.class == cls) {
            match self.config.strategy {
                Strategy::Global => self.counters.mc_global_state_miss += 1,
                _ => self.counters.mc_class_serial_miss += 1,
            }
        } else {
            self.counters.mc_miss_by_distinct += 1;
        }
    }

    /// Copies the marks of `e` (`IcEntry::fast`, `IcEntry::plain`) onto
    /// the site's entry for its class; the marks go with the entry when
    /// it is invalidated or evicted. A fast entry becomes the site's hot
    /// entry when the site has none (`code`: a bytecode method's iseq).
    pub fn mark(&mut self, site: CallSiteId, e: &IcEntry, code: Option<&'static Iseq>) {
        let s = &mut self.sites[site.index()];
        let Some(x) = s.entries.iter_mut().find(|x| x.class == e.class) else {
            return;
        };
        x.fast = e.fast;
        x.plain = e.plain;
        // (The hot entry's callers pass no block: a site with a block
        // literal takes its fast entry through `probe_send`.)
        if let (true, Some(method)) = (e.fast, e.method)
            && s.hot.class == HotEntry::NONE.class
            && s.flags & flags::BLOCK_LITERAL == 0
        {
            s.hot = HotEntry {
                class: e.class,
                slot: e.slot,
                serial: e.serial,
                iseq: code,
                handler: e.handler,
                method,
            };
        }
    }

    /// Clears every mark (`IcEntry::fast`, `plain`, hot entries): calls
    /// take the general path, which TracePoint's call events need.
    pub fn unmark_all(&mut self) {
        for s in self.sites.iter_mut() {
            s.hot = HotEntry::NONE;
            for e in s.entries.iter_mut() {
                e.fast = false;
                e.plain = false;
            }
        }
    }

    fn fill_site(&mut self, classes: &ClassTable, site: CallSiteId, entry: IcEntry) {
        self.fill_entries(classes, site, entry);
        self.sites[site.index()].entries_changed();
    }

    fn fill_entries(&mut self, classes: &ClassTable, site: CallSiteId, entry: IcEntry) {
        let cap = self.config.ic_size;
        let s = &mut self.sites[site.index()];
        s.note_miss(entry.class);
        if let Some(e) = s.entries.iter_mut().find(|e| e.class == entry.class) {
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
            self.trace_eviction(classes, site.index(), entry.class);
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

/// An inline-cache entry answers for receivers of `cls` while its
/// validity slot still holds the serial it was filled under.
#[inline(always)]
fn entry_valid(serials: &[u64], e: &IcEntry, cls: ClassId) -> bool {
    e.class == cls && serials[e.slot as usize] == e.serial
}
