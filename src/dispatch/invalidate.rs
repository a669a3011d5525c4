//! Invalidation: what each change bumps under each strategy, plus the
//! basic-operator redefinition flags (what is reported of it: `trace`).

use std::time::Instant;

use super::{Dispatch, Origin, Strategy, bop};
use crate::class::{ClassTable, cls};
use crate::value::{ClassId, SymbolId, sym};

/// Why caches were invalidated (shown in traces and reports).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    MethodDefined,
    MethodRedefined,
    MethodRemoved,
    MethodUndefined,
    Alias,
    Visibility,
    SingletonMethod,
    Include,
    Prepend,
    Extend,
    ClassCreated,
    ModuleCreated,
    ConstSet,
    ConstRemoved,
    ConstVisibility,
    Using,
}

impl Reason {
    pub fn label(self) -> &'static str {
        match self {
            Reason::MethodDefined => "method defined",
            Reason::MethodRedefined => "method redefined",
            Reason::MethodRemoved => "method removed",
            Reason::MethodUndefined => "method undefined",
            Reason::Alias => "alias",
            Reason::Visibility => "visibility change",
            Reason::SingletonMethod => "singleton method defined",
            Reason::Include => "module included",
            Reason::Prepend => "module prepended",
            Reason::Extend => "object extended",
            Reason::ClassCreated => "class defined",
            Reason::ModuleCreated => "module defined",
            Reason::ConstSet => "constant set",
            Reason::ConstRemoved => "constant removed",
            Reason::ConstVisibility => "constant visibility change",
            Reason::Using => "refinement activated",
        }
    }
}

/// The methods `opt_size`, `opt_length` and `opt_empty_p` stand for.
const LENGTHS: [SymbolId; 3] = [sym::SIZE, sym::LENGTH, sym::EMPTY_P];

/// The redefinition bits a method `name` defined (removed, aliased, made
/// private...) in class `c` clears: those of the fast paths that stand
/// for `c#name`.
fn bop_bits(c: ClassId, name: SymbolId) -> u32 {
    let arith = [
        sym::PLUS,
        sym::MINUS,
        sym::MUL,
        sym::DIV,
        sym::MOD,
        sym::LTLT,
        sym::POW,
        sym::AND,
        sym::OR,
        sym::XOR,
    ];
    let cmp = [
        sym::LT,
        sym::LE,
        sym::GT,
        sym::GE,
        sym::EQ,
        sym::NEQ,
        sym::CMP,
    ];
    match c {
        cls::INTEGER | cls::SYMBOL | cls::RANGE if name == sym::EQQ => bop::CASE_EQ,
        cls::INTEGER if arith.contains(&name) => bop::INT_ARITH,
        cls::INTEGER if cmp.contains(&name) => bop::INT_CMP,
        cls::FLOAT if arith.contains(&name) => bop::FLOAT_ARITH,
        cls::FLOAT if cmp.contains(&name) => bop::FLOAT_CMP,
        // Only the methods a fast path stands for: ActiveSupport-style
        // additions to Array, Hash or String leave `opt_size` and
        // friends on.
        cls::ARRAY if name == sym::AREF || name == sym::ASET => bop::ARRAY_AREF,
        cls::HASH if name == sym::AREF || name == sym::ASET => bop::HASH_AREF,
        cls::ARRAY if LENGTHS.contains(&name) || name == sym::LTLT => bop::ARRAY_OPS,
        cls::HASH if LENGTHS.contains(&name) => bop::HASH_OPS,
        cls::STRING
            if name == sym::LTLT
                || name == sym::CMP
                || name == sym::FREEZE
                || name == sym::UMINUS =>
        {
            bop::STRING_OPS
        }
        // `opt_eq` compares two Symbols itself while Symbol#== is CRuby's.
        cls::SYMBOL if name == sym::EQ || name == sym::NEQ => bop::EQ,
        cls::BASIC_OBJECT | cls::OBJECT | cls::KERNEL
            if name == sym::NOT || name == sym::NEQ || name == sym::EQ =>
        {
            bop::NOT | bop::EQ
        }
        // `opt_not` answers for every immediate's class.
        cls::NIL | cls::TRUE | cls::FALSE | cls::INTEGER | cls::FLOAT | cls::SYMBOL
            if name == sym::NOT =>
        {
            bop::NOT
        }
        _ => 0,
    }
}

fn bop_class_bits(c: ClassId) -> u32 {
    match c {
        cls::INTEGER => bop::INT_ARITH | bop::INT_CMP | bop::CASE_EQ,
        cls::FLOAT => bop::FLOAT_ARITH | bop::FLOAT_CMP,
        cls::ARRAY => bop::ARRAY_AREF | bop::ARRAY_OPS,
        cls::HASH => bop::HASH_AREF | bop::HASH_OPS,
        cls::STRING => bop::STRING_OPS,
        cls::SYMBOL => bop::EQ | bop::CASE_EQ,
        cls::RANGE => bop::CASE_EQ,
        _ => 0,
    }
}

/// The redefinition bits a method `name` defined in module `m` clears: those
/// of each class that includes or prepends it (directly or not) and now
/// finds `name` there, because `m` is prepended to it or the class does not
/// define `name` itself (a module's `+` does not hide Integer#+).
fn module_bop_bits(classes: &ClassTable, m: ClassId, name: SymbolId) -> u32 {
    let mut bits = 0;
    for d in classes.descendants(m) {
        let b = bop_bits(d, name);
        if b != 0 {
            let anc = classes.ancestors(d);
            let at = |x: ClassId| anc.iter().position(|&a| a == x);
            let prepended = matches!((at(m), at(d)), (Some(i), Some(j)) if i < j);
            if prepended || !classes.get(d).methods.contains_key(&name) {
                bits |= b;
            }
        }
    }
    bits
}

impl Dispatch {
    fn bump(&mut self, slot: u32) {
        self.ensure_slot(slot);
        self.serials[slot as usize] += 1;
    }

    /// The `global` and `hierarchical` strategies do the same for any change
    /// to `c`: bump the one global slot, or the class serials of `c` and its
    /// descendants. Returns the entries (or classes) touched.
    fn bump_coarse(&mut self, classes: &ClassTable, c: ClassId) -> u64 {
        if self.config.strategy == Strategy::Global {
            self.bump(0);
            return self.gmc.filled as u64;
        }
        let ds = classes.descendants(c);
        for &d in &ds {
            if let Some(s) = self.slots.class_slot_of(d) {
                self.bump(s);
            }
        }
        self.counters.class_serial += ds.len() as u64;
        ds.len() as u64
    }

    /// A method named `name` was defined, removed, aliased, or changed
    /// visibility in `c`.
    pub fn method_changed(
        &mut self,
        classes: &ClassTable,
        c: ClassId,
        name: SymbolId,
        why: Reason,
        origin: &Origin,
    ) {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.class(classes, c);
            r.method_changed(c, name, why, &classes.descendants(c));
        }
        let t0 = Instant::now();
        self.bop_redefined |= if classes.is_module(c) && c != cls::KERNEL {
            module_bop_bits(classes, c, name)
        } else {
            bop_bits(c, name)
        };
        if name == sym::RESPOND_TO_MISSING {
            self.bop_redefined |= bop::RESPOND_TO_MISSING;
        }
        let touched = match self.config.strategy {
            Strategy::Global | Strategy::Hierarchical => self.bump_coarse(classes, c),
            Strategy::Method if !self.slots.has_name(name) => 0,
            Strategy::Method => {
                let mut n = 0;
                for d in classes.descendants(c) {
                    if let Some(slot) = self.slots.resolved_slot_of(d, name) {
                        self.bump(slot);
                        n += 1;
                    }
                }
                n
            }
        };
        self.finish(classes, c, Some(name), why, touched, t0, origin);
    }

    /// The ancestry of `c` changed (include, prepend, extend): every name
    /// cached for `c` and its descendants may resolve differently.
    pub fn ancestry_changed(
        &mut self,
        classes: &ClassTable,
        c: ClassId,
        why: Reason,
        origin: &Origin,
    ) {
        let t0 = Instant::now();
        classes.reset_ancestors(c);
        if let Some(r) = self.recorder.as_deref_mut() {
            let ancestors = classes.ancestors(c);
            for &a in ancestors.iter() {
                r.class(classes, a);
            }
            r.ancestry_changed(c, why, &classes.descendants(c), &ancestors);
        }
        // Constant lookup walks the same ancestors.
        self.global_constant_state += 1;
        self.bop_redefined |= bop_class_bits(c);
        let touched = match self.config.strategy {
            Strategy::Global | Strategy::Hierarchical => self.bump_coarse(classes, c),
            Strategy::Method => {
                let mut n = 0;
                for d in classes.descendants(c) {
                    for s in self.slots.resolved_slots(d) {
                        self.bump(s);
                        n += 1;
                    }
                }
                n
            }
        };
        self.finish(classes, c, None, why, touched, t0, origin);
    }

    /// A class or module was created. Under `global` this bumps the global
    /// state as CRuby < 2.1 did; the other strategies need nothing.
    pub fn class_created(
        &mut self,
        classes: &ClassTable,
        c: ClassId,
        why: Reason,
        origin: &Origin,
    ) {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.class(classes, c);
            r.class_created(c, why);
        }
        self.counters.class_serial += 1;
        if self.config.strategy == Strategy::Global {
            let t0 = Instant::now();
            self.bump(0);
            let n = self.gmc.filled as u64;
            self.finish(classes, c, None, why, n, t0, origin);
        }
    }

    /// A constant was set or removed: constant caches are stale.
    pub fn constant_changed(
        &mut self,
        classes: &ClassTable,
        c: ClassId,
        name: SymbolId,
        why: Reason,
        origin: &Origin,
    ) {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.constant_changed(c, name, why);
        }
        let t0 = Instant::now();
        self.global_constant_state += 1;
        self.finish(classes, c, Some(name), why, 0, t0, origin);
    }

    /// `using`: call sites in the file may now see refined methods.
    pub fn refinement_activated(&mut self, classes: &ClassTable, c: ClassId, origin: &Origin) {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.using(c);
        }
        let t0 = Instant::now();
        // Refined lookups depend on the call site's scope: drop everything.
        self.serials.iter_mut().for_each(|s| *s += 1);
        let n = self.gmc.filled as u64;
        self.finish(classes, c, None, Reason::Using, n, t0, origin);
    }

    /// The GC freed `dead` classes: bumps every serial slot they owned
    /// (and the global slot), so no entry made for a dead class validates
    /// again even once its id and slots are reused, recycles the slots,
    /// then drops their inline and global cache entries. Returns the
    /// entries dropped.
    pub fn classes_freed(&mut self, dead: &[ClassId]) -> u64 {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.freed(dead);
        }
        self.bump(0);
        for &c in dead {
            let slots = self.slots.take_class(c);
            for &s in &slots {
                self.bump(s);
            }
            self.slots.recycle(&slots);
        }
        let mut dropped = self.class_caches.drop_classes(dead);
        let dead: std::collections::HashSet<ClassId> = dead.iter().copied().collect();
        dropped += self.gmc.drop_classes(&dead);
        for site in self.sites.iter_mut() {
            let before = site.entries.len();
            site.entries.retain(|e| !dead.contains(&e.class()));
            site.seen.retain(|c| !dead.contains(c));
            if site.super_key.is_some_and(|(c, _)| dead.contains(&c)) {
                site.super_key = None;
                site.entries.clear();
            }
            if site.entries.len() != before {
                dropped += (before - site.entries.len()) as u64;
                site.entries_changed();
            }
        }
        self.global_constant_state += 1;
        self.counters.classes_freed += dead.len() as u64;
        self.counters.gc_dropped_entries += dropped;
        dropped
    }

    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        classes: &ClassTable,
        c: ClassId,
        name: Option<SymbolId>,
        why: Reason,
        touched: u64,
        t0: Instant,
        origin: &Origin,
    ) {
        let cost = t0.elapsed().as_nanos() as u64;
        let whole = self.config.strategy == Strategy::Global || why == Reason::Using;
        super::probes::method_cache_clear(if whole { -1 } else { c.0 as i64 }, touched);
        self.counters.invalidations += 1;
        self.counters.invalidated_entries += touched;
        self.counters.invalidation_time_ns += cost;
        self.report_invalidation(classes, c, name, why, touched, cost, origin);
    }
}
