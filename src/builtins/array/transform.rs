//! Array methods that build new arrays: flatten, compact, uniq, rotate,
//! transpose, product, and the set operations (-, &, |, difference,
//! union, intersection), which compare with `hash`/`eql?` like CRuby.

use super::{
    B, check_array, check_frozen, get, int_arg, items, len, push, rooted, to_ary, with_mut,
};
use crate::builtins::try_push;
use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::object::Unwind;
use crate::value::Value;

pub fn init(vm: &mut Vm) {
    let a = cls::ARRAY;
    vm.def_builtin(a, "flatten", -1, |vm, s, a, _| {
        let level = level_arg(vm, a)?;
        let (v, _) = flatten(vm, s, level)?;
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(a, "flatten!", -1, |vm, s, a, _| {
        check_frozen(vm, s)?;
        let level = level_arg(vm, a)?;
        if level == 0 {
            return Ok(Value::NIL);
        }
        let (v, changed) = flatten(vm, s, level)?;
        if !changed {
            return Ok(Value::NIL);
        }
        with_mut(vm, s, |x| *x = v)?;
        Ok(s)
    });
    vm.def_builtin(a, "compact", 0, |vm, s, _, _| {
        let v = items(vm, s).into_iter().filter(|x| !x.is_nil()).collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(a, "uniq", 0, |vm, s, _, b| {
        let v = uniq(vm, s, b)?;
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(a, "uniq!", 0, |vm, s, _, b| {
        check_frozen(vm, s)?;
        let v = uniq(vm, s, b)?;
        if v.len() == len(s) {
            return Ok(Value::NIL);
        }
        with_mut(vm, s, |x| *x = v)?;
        Ok(s)
    });
    vm.def_builtin(a, "rotate", -1, |vm, s, a, _| {
        let n = match a.first() {
            Some(n) => int_arg(vm, *n)?,
            None => 1,
        };
        let mut v = items(vm, s);
        if !v.is_empty() {
            let k = n.rem_euclid(v.len() as i64) as usize;
            v.rotate_left(k);
        }
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(a, "transpose", 0, transpose);
    vm.def_builtin(a, "product", -1, product);
    vm.def_builtin(a, "-", 1, |vm, s, a, _| {
        let o = to_ary(vm, a[0])?;
        difference(vm, s, &[o])
    });
    vm.def_builtin(a, "difference", -1, |vm, s, a, _| {
        let mut others = Vec::new();
        for &x in a {
            others.push(to_ary(vm, x)?);
        }
        difference(vm, s, &others)
    });
    vm.def_builtin(a, "&", 1, |vm, s, a, _| {
        let o = to_ary(vm, a[0])?;
        intersection(vm, s, &[o])
    });
    vm.def_builtin(a, "intersection", -1, |vm, s, a, _| {
        let mut others = Vec::new();
        for &x in a {
            others.push(to_ary(vm, x)?);
        }
        intersection(vm, s, &others)
    });
    vm.def_builtin(a, "|", 1, |vm, s, a, _| {
        let o = to_ary(vm, a[0])?;
        union(vm, s, &[o])
    });
    vm.def_builtin(a, "union", -1, |vm, s, a, _| {
        let mut others = Vec::new();
        for &x in a {
            others.push(to_ary(vm, x)?);
        }
        union(vm, s, &others)
    });
}

/// flatten's depth argument: none or nil means all the way (-1).
fn level_arg(vm: &mut Vm, a: &[Value]) -> Result<i64, Unwind> {
    match a {
        [] => Ok(-1),
        [l] if l.is_nil() => Ok(-1),
        [l] => int_arg(vm, *l),
        _ => Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        ))),
    }
}

/// The flattened elements and whether any nested array was found.
/// Iterative (an explicit stack of (array, next index)) with a set of the
/// arrays on the current path, so 100 000-deep nesting costs O(n) and no
/// native stack, like CRuby's `flatten`.
fn flatten(vm: &mut Vm, s: Value, level: i64) -> Result<(Vec<Value>, bool), Unwind> {
    let mut out = Vec::new();
    let mut changed = false;
    let mut on_path = std::collections::HashSet::new();
    on_path.insert(s.raw());
    let mut stack: Vec<(Value, usize)> = vec![(s, 0)];
    while let Some(&mut (a, ref mut i)) = stack.last_mut() {
        let Some(x) = get(a, *i) else {
            stack.pop();
            if level < 0 {
                on_path.remove(&a.raw());
            }
            continue;
        };
        *i += 1;
        let depth = stack.len() as i64 - 1;
        if level >= 0 && depth >= level {
            try_push(vm, &mut out, x)?;
            continue;
        }
        let Some(sub) = check_array(vm, x)? else {
            try_push(vm, &mut out, x)?;
            continue;
        };
        changed = true;
        if level < 0 && !on_path.insert(sub.raw()) {
            return Err(vm.arg_error("tried to flatten recursive array"));
        }
        try_push(vm, &mut stack, (sub, 0))?;
    }
    Ok((out, changed))
}

/// A Hash whose keys are the elements of `a` (first occurrence wins).
pub fn key_set(vm: &mut Vm, a: Value) -> VResult {
    let h = vm.new_hash();
    rooted(vm, h, |vm| {
        let mut i = 0;
        while let Some(x) = get(a, i) {
            i += 1;
            if vm.hash_get(h, x)?.is_none() {
                vm.hash_aset(h, x, Value::TRUE)?;
            }
        }
        Ok(h)
    })
}

fn uniq(vm: &mut Vm, s: Value, b: B) -> Result<Vec<Value>, Unwind> {
    let h = vm.new_hash();
    let out = vm.ary_new(Vec::new());
    rooted(vm, h, |vm| {
        rooted(vm, out, |vm| {
            let mut i = 0;
            while let Some(x) = get(s, i) {
                i += 1;
                let k = match &b {
                    Some(b) => vm.yield_block(b, &[x])?,
                    None => x,
                };
                if vm.hash_get(h, k)?.is_none() {
                    vm.hash_aset(h, k, Value::TRUE)?;
                    push(out, x);
                }
            }
            Ok(items(vm, out))
        })
    })
}

fn difference(vm: &mut Vm, s: Value, others: &[Value]) -> VResult {
    let mut v = items(vm, s);
    for &o in others {
        let set = key_set(vm, o)?;
        let hold = vm.ary_new(v.clone());
        v = rooted(vm, hold, |vm| {
            rooted(vm, set, |vm| {
                let mut keep = Vec::new();
                for x in v {
                    if vm.hash_get(set, x)?.is_none() {
                        keep.push(x);
                    }
                }
                Ok(keep)
            })
        })?;
    }
    Ok(vm.ary_new(v))
}

fn intersection(vm: &mut Vm, s: Value, others: &[Value]) -> VResult {
    let mut cur = s;
    let base = vm.ary_new(items(vm, s));
    let mark = vm.roots_len();
    vm.push_root(base);
    let r = (|| {
        if others.is_empty() {
            let v = uniq(vm, s, None)?;
            return Ok(vm.ary_new(v));
        }
        for &o in others {
            let set = key_set(vm, o)?;
            vm.push_root(set);
            let seen = vm.new_hash();
            vm.push_root(seen);
            let mut keep = Vec::new();
            let mut i = 0;
            while let Some(x) = get(cur, i) {
                i += 1;
                if vm.hash_get(set, x)?.is_some() && vm.hash_get(seen, x)?.is_none() {
                    vm.hash_aset(seen, x, Value::TRUE)?;
                    keep.push(x);
                }
            }
            cur = vm.ary_new(keep);
            vm.push_root(cur);
        }
        Ok(cur)
    })();
    vm.truncate_roots(mark);
    r
}

fn union(vm: &mut Vm, s: Value, others: &[Value]) -> VResult {
    let h = vm.new_hash();
    let out = vm.ary_new(Vec::new());
    rooted(vm, h, |vm| {
        rooted(vm, out, |vm| {
            for &a in std::iter::once(&s).chain(others) {
                let mut i = 0;
                while let Some(x) = get(a, i) {
                    i += 1;
                    if vm.hash_get(h, x)?.is_none() {
                        vm.hash_aset(h, x, Value::TRUE)?;
                        push(out, x);
                    }
                }
            }
            Ok(out)
        })
    })
}

fn transpose(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let rows_in = items(vm, s);
    let mut rows = Vec::new();
    let mut elen = None;
    for r in rows_in {
        let r = to_ary(vm, r)?;
        let n = len(r);
        match elen {
            None => elen = Some(n),
            Some(e) if e != n => {
                let m = format!("element size differs ({n} should be {e})");
                return Err(vm.error(vm.e.index_error, &m));
            }
            _ => {}
        }
        rows.push(items(vm, r));
    }
    let cols: Vec<Value> = (0..elen.unwrap_or(0))
        .map(|j| rows.iter().map(|r| r[j]).collect::<Vec<_>>())
        .map(|c| vm.ary_new(c))
        .collect();
    Ok(vm.ary_new(cols))
}

fn product(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let mut arrays = vec![items(vm, s)];
    for &x in a {
        let o = to_ary(vm, x)?;
        arrays.push(items(vm, o));
    }
    let mut total: usize = 1;
    for v in &arrays {
        total = match total.checked_mul(v.len()) {
            Some(t) if t < 1 << 32 => t,
            _ => return Err(vm.error(vm.e.range_error, "too big to product")),
        };
    }
    let hold = vm.ary_new(arrays.iter().flatten().copied().collect());
    let out = vm.ary_new(Vec::new());
    rooted(vm, hold, |vm| {
        rooted(vm, out, |vm| {
            if total == 0 {
                return Ok(if b.is_some() { s } else { out });
            }
            let mut idx = vec![0usize; arrays.len()];
            loop {
                let combo: Vec<Value> = idx.iter().zip(&arrays).map(|(&i, v)| v[i]).collect();
                let c = vm.ary_new(combo);
                match &b {
                    Some(b) => {
                        vm.yield_block(b, &[c])?;
                    }
                    None => push(out, c),
                }
                let mut k = arrays.len();
                loop {
                    if k == 0 {
                        return Ok(if b.is_some() { s } else { out });
                    }
                    k -= 1;
                    idx[k] += 1;
                    if idx[k] < arrays[k].len() {
                        break;
                    }
                    idx[k] = 0;
                }
            }
        })
    })
}
