//! BigDecimal's Ruby methods (bigdecimal.c's BigDecimal_* functions):
//! each converts its operands as the C function does, allocates its
//! result with the C function's size, and runs the `real` routine.

use std::rc::Rc;

use crate::builtins::integer::{coerce_bin, coerce_cmp, coerce_relop};
use crate::class::cls;
use crate::interp::{BuiltinFn, VResult, Vm};
use crate::object::{BlockArg, Unwind};
use crate::value::{Value, symbol::intern};

use super::real::{
    self, BASE, BASE_FIG, DOUBLE_FIG, ROUND_CEIL, ROUND_DOWN, ROUND_FLOOR, ROUND_HALF_DOWN,
    ROUND_HALF_EVEN, ROUND_HALF_UP, ROUND_UP, Real,
};
use super::{OrRaise, check_exception, check_get, real_of, text, vp_value, wrap};

type B = Option<Rc<BlockArg>>;

/// `self` as a Real (GetVpValue(self, 1)).
fn me(vm: &mut Vm, s: Value) -> Result<Real, Unwind> {
    match real_of(s) {
        Some(r) => Ok(r),
        None => Err(super::cannot_coerce(vm, s)),
    }
}

/// NUM2INT.
fn num2int(vm: &mut Vm, v: Value) -> Result<i64, Unwind> {
    let n = crate::builtins::int_arg(vm, v)?;
    if n < i32::MIN as i64 || n > i32::MAX as i64 {
        let kind = if n < 0 { "small" } else { "big" };
        return Err(vm.error(
            vm.e.range_error,
            &format!("integer {n} too {kind} to convert to `int'"),
        ));
    }
    Ok(n)
}

/// GetPrecisionInt: a non-negative int.
fn prec_int(vm: &mut Vm, v: Value) -> Result<usize, Unwind> {
    let n = num2int(vm, v)?;
    if n < 0 {
        return Err(vm.arg_error("negative precision"));
    }
    Ok(n as usize)
}

/// BigDecimal_count_precision_and_scale.
pub fn precision_scale(p: &Real) -> (isize, isize) {
    if p.is_zero() || !p.is_def() {
        return (0, 0);
    }
    let fig = BASE_FIG as isize;
    let mut n = p.prec;
    while n > 0 && p.frac[n - 1] == 0 {
        n -= 1;
    }
    if n == 0 {
        return (0, 0);
    }
    let mut nlz = fig;
    let mut x = p.frac[0];
    while x > 0 {
        nlz -= 1;
        x /= 10;
    }
    let mut ntz = 0;
    let mut x = p.frac[n - 1];
    while x > 0 && x.is_multiple_of(10) {
        ntz += 1;
        x /= 10;
    }
    let n = n as isize;
    let mut ex = p.exponent;
    let mut head = fig;
    if ex < 0 {
        head += -ex * fig;
        ex = 0;
    } else if ex > 0 {
        head -= nlz;
    }
    let mut precision = head;
    if ex > n {
        precision += (ex - 1) * fig;
    } else if n > 0 {
        precision += (n - 1) * fig;
        if ex < n {
            precision -= ntz;
        }
    }
    let scale = if p.exponent < 0 {
        head + (n - 1) * fig - ntz
    } else if n > p.exponent {
        (n - p.exponent) * fig - ntz
    } else {
        0
    };
    (precision, scale)
}

/// The right operand of `+`, `-`, `*`: a Float at its shortest digits, a
/// Rational to self's precision, other numbers as they are; None to coerce.
fn operand(vm: &mut Vm, a: &Real, r: Value) -> Result<Option<Real>, Unwind> {
    if super::is_float(r) {
        vp_value(vm, r, Some(0), true)
    } else if super::is_rational(vm, r) {
        vp_value(vm, r, Some(a.prec * BASE_FIG), true)
    } else {
        vp_value(vm, r, None, false)
    }
}

/// GetAddSubPrec: None when an operand is NaN or infinite.
fn add_sub_prec(a: &Real, b: &Real) -> Result<Option<usize>, real::VpErr> {
    if !a.is_def() || !b.is_def() {
        return Ok(None);
    }
    let mut mx = a.prec.max(b.prec);
    if a.exponent != b.exponent {
        let d = (a.exponent - b.exponent).unsigned_abs();
        match mx.checked_add(d) {
            Some(m) => mx = m,
            None => {
                real::exception(real::EXCEPTION_INFINITY, "Exponent overflow", false)?;
                return Ok(Some(0));
            }
        }
    }
    Ok(Some(mx))
}

fn add_or_sub(vm: &mut Vm, s: Value, r: Value, sign: isize) -> VResult {
    let a = me(vm, s)?;
    let Some(b) = operand(vm, &a, r)? else {
        return coerce_bin(vm, s, r, if sign > 0 { "+" } else { "-" });
    };
    if b.is_nan() {
        return Ok(wrap(vm, b));
    }
    if a.is_nan() {
        return Ok(s);
    }
    let mx = add_sub_prec(&a, &b).or_raise(vm)?;
    let mut c;
    match mx {
        None => {
            c = real::alloc_zero(BASE_FIG + 1, false);
            real::add_sub(&mut c, &a, &b, sign).or_raise(vm)?;
        }
        Some(mx) => {
            c = real::alloc_zero(mx * (BASE_FIG + 1), false);
            if mx == 0 {
                c.set_inf(a.get_sign());
            } else {
                real::add_sub(&mut c, &a, &b, sign).or_raise(vm)?;
            }
        }
    }
    check_get(vm, c)
}

fn add(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    add_or_sub(vm, s, a[0], 1)
}

fn sub(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    add_or_sub(vm, s, a[0], -1)
}

fn mult(vm: &mut Vm, s: Value, args: &[Value], _: B) -> VResult {
    let a = me(vm, s)?;
    let r = args[0];
    let Some(b) = operand(vm, &a, r)? else {
        return coerce_bin(vm, s, r, "*");
    };
    let mx = a.prec + b.prec;
    let mut c = real::alloc_zero(mx * (BASE_FIG + 1), false);
    real::mult(&mut c, &a, &b).or_raise(vm)?;
    check_get(vm, c)
}

/// The divisor of `/`, `divmod` and friends: an Integer by its words, a
/// Float at its shortest digits, a Rational to self's precision.
fn divisor(vm: &mut Vm, a: &Real, r: Value) -> Result<Option<Real>, Unwind> {
    if let Some(b) = real_of(r) {
        return Ok(Some(b));
    }
    if crate::builtins::integer::is_integer(r) {
        return Ok(Some(super::int_to_real(vm, r)?));
    }
    if let Some(d) = crate::builtins::float::to_f64_strict(r) {
        return super::float_to_real(vm, d, Some(0), true);
    }
    if super::is_rational(vm, r) {
        return super::rational_to_real(vm, r, Some(a.prec * BASE_FIG), true);
    }
    Ok(None)
}

/// BigDecimal_divide + BigDecimal_div: `self / r` rounded in its last word.
fn div(vm: &mut Vm, s: Value, args: &[Value], _: B) -> VResult {
    divide(vm, s, args[0])
}

fn divide(vm: &mut Vm, s: Value, r: Value) -> VResult {
    let a = me(vm, s)?;
    let Some(b) = divisor(vm, &a, r)? else {
        return coerce_bin(vm, s, r, "/");
    };
    let (a_prec, _) = precision_scale(&a);
    let (b_prec, _) = precision_scale(&b);
    let mx = (a_prec.max(b_prec) as usize).max(2 * DOUBLE_FIG);
    let mut c = real::alloc_zero(mx + 2 * BASE_FIG, true);
    let mut res = real::alloc_zero(mx * 2 + 2 * BASE_FIG, true);
    real::divd(&mut c, &mut res, &a, &b).or_raise(vm)?;
    if b.has_val() {
        let last = c.frac[c.prec - 1];
        let v = (BASE as u64 * res.frac[0] as u64 / b.frac[0] as u64) as u32;
        real::internal_round(&mut c, 0, last, v).or_raise(vm)?;
    }
    check_get(vm, c)
}

fn quo(vm: &mut Vm, s: Value, args: &[Value], _: B) -> VResult {
    if args.is_empty() || args.len() > 2 {
        return Err(vm.argc_error(args.len(), 1, 2));
    }
    let n = match args.get(1) {
        Some(&d) => prec_int(vm, d)?,
        None => 0,
    };
    if n > 0 {
        div2(vm, s, args[0], args[1])
    } else {
        divide(vm, s, args[0])
    }
}

/// BigDecimal_DoDivmod: (quotient floored, modulo), or None to coerce.
fn do_divmod(vm: &mut Vm, s: Value, r: Value) -> Result<Option<(Real, Real)>, Unwind> {
    let a = me(vm, s)?;
    let Some(b) = divisor(vm, &a, r)? else {
        return Ok(None);
    };
    let nan = || super::special(real::SIGN_NAN);
    let zero = || {
        let mut z = Real::with_words(2);
        z.set_zero(1);
        z
    };
    if a.is_nan() || b.is_nan() || (a.is_inf() && b.is_inf()) {
        return Ok(Some((nan(), nan())));
    }
    if b.is_zero() {
        return Err(vm.error(vm.e.zero_division_error, "divided by 0"));
    }
    if a.is_inf() {
        let sign = if a.get_sign() == b.get_sign() {
            real::SIGN_POSITIVE_INFINITE
        } else {
            real::SIGN_NEGATIVE_INFINITE
        };
        return Ok(Some((super::special(sign), nan())));
    }
    if b.is_inf() {
        // C leaves the modulo unset here; `divmod` then reads the
        // dividend's (self).
        return Ok(Some((zero(), a.clone())));
    }
    if a.is_zero() {
        return Ok(Some((zero(), zero())));
    }
    let (a_prec, _) = precision_scale(&a);
    let (b_prec, _) = precision_scale(&b);
    let mx = (a_prec.max(b_prec) as usize).max(2 * DOUBLE_FIG);
    let mut c = real::alloc_zero(mx + 2 * BASE_FIG, false);
    let mut res = real::alloc_zero(mx * 2 + 2 * BASE_FIG, true);
    real::divd(&mut c, &mut res, &a, &b).or_raise(vm)?;
    let mx = c.prec * BASE_FIG;
    let mut d = real::alloc_zero(mx, false);
    real::active_round(&mut d, &c, ROUND_DOWN, 0).or_raise(vm)?;
    real::mult(&mut res, &d, &b).or_raise(vm)?;
    let rr = res.clone();
    real::add_sub(&mut c, &a, &rr, -1).or_raise(vm)?;
    if !c.is_zero() && a.get_sign() * b.get_sign() < 0 {
        res.max_prec = d.max_prec;
        res.fit();
        real::add_sub(&mut res, &d, &real::one(), -1).or_raise(vm)?;
        let prec = add_sub_prec(&c, &b).or_raise(vm)?.unwrap_or(usize::MAX);
        let mut m = real::alloc_zero(prec.saturating_mul(2 * BASE_FIG), false);
        real::add_sub(&mut m, &c, &b, 1).or_raise(vm)?;
        return Ok(Some((res, m)));
    }
    Ok(Some((d, c)))
}

fn modulo(vm: &mut Vm, s: Value, args: &[Value], _: B) -> VResult {
    match do_divmod(vm, s, args[0])? {
        Some((_, m)) => check_get(vm, m),
        None => coerce_bin(vm, s, args[0], "%"),
    }
}

fn divmod(vm: &mut Vm, s: Value, args: &[Value], _: B) -> VResult {
    match do_divmod(vm, s, args[0])? {
        Some((d, m)) => {
            let d = check_get(vm, d)?;
            let m = check_get(vm, m)?;
            Ok(vm.ary_new(vec![d, m]))
        }
        None => coerce_bin(vm, s, args[0], "divmod"),
    }
}

/// BigDecimal_divremain + remainder: x - y * (x / y).truncate.
fn remainder(vm: &mut Vm, s: Value, args: &[Value], _: B) -> VResult {
    let a = me(vm, s)?;
    let r = args[0];
    let Some(b) = operand(vm, &a, r)? else {
        return coerce_bin(vm, s, r, "remainder");
    };
    let mx = (a.max_prec + b.max_prec) * BASE_FIG;
    let mut c = real::alloc_zero(mx, false);
    let size = (mx + 1) * 2 + (BASE_FIG + 1);
    let mut res = real::alloc_zero(size, true);
    let mut rr = real::alloc_zero(size, true);
    let mut ff = real::alloc_zero(size, true);
    real::divd(&mut c, &mut res, &a, &b).or_raise(vm)?;
    let mx = c.prec * (BASE_FIG + 1);
    let mut d = real::alloc_zero(mx, false);
    let mut f = real::alloc_zero(mx, false);
    real::active_round(&mut d, &c, ROUND_DOWN, 0).or_raise(vm)?;
    real::frac(&mut f, &c).or_raise(vm)?;
    real::mult(&mut rr, &f, &b).or_raise(vm)?;
    real::add_sub(&mut ff, &res, &rr, 1).or_raise(vm)?;
    check_get(vm, ff)
}

/// BigDecimal_div2: `div(value, digits)`; digits nil is the floored
/// Integer quotient.
pub fn div2(vm: &mut Vm, s: Value, b: Value, n: Value) -> VResult {
    if n.is_nil() {
        return match do_divmod(vm, s, b)? {
            Some((d, _)) => {
                let d = check_get(vm, d)?;
                to_i(vm, d, &[], None)
            }
            None => coerce_bin(vm, s, b, "div"),
        };
    }
    let ix = prec_int(vm, n)?;
    if ix == 0 {
        return divide(vm, s, b);
    }
    let pl = real::set_prec_limit(0);
    let r = (|| -> VResult {
        let mut cv = real::alloc_zero(ix + BASE_FIG * 2 + BASE_FIG, false);
        let av = me(vm, s)?;
        let b_prec = if super::is_float(b) && ix > DOUBLE_FIG {
            DOUBLE_FIG
        } else {
            ix
        };
        let bv = vp_value(vm, b, Some(b_prec), true)?.unwrap_or_else(|| Real::with_words(1));
        let mut mx = av.prec + bv.prec + 2;
        if mx <= cv.max_prec {
            mx = cv.max_prec + 1;
        }
        let mut res = real::alloc_zero((mx * 2 + 2) * BASE_FIG, true);
        real::divd(&mut cv, &mut res, &av, &bv).or_raise(vm)?;
        Ok(wrap(vm, cv))
    })();
    real::set_prec_limit(pl);
    let mut cv = real_of(r?).unwrap_or_else(|| Real::with_words(1));
    real::left_round(&mut cv, real::round_mode(), ix as isize).or_raise(vm)?;
    check_get(vm, cv)
}

fn div3(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    if a.is_empty() || a.len() > 2 {
        return Err(vm.argc_error(a.len(), 1, 2));
    }
    div2(vm, s, a[0], a.get(1).copied().unwrap_or(Value::NIL))
}

/// add/sub/mult with a digit count: the operation without the precision
/// limit, then rounded to `n` significant digits.
fn with_digits(vm: &mut Vm, s: Value, a: &[Value], op: BuiltinFn) -> VResult {
    let mx = prec_int(vm, a[1])?;
    if mx == 0 {
        return op(vm, s, &a[..1], None);
    }
    let pl = real::set_prec_limit(0);
    let c = op(vm, s, &a[..1], None);
    real::set_prec_limit(pl);
    let c = c?;
    let Some(mut cv) = real_of(c) else {
        return Err(super::cannot_coerce(vm, c));
    };
    real::left_round(&mut cv, real::round_mode(), mx as isize).or_raise(vm)?;
    check_get(vm, cv)
}

fn add2(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    with_digits(vm, s, a, add)
}
fn sub2(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    with_digits(vm, s, a, sub)
}
fn mult2(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    with_digits(vm, s, a, mult)
}

fn neg(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let a = me(vm, s)?;
    let mut c = real::alloc_zero(a.prec * (BASE_FIG + 1), false);
    real::asgn(&mut c, &a, -1).or_raise(vm)?;
    check_get(vm, c)
}

fn uplus(_: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    Ok(s)
}

fn abs(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let a = me(vm, s)?;
    let mut c = real::alloc_zero(a.prec * (BASE_FIG + 1), false);
    real::asgn(&mut c, &a, 1).or_raise(vm)?;
    c.change_sign(1);
    check_get(vm, c)
}

fn sqrt(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    let mut mx = x.prec * (BASE_FIG + 1);
    let n = prec_int(vm, a[0])? + DOUBLE_FIG + BASE_FIG;
    if mx <= n {
        mx = n;
    }
    let mut c = real::alloc_zero(mx, false);
    real::sqrt(&mut c, &x).or_raise(vm)?;
    check_get(vm, c)
}

fn fix(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let a = me(vm, s)?;
    let mut c = real::alloc_zero(a.prec * (BASE_FIG + 1), false);
    real::active_round(&mut c, &a, ROUND_DOWN, 0).or_raise(vm)?;
    check_get(vm, c)
}

fn frac(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let a = me(vm, s)?;
    let mut c = real::alloc_zero(a.prec * (BASE_FIG + 1), false);
    real::frac(&mut c, &a).or_raise(vm)?;
    check_get(vm, c)
}

/// The rounding mode named by a Symbol or given as a number.
fn rounding_mode_arg(vm: &mut Vm, v: Value) -> Result<u16, Unwind> {
    if let Some(sym) = v.as_symbol() {
        return match &*crate::value::symbol::name(sym) {
            "up" => Ok(ROUND_UP),
            "down" | "truncate" => Ok(ROUND_DOWN),
            "half_up" | "default" => Ok(ROUND_HALF_UP),
            "half_down" => Ok(ROUND_HALF_DOWN),
            "half_even" | "banker" => Ok(ROUND_HALF_EVEN),
            "ceiling" | "ceil" => Ok(ROUND_CEIL),
            "floor" => Ok(ROUND_FLOOR),
            _ => Err(vm.arg_error("invalid rounding mode")),
        };
    }
    let n = crate::builtins::int_arg(vm, v)?;
    if !(0..=u16::MAX as i64).contains(&n) || !real::is_round_mode(n as u16) {
        return Err(vm.arg_error("invalid rounding mode"));
    }
    Ok(n as u16)
}

/// check_rounding_mode_option: `half: :up / :even / :down`.
fn half_option(vm: &mut Vm, opts: Value) -> Result<u16, Unwind> {
    let key = Value::symbol(crate::intern!("half"));
    let mode = vm.funcall(opts, crate::intern!("[]"), &[key], None)?;
    if mode.is_nil() {
        return Ok(real::round_mode());
    }
    let s = if let Some(sym) = mode.as_symbol() {
        Some(crate::value::symbol::name(sym).to_string())
    } else if vm.is_string(mode) {
        Some(vm.string_lossy(mode))
    } else {
        None
    };
    match s.as_deref().map(str::to_ascii_lowercase).as_deref() {
        Some("up") => Ok(ROUND_HALF_UP),
        Some("even") => Ok(ROUND_HALF_EVEN),
        Some("down") => Ok(ROUND_HALF_DOWN),
        _ => {
            let shown = match s {
                Some(s) => s,
                None => vm.inspect(mode)?,
            };
            Err(vm.arg_error(&format!("invalid rounding mode: {shown}")))
        }
    }
}

fn is_hash(v: Value) -> bool {
    v.is_heap()
        && matches!(
            &*crate::gc::obj(v).body.borrow(),
            crate::object::Body::Hash(_)
        )
}

fn round(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    if a.len() > 2 {
        return Err(vm.argc_error(a.len(), 0, 2));
    }
    let mut sw = real::round_mode();
    let mut i_loc = 0;
    let mut to_int = false;
    match a.len() {
        0 => to_int = true,
        1 => {
            if is_hash(a[0]) {
                sw = half_option(vm, a[0])?;
            } else {
                i_loc = num2int(vm, a[0])?;
                if i_loc < 1 {
                    to_int = true;
                }
            }
        }
        _ => {
            i_loc = num2int(vm, a[0])?;
            sw = if is_hash(a[1]) {
                half_option(vm, a[1])?
            } else {
                rounding_mode_arg(vm, a[1])?
            };
        }
    }
    let pl = real::set_prec_limit(0);
    let x = me(vm, s);
    let x = match x {
        Ok(x) => x,
        Err(e) => {
            real::set_prec_limit(pl);
            return Err(e);
        }
    };
    let mut c = real::alloc_zero(x.prec * (BASE_FIG + 1), false);
    real::set_prec_limit(pl);
    real::active_round(&mut c, &x, sw, i_loc as isize).or_raise(vm)?;
    let c = check_get(vm, c)?;
    if to_int {
        return to_i(vm, c, &[], None);
    }
    Ok(c)
}

/// truncate, floor, ceil: rounding by a fixed mode; without an argument
/// the result is an Integer.
fn round_by(vm: &mut Vm, s: Value, a: &[Value], mode: u16) -> VResult {
    if a.len() > 1 {
        return Err(vm.argc_error(a.len(), 0, 1));
    }
    let i_loc = match a.first() {
        Some(&v) => num2int(vm, v)?,
        None => 0,
    };
    let x = me(vm, s)?;
    let pl = real::set_prec_limit(0);
    let mut c = real::alloc_zero(x.prec * (BASE_FIG + 1), false);
    real::set_prec_limit(pl);
    real::active_round(&mut c, &x, mode, i_loc as isize).or_raise(vm)?;
    let c = check_get(vm, c)?;
    if a.is_empty() {
        return to_i(vm, c, &[], None);
    }
    Ok(c)
}

fn truncate(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    round_by(vm, s, a, ROUND_DOWN)
}
fn floor(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    round_by(vm, s, a, ROUND_FLOOR)
}
fn ceil(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    round_by(vm, s, a, ROUND_CEIL)
}

/// `to_s([fmt])`: "E" (default) or "F" notation, a leading ' ' or '+'
/// for positive values, digits grouped by a count.
fn to_s(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    if a.len() > 1 {
        return Err(vm.argc_error(a.len(), 0, 1));
    }
    let x = me(vm, s)?;
    let mut f_fmt = false;
    let mut plus = 0;
    let mut mc: usize = 0;
    if let Some(&f) = a.first() {
        if vm.is_string(f) {
            let b = vm.string_bytes(f);
            let mut k = 0;
            if b.first() == Some(&b' ') {
                plus = 1;
                k = 1;
            } else if b.first() == Some(&b'+') {
                plus = 2;
                k = 1;
            }
            while k < b.len() {
                let ch = b[k];
                k += 1;
                if ch.is_ascii_whitespace() {
                    continue;
                }
                if !ch.is_ascii_digit() {
                    if ch == b'F' || ch == b'f' {
                        f_fmt = true;
                    }
                    break;
                }
                mc = mc.wrapping_mul(10).wrapping_add((ch - b'0') as usize);
            }
        } else {
            let m = num2int(vm, f)?;
            if m <= 0 {
                return Err(vm.arg_error("argument must be positive"));
            }
            mc = m as usize;
        }
    }
    let out = if f_fmt {
        text::to_f_string(&x, mc, plus)
    } else {
        text::to_e_string(&x, mc, plus)
    };
    let v = vm.str_new(&out);
    crate::builtins::string::force_encoding_name(v, "US-ASCII");
    Ok(v)
}

fn inspect(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    Ok(vm.str_new(&text::to_e_string(&x, 0, 0)))
}

fn split(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    let mut digits = text::split_digits(&x);
    let mut sign = 1;
    if let Some(d) = digits.strip_prefix('-') {
        digits = d.to_string();
        sign = -1;
    }
    if digits.starts_with('N') {
        sign = 0;
    }
    let d = vm.str_new(&digits);
    let e = Value::int(real::exponent10(&x) as i64);
    Ok(vm.ary_new(vec![Value::int(sign), d, Value::int(10), e]))
}

fn exponent(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    Ok(Value::int(real::exponent10(&x) as i64))
}

fn sign(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    Ok(Value::int(x.sign as i64))
}

fn precision(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    Ok(Value::int(precision_scale(&x).0 as i64))
}

fn scale(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    Ok(Value::int(precision_scale(&x).1 as i64))
}

fn precision_scale_m(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    let (p, sc) = precision_scale(&x);
    Ok(vm.ary_new(vec![Value::int(p as i64), Value::int(sc as i64)]))
}

fn n_significant_digits(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    if x.is_zero() || !x.is_def() {
        return Ok(Value::int(0));
    }
    Ok(Value::int(text::mantissa_digits(&x).len() as i64))
}

fn precs(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    let a = Value::int((x.prec * BASE_FIG) as i64);
    let b = Value::int((x.max_prec * BASE_FIG) as i64);
    Ok(vm.ary_new(vec![a, b]))
}

/// `to_i`: NaN and Infinity raise FloatDomainError.
fn to_i(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    check_exception(&x, true).or_raise(vm)?;
    let e = real::exponent10(&x);
    if e <= 0 {
        return Ok(Value::int(0));
    }
    if e <= BASE_FIG as isize {
        return Ok(Value::int(x.get_sign() as i64 * x.frac[0] as i64));
    }
    let digits = text::mantissa_digits(&x);
    let mut n: num_bigint::BigInt = digits.parse().unwrap_or_default();
    if x.is_negative() {
        n = -n;
    }
    let dpower = e - digits.len() as isize;
    let ten = num_bigint::BigInt::from(10);
    let r = if dpower < 0 {
        num_integer::Integer::div_floor(&n, &num_traits::pow(ten, (-dpower) as usize))
    } else {
        n * num_traits::pow(ten, dpower as usize)
    };
    Ok(vm.bignum_value(r))
}

fn to_r(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    check_exception(&x, true).or_raise(vm)?;
    let digits = text::split_digits(&x);
    let digits = digits.trim_start_matches('-');
    let power = real::exponent10(&x);
    let denomi_power = power - digits.len() as isize;
    let mut n: num_bigint::BigInt = digits.parse().unwrap_or_default();
    if x.is_negative() {
        n = -n;
    }
    let ten = num_bigint::BigInt::from(10);
    let (num, den) = if denomi_power < 0 {
        (n, num_traits::pow(ten, (-denomi_power) as usize))
    } else {
        (
            n * num_traits::pow(ten, denomi_power as usize),
            num_bigint::BigInt::from(1),
        )
    };
    let num = vm.bignum_value(num);
    let den = vm.bignum_value(den);
    vm.funcall(Value::NIL, crate::intern!("Rational"), &[num, den], None)
}

fn to_f(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    let (d, e) = real::vtod(&x);
    if !x.is_def() || x.is_zero() {
        return Ok(vm.float_new(d));
    }
    let overflow = |vm: &mut Vm| -> VResult {
        real::exception(
            real::EXCEPTION_OVERFLOW,
            "BigDecimal to Float conversion",
            false,
        )
        .or_raise(vm)?;
        Ok(vm.float_new(if x.is_negative() {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }))
    };
    let underflow = |vm: &mut Vm| -> VResult {
        real::exception(
            real::EXCEPTION_UNDERFLOW,
            "BigDecimal to Float conversion",
            false,
        )
        .or_raise(vm)?;
        Ok(vm.float_new(if x.is_negative() { -0.0 } else { 0.0 }))
    };
    if e > 308 + BASE_FIG as isize {
        return overflow(vm);
    }
    if e < -307 - BASE_FIG as isize {
        return underflow(vm);
    }
    let text = text::to_e_string(&x, 0, 0);
    let d: f64 = text.parse().unwrap_or(0.0);
    if d == 0.0 {
        return underflow(vm);
    }
    if d.is_infinite() {
        return overflow(vm);
    }
    Ok(vm.float_new(d))
}

fn coerce(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let other = a[0];
    let x = me(vm, s)?;
    let b = if super::is_float(other) {
        vp_value(vm, other, Some(0), true)?
    } else if super::is_rational(vm, other) {
        vp_value(vm, other, Some(x.prec * BASE_FIG), true)?
    } else {
        vp_value(vm, other, None, true)?
    };
    let b = match b {
        Some(b) => wrap(vm, b),
        None => return Err(super::cannot_coerce(vm, other)),
    };
    Ok(vm.ary_new(vec![b, s]))
}

/// BigDecimalCmp: `op` is one of "<=>", "==", "<", "<=", ">", ">=".
fn cmp(vm: &mut Vm, s: Value, r: Value, op: &str) -> VResult {
    let a = me(vm, s)?;
    let b = if real_of(r).is_some() || crate::builtins::integer::is_integer(r) {
        vp_value(vm, r, None, false)?
    } else if super::is_float(r) {
        vp_value(vm, r, Some(0), false)?
    } else if super::is_rational(vm, r) {
        vp_value(vm, r, Some(a.prec * BASE_FIG), false)?
    } else {
        None
    };
    let Some(b) = b else {
        return match op {
            "<=>" => coerce_cmp(vm, s, r),
            "==" => {
                if !vm.respond_to(r, crate::intern!("coerce")) {
                    return Ok(Value::FALSE);
                }
                let ary = vm.funcall(r, crate::intern!("coerce"), &[s], None)?;
                if !vm.is_array(ary) || vm.array_len(ary) != 2 {
                    return Ok(Value::FALSE);
                }
                let items = vm.array_items(ary);
                let e = vm.funcall(items[0], crate::intern!("=="), &[items[1]], None)?;
                Ok(Value::bool(e.truthy()))
            }
            _ => coerce_relop(vm, s, r, op),
        };
    };
    let Some(e) = real::comp(&a, &b) else {
        return Ok(if op == "<=>" {
            Value::NIL
        } else {
            Value::FALSE
        });
    };
    Ok(match op {
        "<=>" => Value::int(e as i64),
        "==" => Value::bool(e == 0),
        ">=" => Value::bool(e >= 0),
        ">" => Value::bool(e > 0),
        "<=" => Value::bool(e <= 0),
        _ => Value::bool(e < 0),
    })
}

fn op_cmp(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    cmp(vm, s, a[0], "<=>")
}
fn op_eq(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    cmp(vm, s, a[0], "==")
}
fn op_lt(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    cmp(vm, s, a[0], "<")
}
fn op_le(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    cmp(vm, s, a[0], "<=")
}
fn op_gt(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    cmp(vm, s, a[0], ">")
}
fn op_ge(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    cmp(vm, s, a[0], ">=")
}

fn is_zero(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    Ok(Value::bool(me(vm, s)?.is_zero()))
}
fn nonzero(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    Ok(if me(vm, s)?.is_zero() { Value::NIL } else { s })
}
fn is_nan(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    Ok(Value::bool(me(vm, s)?.is_nan()))
}
fn is_infinite(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let x = me(vm, s)?;
    Ok(if x.is_pos_inf() {
        Value::int(1)
    } else if x.is_neg_inf() {
        Value::int(-1)
    } else {
        Value::NIL
    })
}
fn is_finite(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    Ok(Value::bool(me(vm, s)?.is_def()))
}

fn hash(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    use std::hash::{Hash, Hasher};
    let x = me(vm, s)?;
    let mut h = x.sign as i64;
    if x.sign == 2 || x.sign == -2 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        x.words().hash(&mut hasher);
        h ^= (hasher.finish() >> 2) as i64;
        h = h.wrapping_add(x.exponent as i64);
    }
    Ok(Value::int(h >> 2))
}

fn same(_: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    Ok(s)
}

fn dump(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    if a.len() > 1 {
        return Err(vm.argc_error(a.len(), 0, 1));
    }
    let x = me(vm, s)?;
    let out = format!("{}:{}", x.max_prec * BASE_FIG, text::to_e_string(&x, 0, 0));
    Ok(vm.str_new(&out))
}

fn load(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    let b = crate::builtins::str_arg(vm, a[0])?;
    let mut m: usize = 0;
    let mut k = 0;
    while k < b.len() {
        let ch = b[k];
        k += 1;
        if ch == b':' {
            break;
        }
        if !ch.is_ascii_digit() {
            return Err(vm.type_error("load failed: invalid character in the marshaled string"));
        }
        m = m.wrapping_mul(10).wrapping_add((ch - b'0') as usize);
    }
    if m > BASE_FIG {
        m -= BASE_FIG;
    }
    let r = text::alloc(m, &b[k..], true, true).or_raise(vm)?;
    let mut r = r.unwrap_or_else(|| Real::with_words(1));
    m /= BASE_FIG;
    if m != 0 && r.max_prec > m {
        r.max_prec = m + 1;
        r.fit();
    }
    check_get(vm, r)
}

/// `power(n [, prec])` / `**`: integer exponents by repeated squaring;
/// the special values as the C code.
fn power(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    if a.is_empty() || a.len() > 2 {
        return Err(vm.argc_error(a.len(), 1, 2));
    }
    super::power::power(vm, s, a[0], a.get(1).copied().unwrap_or(Value::NIL))
}

fn power_op(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    super::power::power(vm, s, a[0], Value::NIL)
}

/// Kernel#BigDecimal(value [, digits], exception: true).
fn f_bigdecimal(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    let (pos, kw) = crate::builtins::string::split_kw(vm, a);
    if pos.is_empty() || pos.len() > 2 {
        return Err(vm.argc_error(pos.len(), 1, 2));
    }
    let mut exception = true;
    if let Some(e) = crate::builtins::string::kw_get(vm, kw, "exception")? {
        if e == Value::FALSE {
            exception = false;
        } else if e != Value::TRUE {
            let shown = vm.inspect(e)?;
            return Err(vm.arg_error(&format!("expected true or false as exception: {shown}")));
        }
    }
    let mut digs = None;
    if let Some(&d) = pos.get(1) {
        let d = vm.funcall(Value::NIL, crate::intern!("Integer"), &[d], None)?;
        let n = crate::builtins::integer::to_big(d).unwrap_or_default();
        if n.sign() == num_bigint::Sign::Minus {
            if !exception {
                return Ok(Value::NIL);
            }
            return Err(vm.arg_error("negative precision"));
        }
        digs = Some(num_traits::ToPrimitive::to_usize(&n).unwrap_or(usize::MAX - 1));
    }
    super::convert(vm, pos[0], digs, exception)
}

fn interpret_loosely(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    let b = crate::builtins::str_arg(vm, a[0])?;
    if b.contains(&0) {
        return Err(vm.arg_error("string contains null byte"));
    }
    match text::alloc(0, &b, false, true).or_raise(vm)? {
        Some(r) => check_get(vm, r),
        None => Ok(Value::NIL),
    }
}

/// BigDecimal.mode(which [, value]).
fn mode(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    if a.is_empty() || a.len() > 2 {
        return Err(vm.argc_error(a.len(), 1, 2));
    }
    let f = num2int(vm, a[0])? as u64;
    let val = a.get(1).copied().unwrap_or(Value::NIL);
    if f & real::EXCEPTION_ALL as u64 != 0 {
        let fo = real::exception_mode();
        if val.is_nil() {
            return Ok(Value::int(fo as i64));
        }
        if val != Value::TRUE && val != Value::FALSE {
            return Err(vm.arg_error("second argument must be true or false"));
        }
        for bit in [
            real::EXCEPTION_INFINITY,
            real::EXCEPTION_NAN,
            real::EXCEPTION_UNDERFLOW,
            real::EXCEPTION_ZERODIVIDE,
        ] {
            if f & bit as u64 != 0 {
                let fo = real::exception_mode();
                real::set_exception_mode(if val == Value::TRUE {
                    fo | bit
                } else {
                    fo & !bit
                });
            }
        }
        return Ok(Value::int(real::exception_mode() as i64));
    }
    if f == real::ROUND_MODE as u64 {
        if val.is_nil() {
            return Ok(Value::int(real::round_mode() as i64));
        }
        let sw = rounding_mode_arg(vm, val)?;
        return Ok(Value::int(real::set_round_mode(sw) as i64));
    }
    Err(vm.type_error("first argument for BigDecimal.mode invalid"))
}

fn limit(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    if a.len() > 1 {
        return Err(vm.argc_error(a.len(), 0, 1));
    }
    let cur = Value::int(real::prec_limit() as i64);
    if let Some(&n) = a.first() {
        if n.is_nil() {
            return Ok(cur);
        }
        let nf = num2int(vm, n)?;
        if nf < 0 {
            return Err(vm.arg_error("argument must be positive"));
        }
        real::set_prec_limit(nf as usize);
    }
    Ok(cur)
}

fn double_fig(_: &mut Vm, _: Value, _: &[Value], _: B) -> VResult {
    Ok(Value::int(DOUBLE_FIG as i64))
}

/// `__set_modes(exception, rounding, limit)`: restores what the Ruby
/// half's `save_*` methods saved.
fn set_modes(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    if let Some(n) = a[0].as_fixnum() {
        real::set_exception_mode(n as u16);
    }
    if let Some(n) = a[1].as_fixnum() {
        real::set_round_mode(n as u16);
    }
    if let Some(n) = a[2].as_fixnum() {
        real::set_prec_limit(n.max(0) as usize);
    }
    let _ = vm;
    Ok(Value::NIL)
}

fn modes(vm: &mut Vm, _: Value, _: &[Value], _: B) -> VResult {
    let items = vec![
        Value::int(real::exception_mode() as i64),
        Value::int(real::round_mode() as i64),
        Value::int(real::prec_limit() as i64),
    ];
    Ok(vm.ary_new(items))
}

const INSTANCE: &[(&str, i32, BuiltinFn)] = &[
    ("precs", 0, precs),
    ("precision", 0, precision),
    ("scale", 0, scale),
    ("precision_scale", 0, precision_scale_m),
    ("n_significant_digits", 0, n_significant_digits),
    ("add", 2, add2),
    ("sub", 2, sub2),
    ("mult", 2, mult2),
    ("div", -1, div3),
    ("hash", 0, hash),
    ("to_s", -1, to_s),
    ("to_i", 0, to_i),
    ("to_int", 0, to_i),
    ("to_r", 0, to_r),
    ("split", 0, split),
    ("+", 1, add),
    ("-", 1, sub),
    ("+@", 0, uplus),
    ("-@", 0, neg),
    ("*", 1, mult),
    ("/", 1, div),
    ("quo", -1, quo),
    ("%", 1, modulo),
    ("modulo", 1, modulo),
    ("remainder", 1, remainder),
    ("divmod", 1, divmod),
    ("clone", 0, same),
    ("dup", 0, same),
    ("to_f", 0, to_f),
    ("abs", 0, abs),
    ("sqrt", 1, sqrt),
    ("fix", 0, fix),
    ("round", -1, round),
    ("frac", 0, frac),
    ("floor", -1, floor),
    ("ceil", -1, ceil),
    ("power", -1, power),
    ("**", 1, power_op),
    ("<=>", 1, op_cmp),
    ("==", 1, op_eq),
    ("===", 1, op_eq),
    ("eql?", 1, op_eq),
    ("<", 1, op_lt),
    ("<=", 1, op_le),
    (">", 1, op_gt),
    (">=", 1, op_ge),
    ("zero?", 0, is_zero),
    ("nonzero?", 0, nonzero),
    ("coerce", 1, coerce),
    ("inspect", 0, inspect),
    ("exponent", 0, exponent),
    ("sign", 0, sign),
    ("nan?", 0, is_nan),
    ("infinite?", 0, is_infinite),
    ("finite?", 0, is_finite),
    ("truncate", -1, truncate),
    ("_dump", -1, dump),
];

const SINGLETON: &[(&str, i32, BuiltinFn)] = &[
    ("interpret_loosely", 1, interpret_loosely),
    ("mode", -1, mode),
    ("limit", -1, limit),
    ("double_fig", 0, double_fig),
    ("_load", 1, load),
    ("__modes", 0, modes),
    ("__set_modes", 3, set_modes),
    ("allocate", 0, allocate),
];

/// rb_undef_alloc_func.
fn allocate(vm: &mut Vm, _: Value, _: &[Value], _: B) -> VResult {
    Err(vm.type_error("allocator undefined for BigDecimal"))
}

pub fn init(vm: &mut Vm) -> Result<(), Unwind> {
    let c = vm.new_class(Some("BigDecimal"), cls::NUMERIC, Some(cls::OBJECT));
    vm.def_private_builtin(cls::KERNEL, "BigDecimal", -1, f_bigdecimal);
    let meta = vm.singleton_class(vm.class_value(c));
    vm.undef_method(meta, crate::intern!("new"))?;
    for &(name, arity, f) in SINGLETON {
        vm.def_singleton_builtin(c, name, arity, f);
    }
    for &(name, arity, f) in INSTANCE {
        vm.def_builtin(c, name, arity, f);
    }
    let consts: &[(&str, i64)] = &[
        ("BASE", BASE as i64),
        ("EXCEPTION_ALL", real::EXCEPTION_ALL as i64),
        ("EXCEPTION_NaN", real::EXCEPTION_NAN as i64),
        ("EXCEPTION_INFINITY", real::EXCEPTION_INFINITY as i64),
        ("EXCEPTION_UNDERFLOW", real::EXCEPTION_UNDERFLOW as i64),
        ("EXCEPTION_OVERFLOW", real::EXCEPTION_OVERFLOW as i64),
        ("EXCEPTION_ZERODIVIDE", real::EXCEPTION_ZERODIVIDE as i64),
        ("ROUND_MODE", real::ROUND_MODE as i64),
        ("ROUND_UP", ROUND_UP as i64),
        ("ROUND_DOWN", ROUND_DOWN as i64),
        ("ROUND_HALF_UP", ROUND_HALF_UP as i64),
        ("ROUND_HALF_DOWN", ROUND_HALF_DOWN as i64),
        ("ROUND_CEILING", ROUND_CEIL as i64),
        ("ROUND_FLOOR", ROUND_FLOOR as i64),
        ("ROUND_HALF_EVEN", ROUND_HALF_EVEN as i64),
        ("SIGN_NaN", real::SIGN_NAN as i64),
        ("SIGN_POSITIVE_ZERO", real::SIGN_POSITIVE_ZERO as i64),
        ("SIGN_NEGATIVE_ZERO", real::SIGN_NEGATIVE_ZERO as i64),
        ("SIGN_POSITIVE_FINITE", real::SIGN_POSITIVE_FINITE as i64),
        ("SIGN_NEGATIVE_FINITE", real::SIGN_NEGATIVE_FINITE as i64),
        (
            "SIGN_POSITIVE_INFINITE",
            real::SIGN_POSITIVE_INFINITE as i64,
        ),
        (
            "SIGN_NEGATIVE_INFINITE",
            real::SIGN_NEGATIVE_INFINITE as i64,
        ),
    ];
    for &(name, v) in consts {
        vm.classes.set_const(c, intern(name), Value::int(v));
    }
    let version = vm.str_new("3.1.1");
    crate::gc::obj(version).freeze();
    vm.classes.set_const(c, crate::intern!("VERSION"), version);
    let inf = wrap(vm, super::special(real::SIGN_POSITIVE_INFINITE));
    vm.classes.set_const(c, crate::intern!("INFINITY"), inf);
    let nan = wrap(vm, super::special(real::SIGN_NAN));
    vm.classes.set_const(c, crate::intern!("NAN"), nan);
    Ok(())
}
