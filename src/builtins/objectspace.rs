//! `GC` and `ObjectSpace`: collections on demand, the heap's counters
//! (`GC.stat`, `ObjectSpace.count_objects`), `each_object`, and
//! `ObjectSpace::WeakMap`, whose table (`object::WeakTable`) the
//! collector prunes (doc/gc.md, "Weak references").

use std::collections::HashMap;

use crate::class::{ClassKind, cls};
use crate::gc::obj;
use crate::interp::{BuiltinFn, VResult, Vm};
use crate::object::{BlockArg, Body, Unwind, WeakTable};
use crate::value::{ClassId, Value, symbol};

type B = Option<std::rc::Rc<BlockArg>>;

/// Runs the finalizers `ObjectSpace.define_finalizer` registered
/// (prelude/finalizer.rb), at exit after the at_exit handlers.
pub fn run_finalizers(vm: &mut Vm) {
    let Some(os) = vm.const_in_ancestors(cls::OBJECT, crate::intern!("ObjectSpace")) else {
        return;
    };
    // Nothing registered: no call into Ruby (the exit stays uncounted).
    let table = vm.ivar_get_name(os, crate::intern!("@__finalizers"));
    if vm.hash_len(table).unwrap_or(0) == 0 {
        return;
    }
    let _ = vm.funcall(os, crate::intern!("__run_finalizers"), &[], None);
}

pub fn init(vm: &mut Vm) {
    let gc = vm.new_module(Some("GC"), Some(cls::OBJECT));
    let gc_fns: &[(&str, i32, BuiltinFn)] = &[
        ("start", -1, gc_start),
        ("count", 0, gc_count),
        ("disable", 0, gc_disable),
        ("enable", 0, gc_enable),
        ("stress", 0, gc_stress),
        ("stress=", 1, gc_set_stress),
        ("stat", -1, gc_stat),
        ("total_time", 0, |vm, _, _, _| {
            Ok(Value::int(vm.heap.stats.time_ns as i64))
        }),
    ];
    for &(name, arity, f) in gc_fns {
        vm.def_singleton_builtin(gc, name, arity, f);
    }

    let os = vm.new_module(Some("ObjectSpace"), Some(cls::OBJECT));
    let os_fns: &[(&str, i32, BuiltinFn)] = &[
        ("each_object", -1, each_object),
        ("garbage_collect", -1, gc_start),
        ("count_objects", -1, count_objects),
        ("_id2ref", 1, id2ref),
    ];
    for &(name, arity, f) in os_fns {
        vm.def_singleton_builtin(os, name, arity, f);
    }

    let wm = vm.new_class(Some("WeakMap"), cls::OBJECT, Some(os));
    // Best effort: Enumerable is a core module, so this cannot fail.
    let _ = super::module::include_module(vm, wm, cls::ENUMERABLE, false);
    vm.def_singleton_builtin(wm, "new", -1, wmap_new);
    vm.def_singleton_builtin(wm, "allocate", 0, wmap_allocate);
    let wm_fns: &[(&str, i32, BuiltinFn)] = &[
        ("[]=", 2, wmap_aset),
        ("[]", 1, wmap_aref),
        ("key?", 1, wmap_has_key),
        ("include?", 1, wmap_has_key),
        ("member?", 1, wmap_has_key),
        ("size", 0, wmap_size),
        ("length", 0, wmap_size),
        ("keys", 0, wmap_keys),
        ("values", 0, wmap_values),
        ("each", 0, wmap_each),
        ("each_pair", 0, wmap_each),
        ("each_key", 0, wmap_each_key),
        ("each_value", 0, wmap_each_value),
        ("inspect", 0, wmap_inspect),
    ];
    for &(name, arity, f) in wm_fns {
        vm.def_builtin(wm, name, arity, f);
    }
}

/// `ObjectSpace._id2ref`: the object an `object_id` was given to, while
/// it lives (ids of Integers, nil/true/false and Symbols are computed).
fn id2ref(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    let not_id = |vm: &mut Vm| {
        let n = vm.inspect(a[0])?;
        let q = vm.str_new(&n);
        let q = vm.inspect(q)?;
        Err(vm.error(vm.e.range_error, &format!("{q} is not id value")))
    };
    let Some(id) = a[0].as_fixnum() else {
        if a[0].is_heap() && matches!(&*obj(a[0]).body.borrow(), Body::Bignum(_)) {
            return not_id(vm);
        }
        return Err(vm.type_error(&format!(
            "no implicit conversion of {} into Integer",
            super::type_name(vm, a[0])
        )));
    };
    if id & 1 == 1 {
        return Ok(Value::int((id - 1) / 2));
    }
    let immediate_id = super::object::immediate_object_id;
    for v in [Value::NIL, Value::TRUE, Value::FALSE] {
        if immediate_id(v) == id {
            return Ok(v);
        }
    }
    if let Some((&raw, _)) = vm.object_ids.iter().find(|(_, v)| **v as i64 == id) {
        let v = Value::from_raw(raw);
        // Another Ractor's unshareable object is not handed out.
        if vm.ractor_nonmain && !vm.ractor_shareable(v)? {
            let n = vm.inspect(a[0])?;
            let q = vm.str_new(&n);
            let q = vm.inspect(q)?;
            let msg = format!("{q} is id of the unshareable object on multi-ractor");
            return Err(vm.error(vm.e.range_error, &msg));
        }
        return Ok(v);
    }
    for i in 0..crate::value::symbol::count() {
        let v = Value::symbol(crate::value::SymbolId(i as u32));
        if immediate_id(v) == id {
            return Ok(v);
        }
    }
    not_id(vm)
}

// ---- GC ---------------------------------------------------------------

fn gc_start(vm: &mut Vm, _: Value, _: &[Value], _: B) -> VResult {
    vm.gc();
    Ok(Value::NIL)
}

fn gc_count(vm: &mut Vm, _: Value, _: &[Value], _: B) -> VResult {
    Ok(Value::int(vm.heap.stats.count as i64))
}

fn gc_disable(vm: &mut Vm, _: Value, _: &[Value], _: B) -> VResult {
    let was = vm.heap.disabled();
    vm.heap.set_disabled(true);
    Ok(Value::bool(was))
}

fn gc_enable(vm: &mut Vm, _: Value, _: &[Value], _: B) -> VResult {
    let was = vm.heap.disabled();
    vm.heap.set_disabled(false);
    Ok(Value::bool(was))
}

fn gc_stress(vm: &mut Vm, _: Value, _: &[Value], _: B) -> VResult {
    Ok(Value::bool(vm.heap.stress))
}

/// `GC.stress = flag` (true, false/nil, or CRuby's Integer flags: any
/// non-zero one turns it on).
fn gc_set_stress(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    let on = match a[0].as_fixnum() {
        Some(n) => n != 0,
        None => a[0].truthy(),
    };
    vm.heap.set_stress(on);
    Ok(a[0])
}

/// `GC.stat`'s keys, in CRuby 3.1's order, with carmine's figures. Every
/// collection is a full (major) one; nothing is compacted, promoted or
/// finalized; pages are never freed.
fn gc_stat_pairs(vm: &Vm) -> [(&'static str, u64); 29] {
    let s = vm.heap.stats;
    let h = vm.heap.shape();
    let pages = h.pages as u64;
    let live = (h.slots - h.free) as u64;
    [
        ("count", s.count),
        ("time", s.time_ns / 1_000_000),
        ("heap_allocated_pages", pages),
        ("heap_sorted_length", pages),
        ("heap_allocatable_pages", 0),
        ("heap_available_slots", h.slots as u64),
        ("heap_live_slots", live),
        ("heap_free_slots", h.free as u64),
        ("heap_final_slots", 0),
        ("heap_marked_slots", s.marked),
        ("heap_eden_pages", pages),
        ("heap_tomb_pages", 0),
        ("total_allocated_pages", pages),
        ("total_freed_pages", 0),
        ("total_allocated_objects", s.total_allocated),
        ("total_freed_objects", s.total_freed),
        ("malloc_increase_bytes", h.increase_bytes as u64),
        ("malloc_increase_bytes_limit", h.limit_bytes as u64),
        ("minor_gc_count", 0),
        ("major_gc_count", s.count),
        ("compact_count", 0),
        ("read_barrier_faults", 0),
        ("total_moved_objects", 0),
        ("remembered_wb_unprotected_objects", 0),
        ("remembered_wb_unprotected_objects_limit", 0),
        ("old_objects", 0),
        ("old_objects_limit", 0),
        ("oldmalloc_increase_bytes", h.increase_bytes as u64),
        ("oldmalloc_increase_bytes_limit", h.limit_bytes as u64),
    ]
}

/// `GC.stat`, `GC.stat(:key)`, `GC.stat(hash)` (fills and returns it).
fn gc_stat(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    if a.len() > 1 {
        return Err(vm.argc_error(a.len(), 0, 1));
    }
    let pairs = gc_stat_pairs(vm);
    let target = match a.first() {
        None => vm.new_hash(),
        Some(k) if k.is_symbol() => {
            let name = symbol::name(k.as_symbol().expect("symbol"));
            return match pairs.iter().find(|(n, _)| **n == *name) {
                Some(&(_, v)) => Ok(vm.bignum_value(v.into())),
                None => Err(vm.arg_error(&format!("unknown key: {name}"))),
            };
        }
        Some(&h) if vm.hash_len(h).is_some() => h,
        Some(_) => return Err(vm.type_error("non-hash or symbol given")),
    };
    fill_hash(vm, target, &pairs)
}

fn fill_hash(vm: &mut Vm, h: Value, pairs: &[(&str, u64)]) -> VResult {
    for &(k, v) in pairs {
        let key = vm.sym(k);
        let val = vm.bignum_value(v.into());
        vm.hash_aset(h, key, val)?;
    }
    Ok(h)
}

// ---- ObjectSpace --------------------------------------------------------

fn each_object(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let Some(b) = b else {
        return super::enum_for(vm, s, "each_object", a);
    };
    let filter = a.first().and_then(|v| vm.as_class(*v));
    let mut found = Vec::new();
    vm.heap.each_object(|v| found.push(v));
    let mut list = Vec::new();
    for v in found {
        if let Some(c) = vm.as_class(v)
            && vm.classes.get(c).kind == ClassKind::Singleton
        {
            continue;
        }
        if matches!(&*obj(v).body.borrow(), Body::Env(_) | Body::Pending(_)) {
            continue;
        }
        let keep = match filter {
            Some(f) => {
                let k = vm.class_of(v);
                vm.classes.is_subclass_of(k, f)
            }
            None => true,
        };
        if keep {
            list.push(v);
        }
    }
    let n = list.len();
    let arr = vm.ary_new(list.clone());
    vm.push_root(arr);
    for v in list {
        vm.yield_block(&b, &[v])?;
    }
    vm.temp_roots.pop();
    Ok(Value::int(n as i64))
}

/// CRuby's type tags, in its order (`ruby_value_type`), as
/// `count_objects` lists them.
const TYPES: [&str; 18] = [
    "T_OBJECT",
    "T_CLASS",
    "T_MODULE",
    "T_FLOAT",
    "T_STRING",
    "T_REGEXP",
    "T_ARRAY",
    "T_HASH",
    "T_STRUCT",
    "T_BIGNUM",
    "T_FILE",
    "T_DATA",
    "T_MATCH",
    "T_COMPLEX",
    "T_RATIONAL",
    "T_SYMBOL",
    "T_IMEMO",
    "T_ICLASS",
];

/// The index in `TYPES` of the type CRuby would give a live object.
fn type_index(vm: &Vm, v: Value, kinds: &mut HashMap<ClassId, usize>) -> usize {
    let o = obj(v);
    match &*o.body.borrow() {
        Body::Object(_) => {
            let c = vm.classes.real_class(o.class.get());
            *kinds.entry(c).or_insert_with(|| {
                let is = |name: &str| {
                    vm.classes
                        .get(cls::OBJECT)
                        .consts
                        .get(&symbol::intern(name))
                        .and_then(|k| vm.as_class(*k))
                        .is_some_and(|k| vm.classes.is_subclass_of(c, k))
                };
                if c == vm.io_class || vm.classes.is_subclass_of(c, vm.io_class) {
                    10
                } else if is("Struct") {
                    8
                } else if is("Complex") {
                    13
                } else if is("Rational") {
                    14
                } else {
                    0
                }
            })
        }
        Body::Class(c) => match vm.classes.get(*c).kind {
            ClassKind::Module => 2,
            _ => 1,
        },
        Body::Float(_) => 3,
        Body::String(_) => 4,
        Body::Regexp(_) => 5,
        Body::Array(_) => 6,
        Body::Hash(_) => 7,
        Body::Range(..) => 8,
        Body::Bignum(_) => 9,
        Body::Proc(_) | Body::Method(_) | Body::WeakMap(_) | Body::Data(_) => 11,
        Body::MatchData(_) => 12,
        Body::Env(_) | Body::Pending(_) | Body::Free(_) => 16,
    }
}

/// `ObjectSpace.count_objects([hash])`: `TOTAL` slots, `FREE` ones, then
/// the live objects by CRuby type (only types with some). `T_ICLASS`
/// counts module inclusions, which CRuby makes an include class for.
fn count_objects(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    if a.len() > 1 {
        return Err(vm.argc_error(a.len(), 0, 1));
    }
    let target = match a.first() {
        None => vm.new_hash(),
        Some(&h) if vm.hash_len(h).is_some() => {
            let keys: Vec<Value> = vm.hash_pairs(h).into_iter().map(|(k, _)| k).collect();
            for k in keys {
                vm.hash_aset(h, k, Value::int(0))?;
            }
            h
        }
        Some(_) => return Err(vm.type_error("non-hash given")),
    };
    let mut counts = [0u64; TYPES.len()];
    let mut kinds = HashMap::new();
    let mut live = Vec::new();
    vm.heap.each_object(|v| live.push(v));
    for v in live {
        counts[type_index(vm, v, &mut kinds)] += 1;
    }
    counts[17] = vm
        .classes
        .classes
        .iter()
        .filter(|k| !k.dead)
        .map(|k| (k.includes.len() + k.prepends.len()) as u64)
        .sum();
    let shape = vm.heap.shape();
    let mut pairs = vec![
        ("TOTAL", (shape.free as u64) + counts.iter().sum::<u64>()),
        ("FREE", shape.free as u64),
    ];
    pairs.extend(
        TYPES
            .iter()
            .zip(counts)
            .filter(|(_, n)| *n > 0)
            .map(|(t, n)| (*t, n)),
    );
    fill_hash(vm, target, &pairs)
}

// ---- ObjectSpace::WeakMap -----------------------------------------------

fn wmap_alloc(vm: &mut Vm, s: Value) -> Result<Value, Unwind> {
    let Some(c) = vm.as_class(s) else {
        return Err(vm.type_error("not a class"));
    };
    Ok(vm.heap.alloc(c, Body::WeakMap(Box::default())))
}

fn wmap_allocate(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    wmap_alloc(vm, s)
}

fn wmap_new(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let m = wmap_alloc(vm, s)?;
    vm.push_root(m);
    let r = vm.funcall(m, crate::intern!("initialize"), a, b);
    vm.temp_roots.pop();
    r.map(|_| m)
}

/// Runs `f` on the receiver's table (a TypeError for anything else).
fn with_table<R>(vm: &mut Vm, s: Value, f: impl FnOnce(&mut WeakTable) -> R) -> Result<R, Unwind> {
    if s.is_heap()
        && let Body::WeakMap(t) = &mut *obj(s).body.borrow_mut()
    {
        return Ok(f(t));
    }
    Err(vm.type_error("wrong argument type (expected ObjectSpace::WeakMap)"))
}

fn wmap_aset(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    with_table(vm, s, |t| t.set(a[0], a[1]))?;
    Ok(a[1])
}

fn wmap_aref(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    Ok(with_table(vm, s, |t| t.get(a[0]))?.unwrap_or(Value::NIL))
}

fn wmap_has_key(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    Ok(Value::bool(with_table(vm, s, |t| t.get(a[0]).is_some())?))
}

fn wmap_size(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    Ok(Value::int(with_table(vm, s, |t| t.len())? as i64))
}

fn wmap_keys(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let keys = with_table(vm, s, |t| t.entries().iter().map(|e| e.0).collect())?;
    Ok(vm.ary_new(keys))
}

fn wmap_values(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let vals = with_table(vm, s, |t| t.entries().iter().map(|e| e.1).collect())?;
    Ok(vm.ary_new(vals))
}

/// Yields the pairs as they are now (`pick` chooses what of each pair
/// goes to the block), keeping them alive while the block runs; returns
/// the map.
fn wmap_yield(vm: &mut Vm, s: Value, b: B, pick: fn(Value, Value) -> Vec<Value>) -> VResult {
    let pairs: Vec<(Value, Value)> = with_table(vm, s, |t| t.entries().to_vec())?;
    // The block is needed only to yield something (rb_yield's check).
    let Some(b) = b else {
        if pairs.is_empty() {
            return Ok(s);
        }
        return Err(vm.local_jump_error("no block given"));
    };
    let flat = pairs.iter().flat_map(|&(k, v)| [k, v]).collect();
    let keep = vm.ary_new(flat);
    vm.push_root(keep);
    let r = pairs
        .into_iter()
        .try_for_each(|(k, v)| vm.yield_block(&b, &pick(k, v)).map(|_| ()));
    vm.temp_roots.pop();
    r.map(|_| s)
}

fn wmap_each(vm: &mut Vm, s: Value, _: &[Value], b: B) -> VResult {
    wmap_yield(vm, s, b, |k, v| vec![k, v])
}

fn wmap_each_key(vm: &mut Vm, s: Value, _: &[Value], b: B) -> VResult {
    wmap_yield(vm, s, b, |k, _| vec![k])
}

fn wmap_each_value(vm: &mut Vm, s: Value, _: &[Value], b: B) -> VResult {
    wmap_yield(vm, s, b, |_, v| vec![v])
}

/// `#<ObjectSpace::WeakMap:0x...: k => v, ...>`: immediates by
/// `inspect`, objects by their default `to_s` (as CRuby, which must not
/// call Ruby on objects that may be dying).
fn wmap_inspect(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let pairs: Vec<(Value, Value)> = with_table(vm, s, |t| t.entries().to_vec())?;
    // `inspect` of an immediate may run Ruby (and collect).
    let flat = pairs.iter().flat_map(|&(k, v)| [k, v]).collect();
    let keep = vm.ary_new(flat);
    vm.push_root(keep);
    let r = inspect_pairs(vm, s, pairs);
    vm.temp_roots.pop();
    r
}

fn inspect_pairs(vm: &mut Vm, s: Value, pairs: Vec<(Value, Value)>) -> VResult {
    let head = vm.any_to_s(s);
    let mut out = head[..head.len() - 1].to_string();
    for (i, (k, v)) in pairs.into_iter().enumerate() {
        out.push_str(if i == 0 { ": " } else { ", " });
        let k = describe(vm, k)?;
        out.push_str(&k);
        out.push_str(" => ");
        let v = describe(vm, v)?;
        out.push_str(&v);
    }
    out.push('>');
    Ok(vm.str_new(&out))
}

fn describe(vm: &mut Vm, v: Value) -> Result<String, Unwind> {
    if v.is_heap() {
        Ok(vm.any_to_s(v))
    } else {
        vm.inspect(v)
    }
}
