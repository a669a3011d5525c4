//! The garbage-collected heap: fixed-size slots in pages, a free list,
//! precise mark-and-sweep, and the one place heap pointers are dereferenced.
//!
//! Collection happens only when the interpreter calls `collect` at a
//! safepoint (method entry, backward branch), never inside an allocation, so
//! Rust code may hold `Value`s in locals between safepoints without rooting
//! them. Anything held across a call back into Ruby must be reachable from
//! the VM's roots (its stack, frames or `temp_roots`). See doc/gc.md.

mod alloc;
mod arena;
mod cell;
mod malloc;
pub use alloc::PurgeNow;
pub use arena::Arena;
pub use cell::{
    BODY_OFFSET, BORROWED, BORROWED_MUT, BodyCell, BodyRef, BodyRefMut, FLAGS_OFFSET, Flags,
};
pub use malloc::Malloc;

use crate::object::{Body, FLAG_FROZEN, FLAG_MARK, IdSink, RObject};
use crate::value::{ClassId, MethodId, Value};

const PAGE_SLOTS: usize = 4096;
/// The fewest slot allocations between collections (CRuby starts with a
/// heap of 10K slots): small programs stay small, and a collection with a
/// small live set costs tens of microseconds (doc/gc.md: the trade-off).
const MIN_THRESHOLD: usize = 32 * 1024;
/// The least out-of-slot memory (`note_malloc`) allocated between
/// collections: CRuby's GC_MALLOC_LIMIT_MIN.
const MIN_MALLOC_LIMIT: usize = 16 << 20;
/// Out-of-slot bytes allowed between collections per live slot.
const MALLOC_BYTES_PER_LIVE_SLOT: usize = 256;

/// Dereferences a heap value.
#[inline(always)]
pub fn obj(v: Value) -> &'static RObject {
    debug_assert!(v.is_heap());
    // SAFETY: heap values are only created by `Heap::alloc` from slots in
    // pages that are never freed or moved (boxed slices owned by the heap
    // for the process lifetime). A slot is only recycled by `sweep` once it
    // is unreachable from every root, so a value the VM can still name
    // points at a live, initialised `RObject`.
    unsafe { &*v.as_ptr::<RObject>() }
}

/// Counters reported by `GC.stat` and `--stats`.
#[derive(Default, Clone, Copy, Debug)]
pub struct GcStats {
    pub count: u64,
    pub total_allocated: u64,
    pub total_freed: u64,
    pub heap_slots: u64,
    /// Weak map entries dropped because their key or value died.
    pub weak_pruned: u64,
    /// Slots found live by the last collection.
    pub marked: u64,
    /// Time spent collecting, in nanoseconds.
    pub time_ns: u64,
}

/// The heap's shape now (`GC.stat`, `ObjectSpace.count_objects`).
#[derive(Clone, Copy, Debug)]
pub struct HeapShape {
    pub pages: usize,
    pub slots: usize,
    pub free: usize,
    /// Allocation count since the last collection, in bytes (slots and
    /// charged malloc), and the count that triggers the next one.
    pub increase_bytes: usize,
    pub limit_bytes: usize,
}

pub struct Heap {
    pages: Vec<Box<[RObject]>>,
    /// The first free slot (null: none); each free slot's `Body::Free`
    /// holds the next. Kept in the slots, not in a Vec of pointers beside
    /// them, which cost 8 bytes per free slot at the peak (and a copy of
    /// itself whenever it doubled).
    free_head: *const RObject,
    /// How many slots the free list holds.
    free_count: usize,
    /// Slots allocated since the last collection.
    allocated_since_gc: usize,
    /// Slot allocations that bring on the next collection (see `sweep`).
    threshold: usize,
    /// Out-of-slot bytes charged since the last collection, and the
    /// amount that brings on the next one.
    malloc_since_gc: usize,
    malloc_limit: usize,
    /// What `allocated_since_gc` is compared with at safepoints: the
    /// threshold, 1 under stress, never while disabled (one compare on
    /// every call).
    trigger: usize,
    pub stress: bool,
    disabled: bool,
    pub stats: GcStats,
    mark_stack: Vec<Value>,
    /// Classes reached in the collection under way, one bit per class
    /// id: the class of every marked object, the class a class object
    /// stands for, a Method's owner, a Proc's scopes, and what
    /// `ClassTable::trace_live` adds (doc/gc.md, "Classes").
    class_marks: Vec<u64>,
    /// Method entries named by marked Method objects, Procs and frames;
    /// `ClassTable::trace_live` takes them.
    pub live_methods: Vec<MethodId>,
    /// Every `Body::WeakMap` allocated and not yet swept: pruned before
    /// each sweep (`prune_weak`).
    weak_maps: Vec<Value>,
}

impl Default for Heap {
    fn default() -> Self {
        Self::new()
    }
}

#[inline]
fn set_class_bit(bits: &mut Vec<u64>, c: ClassId) {
    let i = c.0 as usize;
    if i / 64 >= bits.len() {
        bits.resize(i / 64 + 1, 0);
    }
    bits[i / 64] |= 1 << (i % 64);
}

impl Heap {
    pub fn new() -> Heap {
        let mut h = Heap {
            pages: Vec::new(),
            free_head: std::ptr::null(),
            free_count: 0,
            allocated_since_gc: 0,
            threshold: MIN_THRESHOLD,
            trigger: MIN_THRESHOLD,
            malloc_since_gc: 0,
            malloc_limit: MIN_MALLOC_LIMIT,
            stress: std::env::var("CARMINE_GC_STRESS").is_ok_and(|v| v != "0" && !v.is_empty()),
            disabled: false,
            stats: GcStats::default(),
            mark_stack: Vec::new(),
            class_marks: Vec::new(),
            live_methods: Vec::new(),
            weak_maps: Vec::new(),
        };
        h.update_trigger();
        h
    }

    #[cold]
    fn add_page(&mut self) {
        let page: Box<[RObject]> = (0..PAGE_SLOTS)
            .map(|_| RObject {
                body: BodyCell::new(ClassId(0), Body::Free(std::ptr::null())),
            })
            .collect();
        // Linked from the last slot down, so the page is handed out in
        // address order, ending at the list there was.
        for slot in page.iter().rev() {
            *slot.body.borrow_mut() = Body::Free(self.free_head);
            self.free_head = slot as *const RObject;
        }
        self.free_count += PAGE_SLOTS;
        self.pages.push(page);
        self.stats.heap_slots += PAGE_SLOTS as u64;
    }

    /// Allocates a slot. Never collects.
    #[inline]
    pub fn alloc(&mut self, class: ClassId, body: Body) -> Value {
        if self.free_head.is_null() {
            self.add_page();
        }
        let v = Value::from_ptr(self.free_head);
        let o = obj(v);
        o.class.set(class);
        o.flags.set(0);
        let mut slot = o.body.borrow_mut();
        let Body::Free(next) = *slot else {
            unreachable!("a slot on the free list holds an object")
        };
        self.free_head = next;
        self.free_count -= 1;
        let extra = match &body {
            Body::String(s) => s.bytes.capacity(),
            Body::Array(a) => a.capacity() * std::mem::size_of::<Value>(),
            Body::WeakMap(_) => {
                self.weak_maps.push(v);
                0
            }
            _ => 0,
        };
        *slot = body;
        drop(slot);
        self.allocated_since_gc += 1;
        self.stats.total_allocated += 1;
        if extra > 0 {
            self.note_malloc(extra);
        }
        v
    }

    /// Charges `bytes` of out-of-slot memory (Bignum digits, string and
    /// array buffers and their growth) so memory that slots do not show
    /// still brings on a collection (CRuby's malloc_increase): past the
    /// malloc limit the next safepoint collects.
    #[inline]
    pub fn note_malloc(&mut self, bytes: usize) {
        self.malloc_since_gc += bytes;
        if self.malloc_since_gc >= self.malloc_limit && !self.disabled {
            self.trigger = 0;
        }
    }

    pub fn alloc_frozen(&mut self, class: ClassId, body: Body) -> Value {
        let v = self.alloc(class, body);
        obj(v).flags.set(FLAG_FROZEN);
        v
    }

    /// True when a safepoint should collect.
    #[inline(always)]
    pub fn wants_collect(&self) -> bool {
        self.allocated_since_gc >= self.trigger
    }

    fn update_trigger(&mut self) {
        self.trigger = if self.disabled {
            usize::MAX
        } else if self.stress {
            1
        } else if self.malloc_since_gc >= self.malloc_limit {
            0
        } else {
            self.threshold
        };
    }

    pub fn disabled(&self) -> bool {
        self.disabled
    }

    /// `GC.stress = flag`: a collection at every safepoint while on.
    pub fn set_stress(&mut self, on: bool) {
        self.stress = on;
        self.update_trigger();
    }

    /// `GC.disable` / `GC.enable`.
    pub fn set_disabled(&mut self, d: bool) {
        self.disabled = d;
        self.update_trigger();
    }

    /// Marks a root.
    #[inline]
    pub fn mark(&mut self, v: Value) {
        if v.is_heap() {
            let o = obj(v);
            let f = o.flags.get();
            if f & FLAG_MARK == 0 {
                o.flags.set(f | FLAG_MARK);
                self.mark_stack.push(v);
            }
        }
    }

    /// Marks class `c` reached (its contents are traced by the class
    /// table's pass, `ClassTable::trace_live`).
    #[inline]
    pub fn mark_class(&mut self, c: ClassId) {
        set_class_bit(&mut self.class_marks, c);
    }

    /// Marks the class and method ids `f` reports (ids held outside the
    /// heap: frames' scopes, block arguments).
    pub fn mark_ids(&mut self, f: impl FnOnce(&mut IdSink<'_>)) {
        let Heap {
            class_marks,
            live_methods,
            ..
        } = self;
        f(&mut IdSink {
            class: &mut |c| set_class_bit(class_marks, c),
            method: &mut |m| live_methods.push(m),
        });
    }

    /// Whether class `c` was reached in the collection under way (or the
    /// last one, until the next starts).
    pub fn class_marked(&self, c: ClassId) -> bool {
        let i = c.0 as usize;
        self.class_marks
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Runs a full collection. `roots` must mark every root with `mark`.
    pub fn collect(&mut self, roots: impl FnOnce(&mut Heap)) {
        self.collect_with(roots, |_| false);
    }

    /// Whether `v` was marked in the collection under way (immediates are).
    pub fn is_marked(&self, v: Value) -> bool {
        !v.is_heap() || obj(v).flags.get() & FLAG_MARK != 0
    }

    /// `collect` with conditional roots (ephemerons): once everything
    /// reachable is marked, `more` may mark what hangs off marked objects
    /// (`is_marked`), returning true when it marked something; marking
    /// then goes on until it returns false.
    pub fn collect_with(
        &mut self,
        roots: impl FnOnce(&mut Heap),
        mut more: impl FnMut(&mut Heap) -> bool,
    ) {
        let start = std::time::Instant::now();
        self.class_marks.iter_mut().for_each(|w| *w = 0);
        self.live_methods.clear();
        roots(self);
        loop {
            self.drain_marks();
            if !more(self) {
                break;
            }
        }
        self.prune_weak();
        self.sweep();
        self.stats.time_ns += start.elapsed().as_nanos() as u64;
    }

    pub fn shape(&self) -> HeapShape {
        HeapShape {
            pages: self.pages.len(),
            slots: self.pages.len() * PAGE_SLOTS,
            free: self.free_count,
            increase_bytes: self.malloc_since_gc,
            limit_bytes: self.malloc_limit,
        }
    }

    /// Once marking is over: forgets the weak maps that were not marked
    /// and drops, from the others, every entry whose key or value was not
    /// (immediates count as marked), so no entry outlives its objects.
    fn prune_weak(&mut self) {
        let marked = |v: Value| !v.is_heap() || obj(v).flags.get() & FLAG_MARK != 0;
        let mut pruned = 0;
        self.weak_maps.retain(|&m| {
            if !marked(m) {
                return false;
            }
            if let Body::WeakMap(t) = &mut *obj(m).body.borrow_mut() {
                pruned += t.retain(marked);
            }
            true
        });
        self.stats.weak_pruned += pruned as u64;
    }

    fn drain_marks(&mut self) {
        // Children are marked as they are traced, so only unmarked ones
        // are pushed: an Array of 10^8 references to a few objects needs
        // a few stack entries, not a buffer of 10^8.
        let stack = &mut self.mark_stack;
        let class_marks = &mut self.class_marks;
        let live_methods = &mut self.live_methods;
        let child = |c: Value, stack: &mut Vec<Value>| {
            if c.is_heap() {
                let o = obj(c);
                let f = o.flags.get();
                if f & FLAG_MARK == 0 {
                    o.flags.set(f | FLAG_MARK);
                    stack.push(c);
                }
            }
        };
        while let Some(v) = stack.pop() {
            let o = obj(v);
            set_class_bit(class_marks, o.class.get());
            let body = o.body.borrow();
            match &*body {
                // Most of the heap: plain objects and arrays, whose
                // children are all the ids they hold.
                Body::Object(vs) | Body::Array(vs) => {
                    for &c in vs.iter() {
                        child(c, stack);
                    }
                }
                body => {
                    body.trace_ids(&mut IdSink {
                        class: &mut |c| set_class_bit(class_marks, c),
                        method: &mut |m| live_methods.push(m),
                    });
                    body.trace(&mut |c| child(c, stack));
                }
            }
        }
    }

    fn sweep(&mut self) {
        let mut live = 0usize;
        for page in &self.pages {
            for slot in page.iter() {
                let f = slot.flags.get();
                if f & FLAG_MARK != 0 {
                    slot.flags.set(f & !FLAG_MARK);
                    live += 1;
                } else if !matches!(*slot.body.borrow(), Body::Free(_)) {
                    *slot.body.borrow_mut() = Body::Free(self.free_head);
                    slot.flags.set(0);
                    self.free_head = slot as *const RObject;
                    self.free_count += 1;
                    self.stats.total_freed += 1;
                }
            }
        }
        self.stats.count += 1;
        self.stats.marked = live as u64;
        self.allocated_since_gc = 0;
        self.malloc_since_gc = 0;
        // The next collection comes once the program has allocated as
        // many slots as survived (the heap peaks near twice the live set)
        // or, if more, as many as are free now: slots the heap already has
        // cost nothing more to fill, and a heap that grew in an earlier
        // phase (gcbench's stretch tree) is not collected again and again
        // at a fraction of its size (CRuby collects when its free slots
        // run out). gcbench went from 107 collections to 23.
        // (Most of the free slots, not all: collections wait for a
        // safepoint, and what a builtin allocates before it would add a
        // page whenever the free list ran dry exactly at the trigger, so
        // the heap crept up by a page per collection: etanni reached 221K
        // slots for 50K live.)
        let free = self.free_count;
        self.threshold = live.max(free - free / 8).max(MIN_THRESHOLD);
        self.malloc_limit = (live * MALLOC_BYTES_PER_LIVE_SLOT).max(MIN_MALLOC_LIMIT);
        self.update_trigger();
    }

    /// Calls `f` on every live object (for ObjectSpace).
    pub fn each_object(&self, mut f: impl FnMut(Value)) {
        for page in &self.pages {
            for slot in page.iter() {
                if !matches!(*slot.body.borrow(), Body::Free(_)) {
                    f(Value::from_ptr(slot as *const RObject));
                }
            }
        }
    }

    /// Verifies heap invariants (gc-verify mode): every live object's
    /// children are live heap slots.
    pub fn verify(&self) -> Result<(), String> {
        let mut bad = None;
        self.each_object(|v| {
            obj(v).body.borrow().trace(&mut |c| {
                if c.is_heap() && matches!(*obj(c).body.borrow(), Body::Free(_)) {
                    bad = Some(format!("object {v:?} references freed slot {c:?}"));
                }
            })
        });
        bad.map_or(Ok(()), Err)
    }
}
