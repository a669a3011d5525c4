//! Comparable (CRuby 3.1's compar.c): `==`, `>`, `>=`, `<`, `<=`,
//! `between?` and `clamp`, each built on the receiver's `<=>` and
//! rb_cmpint, with CRuby's error messages. Native, as in CRuby: these
//! run in hot loops of value classes (money, versions, priorities).

use std::cmp::Ordering;

use super::array::{cmpint, compare};
use super::type_name;
use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::object::Unwind;
use crate::value::{Value, sym};

/// rb_cmpint(x <=> y): `<=>` called (no fast paths: compar.c's `cmpint`),
/// nil raising "comparison of X with Y failed".
fn cmp(vm: &mut Vm, x: Value, y: Value) -> Result<Ordering, Unwind> {
    let c = vm.funcall(x, sym::CMP, &[y], None)?;
    cmpint(vm, c, x, y)
}

/// `x OP y` for the four ordering operators: true when the Ordering is one
/// of `ok`.
fn relop(vm: &mut Vm, x: Value, y: Value, ok: fn(Ordering) -> bool) -> VResult {
    Ok(Value::bool(ok(cmp(vm, x, y)?)))
}

/// Comparable#clamp(min, max) / clamp(range).
fn clamp(vm: &mut Vm, x: Value, args: &[Value]) -> VResult {
    let (min, max) = match *args {
        [range] => {
            let Some((b, e, excl)) = super::range::range_parts(range) else {
                let t = type_name(vm, range);
                return Err(vm.type_error(&format!("wrong argument type {t} (expected Range)")));
            };
            if !e.is_nil() && excl {
                return Err(vm.arg_error("cannot clamp with an exclusive range"));
            }
            (b, e)
        }
        [min, max] => (min, max),
        _ => {
            let n = args.len();
            let msg = format!("wrong number of arguments (given {n}, expected 1..2)");
            return Err(vm.arg_error(&msg));
        }
    };
    if !min.is_nil() && !max.is_nil() && compare(vm, min, max)? == Ordering::Greater {
        return Err(vm.arg_error("min argument must be smaller than max argument"));
    }
    if !min.is_nil() {
        match compare(vm, x, min)? {
            Ordering::Equal => return Ok(x),
            Ordering::Less => return Ok(min),
            Ordering::Greater => {}
        }
    }
    if !max.is_nil() && compare(vm, x, max)? == Ordering::Greater {
        return Ok(max);
    }
    Ok(x)
}

pub fn init(vm: &mut Vm) {
    let m = cls::COMPARABLE;
    vm.def_builtin(m, "==", 1, |vm, x, a, _| {
        let y = a[0];
        if x == y {
            return Ok(Value::TRUE);
        }
        let c = vm.funcall(x, sym::CMP, &[y], None)?;
        if c.is_nil() {
            return Ok(Value::FALSE);
        }
        Ok(Value::bool(cmpint(vm, c, x, y)? == Ordering::Equal))
    });
    vm.def_builtin(m, ">", 1, |vm, x, a, _| relop(vm, x, a[0], Ordering::is_gt));
    vm.def_builtin(m, ">=", 1, |vm, x, a, _| {
        relop(vm, x, a[0], Ordering::is_ge)
    });
    vm.def_builtin(m, "<", 1, |vm, x, a, _| relop(vm, x, a[0], Ordering::is_lt));
    vm.def_builtin(m, "<=", 1, |vm, x, a, _| {
        relop(vm, x, a[0], Ordering::is_le)
    });
    vm.def_builtin(m, "between?", 2, |vm, x, a, _| {
        let ok =
            compare(vm, x, a[0])? != Ordering::Less && compare(vm, x, a[1])? != Ordering::Greater;
        Ok(Value::bool(ok))
    });
    vm.def_builtin(m, "clamp", -1, |vm, x, a, _| clamp(vm, x, a));
}
