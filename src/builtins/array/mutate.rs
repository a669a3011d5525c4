//! Array methods that change the receiver in place: insert, delete*,
//! select!/reject!/keep_if/delete_if, map!, compact!, fill, slice!,
//! reverse!, rotate!, sort_by!.

use super::{B, check_frozen, enum_for, get, int_arg, items, len, norm_index, splice, with_mut};
use crate::class::arity;
use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::object::Unwind;
use crate::value::Value;

pub fn init(vm: &mut Vm) {
    let a = cls::ARRAY;
    vm.def_builtin(a, "insert", -2, |vm, s, a, _| {
        check_frozen(vm, s)?;
        let pos = int_arg(vm, a[0])?;
        if a.len() == 1 {
            return Ok(s);
        }
        let l = len(s) as i64;
        let pos = if pos == -1 {
            l
        } else if pos < 0 {
            let p = pos + 1 + l;
            if p < 0 {
                let m = format!("index {pos} too small for array; minimum: -{}", l + 1);
                return Err(vm.error(vm.e.index_error, &m));
            }
            p
        } else {
            pos
        };
        splice(vm, s, pos, 0, a[1..].to_vec())?;
        Ok(s)
    });
    vm.def_builtin(a, "delete", 1, |vm, s, a, b| {
        let mut found = None;
        let mut i = 0;
        while let Some(x) = get(s, i) {
            if vm.rb_equal(x, a[0])? {
                found = Some(x);
                with_mut(vm, s, |v| {
                    v.remove(i);
                })?;
            } else {
                i += 1;
            }
        }
        match (found, b) {
            (Some(x), _) => Ok(x),
            (None, Some(b)) => vm.yield_block(&b, &[a[0]]),
            (None, None) => Ok(Value::NIL),
        }
    });
    vm.def_builtin(a, "delete_at", 1, |vm, s, a, _| {
        let i = int_arg(vm, a[0])?;
        check_frozen(vm, s)?;
        let Some(i) = norm_index(i, len(s)).filter(|&i| i < len(s)) else {
            return Ok(Value::NIL);
        };
        with_mut(vm, s, |v| v.remove(i))
    });
    vm.def_builtin(a, "select!", 0, |vm, s, _, b| {
        keep(vm, s, b, true, true, "select!")
    });
    vm.def_builtin(a, "filter!", 0, |vm, s, _, b| {
        keep(vm, s, b, true, true, "filter!")
    });
    vm.def_builtin(a, "keep_if", 0, |vm, s, _, b| {
        keep(vm, s, b, true, false, "keep_if")
    });
    vm.def_builtin(a, "reject!", 0, |vm, s, _, b| {
        keep(vm, s, b, false, true, "reject!")
    });
    vm.def_builtin(a, "delete_if", 0, |vm, s, _, b| {
        keep(vm, s, b, false, false, "delete_if")
    });
    vm.def_builtin(a, "map!", 0, |vm, s, _, b| map_bang(vm, s, b, "map!"));
    vm.def_builtin(a, "collect!", 0, |vm, s, _, b| {
        map_bang(vm, s, b, "collect!")
    });
    vm.def_builtin(a, "compact!", 0, |vm, s, _, _| {
        check_frozen(vm, s)?;
        let n = len(s);
        with_mut(vm, s, |v| v.retain(|x| !x.is_nil()))?;
        Ok(if len(s) == n { Value::NIL } else { s })
    });
    vm.def_builtin(a, "fill", -1, fill);
    vm.def_builtin(a, "slice!", arity::range(1, 2), slice_bang);
    vm.def_builtin(a, "reverse!", 0, |vm, s, _, _| {
        with_mut(vm, s, |v| v.reverse())?;
        Ok(s)
    });
    vm.def_builtin(a, "rotate!", -1, |vm, s, a, _| {
        let n = match a.first() {
            Some(n) => int_arg(vm, *n)?,
            None => 1,
        };
        with_mut(vm, s, |v| {
            if !v.is_empty() {
                let k = n.rem_euclid(v.len() as i64) as usize;
                v.rotate_left(k);
            }
        })?;
        Ok(s)
    });
    vm.def_builtin(a, "sort_by!", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "sort_by!", &[]);
        };
        check_frozen(vm, s)?;
        let sorted = vm.funcall(s, crate::intern!("sort_by"), &[], Some(b))?;
        let v = items(vm, sorted);
        with_mut(vm, s, |x| *x = v)?;
        Ok(s)
    });
}

/// select!/keep_if (`want` true) and reject!/delete_if: `bang` methods
/// return nil when nothing was removed.
fn keep(vm: &mut Vm, s: Value, b: B, want: bool, bang: bool, name: &str) -> VResult {
    let Some(b) = b else {
        return enum_for(vm, s, name, &[]);
    };
    check_frozen(vm, s)?;
    let before = len(s);
    // CRuby's select_bang_i/ensure: kept elements are copied down to i2
    // while i1 reads on over the live array (appends are visited); the
    // gap closes at the end, even when the block raises or breaks.
    let (mut i1, mut i2) = (0usize, 0usize);
    let mut r = Ok(());
    while let Some(x) = get(s, i1) {
        let keep = match vm.yield_block(&b, &[x]) {
            Ok(v) => v.truthy() == want,
            Err(e) => {
                r = Err(e);
                break;
            }
        };
        i1 += 1;
        if keep {
            if i1 - 1 != i2 {
                with_mut(vm, s, |v| {
                    if i2 >= v.len() {
                        v.resize(i2 + 1, Value::NIL);
                    }
                    v[i2] = x;
                })?;
            }
            i2 += 1;
        }
    }
    with_mut(vm, s, |v| {
        let n = v.len();
        if i2 < n && i2 < i1 {
            if i1 < n {
                v.drain(i2..i1);
            } else {
                v.truncate(i2);
            }
        }
    })?;
    r?;
    Ok(if bang && len(s) == before {
        Value::NIL
    } else {
        s
    })
}

fn map_bang(vm: &mut Vm, s: Value, b: B, name: &str) -> VResult {
    let Some(b) = b else {
        return enum_for(vm, s, name, &[]);
    };
    check_frozen(vm, s)?;
    let mut i = 0;
    while let Some(x) = get(s, i) {
        let r = vm.yield_block(&b, &[x])?;
        // rb_ary_store: the block may have shrunk the array; storing
        // past its end pads with nil, as CRuby.
        with_mut(vm, s, |v| {
            if i >= v.len() {
                v.resize(i + 1, Value::NIL);
            }
            v[i] = r;
        })?;
        i += 1;
    }
    Ok(s)
}

/// Array#fill(obj [, start [, len]]), fill(obj, range), and the block forms.
fn fill(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let (item, rest) = match &b {
        Some(_) => {
            if a.len() > 2 {
                return Err(arity(vm, a.len(), "0..2"));
            }
            (Value::NIL, a)
        }
        None => {
            if a.is_empty() || a.len() > 3 {
                return Err(arity(vm, a.len(), "1..3"));
            }
            (a[0], &a[1..])
        }
    };
    check_frozen(vm, s)?;
    let l = len(s) as i64;
    let (beg, n) = match rest {
        [] => (0, l),
        [r] if super::super::range::range_parts(*r).is_some() => {
            match super::super::range::beg_len(vm, *r, l, 1)? {
                Some(x) => x,
                None => return Ok(s),
            }
        }
        [st, rest @ ..] => {
            let mut beg = if st.is_nil() { 0 } else { int_arg(vm, *st)? };
            if beg < 0 {
                beg = (beg + l).max(0);
            }
            let n = match rest.first() {
                Some(n) if !n.is_nil() => int_arg(vm, *n)?,
                _ => l - beg,
            };
            (beg, n)
        }
    };
    if n <= 0 {
        return Ok(s);
    }
    let end = beg.saturating_add(n);
    if end > 1 << 32 {
        return Err(vm.arg_error("argument too big"));
    }
    with_mut(vm, s, |v| {
        if (v.len() as i64) < end {
            v.resize(end as usize, Value::NIL);
        }
    })?;
    for i in beg..end {
        let x = match &b {
            Some(b) => vm.yield_block(b, &[Value::int(i)])?,
            None => item,
        };
        // CRuby stops once the block has shrunk the array below `i`.
        let stored = with_mut(vm, s, |v| {
            if (i as usize) < v.len() {
                v[i as usize] = x;
                true
            } else {
                false
            }
        })?;
        if !stored {
            break;
        }
    }
    Ok(s)
}

fn slice_bang(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    check_frozen(vm, s)?;
    let l = len(s) as i64;
    let (beg, n) = match a {
        [st, n] => {
            let mut beg = int_arg(vm, *st)?;
            let n = int_arg(vm, *n)?;
            if beg < 0 {
                beg += l;
            }
            (beg, n)
        }
        [r] if super::super::range::range_parts(*r).is_some() => {
            match super::super::range::beg_len(vm, *r, l, 0)? {
                Some(x) => x,
                None => return Ok(Value::NIL),
            }
        }
        [i] => {
            let i = int_arg(vm, *i)?;
            let Some(i) = norm_index(i, l as usize).filter(|&i| (i as i64) < l) else {
                return Ok(Value::NIL);
            };
            return with_mut(vm, s, |v| v.remove(i));
        }
        _ => return Err(arity(vm, a.len(), "1..2")),
    };
    if beg < 0 || beg > l || n < 0 {
        return Ok(Value::NIL);
    }
    let n = n.min(l - beg);
    let removed = with_mut(vm, s, |v| {
        v.drain(beg as usize..(beg + n) as usize)
            .collect::<Vec<_>>()
    })?;
    Ok(vm.ary_new(removed))
}

#[cold]
fn arity(vm: &mut Vm, given: usize, expected: &str) -> Unwind {
    vm.arg_error(&format!(
        "wrong number of arguments (given {given}, expected {expected})"
    ))
}
