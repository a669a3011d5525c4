//! Array reading and searching: values_at, fetch, dig, index/rindex,
//! take/drop, assoc, bsearch, count, select/reject, min/max, sum.

use std::cmp::Ordering;

use super::{
    B, compare_with, enum_for, get, int_arg, items, len, norm_index, push, rooted, sort_values,
};
use crate::class::arity;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Body, Unwind};
use crate::value::{SymbolId, Value, sym};

pub fn init(vm: &mut Vm) {
    let a = cls::ARRAY;
    vm.def_builtin(a, "values_at", -1, values_at);
    vm.def_builtin(a, "fetch", arity::range(1, 2), fetch);
    vm.def_builtin(a, "dig", -2, |vm, s, a, _| {
        let v = super::aref(vm, s, &a[..1], None)?;
        dig_rest(vm, v, &a[1..])
    });
    vm.def_builtin(a, "index", -1, index);
    vm.def_builtin(a, "find_index", -1, index);
    vm.def_builtin(a, "rindex", -1, rindex);
    vm.def_builtin(a, "take", 1, |vm, s, a, _| {
        let n = int_arg(vm, a[0])?;
        if n < 0 {
            return Err(vm.arg_error("attempt to take negative size"));
        }
        let v = items(vm, s);
        let n = (n as usize).min(v.len());
        Ok(vm.ary_new(v[..n].to_vec()))
    });
    vm.def_builtin(a, "drop", 1, |vm, s, a, _| {
        let n = int_arg(vm, a[0])?;
        if n < 0 {
            return Err(vm.arg_error("attempt to drop negative size"));
        }
        let v = items(vm, s);
        let n = (n as usize).min(v.len());
        Ok(vm.ary_new(v[n..].to_vec()))
    });
    vm.def_builtin(a, "take_while", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "take_while", &[]);
        };
        let mut i = 0;
        while let Some(x) = get(s, i) {
            if !vm.yield_block(&b, &[x])?.truthy() {
                break;
            }
            i += 1;
        }
        let v = items(vm, s);
        let i = i.min(v.len());
        Ok(vm.ary_new(v[..i].to_vec()))
    });
    vm.def_builtin(a, "drop_while", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "drop_while", &[]);
        };
        let mut i = 0;
        while let Some(x) = get(s, i) {
            if !vm.yield_block(&b, &[x])?.truthy() {
                break;
            }
            i += 1;
        }
        let v = items(vm, s);
        let i = i.min(v.len());
        Ok(vm.ary_new(v[i..].to_vec()))
    });
    vm.def_builtin(a, "assoc", 1, |vm, s, a, _| {
        let mut i = 0;
        while let Some(x) = get(s, i) {
            i += 1;
            if let Some(e) = super::check_array(vm, x)?
                && let Some(k) = get(e, 0)
                && vm.rb_equal(k, a[0])?
            {
                return Ok(e);
            }
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(a, "rassoc", 1, |vm, s, a, _| {
        let mut i = 0;
        while let Some(x) = get(s, i) {
            i += 1;
            if let Some(e) = super::check_array(vm, x)?
                && let Some(k) = get(e, 1)
                && vm.rb_equal(k, a[0])?
            {
                return Ok(e);
            }
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(a, "bsearch", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "bsearch", &[]);
        };
        Ok(match bsearch(vm, s, &b)? {
            Some(i) => get(s, i).unwrap_or(Value::NIL),
            None => Value::NIL,
        })
    });
    vm.def_builtin(a, "bsearch_index", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "bsearch_index", &[]);
        };
        Ok(match bsearch(vm, s, &b)? {
            Some(i) => Value::int(i as i64),
            None => Value::NIL,
        })
    });
    vm.def_builtin(a, "count", -1, |vm, s, a, b| {
        if a.len() > 1 {
            return Err(vm.arg_error(&format!(
                "wrong number of arguments (given {}, expected 0..1)",
                a.len()
            )));
        }
        if a.is_empty() && b.is_none() {
            return Ok(Value::int(len(s) as i64));
        }
        let mut n = 0;
        let mut i = 0;
        while let Some(x) = get(s, i) {
            i += 1;
            let hit = match (a.first(), &b) {
                (Some(o), _) => vm.rb_equal(x, *o)?,
                (None, Some(b)) => vm.yield_block(b, &[x])?.truthy(),
                _ => false,
            };
            if hit {
                n += 1;
            }
        }
        Ok(Value::int(n))
    });
    vm.def_builtin(a, "select", 0, |vm, s, _, b| {
        filter(vm, s, b, true, "select")
    });
    vm.def_builtin(a, "filter", 0, |vm, s, _, b| {
        filter(vm, s, b, true, "filter")
    });
    vm.def_builtin(a, "reject", 0, |vm, s, _, b| {
        filter(vm, s, b, false, "reject")
    });
    vm.def_builtin(a, "collect", 0, |vm, s, _, b| {
        vm.funcall(s, crate::intern!("map"), &[], b)
    });
    vm.def_builtin(a, "each_index", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each_index", &[]);
        };
        let mut i = 0;
        while i < len(s) {
            vm.yield_block(&b, &[Value::int(i as i64)])?;
            i += 1;
        }
        Ok(s)
    });
    vm.def_builtin(a, "reverse_each", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "reverse_each", &[]);
        };
        let mut i = len(s);
        while i > 0 {
            i -= 1;
            if let Some(x) = get(s, i) {
                vm.yield_block(&b, &[x])?;
            }
            i = i.min(len(s));
        }
        Ok(s)
    });
    vm.def_builtin(a, "min", -1, |vm, s, a, b| {
        min_max(vm, s, a, b, Ordering::Less)
    });
    vm.def_builtin(a, "max", -1, |vm, s, a, b| {
        min_max(vm, s, a, b, Ordering::Greater)
    });
    vm.def_builtin(a, "minmax", 0, |vm, s, _, b| {
        let lo = min_max(vm, s, &[], b.clone(), Ordering::Less)?;
        let hi = min_max(vm, s, &[], b, Ordering::Greater)?;
        Ok(vm.ary_new(vec![lo, hi]))
    });
    vm.def_builtin(a, "sum", -1, sum);
    vm.def_builtin(a, "intersect?", 1, |vm, s, a, _| {
        let o = super::to_ary(vm, a[0])?;
        let set = super::transform::key_set(vm, o)?;
        rooted(vm, set, |vm| {
            let mut i = 0;
            while let Some(x) = get(s, i) {
                i += 1;
                if vm.hash_get(set, x)?.is_some() {
                    return Ok(Value::TRUE);
                }
            }
            Ok(Value::FALSE)
        })
    });
}

fn values_at(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let out = vm.ary_new(Vec::new());
    rooted(vm, out, |vm| {
        for &x in a {
            if let Some(i) = x.as_fixnum() {
                push(
                    out,
                    norm_index(i, len(s))
                        .and_then(|i| get(s, i))
                        .unwrap_or(Value::NIL),
                );
                continue;
            }
            if super::super::range::range_parts(x).is_some() {
                let olen = len(s) as i64;
                if let Some((b, n)) = super::super::range::beg_len(vm, x, olen, 1)? {
                    // The nil padding past the end may be huge: rb_ary_resize
                    // refuses more than ARY_MAX_SIZE elements.
                    if n > i64::MAX / 8 {
                        return Err(vm.error(vm.e.index_error, &format!("index {n} too big")));
                    }
                    super::super::alloc_guard(vm, n as usize, 8)?;
                    super::reserve(vm, out, n as usize)?;
                    for j in b..b.saturating_add(n) {
                        push(
                            out,
                            if j < olen {
                                get(s, j as usize).unwrap_or(Value::NIL)
                            } else {
                                Value::NIL
                            },
                        );
                    }
                }
                continue;
            }
            let i = int_arg(vm, x)?;
            push(
                out,
                norm_index(i, len(s))
                    .and_then(|i| get(s, i))
                    .unwrap_or(Value::NIL),
            );
        }
        Ok(out)
    })
}

fn fetch(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    if a.len() > 2 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 1..2)",
            a.len()
        )));
    }
    let i = int_arg(vm, a[0])?;
    let l = len(s);
    if let Some(x) = norm_index(i, l).and_then(|i| get(s, i)) {
        return Ok(x);
    }
    if let Some(b) = b {
        return vm.yield_block(&b, &[a[0]]);
    }
    if let Some(d) = a.get(1) {
        return Ok(*d);
    }
    let m = format!("index {i} outside of array bounds: {}...{l}", -(l as i64));
    Err(vm.error(vm.e.index_error, &m))
}

/// rb_obj_dig after the first key: nil stops; an Array or Hash whose
/// `dig` is the builtin one is stepped into here (one frame in a
/// backtrace, as CRuby's loop); anything else is sent `dig(*rest)`.
pub fn dig_rest(vm: &mut Vm, mut v: Value, mut rest: &[Value]) -> VResult {
    let dig = crate::intern!("dig");
    while let Some((&key, more)) = rest.split_first() {
        if v.is_nil() {
            return Ok(v);
        }
        if vm.is_array(v) && vm.answered_by(v, dig, cls::ARRAY) {
            v = super::aref(vm, v, &[key], None)?;
        } else if vm.hash_len(v).is_some() && vm.answered_by(v, dig, cls::HASH) {
            v = crate::builtins::hash::hash_fetch_default(vm, v, key)?;
        } else if let Some(i) = struct_dig_step(vm, v, key, dig)? {
            v = i;
        } else if !vm.respond_to(v, dig) {
            let c = vm.class_name(vm.real_class_of(v));
            return Err(vm.type_error(&format!("{c} does not have #dig method")));
        } else {
            return vm.funcall(v, dig, rest, None);
        }
        rest = more;
    }
    Ok(v)
}

/// A Struct whose `dig` is Struct's own (rb_struct_lookup: a missing
/// member gives nil); None for anything else.
fn struct_dig_step(
    vm: &mut Vm,
    v: Value,
    key: Value,
    dig: SymbolId,
) -> Result<Option<Value>, Unwind> {
    let Some(helpers) = vm.prelude_helpers else {
        return Ok(None);
    };
    let st = vm
        .classes
        .get(cls::OBJECT)
        .consts
        .get(&crate::intern!("Struct"))
        .copied();
    let Some(st) = st.and_then(|c| vm.as_class(c)) else {
        return Ok(None);
    };
    if !vm.answered_by(v, dig, st) {
        return Ok(None);
    }
    let pm = vm.classes.get(helpers).attached;
    let pos = vm.funcall(pm, crate::intern!("struct_position"), &[v, key], None)?;
    let Some(i) = pos.as_fixnum() else {
        return Ok(Some(Value::NIL));
    };
    let values = vm.ivar_get_name(v, sym::STRUCT_VALUES);
    Ok(Some(
        vm.array_items(values)
            .get(i as usize)
            .copied()
            .unwrap_or(Value::NIL),
    ))
}

fn index(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    if a.len() > 1 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        )));
    }
    if a.is_empty() && b.is_none() {
        return enum_for(vm, s, "index", &[]);
    }
    let mut i = 0;
    while let Some(x) = get(s, i) {
        let hit = match (a.first(), &b) {
            (Some(o), _) => vm.rb_equal(x, *o)?,
            (None, Some(b)) => vm.yield_block(b, &[x])?.truthy(),
            _ => false,
        };
        if hit {
            return Ok(Value::int(i as i64));
        }
        i += 1;
    }
    Ok(Value::NIL)
}

fn rindex(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    if a.is_empty() && b.is_none() {
        return enum_for(vm, s, "rindex", &[]);
    }
    let mut i = len(s);
    while i > 0 {
        i -= 1;
        let Some(x) = get(s, i) else {
            i = i.min(len(s));
            continue;
        };
        let hit = match (a.first(), &b) {
            (Some(o), _) => vm.rb_equal(x, *o)?,
            (None, Some(b)) => vm.yield_block(b, &[x])?.truthy(),
            _ => false,
        };
        if hit {
            return Ok(Value::int(i as i64));
        }
        i = i.min(len(s));
    }
    Ok(Value::NIL)
}

/// Array#bsearch in find-minimum (true/false/nil) or find-any (numeric) mode.
fn bsearch(
    vm: &mut Vm,
    s: Value,
    b: &std::rc::Rc<crate::object::BlockArg>,
) -> Result<Option<usize>, Unwind> {
    let (mut low, mut high) = (0usize, len(s));
    let mut found = None;
    while low < high {
        let mid = low + (high - low) / 2;
        let x = get(s, mid).unwrap_or(Value::NIL);
        let v = vm.yield_block(b, &[x])?;
        if v == Value::TRUE {
            found = Some(mid);
            high = mid;
        } else if v == Value::FALSE || v.is_nil() {
            low = mid + 1;
        } else if let Some(n) = v.as_fixnum() {
            match n.cmp(&0) {
                Ordering::Equal => return Ok(Some(mid)),
                Ordering::Less => high = mid,
                Ordering::Greater => low = mid + 1,
            }
        } else if let Some(f) = super::super::float::to_f64(v) {
            if f == 0.0 {
                return Ok(Some(mid));
            } else if f < 0.0 {
                high = mid;
            } else {
                low = mid + 1;
            }
        } else {
            let c = vm.class_name(vm.real_class_of(v));
            return Err(vm.type_error(&format!(
                "wrong argument type {c} (must be numeric, true, false or nil)"
            )));
        }
    }
    Ok(found)
}

fn filter(vm: &mut Vm, s: Value, b: B, keep: bool, name: &str) -> VResult {
    let Some(b) = b else {
        return enum_for(vm, s, name, &[]);
    };
    let out = vm.ary_new(Vec::new());
    rooted(vm, out, |vm| {
        let mut i = 0;
        while let Some(x) = get(s, i) {
            if vm.yield_block(&b, &[x])?.truthy() == keep {
                push(out, x);
            }
            i += 1;
        }
        Ok(out)
    })
}

/// min/max (want = Less for min), with an optional count and block.
fn min_max(vm: &mut Vm, s: Value, a: &[Value], b: B, want: Ordering) -> VResult {
    if a.len() > 1 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        )));
    }
    if let Some(n) = a.first().filter(|n| !n.is_nil()) {
        let n = int_arg(vm, *n)?;
        if n < 0 {
            return Err(vm.arg_error(&format!("negative size ({n})")));
        }
        let v = items(vm, s);
        let mut v = sort_values(vm, v, b)?;
        if want == Ordering::Greater {
            v.reverse();
        }
        v.truncate(n as usize);
        return Ok(vm.ary_new(v));
    }
    let Some(mut best) = get(s, 0) else {
        return Ok(Value::NIL);
    };
    let mut i = 1;
    while let Some(x) = get(s, i) {
        i += 1;
        if compare_with(vm, &b, x, best)? == want {
            best = x;
        }
    }
    Ok(best)
}

/// Array#sum: exact Integer sums, then Kahan-Babuska compensated summation
/// once a Float shows up, then plain `+` -- rb_ary_sum's three phases.
fn sum(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    if a.len() > 1 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        )));
    }
    let v = a.first().copied().unwrap_or(Value::int(0));
    let mark = vm.roots_len();
    vm.push_root(v);
    let r = sum_inner(vm, s, v, b, mark);
    vm.truncate_roots(mark);
    r
}

/// Integer addition as CRuby's ary_sum does it (rb_fix_plus/rb_big_plus,
/// not a method call: a redefined Integer#+ is not seen).
fn int_add(vm: &mut Vm, x: Value, y: Value) -> Value {
    if let (Some(a), Some(b)) = (x.as_fixnum(), y.as_fixnum())
        && let Some(v) = a.checked_add(b).and_then(Value::fixnum)
    {
        return v;
    }
    let a = crate::builtins::integer::to_big(x).unwrap_or_default();
    let b = crate::builtins::integer::to_big(y).unwrap_or_default();
    vm.bignum_value(a + b)
}

/// `a + b` with CRuby's operand order: Integers directly, anything else
/// through `+` on `a`.
fn exact_add(vm: &mut Vm, a: Value, b: Value) -> VResult {
    let int = |x: Value| {
        x.is_fixnum() || (x.is_heap() && matches!(&*obj(x).body.borrow(), Body::Bignum(_)))
    };
    if int(a) && int(b) {
        return Ok(int_add(vm, a, b));
    }
    vm.funcall(a, sym::PLUS, &[b], None)
}

/// The running total `v` lives in `vm.temp_roots[mark]` while blocks run.
fn sum_inner(vm: &mut Vm, s: Value, v: Value, b: B, mark: usize) -> VResult {
    let mut v = v;
    let mut i = 0;
    let elem = |vm: &mut Vm, i: usize| -> Result<Option<Value>, Unwind> {
        let Some(e) = get(s, i) else { return Ok(None) };
        match &b {
            Some(b) => vm.yield_block(b, &[e]).map(Some),
            None => Ok(Some(e)),
        }
    };
    let is_big = |x: Value| x.is_heap() && matches!(&*obj(x).body.borrow(), Body::Bignum(_));
    let mut pending: Option<Value> = None;
    // CRuby 3.1's ary_sum: Integers are summed exactly whatever the initial
    // value, then added to it as `n + init` (so `[1].sum("")` is Integer's
    // coercion error).
    {
        let mut n: i64 = 0;
        while let Some(e) = elem(vm, i)? {
            if let Some(x) = e.as_fixnum() {
                match n.checked_add(x) {
                    Some(m) if Value::fixnum(m).is_some() => n = m,
                    _ => {
                        let nv = int_value(vm, n);
                        v = exact_add(vm, nv, v)?;
                        vm.temp_roots[mark] = v;
                        n = x;
                    }
                }
            } else if is_big(e) {
                v = exact_add(vm, e, v)?;
                vm.temp_roots[mark] = v;
            } else {
                pending = Some(e);
                break;
            }
            i += 1;
        }
        if n != 0 {
            let nv = int_value(vm, n);
            v = exact_add(vm, nv, v)?;
            vm.temp_roots[mark] = v;
        }
        if pending.is_none() {
            return Ok(v);
        }
    }
    let numeric_init =
        v.is_fixnum() || is_big(v) || super::super::float::to_f64_strict(v).is_some();
    if let Some(e) = pending
        && numeric_init
        && super::super::float::to_f64_strict(e).is_some()
    {
        // Kahan-Babuska summation.
        let mut f = super::super::float::to_f64(v).unwrap_or(0.0);
        let mut c = 0.0;
        let mut cur = Some(e);
        loop {
            let Some(e) = cur else {
                return Ok(vm.float_new(f + c));
            };
            let x = if let Some(x) = super::super::float::to_f64_strict(e) {
                x
            } else if e.is_fixnum() || is_big(e) {
                super::super::float::to_f64(e).unwrap_or(0.0)
            } else {
                v = vm.float_new(f);
                vm.temp_roots[mark] = v;
                pending = Some(e);
                break;
            };
            if f.is_nan() {
            } else if x.is_nan() {
                f = x;
            } else if x.is_infinite() {
                if f.is_infinite() && x.is_sign_negative() != f.is_sign_negative() {
                    f = f64::NAN;
                } else {
                    f = x;
                }
            } else if f.is_infinite() {
            } else {
                let t = f + x;
                if f.abs() >= x.abs() {
                    c += (f - t) + x;
                } else {
                    c += (x - t) + f;
                }
                f = t;
            }
            i += 1;
            cur = elem(vm, i)?;
        }
    }
    if let Some(e) = pending {
        v = vm.funcall(v, sym::PLUS, &[e], None)?;
        vm.temp_roots[mark] = v;
        i += 1;
    }
    while let Some(e) = elem(vm, i)? {
        v = vm.funcall(v, sym::PLUS, &[e], None)?;
        vm.temp_roots[mark] = v;
        i += 1;
    }
    Ok(v)
}

fn int_value(vm: &mut Vm, n: i64) -> Value {
    match Value::fixnum(n) {
        Some(v) => v,
        None => vm.bignum_value(num_bigint::BigInt::from(n)),
    }
}
