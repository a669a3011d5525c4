//! BigDecimal#power and #** (BigDecimal_power): integer exponents by
//! repeated squaring (`real::power_by_int`), the special values (zero,
//! infinity, a Bignum exponent) as the C code, and a non-integral
//! exponent through BigMath.log and BigMath.exp (the Ruby half).

use crate::interp::{VResult, Vm};
use crate::value::Value;

use super::real::{self, BASE_FIG, DOUBLE_FIG, Real};
use super::{OrRaise, check_get, real_of, text, vp_value, wrap};

/// `VpCreateRbObject(n, str)` checked.
fn create(vm: &mut Vm, n: usize, s: &str) -> VResult {
    let r = text::alloc(n, s.as_bytes(), true, true).or_raise(vm)?;
    check_get(vm, r.unwrap_or_else(|| Real::with_words(1)))
}

fn special(vm: &mut Vm, n: usize, f: impl FnOnce(&mut Real)) -> VResult {
    let mut y = real::alloc_zero(n, true);
    f(&mut y);
    check_get(vm, y)
}

fn is_negative(vm: &mut Vm, x: Value) -> Result<bool, crate::object::Unwind> {
    if let Some(n) = x.as_fixnum() {
        return Ok(n < 0);
    }
    if let Some(b) = crate::builtins::integer::to_big(x) {
        return Ok(b.sign() == num_bigint::Sign::Minus);
    }
    if let Some(d) = crate::builtins::float::to_f64_strict(x) {
        return Ok(d < 0.0);
    }
    let r = vm.funcall(x, crate::intern!("<"), &[Value::int(0)], None)?;
    Ok(r.truthy())
}

fn is_even(x: Value) -> bool {
    crate::builtins::integer::to_big(x).is_some_and(|b| !b.bit(0))
}

fn is_zero(vm: &mut Vm, x: Value) -> Result<bool, crate::object::Unwind> {
    if let Some(n) = x.as_fixnum() {
        return Ok(n == 0);
    }
    if crate::builtins::integer::is_integer(x) {
        return Ok(false);
    }
    let r = vm.funcall(x, crate::intern!("=="), &[Value::int(0)], None)?;
    Ok(r.truthy())
}

fn is_one(vm: &mut Vm, x: Value) -> Result<bool, crate::object::Unwind> {
    if let Some(n) = x.as_fixnum() {
        return Ok(n == 1);
    }
    if crate::builtins::integer::is_integer(x) {
        return Ok(false);
    }
    let r = vm.funcall(x, crate::intern!("=="), &[Value::int(1)], None)?;
    Ok(r.truthy())
}

pub fn power(vm: &mut Vm, s: Value, vexp: Value, prec: Value) -> VResult {
    // The exponent's conversions are held across calls into Ruby.
    let mark = vm.roots_len();
    let r = power_rooted(vm, s, vexp, prec);
    vm.truncate_roots(mark);
    r
}

fn power_rooted(vm: &mut Vm, s: Value, vexp: Value, prec: Value) -> VResult {
    let x = real_of(s).unwrap_or_else(|| Real::with_words(1));
    let mut n: isize = if prec.is_nil() {
        (x.prec * BASE_FIG) as isize
    } else {
        crate::builtins::int_arg(vm, prec)? as isize
    };
    let nn = |n: isize| n.max(0) as usize;
    if x.is_nan() {
        return special(vm, nn(n), |y| y.set_nan());
    }
    let mut vexp = vexp;
    let mut exp: Option<Value> = None;
    loop {
        if crate::builtins::integer::is_integer(vexp) {
            break;
        }
        if let Some(d) = crate::builtins::float::to_f64_strict(vexp) {
            if d == d.round() {
                let b = <num_bigint::BigInt as num_traits::FromPrimitive>::from_f64(d)
                    .unwrap_or_default();
                vexp = vm.bignum_value(b);
                vm.push_root(vexp);
                continue;
            }
            if prec.is_nil() {
                n += DOUBLE_FIG as isize;
            }
            let r = vp_value(vm, vexp, Some(0), true)?.unwrap_or_else(|| Real::with_words(1));
            let e = wrap(vm, r);
            vm.push_root(e);
            exp = Some(e);
            break;
        }
        if super::is_rational(vm, vexp) {
            let num = vm.funcall(vexp, crate::intern!("numerator"), &[], None)?;
            vm.push_root(num);
            let den = vm.funcall(vexp, crate::intern!("denominator"), &[], None)?;
            vm.push_root(den);
            if is_zero(vm, num)? {
                if !is_negative(vm, vexp)? {
                    vexp = Value::int(0);
                    continue;
                }
            } else if is_one(vm, den)? {
                vexp = num;
                continue;
            }
            let r = vp_value(vm, vexp, Some(nn(n)), true)?.unwrap_or_else(|| Real::with_words(1));
            let e = wrap(vm, r);
            vm.push_root(e);
            exp = Some(e);
            if prec.is_nil() {
                n += n;
            }
            break;
        }
        if let Some(e) = real_of(vexp) {
            let zero = Value::int(0);
            let rounded = vm.funcall(vexp, crate::intern!("round"), &[zero], None)?;
            let eq = vm.funcall(vexp, crate::intern!("=="), &[rounded], None)?;
            if eq.truthy() {
                vexp = vm.funcall(vexp, crate::intern!("to_i"), &[], None)?;
                vm.push_root(vexp);
                continue;
            }
            if prec.is_nil() {
                n += (e.prec * BASE_FIG) as isize;
            }
            exp = Some(vexp);
            break;
        }
        let c = vm.class_name(vm.real_class_of(vexp));
        return Err(vm.type_error(&format!(
            "wrong argument type {c} (expected scalar Numeric)"
        )));
    }
    let n = nn(n);
    if x.is_zero() {
        if is_negative(vm, vexp)? {
            let neg_x = x.is_negative();
            let int = crate::builtins::integer::is_integer(vexp);
            let even = is_even(vexp);
            return special(vm, n, |y| {
                if neg_x && int && !even {
                    y.set_inf(-1);
                } else {
                    y.set_inf(1);
                }
            });
        }
        if is_zero(vm, vexp)? {
            return create(vm, n, "1");
        }
        return create(vm, n, "0");
    }
    if is_zero(vm, vexp)? {
        return create(vm, n, "1");
    }
    if is_one(vm, vexp)? {
        return Ok(s);
    }
    if x.is_inf() {
        let int = crate::builtins::integer::is_integer(vexp);
        let even = is_even(vexp);
        if is_negative(vm, vexp)? {
            if x.is_negative() {
                if int && even {
                    return create(vm, n, "0");
                }
                return create(vm, n, "-0");
            }
            return create(vm, n, "0");
        }
        if x.is_negative() {
            if !int {
                return Err(crate::builtins::integer::math_domain(
                    vm,
                    "a non-integral exponent for a negative base",
                ));
            }
            return special(vm, n, |y| y.set_inf(if even { 1 } else { -1 }));
        }
        return special(vm, n, |y| y.set_inf(1));
    }
    if let Some(e) = exp {
        return power_by_bigdecimal(vm, s, e, n);
    }
    let Some(int_exp) = vexp.as_fixnum() else {
        // A Bignum exponent.
        let abs = vm.funcall(s, crate::intern!("abs"), &[], None)?;
        vm.push_root(abs);
        if is_one(vm, abs)? {
            return create(vm, n, "1");
        }
        let lt1 = vm
            .funcall(abs, crate::intern!("<"), &[Value::int(1)], None)?
            .truthy();
        let neg_e = is_negative(vm, vexp)?;
        let even = is_even(vexp);
        let sign = x.get_sign();
        if (lt1 && neg_e) || (!lt1 && !neg_e) {
            return special(vm, n, |y| y.set_inf(if even { sign } else { -sign }));
        }
        if x.is_negative() && even {
            return create(vm, n, "-0");
        }
        return create(vm, n, "0");
    };
    let ma = int_exp.unsigned_abs().max(1) as usize;
    let mut y = if x.is_def() {
        let mp = x.prec * (BASE_FIG + 1);
        real::alloc_zero(mp.saturating_mul(ma + 1), false)
    } else {
        real::alloc_zero(1, false)
    };
    real::power_by_int(&mut y, &x, int_exp).or_raise(vm)?;
    if !prec.is_nil() && y.is_def() {
        real::mid_round(&mut y, real::round_mode(), n as isize).or_raise(vm)?;
    }
    check_get(vm, y)
}

/// bigdecimal_power_by_bigdecimal: exp(e × log(x)).
fn power_by_bigdecimal(vm: &mut Vm, x: Value, e: Value, n: usize) -> VResult {
    if real_of(e).is_some_and(|r| r.is_zero()) {
        return create(vm, n, "1");
    }
    let bigmath = vm
        .const_in_ancestors(crate::class::cls::OBJECT, crate::intern!("BigMath"))
        .unwrap_or(Value::NIL);
    let n1 = Value::int(n as i64 + 1);
    let log_x = vm.funcall(bigmath, crate::intern!("log"), &[x, n1], None)?;
    let multiplied = vm.funcall(e, crate::intern!("mult"), &[log_x, n1], None)?;
    vm.funcall(
        bigmath,
        crate::intern!("exp"),
        &[multiplied, Value::int(n as i64)],
        None,
    )
}
