//! Range.

use super::object::block_required;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::Vm;
use crate::object::{Body, Unwind};
use crate::value::{Value, sym};

/// (begin, end, exclude_end) of a Range value.
pub fn range_parts(v: Value) -> Option<(Value, Value, bool)> {
    if v.is_heap()
        && let Body::Range(b, e, x) = &*obj(v).body.borrow()
    {
        return Some((*b, *e, *x));
    }
    None
}

/// rb_range_beg_len for a sequence of `len` elements: Some((beg, n)), or
/// None when out of range and `err` is 0; with `err` 1 out of range raises
/// RangeError (and the end is not clamped to `len`).
pub fn beg_len(vm: &mut Vm, r: Value, len: i64, err: u8) -> Result<Option<(i64, i64)>, Unwind> {
    let (b, e, excl) = range_parts(r).unwrap();
    let mut beg = if b.is_nil() { 0 } else { super::int_arg(vm, b)? };
    let mut end = if e.is_nil() { -1 } else { super::int_arg(vm, e)? };
    let excl = excl && !e.is_nil();
    let out = |vm: &mut Vm| -> Result<Option<(i64, i64)>, Unwind> {
        if err != 0 {
            let s = vm.inspect(r)?;
            return Err(vm.error(vm.e.range_error, &format!("{s} out of range")));
        }
        Ok(None)
    };
    if beg < 0 {
        beg += len;
        if beg < 0 {
            return out(vm);
        }
    }
    if end < 0 {
        end += len;
    }
    if !excl {
        end += 1;
    }
    if err == 0 || err == 2 {
        if beg > len {
            return out(vm);
        }
        if end > len {
            end = len;
        }
    }
    Ok(Some((beg, (end - beg).max(0))))
}

pub fn init(vm: &mut Vm) {
    let r = cls::RANGE;
    vm.def_builtin(r, "first", -1, |vm, s, a, _| {
        let (b, _, _) = range_parts(s).unwrap();
        if a.is_empty() {
            return Ok(b);
        }
        let all = vm.funcall(s, sym::TO_A, &[], None)?;
        let n = super::int_arg(vm, a[0])?.max(0) as usize;
        let items: Vec<Value> = vm.array_items(all).into_iter().take(n).collect();
        Ok(vm.ary_new(items))
    });
    vm.def_builtin(r, "begin", 0, |_, s, _, _| Ok(range_parts(s).unwrap().0));
    vm.def_builtin(r, "end", 0, |_, s, _, _| Ok(range_parts(s).unwrap().1));
    vm.def_builtin(r, "exclude_end?", 0, |_, s, _, _| {
        Ok(Value::bool(range_parts(s).unwrap().2))
    });
    vm.def_builtin(r, "each", 0, |vm, s, _, b| {
        let Some(b) = b else {
            let n = vm.sym("each");
            return vm.funcall(s, crate::value::symbol::intern("enum_for"), &[n], None);
        };
        let (st, en, excl) = range_parts(s).unwrap();
        if let Some(mut i) = st.as_fixnum() {
            let endless =
                en.is_nil() || super::float::to_f64_strict(en).is_some_and(|f| f == f64::INFINITY);
            if endless {
                loop {
                    vm.yield_block(&b, &[Value::int(i)])?;
                    i += 1;
                }
            }
            let e = super::int_arg(vm, en)?;
            let e = if excl { e - 1 } else { e };
            while i <= e {
                vm.yield_block(&b, &[Value::int(i)])?;
                i += 1;
            }
            return Ok(s);
        }
        let _ = block_required;
        if vm.is_string(st) && vm.is_string(en) {
            // CRuby's rb_str_upto_each.
            let upto = crate::value::symbol::intern("upto");
            vm.funcall(st, upto, &[en, Value::bool(excl)], Some(b))?;
            return Ok(s);
        }
        let mut cur = st;
        loop {
            let c = vm.funcall(cur, sym::CMP, &[en], None)?;
            let c = c.as_fixnum().unwrap_or(1);
            if c > 0 || (excl && c == 0) {
                break;
            }
            vm.yield_block(&b, &[cur])?;
            if c == 0 {
                break;
            }
            cur = vm.funcall(cur, sym::SUCC, &[], None)?;
        }
        Ok(s)
    });
    vm.def_builtin(r, "==", 1, |vm, s, a, _| {
        match (range_parts(s), range_parts(a[0])) {
            (Some((b1, e1, x1)), Some((b2, e2, x2))) => {
                let eb = vm.funcall(b1, sym::EQ, &[b2], None)?.truthy();
                let ee = vm.funcall(e1, sym::EQ, &[e2], None)?.truthy();
                Ok(Value::bool(eb && ee && x1 == x2))
            }
            _ => Ok(Value::FALSE),
        }
    });
    vm.def_builtin(r, "to_s", 0, |vm, s, _, _| {
        let (b, e, x) = range_parts(s).unwrap();
        let (bs, es) = (
            if b.is_nil() {
                String::new()
            } else {
                vm.to_s(b)?
            },
            if e.is_nil() {
                String::new()
            } else {
                vm.to_s(e)?
            },
        );
        Ok(vm.str_new(&format!("{bs}{}{es}", if x { "..." } else { ".." })))
    });
    vm.def_builtin(r, "inspect", 0, |vm, s, _, _| {
        let (b, e, x) = range_parts(s).unwrap();
        let (bs, es) = (
            if b.is_nil() {
                String::new()
            } else {
                vm.inspect(b)?
            },
            if e.is_nil() {
                String::new()
            } else {
                vm.inspect(e)?
            },
        );
        Ok(vm.str_new(&format!("{bs}{}{es}", if x { "..." } else { ".." })))
    });
    vm.def_builtin(r, "include?", 1, cover);
    vm.def_builtin(r, "member?", 1, cover);
    vm.def_builtin(r, "cover?", 1, cover);
    vm.def_builtin(r, "===", 1, cover);
    vm.def_builtin(r, "size", 0, |vm, s, _, _| {
        let (b, e, x) = range_parts(s).unwrap();
        match (b.as_fixnum(), e.as_fixnum()) {
            (Some(b), Some(e)) => Ok(Value::int((e - b + if x { 0 } else { 1 }).max(0))),
            _ => {
                let _ = vm;
                Ok(Value::NIL)
            }
        }
    });
    vm.def_builtin(r, "hash", 0, |vm, s, _, _| {
        let (b, e, x) = range_parts(s).unwrap();
        let h = vm.hash_of(b)? ^ vm.hash_of(e)?.rotate_left(7) ^ x as u64;
        Ok(Value::int((h >> 2) as i64))
    });
    vm.def_builtin(r, "eql?", 1, |vm, s, a, _| {
        vm.funcall(s, sym::EQ, &[a[0]], None)
    });
}

fn cover(
    vm: &mut Vm,
    s: Value,
    a: &[Value],
    _: Option<std::rc::Rc<crate::object::BlockArg>>,
) -> crate::interp::VResult {
    let (b, e, x) = range_parts(s).unwrap();
    let v = a[0];
    if !b.is_nil() {
        let c = vm.funcall(b, sym::CMP, &[v], None)?;
        match c.as_fixnum() {
            Some(n) if n <= 0 => {}
            _ => return Ok(Value::FALSE),
        }
    }
    if !e.is_nil() {
        let c = vm.funcall(v, sym::CMP, &[e], None)?;
        match c.as_fixnum() {
            Some(n) if n < 0 || (n == 0 && !x) => {}
            _ => return Ok(Value::FALSE),
        }
    }
    Ok(Value::TRUE)
}
