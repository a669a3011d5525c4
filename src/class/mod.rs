//! Classes and modules: the class table, method entries and their kinds,
//! ancestor linearisation (prepend, class, include, superclass), singleton
//! classes, and the subclass/includer graph that invalidation walks.
//!
//! Method *lookup* and caching live in `dispatch/`; this module only owns
//! the data they read.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};

use crate::support::fasthash::FastBuild;
use std::rc::Rc;

use crate::object::Cref;

mod gc;
use crate::value::{BuiltinId, ClassId, IseqId, MethodId, SymbolId, Value, symbol};
pub use gc::Traced;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Visibility {
    Public,
    Private,
    Protected,
}

/// How a method is implemented; dispatch picks a call handler from it.
#[derive(Clone)]
pub enum MethodKind {
    Iseq {
        iseq: IseqId,
        cref: Cref,
        /// `Iseq::returns_ivar`: the body is `@name` alone.
        getter: Option<SymbolId>,
    },
    Builtin {
        func: BuiltinId,
        arity: i32,
    },
    AttrReader(SymbolId),
    AttrWriter(SymbolId),
    /// A Struct member reader: element `n` of the instance's values.
    StructRef(u32),
    /// A Struct member writer (`a=`): sets element `n` (FrozenError on a
    /// frozen struct).
    StructSet(u32),
    /// `define_method` with a proc.
    Bmethod(Value),
    /// `undef`: stops the lookup.
    Undefined,
    /// A visibility change of an inherited method: continue in the super chain.
    ZSuper,
}

impl MethodKind {
    pub fn label(&self) -> &'static str {
        match self {
            MethodKind::Iseq { .. } => "iseq",
            MethodKind::Builtin { .. } => "cfunc",
            MethodKind::AttrReader(_) => "attr_reader",
            MethodKind::AttrWriter(_) => "attr_writer",
            MethodKind::StructRef(_) => "struct_ref",
            MethodKind::StructSet(_) => "struct_set",
            MethodKind::Bmethod(_) => "bmethod",
            MethodKind::Undefined => "undef",
            MethodKind::ZSuper => "zsuper",
        }
    }
}

/// Builtin arity encoding: `n >= 0` exactly n, `-1` any, `-(n+1)` at
/// least n, and `range(min, max)` for optional arguments (CRuby's
/// "expected 1..2").
pub mod arity {
    const BASE: i32 = -1000;

    pub const fn range(min: i32, max: i32) -> i32 {
        BASE - min * 64 - max
    }

    /// (min, max) of a range arity.
    pub fn decode_range(a: i32) -> Option<(usize, usize)> {
        (a <= BASE).then(|| {
            let v = BASE - a;
            ((v / 64) as usize, (v % 64) as usize)
        })
    }

    /// (min, max) argument counts of arity `a`; `usize::MAX` for no limit.
    pub fn bounds(a: i32) -> (usize, usize) {
        match decode_range(a) {
            Some(r) => r,
            None if a >= 0 => (a as usize, a as usize),
            None => ((-a - 1) as usize, usize::MAX),
        }
    }

    /// Whether `n` arguments satisfy arity `a`.
    pub fn accepts(a: i32, n: usize) -> bool {
        let (min, max) = bounds(a);
        (min..=max).contains(&n)
    }

    /// The arity Method#arity reports: CRuby registers C functions with
    /// optional arguments as (argc, argv), arity -1.
    pub fn reported(a: i32) -> i32 {
        if decode_range(a).is_some() { -1 } else { a }
    }
}

#[derive(Clone)]
pub struct MethodEntry {
    pub name: SymbolId,
    /// The name it was defined with (differs for aliases).
    pub original_name: SymbolId,
    pub owner: ClassId,
    pub visibility: Visibility,
    pub kind: MethodKind,
    pub is_alias: bool,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ClassKind {
    Class,
    Module,
    Singleton,
}

/// What `allocate` builds for instances of a class (inherited).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AllocKind {
    Object,
    String,
    Array,
    Hash,
    Proc,
    Range,
    Regexp,
    /// `Integer.new` and friends: undefined allocator.
    None,
    /// Struct and its subclasses: an object holding one nil per member
    /// (builtins/structs.rs), no allocator for Struct itself.
    Struct,
}

/// A table keyed by symbol: symbols are small integers, so the fast
/// hasher (not SipHash) does (method lookup hashes on every miss).
pub type SymMap<V> = HashMap<SymbolId, V, FastBuild>;
/// A set of small ids, hashed the fast way too.
pub type IdSet<T> = HashSet<T, FastBuild>;

pub struct RClass {
    pub name: Option<String>,
    pub kind: ClassKind,
    pub superclass: Option<ClassId>,
    pub methods: SymMap<MethodId>,
    /// Entries `methods` held and no longer does (redefined, removed,
    /// visibility changed): a running frame or a Method object may still
    /// use one, so they are freed with the class (`ClassTable::sweep`).
    pub replaced: Vec<MethodId>,
    pub includes: Vec<ClassId>,
    pub prepends: Vec<ClassId>,
    pub subclasses: Vec<ClassId>,
    pub includers: Vec<ClassId>,
    pub consts: SymMap<Value>,
    /// Where each constant was last set from Ruby ("file:line"), for
    /// "previous definition of X was here".
    pub const_sites: SymMap<String>,
    pub const_order: Vec<SymbolId>,
    pub private_consts: Vec<SymbolId>,
    pub cvars: SymMap<Value>,
    pub ivars: SymMap<Value>,
    pub obj: Value,
    pub attached: Value,
    pub metaclass: Option<ClassId>,
    pub ivar_index: SymMap<u32>,
    pub ivar_names: Vec<SymbolId>,
    /// The class whose ivar table instances use (a singleton's original class).
    pub ivar_owner: ClassId,
    pub alloc: AllocKind,
    pub ancestors: RefCell<Option<Rc<[ClassId]>>>,
    /// For refinement modules: the class refined.
    pub refined: Option<ClassId>,
    /// Refinements defined in this module (`refine X do`): X -> refinement.
    pub refinements: Vec<(ClassId, ClassId)>,
    /// `module_function` mode is on while its body runs.
    pub module_function: bool,
    pub default_visibility: Visibility,
    /// Collected: the record is blank and its id on the free list.
    pub dead: bool,
}

impl RClass {
    fn new(
        name: Option<String>,
        kind: ClassKind,
        superclass: Option<ClassId>,
        id: ClassId,
        alloc: AllocKind,
    ) -> RClass {
        RClass {
            name,
            kind,
            superclass,
            methods: SymMap::default(),
            replaced: Vec::new(),
            includes: Vec::new(),
            prepends: Vec::new(),
            subclasses: Vec::new(),
            includers: Vec::new(),
            consts: SymMap::default(),
            const_sites: SymMap::default(),
            const_order: Vec::new(),
            private_consts: Vec::new(),
            cvars: SymMap::default(),
            ivars: SymMap::default(),
            obj: Value::NIL,
            attached: Value::NIL,
            metaclass: None,
            ivar_index: SymMap::default(),
            ivar_names: Vec::new(),
            ivar_owner: id,
            alloc,
            ancestors: RefCell::new(None),
            refined: None,
            refinements: Vec::new(),
            module_function: false,
            default_visibility: Visibility::Public,
            dead: false,
        }
    }
}

/// Well-known classes, created in this order at boot.
pub mod cls {
    use crate::value::ClassId;
    pub const BASIC_OBJECT: ClassId = ClassId(0);
    pub const OBJECT: ClassId = ClassId(1);
    pub const MODULE: ClassId = ClassId(2);
    pub const CLASS: ClassId = ClassId(3);
    pub const KERNEL: ClassId = ClassId(4);
    pub const COMPARABLE: ClassId = ClassId(5);
    pub const ENUMERABLE: ClassId = ClassId(6);
    pub const NIL: ClassId = ClassId(7);
    pub const TRUE: ClassId = ClassId(8);
    pub const FALSE: ClassId = ClassId(9);
    pub const NUMERIC: ClassId = ClassId(10);
    pub const INTEGER: ClassId = ClassId(11);
    pub const FLOAT: ClassId = ClassId(12);
    pub const STRING: ClassId = ClassId(13);
    pub const SYMBOL: ClassId = ClassId(14);
    pub const ARRAY: ClassId = ClassId(15);
    pub const HASH: ClassId = ClassId(16);
    pub const RANGE: ClassId = ClassId(17);
    pub const PROC: ClassId = ClassId(18);
    pub const METHOD: ClassId = ClassId(19);
    pub const UNBOUND_METHOD: ClassId = ClassId(20);
    pub const REGEXP: ClassId = ClassId(21);
    pub const MATCH_DATA: ClassId = ClassId(22);
    pub const EXCEPTION: ClassId = ClassId(23);
    pub const ENV_CLASS: ClassId = ClassId(24);
    pub const PENDING: ClassId = ClassId(25);
    pub const COUNT: u32 = 26;
}

pub struct ClassTable {
    pub classes: Vec<RClass>,
    pub methods: Vec<MethodEntry>,
    /// Classes with smaller ids (the core classes and the prelude's) are
    /// GC roots; the others are collected once unreachable. `u32::MAX`
    /// until the prelude is loaded.
    pub permanent: u32,
    /// Method entries made before `permanent` was set (see `trace_roots`).
    pub boot_methods: u32,
    /// Permanent classes whose tables got entries after boot.
    touched: IdSet<ClassId>,
    /// Ids and method entries of collected classes, for reuse (doc/gc.md:
    /// a stale cached id cannot answer for the new class because dispatch
    /// bumps every serial slot of the dead class first).
    free_ids: Vec<ClassId>,
    free_methods: Vec<MethodId>,
    /// Classes and method entries collected so far (`GC.stat`, `--stats`).
    pub freed_classes: u64,
    pub freed_methods: u64,
    /// Memo of ivar slots looked up by name (`ivar_slot`,
    /// `ivar_slot_lookup`: native methods keeping state in ivars, such as
    /// StringScanner's, and exceptions' ivars), direct-mapped by (owner
    /// class, name). A remembered slot is used only if the owner's
    /// `ivar_names` has that name at that slot, so a collision or a
    /// recycled class id can only cost a miss, never a wrong slot.
    ivar_memo: Box<[Cell<u32>; IVAR_MEMO]>,
}

/// Entries of `ClassTable::ivar_memo` (a power of two).
const IVAR_MEMO: usize = 256;

/// What `ClassTable::sweep` freed: the classes (whose serial slots
/// dispatch then bumps and recycles).
#[derive(Default)]
pub struct Swept {
    pub classes: Vec<ClassId>,
}

/// Where (`owner`, `name`) is remembered in `ClassTable::ivar_memo`.
#[inline(always)]
fn ivar_memo_index(owner: ClassId, name: SymbolId) -> usize {
    let h = (owner.index() as u32).wrapping_mul(0x9e37_79b9) ^ name.index() as u32;
    (h as usize ^ (h as usize >> 8)) & (IVAR_MEMO - 1)
}

impl Default for ClassTable {
    fn default() -> Self {
        Self::new()
    }
}

impl ClassTable {
    pub fn new() -> ClassTable {
        ClassTable {
            classes: Vec::new(),
            methods: Vec::new(),
            permanent: u32::MAX,
            boot_methods: 0,
            touched: IdSet::default(),
            free_ids: Vec::new(),
            free_methods: Vec::new(),
            freed_classes: 0,
            freed_methods: 0,
            ivar_memo: Box::new(std::array::from_fn(|_| Cell::new(u32::MAX))),
        }
    }

    #[inline(always)]
    pub fn get(&self, c: ClassId) -> &RClass {
        &self.classes[c.index()]
    }

    #[inline(always)]
    pub fn get_mut(&mut self, c: ClassId) -> &mut RClass {
        &mut self.classes[c.index()]
    }

    #[inline(always)]
    pub fn method(&self, m: MethodId) -> &MethodEntry {
        &self.methods[m.index()]
    }

    pub fn add_method_entry(&mut self, e: MethodEntry) -> MethodId {
        if let Some(m) = self.free_methods.pop() {
            self.methods[m.index()] = e;
            return m;
        }
        self.methods.push(e);
        MethodId(self.methods.len() as u32 - 1)
    }

    /// Puts entry `m` in `c`'s method table as `name`.
    pub fn insert_method(&mut self, c: ClassId, name: SymbolId, m: MethodId) {
        if c.0 < self.permanent && m.0 >= self.boot_methods {
            self.touched.insert(c);
        }
        let k = self.get_mut(c);
        if let Some(old) = k.methods.insert(name, m)
            && old != m
        {
            k.replaced.push(old);
        }
    }

    /// Takes `name` out of `c`'s method table (`remove_method`): false
    /// when it was not there.
    pub fn remove_method(&mut self, c: ClassId, name: SymbolId) -> bool {
        let k = self.get_mut(c);
        match k.methods.remove(&name) {
            Some(old) => {
                k.replaced.push(old);
                true
            }
            None => false,
        }
    }

    /// Adds a bare class record; the caller sets `obj` and links it.
    pub fn add(
        &mut self,
        name: Option<String>,
        kind: ClassKind,
        superclass: Option<ClassId>,
    ) -> ClassId {
        let id = self
            .free_ids
            .pop()
            .unwrap_or(ClassId(self.classes.len() as u32));
        let alloc = superclass
            .map(|s| self.get(s).alloc)
            .unwrap_or(AllocKind::Object);
        let k = RClass::new(name, kind, superclass, id, alloc);
        if id.index() < self.classes.len() {
            self.classes[id.index()] = k;
        } else {
            self.classes.push(k);
        }
        if let Some(s) = superclass {
            self.get_mut(s).subclasses.push(id);
        }
        id
    }

    pub fn is_module(&self, c: ClassId) -> bool {
        self.get(c).kind == ClassKind::Module
    }

    pub fn is_singleton(&self, c: ClassId) -> bool {
        self.get(c).kind == ClassKind::Singleton
    }

    /// The class `obj.class` reports: skips singleton classes.
    pub fn real_class(&self, mut c: ClassId) -> ClassId {
        while self.get(c).kind == ClassKind::Singleton {
            match self.get(c).superclass {
                Some(s) => c = s,
                None => break,
            }
        }
        c
    }

    /// The ancestor list (method resolution order), cached.
    pub fn ancestors(&self, c: ClassId) -> Rc<[ClassId]> {
        if let Some(a) = self.get(c).ancestors.borrow().as_ref() {
            return a.clone();
        }
        let mut out: Vec<ClassId> = Vec::new();
        let sup: Rc<[ClassId]> = match self.get(c).superclass {
            Some(s) if self.get(c).kind != ClassKind::Module => self.ancestors(s),
            _ => Rc::from(Vec::new()),
        };
        self.module_chain(c, &mut out, &sup);
        out.extend(sup.iter().copied());
        let rc: Rc<[ClassId]> = Rc::from(out);
        *self.get(c).ancestors.borrow_mut() = Some(rc.clone());
        rc
    }

    /// Prepends, the module itself, then includes (latest first).
    fn module_chain(&self, m: ClassId, out: &mut Vec<ClassId>, skip: &[ClassId]) {
        // A prepended module is placed even when a superclass already has it.
        for &p in self.get(m).prepends.iter().rev() {
            self.push_module(p, out, &[]);
        }
        if !out.contains(&m) {
            out.push(m);
        }
        for &i in self.get(m).includes.iter().rev() {
            self.push_module(i, out, skip);
        }
    }

    fn push_module(&self, m: ClassId, out: &mut Vec<ClassId>, skip: &[ClassId]) {
        if out.contains(&m) || skip.contains(&m) {
            return;
        }
        self.module_chain(m, out, skip);
    }

    /// `c` and every class whose ancestry includes `c` (subclasses,
    /// includers, and theirs), for invalidation.
    ///
    /// Costs O(descendants): a set of the classes seen is only built once
    /// the walk goes past a few (a singleton class or a leaf, the common
    /// case, has none), never a table sized by every class ever made
    /// (a `vec![false; classes.len()]` per call made each `extend` and
    /// each `def` in a new class O(classes), issue 29).
    pub fn descendants(&self, c: ClassId) -> Vec<ClassId> {
        const SCAN: usize = 16;
        let mut out = vec![c];
        let mut seen: Option<HashSet<ClassId>> = None;
        let mut i = 0;
        while i < out.len() {
            let k = self.get(out[i]);
            for &s in k.subclasses.iter().chain(k.includers.iter()) {
                let new = match seen.as_mut() {
                    Some(set) => set.insert(s),
                    None if out.len() < SCAN => !out.contains(&s),
                    None => {
                        let mut set: HashSet<ClassId> = out.iter().copied().collect();
                        let new = set.insert(s);
                        seen = Some(set);
                        new
                    }
                };
                if new {
                    out.push(s);
                }
            }
            i += 1;
        }
        out
    }

    /// Drops cached ancestor lists of `c` and its descendants.
    pub fn reset_ancestors(&self, c: ClassId) {
        for d in self.descendants(c) {
            *self.get(d).ancestors.borrow_mut() = None;
        }
    }

    pub fn is_subclass_of(&self, c: ClassId, of: ClassId) -> bool {
        c == of || self.ancestors(c).contains(&of)
    }

    /// Instance variable slot index for instances of `c`, allocating one.
    pub fn ivar_slot(&mut self, c: ClassId, name: SymbolId) -> u32 {
        if let Some(i) = self.ivar_slot_lookup(c, name) {
            return i;
        }
        let owner = self.get(c).ivar_owner;
        let k = self.get_mut(owner);
        let i = k.ivar_names.len() as u32;
        k.ivar_names.push(name);
        k.ivar_index.insert(name, i);
        i
    }

    /// The slot of ivar `name` in instances of `c`, if one was allocated.
    #[inline]
    pub fn ivar_slot_lookup(&self, c: ClassId, name: SymbolId) -> Option<u32> {
        let owner = self.get(c).ivar_owner;
        let k = self.get(owner);
        let memo = &self.ivar_memo[ivar_memo_index(owner, name)];
        let i = memo.get();
        if k.ivar_names.get(i as usize) == Some(&name) {
            return Some(i);
        }
        let i = k.ivar_index.get(&name).copied();
        if let Some(i) = i {
            memo.set(i);
        }
        i
    }

    pub fn name(&self, c: ClassId) -> String {
        let k = self.get(c);
        match &k.name {
            Some(n) => n.clone(),
            None => {
                let kind = if k.kind == ClassKind::Module {
                    "Module"
                } else {
                    "Class"
                };
                format!("#<{kind}:{:#018x}>", k.obj.raw())
            }
        }
    }

    pub fn set_const(&mut self, c: ClassId, name: SymbolId, v: Value) {
        let k = self.get_mut(c);
        if k.consts.insert(name, v).is_none() {
            k.const_order.push(name);
        }
    }

    pub fn remove_const(&mut self, c: ClassId, name: SymbolId) -> Option<Value> {
        let k = self.get_mut(c);
        let v = k.consts.remove(&name);
        if v.is_some() {
            k.const_order.retain(|n| *n != name);
        }
        v
    }

    pub fn method_name(&self, m: MethodId) -> std::sync::Arc<str> {
        symbol::name(self.method(m).name)
    }
}
