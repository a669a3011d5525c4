//! Array.

use std::rc::Rc;

use super::object::block_required;
use super::{check_frozen, int_arg};
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{Value, sym, symbol};

type B = Option<Rc<BlockArg>>;

fn items(vm: &Vm, v: Value) -> Vec<Value> {
    vm.array_items(v)
}

fn with_mut<R>(vm: &mut Vm, a: Value, f: impl FnOnce(&mut Vec<Value>) -> R) -> Result<R, Unwind> {
    check_frozen(vm, a)?;
    match &mut *obj(a).body.borrow_mut() {
        Body::Array(v) => Ok(f(v)),
        _ => unreachable!("array body"),
    }
}

fn enum_for(vm: &mut Vm, s: Value, m: &str) -> VResult {
    let n = vm.sym(m);
    vm.funcall(s, symbol::intern("enum_for"), &[n], None)
}

/// Array#inspect with recursion guard.
pub fn inspect_array(vm: &mut Vm, s: Value) -> Result<String, Unwind> {
    if vm.native_depth > 400 {
        return Err(vm.stack_error());
    }
    let v = items(vm, s);
    let mut out = String::from("[");
    vm.native_depth += 1;
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if *x == s {
            out.push_str("[...]");
            continue;
        }
        match vm.inspect(*x) {
            Ok(t) => out.push_str(&t),
            Err(e) => {
                vm.native_depth -= 1;
                return Err(e);
            }
        }
    }
    vm.native_depth -= 1;
    out.push(']');
    Ok(out)
}

fn norm_index(i: i64, len: usize) -> Option<usize> {
    let i = if i < 0 { i + len as i64 } else { i };
    if i < 0 { None } else { Some(i as usize) }
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
        if n > 1 << 28 {
            return Err(vm.arg_error("array size too big"));
        }
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
    vm.def_builtin(a, "length", 0, |vm, s, _, _| {
        Ok(Value::int(vm.array_len(s) as i64))
    });
    vm.def_builtin(a, "size", 0, |vm, s, _, _| {
        Ok(Value::int(vm.array_len(s) as i64))
    });
    vm.def_builtin(a, "empty?", 0, |vm, s, _, _| {
        Ok(Value::bool(vm.array_len(s) == 0))
    });
    vm.def_builtin(a, "push", -1, |vm, s, a, _| {
        let a = a.to_vec();
        with_mut(vm, s, |v| v.extend(a))?;
        Ok(s)
    });
    vm.def_builtin(a, "append", -1, |vm, s, a, _| {
        let a = a.to_vec();
        with_mut(vm, s, |v| v.extend(a))?;
        Ok(s)
    });
    vm.def_builtin(a, "<<", 1, |vm, s, a, _| {
        let x = a[0];
        with_mut(vm, s, |v| v.push(x))?;
        Ok(s)
    });
    vm.def_builtin(a, "pop", -1, |vm, s, a, _| {
        if let Some(n) = a.first() {
            let n = int_arg(vm, *n)?.max(0) as usize;
            let r = with_mut(vm, s, |v| {
                let k = v.len().saturating_sub(n);
                v.split_off(k)
            })?;
            return Ok(vm.ary_new(r));
        }
        Ok(with_mut(vm, s, |v| v.pop())?.unwrap_or(Value::NIL))
    });
    vm.def_builtin(a, "shift", -1, |vm, s, a, _| {
        if let Some(n) = a.first() {
            let n = int_arg(vm, *n)?.max(0) as usize;
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
    });
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
    vm.def_builtin(a, "[]", -2, aref);
    vm.def_builtin(a, "slice", -2, aref);
    vm.def_builtin(a, "[]=", -3, aset);
    vm.def_builtin(a, "at", 1, |vm, s, a, _| {
        let i = int_arg(vm, a[0])?;
        let v = items(vm, s);
        Ok(norm_index(i, v.len())
            .and_then(|i| v.get(i).copied())
            .unwrap_or(Value::NIL))
    });
    vm.def_builtin(a, "first", -1, |vm, s, a, _| {
        let v = items(vm, s);
        match a.first() {
            None => Ok(v.first().copied().unwrap_or(Value::NIL)),
            Some(n) => {
                let n = int_arg(vm, *n)?;
                if n < 0 {
                    return Err(vm.arg_error("negative array size"));
                }
                Ok(vm.ary_new(v.into_iter().take(n as usize).collect()))
            }
        }
    });
    vm.def_builtin(a, "last", -1, |vm, s, a, _| {
        let v = items(vm, s);
        match a.first() {
            None => Ok(v.last().copied().unwrap_or(Value::NIL)),
            Some(n) => {
                let n = int_arg(vm, *n)?.max(0) as usize;
                let k = v.len().saturating_sub(n);
                Ok(vm.ary_new(v[k..].to_vec()))
            }
        }
    });
    vm.def_builtin(a, "each", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each");
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
            return enum_for(vm, s, "each_with_index");
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
            return enum_for(vm, s, "map");
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
            Some(v) if !v.is_nil() => vm.to_s(*v)?,
            _ => String::new(),
        };
        let t = join(vm, s, &sep)?;
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(a, "==", 1, |vm, s, a, _| {
        if !vm.is_array(a[0]) {
            return Ok(Value::FALSE);
        }
        let (x, y) = (items(vm, s), items(vm, a[0]));
        if x.len() != y.len() {
            return Ok(Value::FALSE);
        }
        for (p, q) in x.iter().zip(y.iter()) {
            if !(p == q || vm.funcall(*p, sym::EQ, &[*q], None)?.truthy()) {
                return Ok(Value::FALSE);
            }
        }
        Ok(Value::TRUE)
    });
    vm.def_builtin(a, "eql?", 1, |vm, s, a, _| {
        if !vm.is_array(a[0]) {
            return Ok(Value::FALSE);
        }
        let (x, y) = (items(vm, s), items(vm, a[0]));
        if x.len() != y.len() {
            return Ok(Value::FALSE);
        }
        for (p, q) in x.iter().zip(y.iter()) {
            if !vm.key_eql(*p, *q)? {
                return Ok(Value::FALSE);
            }
        }
        Ok(Value::TRUE)
    });
    vm.def_builtin(a, "hash", 0, |vm, s, _, _| {
        Ok(Value::int((vm.hash_of(s)? >> 2) as i64))
    });
    vm.def_builtin(a, "+", 1, |vm, s, a, _| {
        if !vm.is_array(a[0]) {
            let cn = super::type_name(vm, a[0]);
            return Err(vm.type_error(&format!("no implicit conversion of {cn} into Array")));
        }
        let mut v = items(vm, s);
        v.extend(items(vm, a[0]));
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(a, "concat", -1, |vm, s, a, _| {
        let mut add = Vec::new();
        for x in a {
            add.extend(items(vm, *x));
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
            if x == a[0] || vm.funcall(x, sym::EQ, &[a[0]], None)?.truthy() {
                return Ok(Value::TRUE);
            }
        }
        Ok(Value::FALSE)
    });
    vm.def_builtin(a, "dup", 0, |vm, s, _, _| {
        let v = items(vm, s);
        let c = vm.real_class_of(s);
        Ok(vm.heap.alloc(c, Body::Array(v)))
    });
    vm.def_builtin(a, "clear", 0, |vm, s, _, _| {
        with_mut(vm, s, |v| v.clear())?;
        Ok(s)
    });
    vm.def_builtin(a, "replace", 1, |vm, s, a, _| {
        let n = items(vm, a[0]);
        with_mut(vm, s, |v| *v = n)?;
        Ok(s)
    });
    vm.def_builtin(a, "*", 1, |vm, s, a, _| {
        if vm.is_string(a[0]) {
            let sep = vm.string_lossy(a[0]);
            let t = join(vm, s, &sep)?;
            return Ok(vm.str_new(&t));
        }
        let n = int_arg(vm, a[0])?;
        if n < 0 {
            return Err(vm.arg_error("negative argument"));
        }
        let v = items(vm, s);
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
        let (x, y) = (items(vm, s), items(vm, a[0]));
        for (p, q) in x.iter().zip(y.iter()) {
            let c = vm.funcall(*p, sym::CMP, &[*q], None)?;
            if c != Value::int(0) {
                return Ok(c);
            }
        }
        Ok(Value::int(x.len().cmp(&y.len()) as i64))
    });
    vm.def_builtin(a, "pack", -2, |vm, _, _, _| {
        Err(vm.runtime_error("carmine: Array#pack is not supported yet"))
    });
}

/// Sorts with `<=>` (or the block); stable like CRuby's merge sort on glibc.
pub fn sort_values(vm: &mut Vm, v: Vec<Value>, b: B) -> Result<Vec<Value>, Unwind> {
    let mut err = None;
    let mut v = v;
    let mut cmp = |vm: &mut Vm, x: Value, y: Value| -> std::cmp::Ordering {
        if err.is_some() {
            return std::cmp::Ordering::Equal;
        }
        if b.is_none() && Value::both_fixnum(x, y) {
            return x.fixnum_unchecked().cmp(&y.fixnum_unchecked());
        }
        let r = match &b {
            Some(b) => vm.yield_block(b, &[x, y]),
            None => vm.funcall(x, sym::CMP, &[y], None),
        };
        match r {
            Ok(c) => match c.as_fixnum() {
                Some(n) => n.cmp(&0),
                None => {
                    let xn = vm.class_name(vm.real_class_of(x));
                    let yn = vm.inspect(y).unwrap_or_default();
                    let yn = if y.is_heap() {
                        vm.class_name(vm.real_class_of(y))
                    } else {
                        yn
                    };
                    err = Some(vm.arg_error(&format!("comparison of {xn} with {yn} failed")));
                    std::cmp::Ordering::Equal
                }
            },
            Err(e) => {
                err = Some(e);
                std::cmp::Ordering::Equal
            }
        }
    };
    // Insertion-merge sort via a manual merge to keep calls into Ruby safe.
    merge_sort(vm, &mut v, &mut cmp);
    match err {
        Some(e) => Err(e),
        None => Ok(v),
    }
}

fn merge_sort(
    vm: &mut Vm,
    v: &mut Vec<Value>,
    cmp: &mut dyn FnMut(&mut Vm, Value, Value) -> std::cmp::Ordering,
) {
    if v.len() <= 1 {
        return;
    }
    let mid = v.len() / 2;
    let mut right = v.split_off(mid);
    merge_sort(vm, v, cmp);
    merge_sort(vm, &mut right, cmp);
    let left = std::mem::take(v);
    let (mut i, mut j) = (0, 0);
    while i < left.len() && j < right.len() {
        if cmp(vm, right[j], left[i]) == std::cmp::Ordering::Less {
            v.push(right[j]);
            j += 1;
        } else {
            v.push(left[i]);
            i += 1;
        }
    }
    v.extend_from_slice(&left[i..]);
    v.extend_from_slice(&right[j..]);
}

fn join(vm: &mut Vm, s: Value, sep: &str) -> Result<String, Unwind> {
    let mut out = String::new();
    for (i, x) in items(vm, s).into_iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        if vm.is_array(x) {
            if x == s {
                return Err(vm.arg_error("recursive array join"));
            }
            out.push_str(&join(vm, x, sep)?);
        } else {
            out.push_str(&vm.to_s(x)?);
        }
    }
    Ok(out)
}

fn aref(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let v = items(vm, s);
    let len = v.len();
    if a.len() == 2 {
        let (st, n) = (int_arg(vm, a[0])?, int_arg(vm, a[1])?);
        let Some(st) = norm_index(st, len) else {
            return Ok(Value::NIL);
        };
        if st > len || n < 0 {
            return Ok(Value::NIL);
        }
        let end = (st + n as usize).min(len);
        return Ok(vm.ary_new(v[st..end].to_vec()));
    }
    if let Some((b, e, x)) = super::range::range_parts(a[0]) {
        let b = if b.is_nil() { 0 } else { int_arg(vm, b)? };
        let Some(st) = norm_index(b, len) else {
            return Ok(Value::NIL);
        };
        if st > len {
            return Ok(Value::NIL);
        }
        let en = if e.is_nil() {
            len as i64 - 1
        } else {
            int_arg(vm, e)?
        };
        let en = if en < 0 { en + len as i64 } else { en };
        let en = if x && !e.is_nil() { en - 1 } else { en };
        let end = ((en + 1).max(st as i64) as usize).min(len);
        return Ok(vm.ary_new(v[st..end].to_vec()));
    }
    let i = int_arg(vm, a[0])?;
    Ok(norm_index(i, len)
        .and_then(|i| v.get(i).copied())
        .unwrap_or(Value::NIL))
}

fn aset(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let len = vm.array_len(s);
    if a.len() == 3 {
        let (st, n) = (int_arg(vm, a[0])?, int_arg(vm, a[1])?);
        let Some(st) = norm_index(st, len) else {
            return Err(vm.error(
                vm.e.index_error,
                &format!("index {} too small for array; minimum: -{len}", st),
            ));
        };
        let repl = if vm.is_array(a[2]) {
            items(vm, a[2])
        } else {
            vec![a[2]]
        };
        with_mut(vm, s, |v| {
            if st > v.len() {
                v.resize(st, Value::NIL);
            }
            let end = (st + n.max(0) as usize).min(v.len());
            v.splice(st..end, repl);
        })?;
        return Ok(a[2]);
    }
    if let Some((b, e, x)) = super::range::range_parts(a[0]) {
        let b = int_arg(vm, b)?;
        let st = norm_index(b, len).unwrap_or(0);
        let en = if e.is_nil() {
            len as i64 - 1
        } else {
            int_arg(vm, e)?
        };
        let en = if en < 0 { en + len as i64 } else { en };
        let en = if x && !e.is_nil() { en - 1 } else { en };
        let n = (en + 1 - st as i64).max(0);
        let repl = if vm.is_array(a[1]) {
            items(vm, a[1])
        } else {
            vec![a[1]]
        };
        with_mut(vm, s, |v| {
            if st > v.len() {
                v.resize(st, Value::NIL);
            }
            let end = (st + n as usize).min(v.len());
            v.splice(st..end, repl);
        })?;
        return Ok(a[1]);
    }
    let i = int_arg(vm, a[0])?;
    let Some(i) = norm_index(i, len) else {
        let m = format!("index {} too small for array; minimum: -{len}", i);
        return Err(vm.error(vm.e.index_error, &m));
    };
    if i > 1 << 28 {
        return Err(vm.error(vm.e.index_error, "index too big"));
    }
    let x = a[1];
    with_mut(vm, s, |v| {
        if i >= v.len() {
            v.resize(i + 1, Value::NIL);
        }
        v[i] = x;
    })?;
    let _ = block_required;
    Ok(x)
}
