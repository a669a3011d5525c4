//! Array: the builtins CRuby's array.c defines, split by theme into
//! `access` (reading, searching, min/max/sum), `mutate` (in-place edits),
//! `transform` (new arrays: flatten, uniq, set operations, product) and
//! `combi` (combination/permutation), `iter` (group_by, min_by, inject...:
//! Enumerable methods in their block form). Enumerable's Ruby versions in the
//! prelude cover the rest.
//!
//! Builtins that call blocks read elements by index from the live array
//! (never from a snapshot `Vec`, whose values the GC could not see) and keep
//! the arrays they build rooted with [`rooted`].

mod access;
pub use access::dig_rest;
mod combi;
mod iter;
mod mutate;
mod transform;

pub(crate) use crate::builtins::enum_for;
use std::cell::RefCell;
use std::rc::Rc;

use super::{check_frozen, int_arg};
use crate::class::arity;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{Value, sym};

type B = Option<Rc<BlockArg>>;

fn items(vm: &Vm, v: Value) -> Vec<Value> {
    vm.array_items(v)
}

/// Element `i` of the live array `a`.
#[inline]
fn get(a: Value, i: usize) -> Option<Value> {
    match &*obj(a).body.borrow() {
        Body::Array(v) => v.get(i).copied(),
        _ => None,
    }
}

#[inline]
fn len(a: Value) -> usize {
    match &*obj(a).body.borrow() {
        Body::Array(v) => v.len(),
        _ => 0,
    }
}

/// Appends to an array the builtin itself created (no frozen check).
#[inline]
fn push(a: Value, x: Value) {
    if let Body::Array(v) = &mut *obj(a).body.borrow_mut() {
        v.push(x);
    }
}

/// Room for `n` more elements in new Array `a` (built by `push`): a size
/// the program chose raises NoMemoryError when it cannot be had, instead
/// of aborting while doubling.
fn reserve(vm: &mut Vm, a: Value, n: usize) -> Result<(), Unwind> {
    let ok = match &mut *obj(a).body.borrow_mut() {
        Body::Array(v) => v.try_reserve(n).is_ok(),
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err(vm.no_memory_error())
    }
}

/// The element count of `pop(n)` / `shift(n)` (ArgumentError when negative).
fn count_arg(vm: &mut Vm, n: Value) -> Result<usize, Unwind> {
    let n = int_arg(vm, n)?;
    if n < 0 {
        return Err(vm.arg_error("negative array size"));
    }
    Ok(n as usize)
}

fn with_mut<R>(vm: &mut Vm, a: Value, f: impl FnOnce(&mut Vec<Value>) -> R) -> Result<R, Unwind> {
    check_frozen(vm, a)?;
    let (r, grown) = match &mut *obj(a).body.borrow_mut() {
        Body::Array(v) => {
            let cap = v.capacity();
            let r = f(v);
            (r, v.capacity().saturating_sub(cap))
        }
        _ => unreachable!("array body"),
    };
    // Buffer growth counts toward the next collection (see string's).
    vm.heap.note_malloc(grown * std::mem::size_of::<Value>());
    Ok(r)
}

/// Runs `f` with `v` kept reachable for the GC, on every path out.
pub fn rooted<R>(
    vm: &mut Vm,
    v: Value,
    f: impl FnOnce(&mut Vm) -> Result<R, Unwind>,
) -> Result<R, Unwind> {
    let mark = vm.roots_len();
    vm.push_root(v);
    let r = f(vm);
    vm.truncate_roots(mark);
    r
}

/// rb_check_array_type: the array, the result of `to_ary`, or None.
pub fn check_array(vm: &mut Vm, v: Value) -> Result<Option<Value>, Unwind> {
    vm.check_array_type(v)
}

/// rb_to_array_type: like [`check_array`] but a TypeError when impossible.
pub fn to_ary(vm: &mut Vm, v: Value) -> Result<Value, Unwind> {
    match check_array(vm, v)? {
        Some(a) => Ok(a),
        None => {
            let cn = super::type_name(vm, v);
            Err(vm.type_error(&format!("no implicit conversion of {cn} into Array")))
        }
    }
}

thread_local! {
    /// Arrays and hashes whose inspect is running (CRuby's rb_exec_recursive).
    static INSPECTING: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` unless `v` is already being inspected further up (then None).
pub fn inspect_guard(
    vm: &mut Vm,
    v: Value,
    f: impl FnOnce(&mut Vm) -> Result<String, Unwind>,
) -> Result<Option<String>, Unwind> {
    if INSPECTING.with(|s| s.borrow().contains(&v.raw())) {
        return Ok(None);
    }
    if vm.native_depth > crate::interp::values::MAX_NESTING || vm.native_stack_low() {
        return Err(vm.stack_error());
    }
    INSPECTING.with(|s| s.borrow_mut().push(v.raw()));
    vm.native_depth += 1;
    let r = f(vm);
    vm.native_depth -= 1;
    INSPECTING.with(|s| s.borrow_mut().pop());
    r.map(Some)
}

/// Array#inspect with recursion guard.
pub fn inspect_array(vm: &mut Vm, s: Value) -> Result<String, Unwind> {
    let r = inspect_guard(vm, s, |vm| {
        let mut out = String::from("[");
        let mut i = 0;
        while let Some(x) = get(s, i) {
            let piece = vm.inspect(x)?;
            // A huge Array's text raises NoMemoryError, not a Rust abort.
            if out.try_reserve(piece.len() + 2).is_err() {
                return Err(vm.no_memory_error());
            }
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&piece);
            i += 1;
        }
        out.push(']');
        Ok(out)
    })?;
    Ok(r.unwrap_or_else(|| "[...]".into()))
}

fn norm_index(i: i64, len: usize) -> Option<usize> {
    let i = if i < 0 { i + len as i64 } else { i };
    if i < 0 { None } else { Some(i as usize) }
}

/// rb_cmperr's "comparison of A with B failed".
#[cold]
pub fn cmp_error(vm: &mut Vm, a: Value, b: Value) -> Unwind {
    let an = vm.class_name(vm.real_class_of(a));
    let special = !b.is_heap() || super::float::to_f64_strict(b).is_some();
    let bn = if special {
        vm.inspect(b).unwrap_or_default()
    } else {
        vm.class_name(vm.real_class_of(b))
    };
    vm.arg_error(&format!("comparison of {an} with {bn} failed"))
}

/// rb_cmpint on the result of `a <=> b` (or a sort block).
pub fn cmpint(vm: &mut Vm, c: Value, a: Value, b: Value) -> Result<std::cmp::Ordering, Unwind> {
    use std::cmp::Ordering;
    if let Some(n) = c.as_fixnum() {
        return Ok(n.cmp(&0));
    }
    if c.is_nil() {
        return Err(cmp_error(vm, a, b));
    }
    if vm.funcall(c, sym::GT, &[Value::int(0)], None)?.truthy() {
        return Ok(Ordering::Greater);
    }
    if vm.funcall(c, sym::LT, &[Value::int(0)], None)?.truthy() {
        return Ok(Ordering::Less);
    }
    Ok(Ordering::Equal)
}

/// OPTIMIZED_CMP: fast paths for Integer, Float and String, else `<=>`.
/// Each fast path holds only while that class's `<=>` is CRuby's.
pub fn compare(vm: &mut Vm, a: Value, b: Value) -> Result<std::cmp::Ordering, Unwind> {
    use crate::dispatch::bop;
    if Value::both_fixnum(a, b) && vm.dispatch.bop_ok(bop::INT_CMP) {
        return Ok(a.fixnum_unchecked().cmp(&b.fixnum_unchecked()));
    }
    if a.is_flonum()
        && b.is_flonum()
        && vm.dispatch.bop_ok(bop::FLOAT_CMP)
        && let Some(o) = a.flonum_value().partial_cmp(&b.flonum_value())
    {
        return Ok(o);
    }
    if a.is_heap()
        && b.is_heap()
        && vm.dispatch.bop_ok(bop::STRING_OPS)
        && obj(a).class.get() == cls::STRING
        && obj(b).class.get() == cls::STRING
        && let (Body::String(x), Body::String(y)) = (&*obj(a).body.borrow(), &*obj(b).body.borrow())
    {
        return Ok(x.bytes.cmp(&y.bytes));
    }
    let c = vm.funcall(a, sym::CMP, &[b], None)?;
    cmpint(vm, c, a, b)
}

/// Compares with the block when there is one, else [`compare`].
pub fn compare_with(vm: &mut Vm, b: &B, x: Value, y: Value) -> Result<std::cmp::Ordering, Unwind> {
    match b {
        Some(b) => {
            let c = vm.yield_block(b, &[x, y])?;
            cmpint(vm, c, x, y)
        }
        None => compare(vm, x, y),
    }
}

pub fn init(vm: &mut Vm) {
    let a = cls::ARRAY;
    vm.def_builtin(a, "initialize", -1, |vm, s, a, b| {
        let n = match a.first() {
            Some(v) if vm.is_array(*v) => {
                let it = items(vm, *v);
                with_mut(vm, s, |x| *x = it)?;
                return Ok(Value::NIL);
            }
            Some(v) => int_arg(vm, *v)?,
            None => 0,
        };
        if n < 0 {
            return Err(vm.arg_error("negative array size"));
        }
        if n as u64 > (isize::MAX as u64) / 8 {
            return Err(vm.arg_error("array size too big"));
        }
        crate::builtins::alloc_guard(vm, n as usize, 8)?;
        let fill = a.get(1).copied().unwrap_or(Value::NIL);
        let mut v = Vec::with_capacity(n as usize);
        for i in 0..n {
            let x = match &b {
                Some(b) => vm.yield_block(b, &[Value::int(i)])?,
                None => fill,
            };
            v.push(x);
            with_mut(vm, s, |arr| arr.push(x))?;
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(a, "inspect", 0, |vm, s, _, _| {
        let t = inspect_array(vm, s)?;
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(a, "to_s", 0, |vm, s, _, _| {
        let t = inspect_array(vm, s)?;
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(a, "to_a", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(a, "to_ary", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(a, "deconstruct", 0, |_, s, _, _| Ok(s));
    // `Array[1, 2]`, `MyArray[1, 2]`: a new array of the receiver class.
    vm.def_singleton_builtin(a, "[]", -1, |vm, s, args, _| {
        let c = vm.as_class(s).unwrap_or(cls::ARRAY);
        Ok(vm.heap.alloc(c, Body::Array(args.to_vec())))
    });
    vm.def_builtin(a, "length", 0, |vm, s, _, _| {
        Ok(Value::int(vm.array_len(s) as i64))
    });
    vm.def_builtin(a, "size", 0, |vm, s, _, _| {
        Ok(Value::int(vm.array_len(s) as i64))
    });
    vm.def_builtin(a, "empty?", 0, |vm, s, _, _| {
        Ok(Value::bool(vm.array_len(s) == 0))
    });
    vm.def_builtin(a, "push", -1, |vm, s, a, _| push_all(vm, s, a));
    vm.def_builtin(a, "append", -1, |vm, s, a, _| push_all(vm, s, a));
    vm.def_builtin(a, "<<", 1, |vm, s, a, _| push_all(vm, s, a));
    vm.def_builtin(a, "pop", crate::class::arity::range(0, 1), |vm, s, a, _| {
        if let Some(n) = a.first() {
            let n = count_arg(vm, *n)?;
            let r = with_mut(vm, s, |v| {
                let k = v.len().saturating_sub(n);
                v.split_off(k)
            })?;
            return Ok(vm.ary_new(r));
        }
        Ok(with_mut(vm, s, |v| v.pop())?.unwrap_or(Value::NIL))
    });
    vm.def_builtin(
        a,
        "shift",
        crate::class::arity::range(0, 1),
        |vm, s, a, _| {
            if let Some(n) = a.first() {
                let n = count_arg(vm, *n)?;
                let r = with_mut(vm, s, |v| {
                    let k = n.min(v.len());
                    v.drain(..k).collect::<Vec<_>>()
                })?;
                return Ok(vm.ary_new(r));
            }
            Ok(with_mut(vm, s, |v| {
                if v.is_empty() {
                    None
                } else {
                    Some(v.remove(0))
                }
            })?
            .unwrap_or(Value::NIL))
        },
    );
    vm.def_builtin(a, "unshift", -1, |vm, s, a, _| {
        let a = a.to_vec();
        with_mut(vm, s, |v| {
            v.splice(0..0, a);
        })?;
        Ok(s)
    });
    vm.def_builtin(a, "prepend", -1, |vm, s, a, _| {
        let a = a.to_vec();
        with_mut(vm, s, |v| {
            v.splice(0..0, a);
        })?;
        Ok(s)
    });
    vm.def_builtin(a, "[]", arity::range(1, 2), aref);
    vm.def_builtin(a, "slice", arity::range(1, 2), aref);
    vm.def_builtin(a, "[]=", arity::range(2, 3), aset);
    vm.def_builtin(a, "at", 1, |vm, s, a, _| {
        let i = int_arg(vm, a[0])?;
        let v = items(vm, s);
        Ok(norm_index(i, v.len())
            .and_then(|i| v.get(i).copied())
            .unwrap_or(Value::NIL))
    });
    vm.def_builtin(a, "first", -1, |vm, s, a, _| first_last(vm, s, a, true));
    vm.def_builtin(a, "last", -1, |vm, s, a, _| first_last(vm, s, a, false));
    vm.def_builtin(a, "each", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each", &[]);
        };
        let mut i = 0;
        loop {
            let x = match &*obj(s).body.borrow() {
                Body::Array(v) => v.get(i).copied(),
                _ => None,
            };
            let Some(x) = x else { break };
            vm.yield_block(&b, &[x])?;
            i += 1;
        }
        Ok(s)
    });
    vm.def_builtin(a, "each_with_index", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each_with_index", &[]);
        };
        let mut i = 0;
        loop {
            let x = match &*obj(s).body.borrow() {
                Body::Array(v) => v.get(i).copied(),
                _ => None,
            };
            let Some(x) = x else { break };
            vm.yield_block(&b, &[x, Value::int(i as i64)])?;
            i += 1;
        }
        Ok(s)
    });
    vm.def_builtin(a, "map", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "map", &[]);
        };
        let out = vm.ary_new(Vec::new());
        vm.push_root(out);
        let mut i = 0;
        loop {
            let x = match &*obj(s).body.borrow() {
                Body::Array(v) => v.get(i).copied(),
                _ => None,
            };
            let Some(x) = x else { break };
            let r = vm.yield_block(&b, &[x]);
            let r = match r {
                Ok(r) => r,
                Err(e) => {
                    vm.temp_roots.pop();
                    return Err(e);
                }
            };
            if let Body::Array(o) = &mut *obj(out).body.borrow_mut() {
                o.push(r);
            }
            i += 1;
        }
        vm.temp_roots.pop();
        Ok(out)
    });
    vm.def_builtin(a, "join", -1, |vm, s, a, _| {
        let sep = match a.first() {
            Some(v) if !v.is_nil() && !vm.is_string(*v) => {
                let b = super::str_arg(vm, *v)?;
                Some(vm.str_from_bytes(b))
            }
            Some(v) if !v.is_nil() => Some(*v),
            _ => None,
        };
        join(vm, s, sep)
    });
    vm.def_builtin(a, "==", 1, |vm, s, a, _| {
        if !vm.is_array(a[0]) {
            return Ok(Value::FALSE);
        }
        Ok(Value::bool(elements_equal(vm, s, a[0], s, a[0], false)?))
    });
    vm.def_builtin(a, "eql?", 1, |vm, s, a, _| {
        if !vm.is_array(a[0]) {
            return Ok(Value::FALSE);
        }
        Ok(Value::bool(elements_equal(vm, s, a[0], s, a[0], true)?))
    });
    vm.def_builtin(a, "hash", 0, |vm, s, _, _| {
        Ok(Value::int((vm.hash_of(s)? >> 2) as i64))
    });
    vm.def_builtin(a, "+", 1, |vm, s, a, _| {
        let o = to_ary(vm, a[0])?;
        let mut v = items(vm, s);
        v.extend(items(vm, o));
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(a, "concat", -1, |vm, s, a, _| {
        let mut others = Vec::with_capacity(a.len());
        for &x in a {
            others.push(to_ary(vm, x)?);
        }
        let mut add = Vec::new();
        for x in others {
            add.extend(items(vm, x));
        }
        with_mut(vm, s, |v| v.extend(add))?;
        Ok(s)
    });
    vm.def_builtin(a, "reverse", 0, |vm, s, _, _| {
        let mut v = items(vm, s);
        v.reverse();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(a, "include?", 1, |vm, s, a, _| {
        for x in items(vm, s) {
            if vm.rb_equal(x, a[0])? {
                return Ok(Value::TRUE);
            }
        }
        Ok(Value::FALSE)
    });
    vm.def_builtin(a, "dup", 0, |vm, s, _, _| {
        let c = vm.real_class_of(s);
        if c != cls::ARRAY {
            // A subclass's initialize_copy/initialize_dup may differ.
            return crate::builtins::object::dup(vm, s, false);
        }
        let v = items(vm, s);
        let n = vm.heap.alloc(c, Body::Array(v));
        vm.copy_generic_ivars(s, n);
        Ok(n)
    });
    vm.def_builtin(a, "clear", 0, |vm, s, _, _| {
        with_mut(vm, s, |v| v.clear())?;
        Ok(s)
    });
    vm.def_builtin(a, "initialize_copy", 1, |vm, s, a, _| {
        let o = to_ary(vm, a[0])?;
        let n = items(vm, o);
        with_mut(vm, s, |v| *v = n)?;
        Ok(s)
    });
    vm.def_builtin(a, "replace", 1, |vm, s, a, _| {
        let o = to_ary(vm, a[0])?;
        let n = items(vm, o);
        with_mut(vm, s, |v| *v = n)?;
        Ok(s)
    });
    vm.def_builtin(a, "*", 1, |vm, s, a, _| {
        if vm.is_string(a[0]) {
            return join(vm, s, Some(a[0]));
        }
        let n = int_arg(vm, a[0])?;
        if n < 0 {
            return Err(vm.arg_error("negative argument"));
        }
        let v = items(vm, s);
        // CRuby: ARY_MAX_SIZE / times < len is "argument too big".
        if n > 0 && (i64::MAX / 8) / n < v.len() as i64 {
            return Err(vm.arg_error("argument too big"));
        }
        crate::builtins::alloc_guard(vm, v.len(), (n as usize).saturating_mul(8))?;
        Ok(vm.ary_new(v.repeat(n as usize)))
    });
    vm.def_builtin(a, "frozen?", 0, |_, s, _, _| {
        Ok(Value::bool(obj(s).is_frozen()))
    });
    vm.def_builtin(a, "sort", 0, |vm, s, _, b| {
        let v = items(vm, s);
        let v = sort_values(vm, v, b)?;
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(a, "sort!", 0, |vm, s, _, b| {
        let v = items(vm, s);
        let v = sort_values(vm, v, b)?;
        with_mut(vm, s, |x| *x = v)?;
        Ok(s)
    });
    vm.def_builtin(a, "<=>", 1, |vm, s, a, _| {
        if !vm.is_array(a[0]) {
            return Ok(Value::NIL);
        }
        if s == a[0] {
            return Ok(Value::int(0));
        }
        let (x, y) = (items(vm, s), items(vm, a[0]));
        let (s2, o) = (s, a[0]);
        let first = paired(vm, s2, o, None, |vm| {
            for (p, q) in x.iter().zip(y.iter()) {
                let c = vm.funcall(*p, sym::CMP, &[*q], None)?;
                if c != Value::int(0) {
                    return Ok(Some(c));
                }
            }
            Ok(None)
        })?;
        if let Some(c) = first {
            return Ok(c);
        }
        Ok(Value::int(x.len().cmp(&y.len()) as i64))
    });
    vm.def_builtin(a, "pack", -2, |vm, _, _, _| {
        Err(vm.runtime_error("carmine: Array#pack is not supported yet"))
    });
    access::init(vm);
    mutate::init(vm);
    transform::init(vm);
    combi::init(vm);
    iter::init(vm);
}

/// Arrays `x` and `y` have equal elements (`==`, or `eql?` with `eql`),
/// compared pairwise unless the pair (`a`, `b`) that owns them (the
/// arrays themselves, or two Structs) is already being compared further
/// up: a recursive structure is equal there, as in CRuby.
pub fn elements_equal(
    vm: &mut Vm,
    x: Value,
    y: Value,
    a: Value,
    b: Value,
    eql: bool,
) -> Result<bool, Unwind> {
    if a == b {
        return Ok(true);
    }
    let (x, y) = (items(vm, x), items(vm, y));
    if x.len() != y.len() {
        return Ok(false);
    }
    paired(vm, a, b, true, |vm| {
        for (p, q) in x.iter().zip(y.iter()) {
            let same = if eql {
                vm.key_eql(*p, *q)?
            } else {
                p == q || vm.funcall(*p, sym::EQ, &[*q], None)?.truthy()
            };
            if !same {
                return Ok(false);
            }
        }
        Ok(true)
    })
}

/// Runs `f` to compare arrays `a` and `b` unless that same pair is
/// already being compared further up (a recursive structure): then the
/// answer is `recursive` (CRuby's rb_exec_recursive_paired).
fn paired<T>(
    vm: &mut Vm,
    a: Value,
    b: Value,
    recursive: T,
    f: impl FnOnce(&mut Vm) -> Result<T, Unwind>,
) -> Result<T, Unwind> {
    let key = (a.raw(), b.raw());
    if vm.comparing.contains(&key) {
        return Ok(recursive);
    }
    if vm.comparing.len() > crate::interp::values::MAX_NESTING || vm.native_stack_low() {
        return Err(vm.stack_error());
    }
    vm.comparing.push(key);
    let r = f(vm);
    vm.comparing.pop();
    r
}

fn first_last(vm: &mut Vm, s: Value, a: &[Value], first: bool) -> VResult {
    let l = len(s);
    match a {
        [] => Ok(if first {
            get(s, 0)
        } else {
            l.checked_sub(1).and_then(|i| get(s, i))
        }
        .unwrap_or(Value::NIL)),
        [n] => {
            let n = int_arg(vm, *n)?;
            if n < 0 {
                return Err(vm.arg_error("negative array size"));
            }
            let n = (n as usize).min(l);
            let v = items(vm, s);
            let v = if first {
                v[..n].to_vec()
            } else {
                v[l - n..].to_vec()
            };
            Ok(vm.ary_new(v))
        }
        _ => Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        ))),
    }
}

/// Sorts with `<=>` (or the block) the way CRuby does on glibc: qsort_r
/// is a merge sort that splits at n/2 and keeps the left element unless
/// `cmp(left, right) > 0`, so the comparisons (and the error a failing one
/// raises) match CRuby's.
pub fn sort_values(vm: &mut Vm, v: Vec<Value>, b: B) -> Result<Vec<Value>, Unwind> {
    let hold = vm.ary_new(v.clone());
    rooted(vm, hold, |vm| {
        let mut v = v;
        merge_sort(vm, &mut v, &b)?;
        Ok(v)
    })
}

/// `vals` ordered by `keys` (compared like `sort` without a block:
/// `<=>` with the Integer/Float/String fast paths), stably, comparing in
/// the same order as `merge_sort` (so a failing `<=>` reports the same
/// pair). The caller keeps both arrays rooted.
pub fn sort_by_keys(vm: &mut Vm, vals: Vec<Value>, keys: &[Value]) -> Result<Vec<Value>, Unwind> {
    let mut idx: Vec<usize> = (0..vals.len()).collect();
    merge_sort_idx(vm, &mut idx, keys)?;
    Ok(idx.into_iter().map(|i| vals[i]).collect())
}

fn merge_sort_idx(vm: &mut Vm, v: &mut Vec<usize>, keys: &[Value]) -> Result<(), Unwind> {
    if v.len() <= 1 {
        return Ok(());
    }
    let mut right = v.split_off(v.len() / 2);
    merge_sort_idx(vm, v, keys)?;
    merge_sort_idx(vm, &mut right, keys)?;
    let left = std::mem::take(v);
    let (mut i, mut j) = (0, 0);
    while i < left.len() && j < right.len() {
        if compare(vm, keys[left[i]], keys[right[j]])? == std::cmp::Ordering::Greater {
            v.push(right[j]);
            j += 1;
        } else {
            v.push(left[i]);
            i += 1;
        }
    }
    v.extend_from_slice(&left[i..]);
    v.extend_from_slice(&right[j..]);
    Ok(())
}

fn merge_sort(vm: &mut Vm, v: &mut Vec<Value>, b: &B) -> Result<(), Unwind> {
    if v.len() <= 1 {
        return Ok(());
    }
    let mid = v.len() / 2;
    let mut right = v.split_off(mid);
    merge_sort(vm, v, b)?;
    merge_sort(vm, &mut right, b)?;
    let left = std::mem::take(v);
    let (mut i, mut j) = (0, 0);
    while i < left.len() && j < right.len() {
        if compare_with(vm, b, left[i], right[j])? == std::cmp::Ordering::Greater {
            v.push(right[j]);
            j += 1;
        } else {
            v.push(left[i]);
            i += 1;
        }
    }
    v.extend_from_slice(&left[i..]);
    v.extend_from_slice(&right[j..]);
    Ok(())
}

/// `rb_ary_join`: the elements (nested arrays joined in place, others
/// by `to_s`) with `sep` between them, appended as `String#<<` appends:
/// the result starts in the first element's encoding when that is a
/// String, else US-ASCII, and pieces that do not mix raise.
pub(crate) fn join(vm: &mut Vm, s: Value, sep: Option<Value>) -> VResult {
    use crate::builtins::string::Enc;
    let out = vm.str_from_bytes(Vec::new());
    match get(s, 0) {
        Some(x) if vm.is_string(x) => Enc::of(x).set(out),
        _ => Enc::UsAscii.set(out),
    }
    let mark = vm.roots_len();
    vm.push_root(out);
    if let Some(sep) = sep {
        vm.push_root(sep);
    }
    let mut path = vec![s];
    let r = join_into(vm, s, sep, out, &mut path);
    vm.truncate_roots(mark);
    r.map(|_| out)
}

fn join_into(
    vm: &mut Vm,
    s: Value,
    sep: Option<Value>,
    out: Value,
    path: &mut Vec<Value>,
) -> Result<(), Unwind> {
    for (i, x) in items(vm, s).into_iter().enumerate() {
        if i > 0
            && let Some(sep) = sep
        {
            join_piece(vm, out, sep)?;
        }
        if vm.is_array(x) {
            if path.contains(&x) {
                return Err(vm.arg_error("recursive array join"));
            }
            path.push(x);
            join_into(vm, x, sep, out, path)?;
            path.pop();
            continue;
        }
        let piece = if vm.is_string(x) {
            x
        } else {
            let r = vm.funcall(x, sym::TO_S, &[], None)?;
            if vm.is_string(r) {
                r
            } else {
                let d = vm.any_to_s(x);
                vm.str_new(&d)
            }
        };
        join_piece(vm, out, piece)?;
    }
    Ok(())
}

/// Appends one piece of a join; huge results raise NoMemoryError
/// instead of aborting.
fn join_piece(vm: &mut Vm, out: Value, piece: Value) -> Result<(), Unwind> {
    let n = crate::builtins::string::byte_len(piece);
    let room = match &mut *obj(out).body.borrow_mut() {
        Body::String(st) => st.bytes.try_reserve(n).is_ok(),
        _ => true,
    };
    if !room {
        return Err(vm.no_memory_error());
    }
    crate::builtins::string::append(vm, out, piece)
}

/// rb_ary_subseq: `len` elements from `beg`, nil when out of range.
fn subseq(vm: &mut Vm, s: Value, beg: i64, n: i64) -> Value {
    let alen = len(s) as i64;
    if beg > alen || beg < 0 || n < 0 {
        return Value::NIL;
    }
    let n = n.min(alen - beg);
    let v = match &*obj(s).body.borrow() {
        Body::Array(v) => v[beg as usize..(beg + n) as usize].to_vec(),
        _ => Vec::new(),
    };
    vm.ary_new(v)
}

/// `rb_ary_aref1`: `ary[idx]` with one argument of any kind, as the
/// `opt_aref` instruction calls it (no `[]` frame).
pub fn aref1(vm: &mut Vm, s: Value, idx: Value) -> VResult {
    aref(vm, s, &[idx], None)
}

pub(super) fn aref(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    if a.len() == 2 {
        let (mut beg, n) = (int_arg(vm, a[0])?, int_arg(vm, a[1])?);
        if beg < 0 {
            beg += len(s) as i64;
        }
        return Ok(subseq(vm, s, beg, n));
    }
    if a.len() != 1 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 1..2)",
            a.len()
        )));
    }
    if let Some(i) = a[0].as_fixnum() {
        return Ok(norm_index(i, len(s))
            .and_then(|i| get(s, i))
            .unwrap_or(Value::NIL));
    }
    if super::range::range_parts(a[0]).is_some() {
        return match super::range::beg_len(vm, a[0], len(s) as i64, 0)? {
            Some((b, n)) => Ok(subseq(vm, s, b, n)),
            None => Ok(Value::NIL),
        };
    }
    let i = int_arg(vm, a[0])?;
    Ok(norm_index(i, len(s))
        .and_then(|i| get(s, i))
        .unwrap_or(Value::NIL))
}

/// rb_ary_to_ary: an array for the right-hand side of `a[i, n] = x`.
fn rhs_items(vm: &mut Vm, v: Value) -> Result<Vec<Value>, Unwind> {
    Ok(match check_array(vm, v)? {
        Some(a) => items(vm, a),
        None => vec![v],
    })
}

/// rb_ary_splice: replaces `n` elements at `beg` with `rpl`.
pub(super) fn splice(
    vm: &mut Vm,
    s: Value,
    beg: i64,
    n: i64,
    rpl: Vec<Value>,
) -> Result<(), Unwind> {
    if n < 0 {
        return Err(vm.error(vm.e.index_error, &format!("negative length ({n})")));
    }
    let olen = len(s) as i64;
    let mut beg = beg;
    if beg < 0 {
        beg += olen;
        if beg < 0 {
            let m = format!("index {} too small for array; minimum: -{olen}", beg - olen);
            return Err(vm.error(vm.e.index_error, &m));
        }
    }
    if beg.saturating_add(rpl.len() as i64) > 1 << 32 {
        return Err(vm.error(vm.e.index_error, &format!("index {beg} too big")));
    }
    let n = if olen < n || olen < beg.saturating_add(n) {
        olen - beg
    } else {
        n
    };
    with_mut(vm, s, |v| {
        let beg = beg as usize;
        if beg >= v.len() {
            v.resize(beg, Value::NIL);
            v.extend(rpl);
        } else {
            let end = beg + n.max(0) as usize;
            v.splice(beg..end, rpl);
        }
    })
}

/// rb_ary_store.
pub(super) fn store(vm: &mut Vm, s: Value, i: i64, x: Value) -> Result<(), Unwind> {
    let l = len(s) as i64;
    let mut idx = i;
    if idx < 0 {
        idx += l;
        if idx < 0 {
            let m = format!("index {i} too small for array; minimum: -{l}");
            return Err(vm.error(vm.e.index_error, &m));
        }
    } else if idx >= 1 << 32 {
        return Err(vm.error(vm.e.index_error, &format!("index {i} too big")));
    }
    with_mut(vm, s, |v| {
        let i = idx as usize;
        if i >= v.len() {
            v.resize(i + 1, Value::NIL);
        }
        v[i] = x;
    })
}

fn aset(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    check_frozen(vm, s)?;
    if a.len() == 3 {
        let (beg, n) = (int_arg(vm, a[0])?, int_arg(vm, a[1])?);
        let rpl = rhs_items(vm, a[2])?;
        splice(vm, s, beg, n, rpl)?;
        return Ok(a[2]);
    }
    if a.len() != 2 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 2..3)",
            a.len()
        )));
    }
    if let Some(i) = a[0].as_fixnum() {
        store(vm, s, i, a[1])?;
        return Ok(a[1]);
    }
    if super::range::range_parts(a[0]).is_some() {
        let (b, n) = super::range::beg_len(vm, a[0], len(s) as i64, 1)?.unwrap_or((0, 0));
        let rpl = rhs_items(vm, a[1])?;
        splice(vm, s, b, n, rpl)?;
        return Ok(a[1]);
    }
    let i = int_arg(vm, a[0])?;
    store(vm, s, i, a[1])?;
    Ok(a[1])
}

/// `push` / `append` / `<<`: NoMemoryError (CRuby's failed malloc) when
/// the array cannot grow, instead of an abort.
fn push_all(vm: &mut Vm, s: Value, a: &[Value]) -> VResult {
    let ok = with_mut(vm, s, |v| {
        let ok = v.try_reserve(a.len()).is_ok();
        if ok {
            v.extend_from_slice(a);
        }
        ok
    })?;
    if !ok {
        return Err(vm.no_memory_error());
    }
    Ok(s)
}
