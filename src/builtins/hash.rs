//! Hash: insertion-ordered tables with default values and procs.
//!
//! Iteration walks the live entry list by position, so deleting during
//! `each` is allowed; adding a new key while any iteration over the same
//! hash is running raises CRuby's "can't add a new key into hash during
//! iteration" (the hashes being iterated are kept in [`ITERATING`]).
//! Methods CRuby implements with `rb_yield_values(2, key, value)` (select,
//! reject, keep_if, ...) yield two values; `each` yields the `[key, value]`
//! pair, which a `|k, v|` block splats.

use super::enum_for;
use std::cell::RefCell;
use std::rc::Rc;

use super::array::{inspect_guard, rooted};
use super::check_frozen;
use crate::class::arity;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{Value, sym};

type B = Option<Rc<BlockArg>>;

thread_local! {
    /// Hashes with an iteration running (one entry per running iteration).
    static ITERATING: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

fn iterating(h: Value) -> bool {
    ITERATING.with(|s| s.borrow().contains(&h.raw()))
}

/// Entry `i` of the live table: None past the end, Some(None) for a hole.
#[inline]
fn entry(h: Value, i: usize) -> Option<Option<(Value, Value)>> {
    match &*obj(h).body.borrow() {
        Body::Hash(t) => t.entries.get(i).copied(),
        _ => None,
    }
}

/// Calls `f` on each live entry while marking `h` as being iterated.
/// `f` returns false to stop early.
pub fn each_entry(
    vm: &mut Vm,
    h: Value,
    mut f: impl FnMut(&mut Vm, Value, Value) -> Result<bool, Unwind>,
) -> Result<(), Unwind> {
    ITERATING.with(|s| s.borrow_mut().push(h.raw()));
    let mut i = 0;
    let r = loop {
        let Some(e) = entry(h, i) else { break Ok(()) };
        i += 1;
        let Some((k, v)) = e else { continue };
        match f(vm, k, v) {
            Ok(true) => {}
            Ok(false) => break Ok(()),
            Err(e) => break Err(e),
        }
    };
    ITERATING.with(|s| {
        let mut s = s.borrow_mut();
        if let Some(p) = s.iter().rposition(|&x| x == h.raw()) {
            s.remove(p);
        }
    });
    r
}

/// `h[k] = v` with the frozen and add-during-iteration checks.
pub fn aset(vm: &mut Vm, h: Value, k: Value, v: Value) -> Result<(), Unwind> {
    check_frozen(vm, h)?;
    if iterating(h) && vm.hash_get(h, k)?.is_none() {
        return Err(vm.runtime_error("can't add a new key into hash during iteration"));
    }
    vm.hash_aset(h, k, v)
}

/// `h[k]` with the default value / default proc.
pub fn hash_fetch_default(vm: &mut Vm, h: Value, k: Value) -> VResult {
    if let Some(v) = vm.hash_get(h, k)? {
        return Ok(v);
    }
    default_value(vm, h, k)
}

/// rb_hash_default_value: the default proc's result or the default.
fn default_value(vm: &mut Vm, h: Value, k: Value) -> VResult {
    if vm.class_of(h) != cls::HASH {
        // A subclass or singleton may redefine `default` (CRuby checks
        // rb_method_basic_definition_p); the builtin one gives the same.
        return vm.funcall(h, crate::intern!("default"), &[k], None);
    }
    let (d, dp) = match &*obj(h).body.borrow() {
        Body::Hash(t) => (t.default, t.default_proc),
        _ => (Value::NIL, Value::NIL),
    };
    if !dp.is_nil() {
        return vm.call_proc_with(dp, &[h, k], None, None);
    }
    Ok(d)
}

pub fn inspect_hash(vm: &mut Vm, s: Value) -> Result<String, Unwind> {
    if vm.hash_len(s) == Some(0) {
        return Ok("{}".into());
    }
    let r = inspect_guard(vm, s, |vm| {
        let mut out = String::from("{");
        let mut first = true;
        each_entry(vm, s, |vm, k, v| {
            if !first {
                out.push_str(", ");
            }
            first = false;
            out.push_str(&vm.inspect(k)?);
            out.push_str("=>");
            out.push_str(&vm.inspect(v)?);
            Ok(true)
        })?;
        out.push('}');
        Ok(out)
    })?;
    Ok(r.unwrap_or_else(|| "{...}".into()))
}

/// A Hash argument: the hash or the result of `to_hash`.
fn to_hash(vm: &mut Vm, v: Value) -> VResult {
    if vm.hash_len(v).is_some() {
        return Ok(v);
    }
    if v.is_heap() && vm.respond_to(v, sym::TO_HASH) {
        let r = vm.funcall(v, sym::TO_HASH, &[], None)?;
        if vm.hash_len(r).is_some() {
            return Ok(r);
        }
    }
    let c = super::type_name(vm, v);
    Err(vm.type_error(&format!("no implicit conversion of {c} into Hash")))
}

/// A new empty hash of the same class with the same compare_by_identity.
fn new_like(vm: &mut Vm, s: Value) -> Value {
    let h = vm.new_hash();
    let by_id = matches!(&*obj(s).body.borrow(), Body::Hash(t) if t.compare_by_identity);
    if let Body::Hash(t) = &mut *obj(h).body.borrow_mut() {
        t.compare_by_identity = by_id;
    }
    h
}

#[cold]
fn arity(vm: &mut Vm, given: usize, expected: &str) -> Unwind {
    vm.arg_error(&format!(
        "wrong number of arguments (given {given}, expected {expected})"
    ))
}

pub fn init(vm: &mut Vm) {
    let h = cls::HASH;
    vm.def_singleton_builtin(h, "[]", -1, hash_s_create);
    vm.def_singleton_builtin(h, "ruby2_keywords_hash?", 1, |vm, _, a, _| {
        if vm.hash_len(a[0]).is_none() {
            let c = super::type_name(vm, a[0]);
            return Err(vm.type_error(&format!("wrong argument type {c} (expected Hash)")));
        }
        Ok(Value::bool(vm.is_ruby2_kw_hash(a[0])))
    });
    vm.def_singleton_builtin(h, "ruby2_keywords_hash", 1, |vm, _, a, _| {
        if vm.hash_len(a[0]).is_none() {
            let c = super::type_name(vm, a[0]);
            return Err(vm.type_error(&format!("wrong argument type {c} (expected Hash)")));
        }
        Ok(vm.ruby2_kw_hash(a[0]))
    });
    vm.def_builtin(h, "initialize", -1, |vm, s, a, b| {
        check_frozen(vm, s)?;
        if b.is_some() && !a.is_empty() {
            return Err(arity(vm, a.len(), "0"));
        }
        if a.len() > 1 {
            return Err(arity(vm, a.len(), "0..1"));
        }
        if let Body::Hash(t) = &mut *obj(s).body.borrow_mut() {
            t.default = a.first().copied().unwrap_or(Value::NIL);
        }
        if let Some(b) = b {
            let p = vm.block_to_proc(&b);
            if let Body::Hash(t) = &mut *obj(s).body.borrow_mut() {
                t.default_proc = p;
            }
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(h, "initialize_copy", 1, replace);
    vm.def_builtin(h, "replace", 1, replace);
    vm.def_builtin(h, "[]", 1, |vm, s, a, _| hash_fetch_default(vm, s, a[0]));
    vm.def_builtin(h, "[]=", 2, |vm, s, a, _| {
        aset(vm, s, a[0], a[1])?;
        Ok(a[1])
    });
    vm.def_builtin(h, "store", 2, |vm, s, a, _| {
        aset(vm, s, a[0], a[1])?;
        Ok(a[1])
    });
    vm.def_builtin(h, "fetch", arity::range(1, 2), |vm, s, a, b| {
        if a.len() > 2 {
            return Err(arity(vm, a.len(), "1..2"));
        }
        if let Some(v) = vm.hash_get(s, a[0])? {
            return Ok(v);
        }
        if let Some(b) = b {
            return vm.yield_block(&b, &[a[0]]);
        }
        if let Some(d) = a.get(1) {
            return Ok(*d);
        }
        Err(key_error(vm, s, a[0]))
    });
    vm.def_builtin(h, "fetch_values", -1, |vm, s, a, b| {
        let out = vm.ary_new(Vec::new());
        rooted(vm, out, |vm| {
            for &k in a {
                let v = match vm.hash_get(s, k)? {
                    Some(v) => v,
                    None => match &b {
                        Some(b) => vm.yield_block(b, &[k])?,
                        None => return Err(key_error(vm, s, k)),
                    },
                };
                if let Body::Array(o) = &mut *obj(out).body.borrow_mut() {
                    o.push(v);
                }
            }
            Ok(out)
        })
    });
    vm.def_builtin(h, "values_at", -1, |vm, s, a, _| {
        let out = vm.ary_new(Vec::new());
        rooted(vm, out, |vm| {
            for &k in a {
                let v = hash_fetch_default(vm, s, k)?;
                if let Body::Array(o) = &mut *obj(out).body.borrow_mut() {
                    o.push(v);
                }
            }
            Ok(out)
        })
    });
    vm.def_builtin(h, "dig", -2, |vm, s, a, _| {
        let v = hash_fetch_default(vm, s, a[0])?;
        super::array::dig_rest(vm, v, &a[1..])
    });
    for name in ["key?", "has_key?", "include?", "member?"] {
        vm.def_builtin(h, name, 1, |vm, s, a, _| {
            Ok(Value::bool(vm.hash_get(s, a[0])?.is_some()))
        });
    }
    for name in ["value?", "has_value?"] {
        vm.def_builtin(h, name, 1, |vm, s, a, _| {
            let mut found = false;
            each_entry(vm, s, |vm, _, v| {
                found = vm.rb_equal(v, a[0])?;
                Ok(!found)
            })?;
            Ok(Value::bool(found))
        });
    }
    vm.def_builtin(h, "key", 1, |vm, s, a, _| {
        let mut found = Value::NIL;
        each_entry(vm, s, |vm, k, v| {
            if vm.rb_equal(v, a[0])? {
                found = k;
                return Ok(false);
            }
            Ok(true)
        })?;
        Ok(found)
    });
    vm.def_builtin(h, "delete", 1, |vm, s, a, b| {
        check_frozen(vm, s)?;
        match vm.hash_delete(s, a[0])? {
            Some(v) => Ok(v),
            None => match b {
                Some(b) => vm.yield_block(&b, &[a[0]]),
                None => Ok(Value::NIL),
            },
        }
    });
    vm.def_builtin(h, "shift", 0, |vm, s, _, _| {
        check_frozen(vm, s)?;
        let first = match &*obj(s).body.borrow() {
            Body::Hash(t) => t.iter().next(),
            _ => None,
        };
        match first {
            Some((k, v)) => {
                vm.hash_delete(s, k)?;
                Ok(vm.ary_new(vec![k, v]))
            }
            None => default_value(vm, s, Value::NIL),
        }
    });
    for name in ["size", "length"] {
        vm.def_builtin(h, name, 0, |vm, s, _, _| {
            Ok(Value::int(vm.hash_len(s).unwrap_or(0) as i64))
        });
    }
    vm.def_builtin(h, "count", -1, |vm, s, a, b| {
        if a.is_empty() && b.is_none() {
            return Ok(Value::int(vm.hash_len(s).unwrap_or(0) as i64));
        }
        let mut n = 0;
        each_entry(vm, s, |vm, k, v| {
            let p = vm.ary_new(vec![k, v]);
            let hit = match (a.first(), &b) {
                (Some(o), _) => vm.funcall(p, sym::EQ, &[*o], None)?.truthy(),
                (None, Some(b)) => vm.yield_block(b, &[p])?.truthy(),
                _ => false,
            };
            if hit {
                n += 1;
            }
            Ok(true)
        })?;
        Ok(Value::int(n))
    });
    vm.def_builtin(h, "empty?", 0, |vm, s, _, _| {
        Ok(Value::bool(vm.hash_len(s) == Some(0)))
    });
    vm.def_builtin(h, "keys", 0, |vm, s, _, _| {
        let v = vm.hash_pairs(s).into_iter().map(|p| p.0).collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(h, "values", 0, |vm, s, _, _| {
        let v = vm.hash_pairs(s).into_iter().map(|p| p.1).collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(h, "to_a", 0, to_a);
    vm.def_builtin(h, "entries", 0, to_a);
    vm.def_builtin(h, "to_h", 0, |vm, s, _, b| {
        let Some(b) = b else {
            if vm.real_class_of(s) == cls::HASH {
                return Ok(s);
            }
            let out = new_like(vm, s);
            return rooted(vm, out, |vm| {
                for (k, v) in vm.hash_pairs(s) {
                    vm.hash_aset(out, k, v)?;
                }
                Ok(out)
            });
        };
        let out = vm.new_hash();
        rooted(vm, out, |vm| {
            each_entry(vm, s, |vm, k, v| {
                let r = vm.yield_block(&b, &[k, v])?;
                let Some(kv) = super::array::check_array(vm, r)? else {
                    let c = vm.class_name(vm.real_class_of(r));
                    return Err(vm.type_error(&format!("wrong element type {c} (expected array)")));
                };
                let kv = vm.array_items(kv);
                if kv.len() != 2 {
                    return Err(vm.arg_error(&format!(
                        "element has wrong array length (expected 2, was {})",
                        kv.len()
                    )));
                }
                vm.hash_aset(out, kv[0], kv[1])?;
                Ok(true)
            })?;
            Ok(out)
        })
    });
    vm.def_builtin(h, "to_hash", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(h, "deconstruct_keys", 1, |_, s, _, _| Ok(s));
    vm.def_builtin(h, "each", 0, |vm, s, _, b| each_pair(vm, s, b, "each"));
    vm.def_builtin(h, "each_pair", 0, |vm, s, _, b| {
        each_pair(vm, s, b, "each_pair")
    });
    vm.def_builtin(h, "each_key", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each_key", &[]);
        };
        each_entry(vm, s, |vm, k, _| vm.yield_block(&b, &[k]).map(|_| true))?;
        Ok(s)
    });
    vm.def_builtin(h, "each_value", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each_value", &[]);
        };
        each_entry(vm, s, |vm, _, v| vm.yield_block(&b, &[v]).map(|_| true))?;
        Ok(s)
    });
    vm.def_builtin(h, "inspect", 0, |vm, s, _, _| {
        let t = inspect_hash(vm, s)?;
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(h, "to_s", 0, |vm, s, _, _| {
        let t = inspect_hash(vm, s)?;
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(h, "==", 1, |vm, s, a, _| equal(vm, s, a[0], false));
    // Subset/superset (rb_hash_le & co.): values compared with ==.
    vm.def_builtin(h, "<=", 1, |vm, s, a, _| {
        let o = to_hash(vm, a[0])?;
        subset(vm, s, o, false)
    });
    vm.def_builtin(h, "<", 1, |vm, s, a, _| {
        let o = to_hash(vm, a[0])?;
        subset(vm, s, o, true)
    });
    vm.def_builtin(h, ">=", 1, |vm, s, a, _| {
        let o = to_hash(vm, a[0])?;
        subset(vm, o, s, false)
    });
    vm.def_builtin(h, ">", 1, |vm, s, a, _| {
        let o = to_hash(vm, a[0])?;
        subset(vm, o, s, true)
    });
    vm.def_builtin(h, "eql?", 1, |vm, s, a, _| equal(vm, s, a[0], true));
    vm.def_builtin(h, "merge", -1, |vm, s, a, b| {
        let out = super::object::dup(vm, s, false)?;
        rooted(vm, out, |vm| merge_into(vm, out, a, &b))?;
        Ok(out)
    });
    vm.def_builtin(h, "merge!", -1, |vm, s, a, b| {
        check_frozen(vm, s)?;
        merge_into(vm, s, a, &b)?;
        Ok(s)
    });
    vm.def_builtin(h, "update", -1, |vm, s, a, b| {
        check_frozen(vm, s)?;
        merge_into(vm, s, a, &b)?;
        Ok(s)
    });
    vm.def_builtin(h, "default", -1, |vm, s, a, _| {
        if a.len() > 1 {
            return Err(arity(vm, a.len(), "0..1"));
        }
        let (d, dp) = match &*obj(s).body.borrow() {
            Body::Hash(t) => (t.default, t.default_proc),
            _ => (Value::NIL, Value::NIL),
        };
        match a.first() {
            Some(k) if !dp.is_nil() => vm.call_proc_with(dp, &[s, *k], None, None),
            _ => Ok(d),
        }
    });
    vm.def_builtin(h, "default=", 1, |vm, s, a, _| {
        check_frozen(vm, s)?;
        if let Body::Hash(t) = &mut *obj(s).body.borrow_mut() {
            t.default = a[0];
            t.default_proc = Value::NIL;
        }
        Ok(a[0])
    });
    vm.def_builtin(h, "default_proc", 0, |_, s, _, _| {
        match &*obj(s).body.borrow() {
            Body::Hash(t) => Ok(t.default_proc),
            _ => Ok(Value::NIL),
        }
    });
    vm.def_builtin(h, "default_proc=", 1, |vm, s, a, _| {
        check_frozen(vm, s)?;
        let p = a[0];
        if !(p.is_nil() || p.is_heap() && matches!(&*obj(p).body.borrow(), Body::Proc(_))) {
            let c = super::type_name(vm, p);
            return Err(vm.type_error(&format!("wrong default_proc type {c} (expected Proc)")));
        }
        if !p.is_nil()
            && vm
                .funcall(p, crate::intern!("lambda?"), &[], None)?
                .truthy()
        {
            let n = vm.funcall(p, crate::intern!("arity"), &[], None)?;
            if let Some(n) = n.as_fixnum()
                && n != 2
                && !(-3..0).contains(&n)
            {
                let n = if n < 0 { -n - 1 } else { n };
                return Err(vm.type_error(&format!("default_proc takes two arguments (2 for {n})")));
            }
        }
        if let Body::Hash(t) = &mut *obj(s).body.borrow_mut() {
            t.default_proc = p;
            t.default = Value::NIL;
        }
        Ok(p)
    });
    vm.def_builtin(h, "clear", 0, |vm, s, _, _| {
        check_frozen(vm, s)?;
        if let Body::Hash(t) = &mut *obj(s).body.borrow_mut() {
            t.clear();
        }
        Ok(s)
    });
    vm.def_builtin(h, "dup", 0, |vm, s, _, _| super::object::dup(vm, s, false));
    vm.def_builtin(h, "hash", 0, |vm, s, _, _| {
        // A hash containing itself hashes the inner occurrence as a
        // constant (rb_exec_recursive_outer), deep nesting raises.
        if vm.hashing.contains(&s.raw()) {
            return Ok(Value::int(0x5ec6));
        }
        if vm.hashing.len() > crate::interp::values::MAX_NESTING || vm.native_stack_low() {
            return Err(vm.stack_error());
        }
        vm.hashing.push(s.raw());
        let mut acc: u64 = 7;
        let mut r = Ok(());
        for (k, v) in vm.hash_pairs(s) {
            match vm
                .hash_of(k)
                .and_then(|hk| Ok(hk ^ vm.hash_of(v)?.rotate_left(17)))
            {
                Ok(x) => acc = acc.wrapping_add(x),
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
        }
        vm.hashing.pop();
        r?;
        Ok(Value::int((acc >> 2) as i64))
    });
    vm.def_builtin(h, "compare_by_identity", 0, |vm, s, _, _| {
        check_frozen(vm, s)?;
        if iterating(s) {
            return Err(vm.runtime_error("compare_by_identity during iteration"));
        }
        let pairs = vm.hash_pairs(s);
        if let Body::Hash(t) = &mut *obj(s).body.borrow_mut() {
            t.compare_by_identity = true;
            t.clear();
        }
        for (k, v) in pairs {
            vm.hash_aset(s, k, v)?;
        }
        Ok(s)
    });
    vm.def_builtin(h, "compare_by_identity?", 0, |_, s, _, _| {
        Ok(Value::bool(
            matches!(&*obj(s).body.borrow(), Body::Hash(t) if t.compare_by_identity),
        ))
    });
    vm.def_builtin(h, "select", 0, |vm, s, _, b| {
        filter(vm, s, b, true, "select")
    });
    vm.def_builtin(h, "filter", 0, |vm, s, _, b| {
        filter(vm, s, b, true, "filter")
    });
    vm.def_builtin(h, "reject", 0, |vm, s, _, b| {
        filter(vm, s, b, false, "reject")
    });
    vm.def_builtin(h, "select!", 0, |vm, s, _, b| {
        keep(vm, s, b, true, true, "select!")
    });
    vm.def_builtin(h, "filter!", 0, |vm, s, _, b| {
        keep(vm, s, b, true, true, "filter!")
    });
    vm.def_builtin(h, "keep_if", 0, |vm, s, _, b| {
        keep(vm, s, b, true, false, "keep_if")
    });
    vm.def_builtin(h, "reject!", 0, |vm, s, _, b| {
        keep(vm, s, b, false, true, "reject!")
    });
    vm.def_builtin(h, "delete_if", 0, |vm, s, _, b| {
        keep(vm, s, b, false, false, "delete_if")
    });
    vm.def_builtin(h, "transform_values", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "transform_values", &[]);
        };
        let out = new_like(vm, s);
        rooted(vm, out, |vm| {
            each_entry(vm, s, |vm, k, v| {
                let r = vm.yield_block(&b, &[v])?;
                vm.hash_aset(out, k, r)?;
                Ok(true)
            })
        })?;
        Ok(out)
    });
    vm.def_builtin(h, "transform_values!", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "transform_values!", &[]);
        };
        check_frozen(vm, s)?;
        each_entry(vm, s, |vm, k, v| {
            let r = vm.yield_block(&b, &[v])?;
            vm.hash_aset(s, k, r)?;
            Ok(true)
        })?;
        Ok(s)
    });
    vm.def_builtin(h, "transform_keys", -1, |vm, s, a, b| {
        if a.is_empty() && b.is_none() {
            return enum_for(vm, s, "transform_keys", &[]);
        }
        let map = match a.first() {
            Some(m) => Some(to_hash(vm, *m)?),
            None => None,
        };
        let out = vm.new_hash();
        rooted(vm, out, |vm| {
            each_entry(vm, s, |vm, k, v| {
                let nk = new_key(vm, map, &b, k)?;
                vm.hash_aset(out, nk, v)?;
                Ok(true)
            })
        })?;
        Ok(out)
    });
    vm.def_builtin(h, "transform_keys!", -1, |vm, s, a, b| {
        if a.is_empty() && b.is_none() {
            return enum_for(vm, s, "transform_keys!", &[]);
        }
        check_frozen(vm, s)?;
        let map = match a.first() {
            Some(m) => Some(to_hash(vm, *m)?),
            None => None,
        };
        let out = vm.new_hash();
        rooted(vm, out, |vm| {
            for (k, v) in vm.hash_pairs(s) {
                let nk = new_key(vm, map, &b, k)?;
                vm.hash_aset(out, nk, v)?;
            }
            Ok(())
        })?;
        let pairs = vm.hash_pairs(out);
        if let Body::Hash(t) = &mut *obj(s).body.borrow_mut() {
            t.clear();
        }
        for (k, v) in pairs {
            vm.hash_aset(s, k, v)?;
        }
        Ok(s)
    });
    vm.def_builtin(h, "invert", 0, |vm, s, _, _| {
        let out = vm.new_hash();
        rooted(vm, out, |vm| {
            for (k, v) in vm.hash_pairs(s) {
                vm.hash_aset(out, v, k)?;
            }
            Ok(out)
        })
    });
    vm.def_builtin(h, "compact", 0, |vm, s, _, _| {
        let out = new_like(vm, s);
        rooted(vm, out, |vm| {
            for (k, v) in vm.hash_pairs(s) {
                if !v.is_nil() {
                    vm.hash_aset(out, k, v)?;
                }
            }
            Ok(out)
        })
    });
    vm.def_builtin(h, "compact!", 0, |vm, s, _, _| {
        check_frozen(vm, s)?;
        let mut removed = false;
        for (k, v) in vm.hash_pairs(s) {
            if v.is_nil() {
                vm.hash_delete(s, k)?;
                removed = true;
            }
        }
        Ok(if removed { s } else { Value::NIL })
    });
    vm.def_builtin(h, "slice", -1, |vm, s, a, _| {
        let out = new_like(vm, s);
        rooted(vm, out, |vm| {
            for &k in a {
                if let Some(v) = vm.hash_get(s, k)? {
                    vm.hash_aset(out, k, v)?;
                }
            }
            Ok(out)
        })
    });
    vm.def_builtin(h, "except", -1, |vm, s, a, _| {
        let out = super::object::dup(vm, s, false)?;
        rooted(vm, out, |vm| {
            for &k in a {
                vm.hash_delete(out, k)?;
            }
            Ok(out)
        })
    });
    vm.def_builtin(h, "any?", -1, |vm, s, a, b| {
        if a.len() > 1 {
            return Err(arity(vm, a.len(), "0..1"));
        }
        let mut found = false;
        if a.is_empty() && b.is_none() {
            return Ok(Value::bool(vm.hash_len(s).unwrap_or(0) > 0));
        }
        each_entry(vm, s, |vm, k, v| {
            let p = vm.ary_new(vec![k, v]);
            found = match (a.first(), &b) {
                (Some(pat), _) => vm.funcall(*pat, sym::EQQ, &[p], None)?.truthy(),
                (None, Some(b)) => vm.yield_block(b, &[p])?.truthy(),
                _ => false,
            };
            Ok(!found)
        })?;
        Ok(Value::bool(found))
    });
    vm.def_builtin(h, "sum", -1, |vm, s, a, b| {
        let pairs = to_a(vm, s, &[], None)?;
        rooted(vm, pairs, |vm| {
            vm.funcall(pairs, crate::intern!("sum"), a, b)
        })
    });
    vm.def_builtin(h, "find", -1, |vm, s, a, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "find", &[]);
        };
        let mut found = None;
        each_entry(vm, s, |vm, k, v| {
            let p = vm.ary_new(vec![k, v]);
            if vm.yield_block(&b, &[p])?.truthy() {
                found = Some(p);
                return Ok(false);
            }
            Ok(true)
        })?;
        match (found, a.first()) {
            (Some(p), _) => Ok(p),
            (None, Some(ifnone)) if !ifnone.is_nil() => vm.funcall(*ifnone, sym::CALL, &[], None),
            _ => Ok(Value::NIL),
        }
    });
    vm.def_builtin(h, "rehash", 0, |vm, s, _, _| {
        if iterating(s) {
            return Err(vm.runtime_error("rehash during iteration"));
        }
        check_frozen(vm, s)?;
        let pairs = vm.hash_pairs(s);
        if let Body::Hash(t) = &mut *obj(s).body.borrow_mut() {
            t.clear();
        }
        for (k, v) in pairs {
            vm.hash_aset(s, k, v)?;
        }
        Ok(s)
    });
}

#[cold]
fn key_error(vm: &mut Vm, s: Value, k: Value) -> Unwind {
    let ks = match vm.inspect(k) {
        Ok(t) => t,
        Err(e) => return e,
    };
    let e = vm.new_exception(vm.e.key_error, &format!("key not found: {ks}"));
    vm.ivar_set_name(e, crate::intern!("key"), k);
    vm.ivar_set_name(e, crate::intern!("recv"), s);
    vm.fill_backtrace(e);
    Unwind::Raise(e)
}

fn to_a(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let v = vm
        .hash_pairs(s)
        .into_iter()
        .map(|(k, v)| vm.ary_new(vec![k, v]))
        .collect();
    Ok(vm.ary_new(v))
}

/// Hash.[]: from a hash, an array of pairs, or an even list of values.
fn hash_s_create(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    // An instance of the receiver (a Hash subclass gives its own class).
    let c = vm.as_class(s).unwrap_or(cls::HASH);
    let out = vm
        .heap
        .alloc(c, Body::Hash(Box::new(crate::object::RHash::new())));
    rooted(vm, out, |vm| {
        if a.len() == 1 {
            if let Some(src) = vm.hash_len(a[0]).map(|_| a[0]) {
                for (k, v) in vm.hash_pairs(src) {
                    vm.hash_aset(out, k, v)?;
                }
                return Ok(out);
            }
            if let Some(ary) = super::array::check_array(vm, a[0])? {
                for (i, e) in vm.array_items(ary).into_iter().enumerate() {
                    let Some(pair) = super::array::check_array(vm, e)? else {
                        let c = super::type_name(vm, e);
                        return Err(vm.arg_error(&format!(
                            "wrong element type {c} at {i} (expected array)"
                        )));
                    };
                    let p = vm.array_items(pair);
                    match p.len() {
                        1 => vm.hash_aset(out, p[0], Value::NIL)?,
                        2 => vm.hash_aset(out, p[0], p[1])?,
                        n => {
                            return Err(
                                vm.arg_error(&format!("invalid number of elements ({n} for 1..2)"))
                            );
                        }
                    }
                }
                return Ok(out);
            }
        }
        if !a.len().is_multiple_of(2) {
            return Err(vm.arg_error("odd number of arguments for Hash"));
        }
        for c in a.chunks(2) {
            vm.hash_aset(out, c[0], c[1])?;
        }
        Ok(out)
    })
}

fn replace(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    check_frozen(vm, s)?;
    let o = to_hash(vm, a[0])?;
    if o == s {
        return Ok(s);
    }
    // The table is copied as it is (entries, hash codes, index), as CRuby's
    // hash_copy: the keys are already the frozen copies `[]=` stores, and
    // compare_by_identity comes along, so nothing is hashed again.
    let copy = match &*obj(o).body.borrow() {
        Body::Hash(t) => t.clone(),
        _ => unreachable!("hash body"),
    };
    vm.heap
        .note_malloc(copy.entries.capacity() * crate::interp::values::HASH_ENTRY_BYTES);
    if let Body::Hash(t) = &mut *obj(s).body.borrow_mut() {
        *t = copy;
    }
    Ok(s)
}

fn each_pair(vm: &mut Vm, s: Value, b: B, name: &str) -> VResult {
    let Some(b) = b else {
        return enum_for(vm, s, name, &[]);
    };
    each_entry(vm, s, |vm, k, v| {
        let pair = vm.ary_new(vec![k, v]);
        vm.yield_block(&b, &[pair])?;
        Ok(true)
    })?;
    Ok(s)
}

/// Hash#== (values with ==) and Hash#eql? (values with eql?).
fn equal(vm: &mut Vm, s: Value, o: Value, eql: bool) -> VResult {
    if s == o {
        return Ok(Value::TRUE);
    }
    let Some(n) = vm.hash_len(o) else {
        if !eql && o.is_heap() && vm.respond_to(o, sym::TO_HASH) {
            return vm.funcall(o, sym::EQ, &[s], None);
        }
        return Ok(Value::FALSE);
    };
    if n != vm.hash_len(s).unwrap_or(0) {
        return Ok(Value::FALSE);
    }
    for (k, v) in vm.hash_pairs(s) {
        match vm.hash_get(o, k)? {
            Some(w) if w == v => {}
            Some(w) if eql && vm.key_eql(v, w)? => {}
            Some(w) if !eql && vm.funcall(v, sym::EQ, &[w], None)?.truthy() => {}
            _ => return Ok(Value::FALSE),
        }
    }
    Ok(Value::TRUE)
}

/// Whether every pair of `a` is in `b` (`proper`: and `b` is larger).
fn subset(vm: &mut Vm, a: Value, b: Value, proper: bool) -> VResult {
    let (la, lb) = (vm.hash_len(a).unwrap_or(0), vm.hash_len(b).unwrap_or(0));
    if la > lb || (proper && la == lb) {
        return Ok(Value::FALSE);
    }
    for (k, v) in vm.hash_pairs(a) {
        match vm.hash_get(b, k)? {
            Some(w) if w == v || vm.funcall(v, sym::EQ, &[w], None)?.truthy() => {}
            _ => return Ok(Value::FALSE),
        }
    }
    Ok(Value::TRUE)
}

fn merge_into(vm: &mut Vm, s: Value, a: &[Value], b: &B) -> Result<(), Unwind> {
    for &o in a {
        let o = to_hash(vm, o)?;
        for (k, v) in vm.hash_pairs(o) {
            let v = match (b, vm.hash_get(s, k)?) {
                (Some(b), Some(old)) => vm.yield_block(b, &[k, old, v])?,
                _ => v,
            };
            aset(vm, s, k, v)?;
        }
    }
    Ok(())
}

/// select/filter/reject: a new Hash of the entries the block keeps.
fn filter(vm: &mut Vm, s: Value, b: B, want: bool, name: &str) -> VResult {
    let Some(b) = b else {
        return enum_for(vm, s, name, &[]);
    };
    let out = new_like(vm, s);
    rooted(vm, out, |vm| {
        each_entry(vm, s, |vm, k, v| {
            if vm.yield_block(&b, &[k, v])?.truthy() == want {
                vm.hash_aset(out, k, v)?;
            }
            Ok(true)
        })
    })?;
    Ok(out)
}

/// select!/keep_if and reject!/delete_if; the `bang` forms return nil when
/// nothing was removed.
fn keep(vm: &mut Vm, s: Value, b: B, want: bool, bang: bool, name: &str) -> VResult {
    let Some(b) = b else {
        return enum_for(vm, s, name, &[]);
    };
    check_frozen(vm, s)?;
    let mut removed = false;
    each_entry(vm, s, |vm, k, v| {
        if vm.yield_block(&b, &[k, v])?.truthy() != want {
            vm.hash_delete(s, k)?;
            removed = true;
        }
        Ok(true)
    })?;
    Ok(if bang && !removed { Value::NIL } else { s })
}

/// transform_keys: the mapping hash wins, then the block, else the key.
fn new_key(vm: &mut Vm, map: Option<Value>, b: &B, k: Value) -> VResult {
    if let Some(m) = map
        && let Some(nk) = vm.hash_get(m, k)?
    {
        return Ok(nk);
    }
    match b {
        Some(b) => vm.yield_block(b, &[k]),
        None => Ok(k),
    }
}
