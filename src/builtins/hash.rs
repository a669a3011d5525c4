//! Hash.

use std::rc::Rc;

use super::check_frozen;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{Value, sym, symbol};

type B = Option<Rc<BlockArg>>;

fn enum_for(vm: &mut Vm, s: Value, m: &str) -> VResult {
    let n = vm.sym(m);
    vm.funcall(s, symbol::intern("enum_for"), &[n], None)
}

/// `h[k]` with the default value / default proc.
pub fn hash_fetch_default(vm: &mut Vm, h: Value, k: Value) -> VResult {
    if let Some(v) = vm.hash_get(h, k)? {
        return Ok(v);
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
    if vm.native_depth > 400 {
        return Err(vm.stack_error());
    }
    let pairs = vm.hash_pairs(s);
    if pairs.is_empty() {
        return Ok("{}".into());
    }
    let mut out = String::from("{");
    vm.native_depth += 1;
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let ks = if *k == s {
            "{...}".to_string()
        } else {
            vm.inspect(*k)?
        };
        let vs = if *v == s {
            "{...}".to_string()
        } else {
            vm.inspect(*v)?
        };
        out.push_str(&ks);
        out.push_str("=>");
        out.push_str(&vs);
    }
    vm.native_depth -= 1;
    out.push('}');
    Ok(out)
}

pub fn init(vm: &mut Vm) {
    let h = cls::HASH;
    vm.def_builtin(h, "initialize", -1, |vm, s, a, b| {
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
    vm.def_builtin(h, "[]", 1, |vm, s, a, _| hash_fetch_default(vm, s, a[0]));
    vm.def_builtin(h, "[]=", 2, |vm, s, a, _| {
        vm.hash_aset(s, a[0], a[1])?;
        Ok(a[1])
    });
    vm.def_builtin(h, "store", 2, |vm, s, a, _| {
        vm.hash_aset(s, a[0], a[1])?;
        Ok(a[1])
    });
    vm.def_builtin(h, "fetch", -2, |vm, s, a, b| {
        if let Some(v) = vm.hash_get(s, a[0])? {
            return Ok(v);
        }
        if let Some(b) = b {
            return vm.yield_block(&b, &[a[0]]);
        }
        if let Some(d) = a.get(1) {
            return Ok(*d);
        }
        let k = vm.inspect(a[0])?;
        let e = vm.new_exception(vm.e.key_error, &format!("key not found: {k}"));
        vm.ivar_set_name(e, symbol::intern("@key"), a[0]);
        vm.ivar_set_name(e, symbol::intern("@receiver"), s);
        vm.fill_backtrace(e);
        Err(Unwind::Raise(e))
    });
    vm.def_builtin(h, "key?", 1, |vm, s, a, _| {
        Ok(Value::bool(vm.hash_get(s, a[0])?.is_some()))
    });
    vm.def_builtin(h, "has_key?", 1, |vm, s, a, _| {
        Ok(Value::bool(vm.hash_get(s, a[0])?.is_some()))
    });
    vm.def_builtin(h, "include?", 1, |vm, s, a, _| {
        Ok(Value::bool(vm.hash_get(s, a[0])?.is_some()))
    });
    vm.def_builtin(h, "member?", 1, |vm, s, a, _| {
        Ok(Value::bool(vm.hash_get(s, a[0])?.is_some()))
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
    vm.def_builtin(h, "size", 0, |vm, s, _, _| {
        Ok(Value::int(vm.hash_len(s).unwrap_or(0) as i64))
    });
    vm.def_builtin(h, "length", 0, |vm, s, _, _| {
        Ok(Value::int(vm.hash_len(s).unwrap_or(0) as i64))
    });
    vm.def_builtin(h, "count", -1, |vm, s, a, b| {
        if a.is_empty() && b.is_none() {
            return Ok(Value::int(vm.hash_len(s).unwrap_or(0) as i64));
        }
        let mut n = 0;
        for (k, v) in vm.hash_pairs(s) {
            let p = vm.ary_new(vec![k, v]);
            if let Some(b) = &b
                && vm.yield_block(b, &[p])?.truthy()
            {
                n += 1;
            }
        }
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
    vm.def_builtin(h, "to_a", 0, |vm, s, _, _| {
        let v = vm
            .hash_pairs(s)
            .into_iter()
            .map(|(k, v)| vm.ary_new(vec![k, v]))
            .collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(h, "to_h", 0, |vm, s, _, b| {
        let Some(b) = b else { return Ok(s) };
        let out = vm.new_hash();
        vm.push_root(out);
        for (k, v) in vm.hash_pairs(s) {
            let r = vm.yield_block(&b, &[k, v])?;
            let kv = vm.array_items(r);
            if kv.len() != 2 {
                vm.temp_roots.pop();
                return Err(vm.type_error("wrong element type (expected array)"));
            }
            vm.hash_aset(out, kv[0], kv[1])?;
        }
        vm.temp_roots.pop();
        Ok(out)
    });
    vm.def_builtin(h, "to_hash", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(h, "each", 0, each_pair);
    vm.def_builtin(h, "each_pair", 0, each_pair);
    vm.def_builtin(h, "each_key", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each_key");
        };
        for (k, _) in vm.hash_pairs(s) {
            vm.yield_block(&b, &[k])?;
        }
        Ok(s)
    });
    vm.def_builtin(h, "each_value", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each_value");
        };
        for (_, v) in vm.hash_pairs(s) {
            vm.yield_block(&b, &[v])?;
        }
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
    vm.def_builtin(h, "==", 1, |vm, s, a, _| {
        let Some(n) = vm.hash_len(a[0]) else {
            return Ok(Value::FALSE);
        };
        if n != vm.hash_len(s).unwrap_or(0) {
            return Ok(Value::FALSE);
        }
        for (k, v) in vm.hash_pairs(s) {
            match vm.hash_get(a[0], k)? {
                Some(w) if w == v || vm.funcall(v, sym::EQ, &[w], None)?.truthy() => {}
                _ => return Ok(Value::FALSE),
            }
        }
        Ok(Value::TRUE)
    });
    vm.def_builtin(h, "merge", -1, |vm, s, a, b| {
        let out = super::object::dup(vm, s, false)?;
        vm.push_root(out);
        for o in a {
            for (k, v) in vm.hash_pairs(*o) {
                let v = match (&b, vm.hash_get(out, k)?) {
                    (Some(b), Some(old)) => vm.yield_block(b, &[k, old, v])?,
                    _ => v,
                };
                vm.hash_aset(out, k, v)?;
            }
        }
        vm.temp_roots.pop();
        Ok(out)
    });
    vm.def_builtin(h, "merge!", -1, merge_bang);
    vm.def_builtin(h, "update", -1, merge_bang);
    vm.def_builtin(h, "default", -1, |_, s, _, _| {
        match &*obj(s).body.borrow() {
            Body::Hash(t) => Ok(t.default),
            _ => Ok(Value::NIL),
        }
    });
    vm.def_builtin(h, "default=", 1, |vm, s, a, _| {
        check_frozen(vm, s)?;
        if let Body::Hash(t) = &mut *obj(s).body.borrow_mut() {
            t.default = a[0];
        }
        Ok(a[0])
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
        let mut acc: u64 = 7;
        for (k, v) in vm.hash_pairs(s) {
            acc = acc.wrapping_add(vm.hash_of(k)? ^ vm.hash_of(v)?.rotate_left(17));
        }
        Ok(Value::int((acc >> 2) as i64))
    });
    vm.def_builtin(h, "compare_by_identity", 0, |_, s, _, _| {
        if let Body::Hash(t) = &mut *obj(s).body.borrow_mut() {
            t.compare_by_identity = true;
        }
        Ok(s)
    });
}

fn each_pair(vm: &mut Vm, s: Value, _: &[Value], b: B) -> VResult {
    let Some(b) = b else {
        return enum_for(vm, s, "each");
    };
    let mut i = 0;
    loop {
        let e = match &*obj(s).body.borrow() {
            Body::Hash(t) => {
                if i >= t.entries.len() {
                    None
                } else {
                    Some(t.entries[i])
                }
            }
            _ => None,
        };
        let Some(e) = e else { break };
        i += 1;
        let Some((k, v)) = e else { continue };
        let pair = vm.ary_new(vec![k, v]);
        vm.yield_block(&b, &[pair])?;
    }
    Ok(s)
}

fn merge_bang(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    check_frozen(vm, s)?;
    for o in a {
        for (k, v) in vm.hash_pairs(*o) {
            let v = match (&b, vm.hash_get(s, k)?) {
                (Some(b), Some(old)) => vm.yield_block(b, &[k, old, v])?,
                _ => v,
            };
            vm.hash_aset(s, k, v)?;
        }
    }
    Ok(s)
}
