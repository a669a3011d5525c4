//! The object model's data: what a heap slot holds (`RObject` and its
//! `Body` variants), lexical scopes (`Cref`), blocks and pending unwinds.
//!
//! Heap values point at an `RObject`; `gc::` owns the slots and the only
//! dereference. Every variant that holds `Value`s lists them in `trace`, so
//! the collector stays precise.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use num_bigint::BigInt;

use crate::gc::BodyCell;
use crate::value::{ClassId, IseqId, MethodId, SymbolId, Value};

mod weak;
pub use weak::WeakTable;

pub const FLAG_MARK: u32 = 1;
pub const FLAG_FROZEN: u32 = 2;
/// A Hash a `ruby2_keywords` method collected keywords into: splatted as
/// the last argument of a call, it passes them as keywords again.
pub const FLAG_RUBY2_KEYWORDS: u32 = 1 << 3;

/// One GC slot: 40 bytes. `o.class` and `o.flags` are the header's (the
/// slot derefs to its `BodyCell`), `o.body.borrow()` / `borrow_mut()` the
/// body, with `RefCell`'s rules (gc/cell.rs).
pub struct RObject {
    pub body: BodyCell,
}

impl std::ops::Deref for RObject {
    type Target = BodyCell;
    #[inline(always)]
    fn deref(&self) -> &BodyCell {
        &self.body
    }
}

const _: () = assert!(std::mem::size_of::<RObject>() == 40);

impl RObject {
    #[inline(always)]
    pub fn is_frozen(&self) -> bool {
        self.flags.get() & FLAG_FROZEN != 0
    }
    pub fn freeze(&self) {
        self.flags.set(self.flags.get() | FLAG_FROZEN);
    }
}

/// What a slot holds. Large data lives out of line (Vec/Box).
///
/// `repr(u8)`: the variant is a byte at the body's start, numbered in
/// declaration order (`Object` is 1), and each variant's fields follow
/// as in a `repr(C)` struct after it: the JIT's C code reads a plain
/// object's ivars in place (`jit::codegen`'s layout constants).
#[repr(u8)]
pub enum Body {
    /// A free slot, holding the next free slot: the heap's free list runs
    /// through the free slots themselves (null ends it; only `gc::` reads it).
    Free(*const RObject),
    Object(Vec<Value>),
    String(RString),
    Array(Vec<Value>),
    Hash(Box<RHash>),
    Float(f64),
    Bignum(Box<BigInt>),
    Range(Value, Value, bool),
    Proc(Box<RProc>),
    Method(Box<RMethod>),
    Class(ClassId),
    Env(Box<REnv>),
    Regexp(Box<RRegexp>),
    MatchData(Box<RMatch>),
    Pending(Box<Unwind>),
    /// `ObjectSpace::WeakMap`: traced by nobody, pruned by the collector.
    WeakMap(Box<WeakTable>),
    /// A C extension replacement's native state (CRuby's T_DATA), e.g. a
    /// BigDecimal's digits. It holds no Values (nothing is traced).
    Data(Box<dyn std::any::Any>),
}

/// A String's bytes (treated as UTF-8 when it is valid).
#[derive(Clone, Default)]
pub struct RString {
    pub bytes: Vec<u8>,
}

impl RString {
    pub fn as_str(&self) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(&self.bytes)
    }
}

/// An insertion-ordered hash table. Hash codes and key equality are computed
/// by the interpreter (they may call Ruby `hash`/`eql?`), so this type only
/// stores entries and, past `SMALL_TABLE` entries, an index from hash code
/// to entry positions; a smaller table is scanned through `hashes`, as
/// CRuby's ar_table is (a two-key Hash then costs its entries and hashes,
/// not a hash map too: ruby-bench's splay keeps 256,000 of them).
#[derive(Clone, Default)]
pub struct RHash {
    pub entries: Vec<Option<(Value, Value)>>,
    /// Built once `entries` (removed ones included) outgrow `SMALL_TABLE`.
    index: HashMap<u64, Bucket, crate::support::fasthash::FastBuild>,
    /// The position lists of `Bucket::Many` (hash codes several entries
    /// share, which is rare); an emptied list is reused by the next one.
    shared: Vec<Vec<u32>>,
    pub live: usize,
    pub default: Value,
    pub default_proc: Value,
    pub compare_by_identity: bool,
    pub hashes: Vec<u64>,
}

/// The most entry positions a table keeps without an index.
const SMALL_TABLE: usize = 16;

/// Entry positions sharing one hash code: almost always exactly one, kept
/// inline (no allocation per key); else a list in `RHash::shared`. The
/// index holds only plain data, so copying a table (`Hash#dup`, `replace`)
/// copies its memory and dropping one frees it, with no per-entry work.
#[derive(Clone, Copy)]
pub enum Bucket {
    One(u32),
    Many(u32),
}

impl RHash {
    pub fn new() -> RHash {
        RHash {
            default: Value::NIL,
            default_proc: Value::NIL,
            ..Default::default()
        }
    }

    /// Positions whose hash code is `h` (some may be removed entries,
    /// which the caller skips).
    pub fn candidates(&self, h: u64) -> impl Iterator<Item = u32> + '_ {
        let (scan, listed): (&[u64], &[u32]) = if self.entries.len() <= SMALL_TABLE {
            (&self.hashes, &[])
        } else {
            match self.index.get(&h) {
                Some(Bucket::One(i)) => (&[], std::slice::from_ref(i)),
                Some(Bucket::Many(k)) => (&[], &self.shared[*k as usize]),
                None => (&[], &[]),
            }
        };
        let scanned = scan.iter().enumerate().filter(move |e| *e.1 == h);
        scanned.map(|e| e.0 as u32).chain(listed.iter().copied())
    }

    pub fn push(&mut self, h: u64, k: Value, v: Value) {
        let i = self.entries.len() as u32;
        self.entries.push(Some((k, v)));
        self.hashes.push(h);
        self.live += 1;
        match self.entries.len() {
            n if n <= SMALL_TABLE => {}
            n if n == SMALL_TABLE + 1 => {
                for j in 0..n {
                    if self.entries[j].is_some() {
                        self.index_add(self.hashes[j], j as u32);
                    }
                }
            }
            _ => self.index_add(h, i),
        }
    }

    fn index_add(&mut self, h: u64, i: u32) {
        match self.index.entry(h) {
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(Bucket::One(i));
            }
            std::collections::hash_map::Entry::Occupied(mut e) => {
                let b = e.get_mut();
                match *b {
                    Bucket::One(j) => {
                        let k = match self.shared.iter().position(|l| l.is_empty()) {
                            Some(k) => k,
                            None => {
                                self.shared.push(Vec::new());
                                self.shared.len() - 1
                            }
                        };
                        self.shared[k].extend([j, i]);
                        *b = Bucket::Many(k as u32);
                    }
                    Bucket::Many(k) => self.shared[k as usize].push(i),
                }
            }
        }
    }

    pub fn remove_at(&mut self, i: usize) -> Option<(Value, Value)> {
        let e = self.entries[i].take()?;
        let h = self.hashes[i];
        if self.entries.len() > SMALL_TABLE {
            let empty = match self.index.get_mut(&h) {
                Some(Bucket::One(j)) => *j as usize == i,
                Some(Bucket::Many(k)) => {
                    let list = &mut self.shared[*k as usize];
                    list.retain(|&j| j as usize != i);
                    list.is_empty()
                }
                None => false,
            };
            if empty {
                self.index.remove(&h);
            }
        }
        self.live -= 1;
        if self.live == 0 {
            self.clear();
        }
        Some(e)
    }
    /// Room for exactly `n` more entries (a literal's size is known).
    pub fn reserve_exact(&mut self, n: usize) {
        self.entries.reserve_exact(n);
        self.hashes.reserve_exact(n);
    }
    pub fn iter(&self) -> impl Iterator<Item = (Value, Value)> + '_ {
        self.entries.iter().flatten().copied()
    }
    pub fn clear(&mut self) {
        self.entries.clear();
        self.hashes.clear();
        self.index.clear();
        self.shared.clear();
        self.live = 0;
    }
    /// Rebuilds the index after in-place compaction or rehash.
    pub fn reindex(&mut self, hashes: Vec<u64>) {
        let entries: Vec<(Value, Value)> = self.iter().collect();
        self.clear();
        for ((k, v), h) in entries.into_iter().zip(hashes) {
            self.push(h, k, v);
        }
    }
}

/// A lexical scope: the `cref` chain used for constant lookup and `def`.
pub struct CrefNode {
    pub class: ClassId,
    pub parent: Option<Cref>,
    /// Refinement modules activated with `using` in this scope.
    pub refinements: RefCell<Vec<ClassId>>,
    /// Pushed by `class_eval`/`instance_eval` with a block: only `def`
    /// targets `class`; constants, class variables and nested class
    /// definitions stay in the block's lexical scope (as in CRuby).
    pub def_only: bool,
    /// `instance_eval` on a value that has no singleton class (Integer,
    /// Float, Symbol): `def`, `alias` and `undef` raise TypeError.
    pub no_singleton: bool,
}
pub type Cref = Rc<CrefNode>;

impl CrefNode {
    /// The innermost lexical scope (skips `def_only` nodes).
    pub fn lexical(&self) -> &CrefNode {
        let mut n = self;
        while n.def_only {
            match &n.parent {
                Some(p) => n = p,
                None => break,
            }
        }
        n
    }
}

pub fn cref_new(class: ClassId, parent: Option<Cref>) -> Cref {
    cref_with(class, parent, false)
}

/// A cref for a `class_eval`/`instance_eval` block (see `def_only`).
pub fn cref_new_def_only(class: ClassId, parent: Option<Cref>) -> Cref {
    cref_with(class, parent, true)
}

/// The cref of `instance_eval` on a value without a singleton class:
/// `class` (the value's class) for lookups, no definitions.
pub fn cref_new_no_singleton(class: ClassId, parent: Option<Cref>, def_only: bool) -> Cref {
    cref_node(class, parent, def_only, true)
}

fn cref_with(class: ClassId, parent: Option<Cref>, def_only: bool) -> Cref {
    cref_node(class, parent, def_only, false)
}

fn cref_node(class: ClassId, parent: Option<Cref>, def_only: bool, no_singleton: bool) -> Cref {
    let refinements = parent
        .as_ref()
        .map(|p| p.refinements.borrow().clone())
        .unwrap_or_default();
    Rc::new(CrefNode {
        class,
        parent,
        refinements: RefCell::new(refinements),
        def_only,
        no_singleton,
    })
}

/// A block as passed to a method: code plus captured context.
#[derive(Clone)]
pub struct Block {
    pub iseq: IseqId,
    pub self_val: Value,
    /// The captured environment (an `Env` heap object) or nil.
    pub env: Value,
    pub cref: Cref,
    /// Frame id of the method frame `return` inside the block leaves.
    pub home: u64,
    /// Frame id of the frame whose call `break` returns from.
    pub origin: u64,
    /// Method the block was written in (for `super` and `__method__`).
    pub method: Option<MethodId>,
    /// The block the enclosing method received (for `yield` inside the block).
    pub outer_block: Option<Rc<BlockArg>>,
}

/// What a method receives as its block.
#[derive(Clone)]
pub enum BlockArg {
    Literal(Block),
    Proc(Value),
    /// `&:sym`
    Symbol(SymbolId),
    /// `&method(:x)` and other callables: a Method object.
    Method(Value),
    /// `Enumerator#with_index`'s block (CRuby's `enumerator_with_index_i`):
    /// each call yields the values packed as one and a running index to
    /// the inner block.
    Indexed(Rc<IndexedBlock>),
}

/// The state of a [`BlockArg::Indexed`]: the user's block and the index
/// the next call passes.
pub struct IndexedBlock {
    pub inner: Rc<BlockArg>,
    pub next: std::cell::Cell<i64>,
}

pub struct RProc {
    pub block: Block,
    pub is_lambda: bool,
    /// For `Symbol#to_proc` and `Method#to_proc`.
    pub special: Option<Rc<BlockArg>>,
}

#[derive(Clone, Copy)]
pub struct RMethod {
    pub recv: Value,
    pub method: MethodId,
    pub name: SymbolId,
    pub owner: ClassId,
    pub bound: bool,
    /// The class the lookup started at (`C` in `C.instance_method(:m)`,
    /// the receiver's class for `obj.method(:m)`): `inspect`, `==`.
    pub klass: ClassId,
    /// The ancestry `super_method` continues in.
    pub start: ClassId,
}

/// A heap-allocated local variable environment (for scopes with blocks).
pub struct REnv {
    pub vals: Vec<Value>,
    pub parent: Value,
}

pub struct RRegexp {
    pub source: String,
    pub options: u32,
    pub regex: fancy_regex::Regex,
    pub names: Vec<String>,
    pub enc: RegexpEnc,
    /// `\A(?:source)`, made on first anchored use (StringScanner's
    /// scan/skip/match?/check); None when it does not compile.
    pub anchored: std::cell::OnceCell<Option<Anchored>>,
}

/// A Regexp's anchored form (`RRegexp::anchored`).
pub enum Anchored {
    /// The source matches one fixed ASCII text (`/\{/`, `/true/`, `/, /`):
    /// a byte comparison.
    Literal(Box<[u8]>),
    /// `\A(?:source)` compiled.
    Regex(std::rc::Rc<fancy_regex::Regex>),
}

/// A Regexp's encoding, as CRuby decides it from source and options:
/// US-ASCII (matches any ASCII-compatible String) unless fixed to UTF-8
/// or ASCII-8BIT.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RegexpEnc {
    Ascii,
    Utf8,
    Binary,
}

pub struct RMatch {
    pub string: Value,
    pub regexp: Value,
    pub groups: Vec<Option<(usize, usize)>>,
}

/// A non-local transfer in flight. `Err(Unwind)` travels up Rust frames; the
/// interpreter stores one in a `Pending` slot while an `ensure` runs.
#[derive(Clone, Debug)]
pub enum Unwind {
    Raise(Value),
    Break {
        target: u64,
        value: Value,
    },
    Return {
        target: u64,
        value: Value,
    },
    Throw {
        tag: Value,
        value: Value,
    },
    /// `next` out of a block called from Rust (value of the block).
    Next(Value),
    /// Tracing was switched on inside a builtin the plain run loop called
    /// (the builtin's result is pushed): the loop hands its frames to
    /// the tracing one (src/interp/trace.rs). Never reaches Rust code.
    TraceSwitch,
    /// `break` (or `next`) from a class body to the `while` loop around
    /// it in frame `target` (its `CatchKind::Break`/`Next` entry).
    Loop {
        target: u64,
        value: Value,
        next: bool,
    },
    Retry,
    /// `exit!`: leave without running ensure or at_exit.
    Exit(i32),
}

impl Unwind {
    pub fn values(&self) -> [Value; 2] {
        match self {
            Unwind::Raise(v) | Unwind::Next(v) => [*v, Value::NIL],
            Unwind::Break { value, .. }
            | Unwind::Return { value, .. }
            | Unwind::Loop { value, .. } => [*value, Value::NIL],
            Unwind::Throw { tag, value } => [*tag, *value],
            Unwind::Retry | Unwind::Exit(_) | Unwind::TraceSwitch => [Value::NIL, Value::NIL],
        }
    }
}

fn trace_block(b: &Block, f: &mut dyn FnMut(Value)) {
    f(b.self_val);
    f(b.env);
    if let Some(o) = &b.outer_block {
        trace_block_arg(o, f);
    }
}

pub fn trace_block_arg(b: &BlockArg, f: &mut dyn FnMut(Value)) {
    match b {
        BlockArg::Literal(b) => trace_block(b, f),
        BlockArg::Proc(v) | BlockArg::Method(v) => f(*v),
        BlockArg::Symbol(_) => {}
        BlockArg::Indexed(i) => trace_block_arg(&i.inner, f),
    }
}

/// The class ids a cref chain names (scopes and their `using`
/// refinements): the classes a block or method written there may still
/// look constants up in or define methods into.
pub fn cref_classes(mut c: &CrefNode, f: &mut dyn FnMut(ClassId)) {
    loop {
        f(c.class);
        c.refinements.borrow().iter().for_each(|r| f(*r));
        match &c.parent {
            Some(p) => c = p,
            None => return,
        }
    }
}

fn block_ids(b: &Block, ids: &mut IdSink<'_>) {
    cref_classes(&b.cref, ids.class);
    if let Some(m) = b.method {
        (ids.method)(m);
    }
    if let Some(o) = &b.outer_block {
        block_arg_ids(o, ids);
    }
}

/// Class and method ids a block argument keeps alive (see `Body::trace_ids`).
pub fn block_arg_ids(b: &BlockArg, ids: &mut IdSink<'_>) {
    if let BlockArg::Literal(b) = b {
        block_ids(b, ids);
    }
}

/// Where `Body::trace_ids` reports the ids it finds.
pub struct IdSink<'a> {
    pub class: &'a mut dyn FnMut(ClassId),
    pub method: &'a mut dyn FnMut(MethodId),
}

impl Body {
    /// Reports the class and method ids this body holds outside `Value`s
    /// (a class object's class, a Method's owner and entry, a Proc's
    /// scopes and method): the GC keeps those classes and entries alive
    /// with the object (doc/gc.md, "Classes").
    pub fn trace_ids(&self, ids: &mut IdSink<'_>) {
        match self {
            Body::Class(c) => (ids.class)(*c),
            Body::Method(m) => {
                (ids.class)(m.owner);
                (ids.method)(m.method);
            }
            Body::Proc(p) => {
                block_ids(&p.block, ids);
                if let Some(s) = &p.special {
                    block_arg_ids(s, ids);
                }
            }
            _ => {}
        }
    }

    /// Calls `f` on every value this body references.
    #[inline]
    pub fn trace(&self, f: &mut impl FnMut(Value)) {
        match self {
            Body::Free(_)
            | Body::String(_)
            | Body::Float(_)
            | Body::Bignum(_)
            | Body::Class(_)
            | Body::Regexp(_)
            | Body::WeakMap(_)
            | Body::Data(_) => {}
            Body::Object(v) | Body::Array(v) => v.iter().for_each(|x| f(*x)),
            Body::Hash(h) => {
                for (k, v) in h.iter() {
                    f(k);
                    f(v);
                }
                f(h.default);
                f(h.default_proc);
            }
            Body::Range(a, b, _) => {
                f(*a);
                f(*b);
            }
            Body::Proc(p) => {
                trace_block(&p.block, f);
                if let Some(s) = &p.special {
                    trace_block_arg(s, f);
                }
            }
            Body::Method(m) => f(m.recv),
            Body::Env(e) => {
                e.vals.iter().for_each(|x| f(*x));
                f(e.parent);
            }
            Body::MatchData(m) => {
                f(m.string);
                f(m.regexp);
            }
            Body::Pending(u) => u.values().into_iter().for_each(f),
        }
    }
}
