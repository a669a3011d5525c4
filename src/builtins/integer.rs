//! Integer (Fixnum and Bignum) and Numeric, after CRuby 3.1's numeric.c and
//! bignum.c: arithmetic with the coerce protocol (`rb_num_coerce_bin`,
//! `_relop`, `_cmp`) and its exact error messages, exact Integer/Float
//! comparison, `**` giving a Rational for negative exponents (and Infinity
//! with a warning when the result would be too big), rounding with digits
//! and `half:`, and the conversions behind `Kernel#Integer`.
//!
//! Iterators (`times`, `upto`, `downto`) are here; `step` lives in
//! prelude/numeric.rb with Rational and Complex.

use super::enum_for;
use std::cmp::Ordering;
use std::rc::Rc;

use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{FromPrimitive, One, Signed, ToPrimitive, Zero};

use super::float::to_f64_strict;
use crate::class::arity;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::support::float_fmt::{self, RoundMode};
use crate::support::numparse::{self, Int};
use crate::value::{Value, sym, symbol::intern};

type B = Option<Rc<BlockArg>>;

/// Bits above which `a ** b` gives up and returns Infinity (CRuby's
/// BIGLEN_LIMIT), and above which a left shift raises NoMemoryError.
const BIGLEN_LIMIT: u64 = 32 * 1024 * 1024;
const SHIFT_LIMIT: u64 = 1 << 31;

/// A Ruby integer as a BigInt (None if not an Integer).
pub fn to_big(v: Value) -> Option<BigInt> {
    if let Some(n) = v.as_fixnum() {
        return Some(BigInt::from(n));
    }
    if v.is_heap()
        && let Body::Bignum(b) = &*obj(v).body.borrow()
    {
        return Some((**b).clone());
    }
    None
}

pub fn is_integer(v: Value) -> bool {
    v.is_fixnum() || (v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Bignum(_)))
}

fn big(v: Value) -> BigInt {
    to_big(v).unwrap_or_default()
}

/// An `Int` from the support helpers as a Ruby Integer.
pub fn int_value(vm: &mut Vm, i: Int) -> Value {
    match i {
        Int::Small(n) => match Value::fixnum(n) {
            Some(v) => v,
            None => vm.bignum_value(BigInt::from(n)),
        },
        Int::Big(b) => vm.bignum_value(b),
    }
}

fn int_of(v: Value) -> Int {
    match v.as_fixnum() {
        Some(n) => Int::Small(n),
        None => Int::from_bigint(big(v)),
    }
}

/// An Integer as a double, the way CRuby's `big2dbl` does (overflow gives
/// +-Infinity).
pub fn big_to_f64(b: &BigInt) -> f64 {
    b.to_f64().unwrap_or(if b.is_negative() {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    })
}

fn zerodiv(vm: &mut Vm) -> Unwind {
    vm.error(vm.e.zero_division_error, "divided by 0")
}

// ---- the coerce protocol -------------------------------------------------

/// Text naming `y` in coerce/comparison errors: special constants and
/// Floats are inspected, anything else gives its class.
fn err_name(vm: &mut Vm, y: Value) -> Result<String, Unwind> {
    if !y.is_heap() || to_f64_strict(y).is_some() {
        vm.inspect(y)
    } else {
        Ok(vm.class_name(vm.real_class_of(y)))
    }
}

/// `rb_cmperr`: "comparison of Integer with String failed".
#[cold]
pub fn cmperr(vm: &mut Vm, x: Value, y: Value) -> Unwind {
    let xc = vm.class_name(vm.real_class_of(x));
    match err_name(vm, y) {
        Ok(yn) => vm.arg_error(&format!("comparison of {xc} with {yn} failed")),
        Err(e) => e,
    }
}

/// `do_coerce`: `y.coerce(x)` as a pair, or None when `y` has no coerce
/// (err = false) / the coerce failure TypeError (err = true).
fn do_coerce(vm: &mut Vm, x: Value, y: Value, err: bool) -> Result<Option<(Value, Value)>, Unwind> {
    if !vm.respond_to(y, sym::COERCE) {
        if err {
            let xc = vm.class_name(vm.real_class_of(x));
            let yn = err_name(vm, y)?;
            return Err(vm.type_error(&format!("{yn} can't be coerced into {xc}")));
        }
        return Ok(None);
    }
    let ary = vm.funcall(y, sym::COERCE, &[x], None)?;
    if !err && ary.is_nil() {
        return Ok(None);
    }
    if !vm.is_array(ary) || vm.array_len(ary) != 2 {
        return Err(vm.type_error("coerce must return [x, y]"));
    }
    let items = vm.array_items(ary);
    Ok(Some((items[0], items[1])))
}

/// `rb_num_coerce_bin`.
pub fn coerce_bin(vm: &mut Vm, x: Value, y: Value, op: &str) -> VResult {
    let (a, b) = do_coerce(vm, x, y, true)?.unwrap();
    vm.funcall(a, intern(op), &[b], None)
}

/// `rb_num_coerce_bit`: like coerce_bin, but a coerced receiver without
/// the operator reports the original operands.
fn coerce_bit(vm: &mut Vm, x: Value, y: Value, op: &str) -> VResult {
    let (a, b) = do_coerce(vm, x, y, true)?.unwrap();
    if !vm.respond_to(a, intern(op)) {
        let xc = vm.class_name(vm.real_class_of(x));
        let yn = err_name(vm, y)?;
        return Err(vm.type_error(&format!("{yn} can't be coerced into {xc}")));
    }
    vm.funcall(a, intern(op), &[b], None)
}

/// `rb_num_coerce_relop`.
pub fn coerce_relop(vm: &mut Vm, x: Value, y: Value, op: &str) -> VResult {
    let Some((a, b)) = do_coerce(vm, x, y, false)? else {
        return Err(cmperr(vm, x, y));
    };
    let r = vm.funcall(a, intern(op), &[b], None)?;
    if r.is_nil() {
        return Err(cmperr(vm, x, y));
    }
    Ok(r)
}

/// `rb_num_coerce_cmp`.
pub fn coerce_cmp(vm: &mut Vm, x: Value, y: Value) -> VResult {
    match do_coerce(vm, x, y, false)? {
        Some((a, b)) => vm.funcall(a, sym::CMP, &[b], None),
        None => Ok(Value::NIL),
    }
}

/// Exact comparison of an Integer with a double (`rb_integer_float_cmp`).
pub fn int_float_cmp(i: &BigInt, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    if f.is_infinite() {
        return Some(if f > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    let t = f.trunc();
    let tb = BigInt::from_f64(t).unwrap_or_default();
    match i.cmp(&tb) {
        Ordering::Equal => {
            let frac = f - t;
            Some(if frac > 0.0 {
                Ordering::Less
            } else if frac < 0.0 {
                Ordering::Greater
            } else {
                Ordering::Equal
            })
        }
        o => Some(o),
    }
}

fn ord_value(o: Option<Ordering>) -> Value {
    match o {
        Some(o) => Value::int(o as i64),
        None => Value::NIL,
    }
}

// ---- arithmetic ------------------------------------------------------------

/// `Integer#+ - *` and the bitwise operators.
///
/// Inlined into each builtin's closure, where `op` is a constant: the
/// Fixnum case is a few instructions, the rest is `arith_slow`.
#[inline(always)]
fn arith(vm: &mut Vm, s: Value, o: Value, op: &'static str) -> VResult {
    if let (Some(a), Some(b)) = (s.as_fixnum(), o.as_fixnum()) {
        let r = match op {
            "+" => a.checked_add(b),
            "-" => a.checked_sub(b),
            "*" => a.checked_mul(b),
            "&" => Some(a & b),
            "|" => Some(a | b),
            _ => Some(a ^ b),
        };
        if let Some(r) = r.and_then(Value::fixnum) {
            return Ok(r);
        }
    }
    arith_slow(vm, s, o, op)
}

/// `arith` past Fixnum operands: overflow, Float, Bignum, coercion.
#[inline(never)]
fn arith_slow(vm: &mut Vm, s: Value, o: Value, op: &str) -> VResult {
    if !matches!(op, "+" | "-" | "*") && !is_integer(o) {
        return coerce_bit(vm, s, o, op);
    }
    if let Some(f) = to_f64_strict(o)
        && matches!(op, "+" | "-" | "*")
    {
        let x = big_to_f64(&big(s));
        let r = match op {
            "+" => x + f,
            "-" => x - f,
            _ => x * f,
        };
        return Ok(vm.float_new(r));
    }
    let Some(b) = to_big(o) else {
        return coerce_bin(vm, s, o, op);
    };
    let a = big(s);
    let r = match op {
        "+" => a + b,
        "-" => a - b,
        "*" => {
            if a.bits() + b.bits() > 64 * BIGLEN_LIMIT {
                return Err(vm.no_memory_error());
            }
            a * b
        }
        "&" => a & b,
        "|" => a | b,
        _ => a ^ b,
    };
    Ok(vm.bignum_value(r))
}

/// `Integer#/ div % modulo remainder`.
/// Inlined like `arith`: Fixnum operands (but a zero divisor) are
/// answered here, the rest by `divide_slow`.
#[inline(always)]
fn divide(vm: &mut Vm, s: Value, o: Value, op: &'static str) -> VResult {
    if let (Some(a), Some(b)) = (s.as_fixnum(), o.as_fixnum())
        && b != 0
        && let Some(v) = Value::fixnum(fix_divide(a, b, op))
    {
        return Ok(v);
    }
    divide_slow(vm, s, o, op)
}

/// `a op b` for two Fixnums, `b` not zero (no i64 overflow: Fixnums have
/// 62 bits; the result may still leave the Fixnum range).
#[inline(always)]
fn fix_divide(a: i64, b: i64, op: &str) -> i64 {
    match op {
        "/" | "div" => num_integer::Integer::div_floor(&a, &b),
        "%" | "modulo" => num_integer::Integer::mod_floor(&a, &b),
        _ => a % b,
    }
}

#[inline(never)]
fn divide_slow(vm: &mut Vm, s: Value, o: Value, op: &str) -> VResult {
    if let (Some(a), Some(b)) = (s.as_fixnum(), o.as_fixnum()) {
        if b == 0 {
            return Err(zerodiv(vm));
        }
        let r = fix_divide(a, b, op);
        return Ok(match Value::fixnum(r) {
            Some(v) => v,
            None => vm.bignum_value(BigInt::from(r)),
        });
    }
    if let Some(f) = to_f64_strict(o) {
        let x = big_to_f64(&big(s));
        return match op {
            "/" => Ok(vm.float_new(x / f)),
            "div" => {
                if f == 0.0 {
                    return Err(zerodiv(vm));
                }
                float_to_integer(vm, (x / f).floor())
            }
            "%" | "modulo" => {
                let m = super::float::flo_mod(vm, x, f)?;
                Ok(vm.float_new(m))
            }
            _ => {
                // Integer#remainder(Float): C fmod, sign of the receiver.
                if f == 0.0 {
                    return Err(zerodiv(vm));
                }
                Ok(vm.float_new(if f.is_infinite() && x.is_finite() {
                    x
                } else {
                    x % f
                }))
            }
        };
    }
    let Some(b) = to_big(o) else {
        let name = if op == "div" { "div" } else { op };
        return coerce_bin(vm, s, o, name);
    };
    if b.is_zero() {
        return Err(zerodiv(vm));
    }
    let a = big(s);
    let r = match op {
        "/" | "div" => a.div_floor(&b),
        "%" | "modulo" => a.mod_floor(&b),
        _ => a % b,
    };
    Ok(vm.bignum_value(r))
}

fn divmod(vm: &mut Vm, s: Value, o: Value) -> VResult {
    if let Some(f) = to_f64_strict(o) {
        let x = big_to_f64(&big(s));
        return super::float::flo_divmod(vm, x, f);
    }
    let Some(b) = to_big(o) else {
        return coerce_bin(vm, s, o, "divmod");
    };
    if b.is_zero() {
        return Err(zerodiv(vm));
    }
    let (q, r) = big(s).div_mod_floor(&b);
    let (q, r) = (vm.bignum_value(q), vm.bignum_value(r));
    Ok(vm.ary_new(vec![q, r]))
}

/// A finite double as an Integer; FloatDomainError otherwise.
pub fn float_to_integer(vm: &mut Vm, f: f64) -> VResult {
    match float_fmt::float_to_int(f) {
        Ok(i) => Ok(int_value(vm, i)),
        Err(m) => Err(vm.error(vm.e.float_domain_error, &m)),
    }
}

/// Inlined like `arith`: two Fixnums are compared here.
#[inline(always)]
fn cmp(vm: &mut Vm, s: Value, o: Value, op: &'static str) -> VResult {
    if let (Some(a), Some(b)) = (s.as_fixnum(), o.as_fixnum()) {
        return Ok(Value::bool(ord_holds(a.cmp(&b), op)));
    }
    cmp_slow(vm, s, o, op)
}

/// Whether `x <=> y` being `ord` makes `x op y` true (`op` one of
/// `< <= > >=`).
#[inline(always)]
fn ord_holds(ord: Ordering, op: &str) -> bool {
    match op {
        "<" => ord == Ordering::Less,
        "<=" => ord != Ordering::Greater,
        ">" => ord == Ordering::Greater,
        _ => ord != Ordering::Less,
    }
}

#[inline(never)]
fn cmp_slow(vm: &mut Vm, s: Value, o: Value, op: &str) -> VResult {
    let ord = if let Some(f) = to_f64_strict(o) {
        int_float_cmp(&big(s), f)
    } else if let Some(b) = to_big(o) {
        Some(big(s).cmp(&b))
    } else {
        return coerce_relop(vm, s, o, op);
    };
    let Some(ord) = ord else {
        return Ok(Value::FALSE);
    };
    Ok(Value::bool(ord_holds(ord, op)))
}

fn int_eq(vm: &mut Vm, s: Value, o: Value) -> VResult {
    if s.is_fixnum() && o.is_fixnum() {
        return Ok(Value::bool(s == o));
    }
    if let Some(f) = to_f64_strict(o) {
        return Ok(Value::bool(
            int_float_cmp(&big(s), f) == Some(Ordering::Equal),
        ));
    }
    if is_integer(o) {
        return Ok(Value::bool(s == o || to_big(s) == to_big(o)));
    }
    let r = vm.funcall(o, sym::EQ, &[s], None)?;
    Ok(Value::bool(r.truthy()))
}

fn int_cmp(vm: &mut Vm, s: Value, o: Value) -> VResult {
    if let (Some(a), Some(b)) = (s.as_fixnum(), o.as_fixnum()) {
        return Ok(Value::int(a.cmp(&b) as i64));
    }
    if let Some(f) = to_f64_strict(o) {
        return Ok(ord_value(int_float_cmp(&big(s), f)));
    }
    if let Some(b) = to_big(o) {
        return Ok(Value::int(big(s).cmp(&b) as i64));
    }
    coerce_cmp(vm, s, o)
}

/// `Rational(a, b)` through Kernel (prelude/numeric.rb).
pub fn rational(vm: &mut Vm, a: Value, b: Value) -> VResult {
    vm.funcall(Value::NIL, crate::intern!("Rational"), &[a, b], None)
}

#[cold]
fn pow_too_big(vm: &mut Vm, x: f64, y: f64) -> VResult {
    let loc = vm.current_location();
    if vm.warnings_on() {
        vm.emit_warning(&format!("{loc}: warning: in a**b, b may be too big\n"))?;
    }
    Ok(vm.float_new(x.powf(y)))
}

fn pow(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let o = a[0];
    let x = big(s);
    if let Some(dy) = to_f64_strict(o) {
        if dy == 0.0 {
            return Ok(vm.float_new(1.0));
        }
        let dx = big_to_f64(&x);
        if x.is_zero() {
            return Ok(vm.float_new(if dy < 0.0 { f64::INFINITY } else { 0.0 }));
        }
        if x.is_one() {
            return Ok(vm.float_new(1.0));
        }
        if dx < 0.0 && dy != dy.round() {
            return super::float::complex_polar_pi(vm, (-dx).powf(dy), dy);
        }
        return Ok(vm.float_new(dx.powf(dy)));
    }
    let Some(e) = to_big(o) else {
        return coerce_bin(vm, s, o, "**");
    };
    if x.is_one() {
        return Ok(Value::int(1));
    }
    if x == BigInt::from(-1) {
        return Ok(Value::int(if e.is_odd() { -1 } else { 1 }));
    }
    if e.is_negative() {
        if x.is_zero() {
            return Err(zerodiv(vm));
        }
        let ev = vm.bignum_value(-e);
        let y = pow(vm, s, &[ev], None)?;
        if let Some(d) = to_f64_strict(y) {
            return Ok(vm.float_new(1.0 / d));
        }
        return rational(vm, Value::int(1), y);
    }
    if e.is_zero() {
        return Ok(Value::int(1));
    }
    if x.is_zero() {
        return Ok(Value::int(0));
    }
    let xbits = x.bits();
    match e.to_u64() {
        Some(n) if xbits <= BIGLEN_LIMIT && xbits.saturating_mul(n) <= BIGLEN_LIMIT => {
            Ok(vm.bignum_value(num_traits::pow::Pow::pow(&x, n)))
        }
        _ => pow_too_big(vm, big_to_f64(&x), big_to_f64(&e)),
    }
}

fn pow_mod(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    if a.len() == 1 {
        return pow(vm, s, a, b);
    }
    if !is_integer(a[0]) {
        return Err(vm.type_error(
            "Integer#pow() 2nd argument not allowed unless a 1st argument is integer",
        ));
    }
    let e = big(a[0]);
    if e.is_negative() {
        return Err(vm.error(
            vm.e.range_error,
            "Integer#pow() 1st argument cannot be negative when 2nd argument specified",
        ));
    }
    if !is_integer(a[1]) {
        return Err(vm.type_error(
            "Integer#pow() 2nd argument not allowed unless all arguments are integers",
        ));
    }
    let m = big(a[1]);
    if m.is_zero() {
        return Err(zerodiv(vm));
    }
    let x = big(s).mod_floor(&m.abs());
    let r = x.modpow(&e, &m.abs());
    let r = if m.is_negative() && !r.is_zero() {
        r + m
    } else {
        r
    };
    Ok(vm.bignum_value(r))
}

fn shift(vm: &mut Vm, s: Value, o: Value, left: bool) -> VResult {
    // Fixnum by a small Fixnum: no BigInt (`seed >> 4` in a hot loop).
    if let (Some(a), Some(n)) = (s.as_fixnum(), o.as_fixnum())
        && n.unsigned_abs() < 64
    {
        let right = (n < 0) == left;
        let k = n.unsigned_abs() as u32;
        let r = if right {
            Some(a >> k)
        } else {
            a.checked_shl(k).filter(|r| r >> k == a)
        };
        if let Some(v) = r.and_then(Value::fixnum) {
            return Ok(v);
        }
    }
    let b = big(s);
    let n = match to_big(o) {
        Some(n) => n,
        None => big(super::to_int_value(vm, o)?),
    };
    let left = if n.is_negative() { !left } else { left };
    let n = n.abs();
    if !left {
        return Ok(match n.to_u64() {
            Some(n) if n < b.bits() + 1 => vm.bignum_value(b >> n),
            _ => Value::int(if b.is_negative() { -1 } else { 0 }),
        });
    }
    if b.is_zero() {
        return Ok(Value::int(0));
    }
    match n.to_u64() {
        Some(n) if n <= SHIFT_LIMIT => Ok(vm.bignum_value(b << n)),
        Some(n) if n < 1 << 62 => Err(vm.no_memory_error()),
        _ => Err(vm.error(vm.e.range_error, "shift width too big")),
    }
}

/// `rb_num_get_rounding_option`: the `half:` keyword.
pub fn rounding_mode(vm: &mut Vm, opts: Option<Value>) -> Result<RoundMode, Unwind> {
    let Some(h) = opts else {
        return Ok(RoundMode::Up);
    };
    let k = vm.sym("half");
    let Some(v) = vm.hash_get(h, k)? else {
        return Ok(RoundMode::Up);
    };
    if v.is_nil() {
        return Ok(RoundMode::Up);
    }
    let name = if let Some(s) = v.as_symbol() {
        Some(crate::value::symbol::name(s).to_string())
    } else if vm.is_string(v) {
        Some(vm.string_lossy(v))
    } else {
        None
    };
    match name.as_deref() {
        Some("up") => Ok(RoundMode::Up),
        Some("even") => Ok(RoundMode::Even),
        Some("down") => Ok(RoundMode::Down),
        Some(n) => Err(vm.arg_error(&format!("invalid rounding mode: {n}"))),
        None => {
            let ins = vm.inspect(v)?;
            Err(vm.arg_error(&format!("invalid rounding mode: {ins}")))
        }
    }
}

/// Splits `(ndigits = 0, **opts)` for the rounding methods.
pub fn round_args(vm: &mut Vm, a: &[Value]) -> Result<(i32, Option<Value>), Unwind> {
    let mut a = a;
    let mut opts = None;
    if let Some(l) = a.last()
        && vm.hash_len(*l).is_some()
    {
        opts = Some(*l);
        a = &a[..a.len() - 1];
    }
    if a.len() > 1 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        )));
    }
    let nd = match a.first() {
        None => 0,
        Some(v) => {
            if to_f64_strict(*v).is_none() && !is_integer(*v) && !vm.respond_to(*v, sym::TO_INT) {
                let cn = super::type_name(vm, *v);
                return Err(vm.type_error(&format!("no implicit conversion of {cn} into Integer")));
            }
            let n = super::int_arg(vm, *v)?;
            if n > i32::MAX as i64 || n < i32::MIN as i64 {
                return Err(vm.error(
                    vm.e.range_error,
                    &format!("integer {n} too big to convert to `int'"),
                ));
            }
            n as i32
        }
    };
    Ok((nd, opts))
}

fn round_int(vm: &mut Vm, s: Value, a: &[Value], kind: u8) -> VResult {
    let (nd, opts) = round_args(vm, a)?;
    let mode = if kind == b'r' {
        rounding_mode(vm, opts)?
    } else {
        RoundMode::Up
    };
    if nd >= 0 {
        return Ok(s);
    }
    let i = int_of(s);
    let neg = matches!(&i, Int::Small(n) if *n < 0) || matches!(&i, Int::Big(b) if b.is_negative());
    let r = match kind {
        b'r' => float_fmt::int_round(&i, nd, mode),
        b'f' => float_fmt::int_floor(&i, nd),
        b'c' => float_fmt::int_ceil(&i, nd),
        _ if neg => float_fmt::int_ceil(&i, nd),
        _ => float_fmt::int_floor(&i, nd),
    };
    Ok(int_value(vm, r))
}

fn digits(vm: &mut Vm, s: Value, a: &[Value]) -> VResult {
    let base = match a.first() {
        None => BigInt::from(10),
        Some(v) => match to_big(*v) {
            Some(b) => b,
            None => {
                let cn = super::type_name(vm, *v);
                return Err(vm.type_error(&format!("wrong argument type {cn} (expected Integer)")));
            }
        },
    };
    if base.is_negative() {
        return Err(vm.arg_error("negative radix"));
    }
    if base < BigInt::from(2) {
        return Err(vm.arg_error(&format!("invalid radix {base}")));
    }
    let mut b = big(s);
    if b.is_negative() {
        return Err(math_domain(vm, "out of domain"));
    }
    let mut out = Vec::new();
    loop {
        let (q, r) = b.div_rem(&base);
        out.push(vm.bignum_value(r));
        b = q;
        if b.is_zero() {
            break;
        }
    }
    Ok(vm.ary_new(out))
}

/// Raises Math::DomainError with `msg`.
#[cold]
pub fn math_domain(vm: &mut Vm, msg: &str) -> Unwind {
    let c = vm
        .classes
        .get(cls::OBJECT)
        .consts
        .get(&crate::intern!("Math"))
        .copied()
        .and_then(|m| vm.as_class(m))
        .and_then(|m| {
            vm.classes
                .get(m)
                .consts
                .get(&crate::intern!("DomainError"))
                .copied()
        })
        .and_then(|d| vm.as_class(d))
        .unwrap_or(vm.e.argument_error);
    vm.error(c, msg)
}

/// `Integer#chr` (CRuby 3.1's int_chr and rb_enc_uint_chr).
fn chr(vm: &mut Vm, s: Value, a: &[Value]) -> VResult {
    use super::encoding::table::Kind;
    use super::string::Enc;
    let code = match s.as_fixnum() {
        Some(n) if (0..=u32::MAX as i64).contains(&n) => n as u32,
        Some(n) => return Err(vm.error(vm.e.range_error, &format!("{n} out of char range"))),
        None => return Err(vm.error(vm.e.range_error, "bignum out of char range")),
    };
    if a.len() > 1 {
        return Err(vm.argc_error(a.len(), 0, 1));
    }
    let enc = match a.first() {
        Some(e) => super::encoding::enc_arg(vm, *e)?,
        None if code <= 0xff => {
            // US-ASCII below 128, ASCII-8BIT above, as CRuby.
            let v = vm.str_from_bytes(vec![code as u8]);
            if code < 0x80 {
                Enc::UsAscii
            } else {
                Enc::Binary
            }
            .set(v);
            return Ok(v);
        }
        None => match super::encoding::default_internal(vm) {
            Some(e) => e,
            None => {
                return Err(vm.error(vm.e.range_error, &format!("{code} out of char range")));
            }
        },
    };
    let out_of_range =
        |vm: &mut Vm| vm.error(vm.e.range_error, &format!("{code} out of char range"));
    let invalid = |vm: &mut Vm| {
        let msg = format!("invalid codepoint 0x{code:X} in {}", enc.name());
        vm.error(vm.e.range_error, &msg)
    };
    let unicode = |vm: &mut Vm| -> Result<char, Unwind> {
        if code > 0x10ffff {
            return Err(out_of_range(vm));
        }
        char::from_u32(code).ok_or_else(|| invalid(vm))
    };
    let bytes: Vec<u8> = match enc.kind() {
        Kind::Single | Kind::Dummy => {
            if code > 0xff || (enc == Enc::UsAscii && code > 0x7f) {
                return Err(invalid(vm));
            }
            vec![code as u8]
        }
        Kind::Utf8 if enc.name() == "CESU-8" && code > 0xffff => {
            // a surrogate pair, each half as a three-byte sequence
            let ch = unicode(vm)?;
            let mut units = [0u16; 2];
            let mut out = Vec::new();
            for u in ch.encode_utf16(&mut units).iter() {
                let u = *u as u32;
                out.extend([
                    0xe0 | (u >> 12) as u8,
                    0x80 | ((u >> 6) & 0x3f) as u8,
                    0x80 | (u & 0x3f) as u8,
                ]);
            }
            out
        }
        Kind::Utf8 => unicode(vm)?.to_string().into_bytes(),
        Kind::Utf16Be | Kind::Utf16Le | Kind::Utf32Be | Kind::Utf32Le => {
            let ch = unicode(vm)?;
            let mut units = [0u16; 2];
            let be = matches!(enc.kind(), Kind::Utf16Be | Kind::Utf32Be);
            match enc.kind() {
                Kind::Utf16Be | Kind::Utf16Le => ch
                    .encode_utf16(&mut units)
                    .iter()
                    .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                    .collect(),
                _ if be => code.to_be_bytes().to_vec(),
                _ => code.to_le_bytes().to_vec(),
            }
        }
        // Multibyte legacy encodings: the code's bytes, big-endian, which
        // must then read back as one valid character.
        _ => {
            let b: Vec<u8> = code
                .to_be_bytes()
                .into_iter()
                .skip_while(|b| *b == 0)
                .collect();
            let b = if b.is_empty() { vec![0] } else { b };
            let (len, ok) = super::encoding::codec::char_at(enc, &b, 0);
            if !ok || len != b.len() {
                return Err(invalid(vm));
            }
            b
        }
    };
    let v = vm.str_from_bytes(bytes);
    enc.set(v);
    Ok(v)
}

pub fn int_to_s(v: Value, base: u32) -> String {
    to_big(v).map(|b| b.to_str_radix(base)).unwrap_or_default()
}

/// `int[i]`, `int[i, len]`, `int[range]` (CRuby 3.1's int_aref1/2).
fn aref(vm: &mut Vm, s: Value, a: &[Value]) -> VResult {
    if a.len() == 2 {
        let num = shift(vm, s, a[0], false)?;
        let len = super::to_int_value(vm, a[1])?;
        let mask = shift(vm, Value::int(1), len, true)?;
        return Ok(vm.bignum_value(big(num) & (big(mask) - 1)));
    }
    let range = if a[0].is_heap() {
        match &*obj(a[0]).body.borrow() {
            Body::Range(b, e, x) => Some((*b, *e, *x)),
            _ => None,
        }
    } else {
        None
    };
    let Some((beg, end, excl)) = range else {
        return aref_bit(vm, s, a[0]);
    };
    if beg.is_nil() {
        // beginless: every bit below `end`, which must all be 0
        let end = big(super::to_int_value(vm, end)?);
        if end.is_negative() {
            return Ok(Value::int(0));
        }
        let len = if excl { end } else { end + 1 };
        let len = vm.bignum_value(len);
        let mask = big(shift(vm, Value::int(1), len, true)?) - 1;
        let masked: BigInt = big(s) & mask;
        if masked.is_zero() {
            return Ok(Value::int(0));
        }
        return Err(vm.arg_error("The beginless range for Integer#[] results in infinity"));
    }
    let num = shift(vm, s, beg, false)?;
    if end.is_nil() {
        return Ok(num);
    }
    let c = vm.funcall(beg, sym::CMP, &[end], None)?;
    let cmp = c.as_fixnum().map(|c| c.signum());
    match cmp {
        Some(-1) => {
            let (b, e) = (
                big(super::to_int_value(vm, beg)?),
                big(super::to_int_value(vm, end)?),
            );
            let len = if excl { e - b } else { e - b + 1 };
            let len = vm.bignum_value(len);
            let mask = big(shift(vm, Value::int(1), len, true)?) - 1;
            Ok(vm.bignum_value(big(num) & mask))
        }
        Some(0) if excl => Ok(Value::int(0)),
        Some(0) => aref_bit(vm, s, beg),
        _ => Ok(num),
    }
}

/// One bit: `int[i]` (a Float index is truncated; a huge one reads the sign).
fn aref_bit(vm: &mut Vm, s: Value, i: Value) -> VResult {
    if let (Some(x), Some(n)) = (s.as_fixnum(), i.as_fixnum()) {
        return Ok(Value::int(match n {
            ..0 => 0,
            0..64 => (x >> n) & 1,
            _ => i64::from(x < 0),
        }));
    }
    let b = big(s);
    let n = big(super::to_int_value(vm, i)?);
    if n.is_negative() {
        return Ok(Value::int(0));
    }
    Ok(Value::int(match n.to_u64() {
        Some(n) => ((b >> n) & BigInt::one()).to_i64().unwrap_or(0),
        None => i64::from(b.is_negative()),
    }))
}

fn upto_downto(vm: &mut Vm, s: Value, a: &[Value], b: B, up: bool) -> VResult {
    let Some(blk) = b else {
        return enum_for(vm, s, if up { "upto" } else { "downto" }, a);
    };
    if let (Some(mut i), Some(n)) = (s.as_fixnum(), a[0].as_fixnum()) {
        while (up && i <= n) || (!up && i >= n) {
            vm.yield_block(&blk, &[Value::int(i)])?;
            if up { i += 1 } else { i -= 1 }
        }
        return Ok(s);
    }
    let (stop, step, op) = if up {
        (">", Value::int(1), "+")
    } else {
        ("<", Value::int(1), "-")
    };
    let mut i = s;
    vm.push_root(a[0]);
    let r = (|| -> VResult {
        loop {
            let past = vm.funcall(i, intern(stop), &[a[0]], None)?;
            if past.truthy() {
                return Ok(s);
            }
            vm.yield_block(&blk, &[i])?;
            i = vm.funcall(i, intern(op), &[step], None)?;
        }
    })();
    vm.temp_roots.pop();
    r
}

/// `Numeric#step`: with a block, no keywords and Fixnum bounds and step
/// (`0.step(248, 8) { }`), CRuby's Fixnum loop, with no Ruby frame,
/// argument Array, keyword Hash or Proc; everything else (Floats, `by:`/
/// `to:`, an ArithmeticSequence without a block, errors) goes to the
/// general half, `__step` in prelude/numeric.rb.
fn num_step(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let fl = vm.passed_kw_flag(a);
    if let (Some(blk), 0, Some(from)) = (&b, fl, s.as_fixnum()) {
        let (to, step) = match a {
            [to] => (to.as_fixnum(), Some(1)),
            [to, step] => (to.as_fixnum(), step.as_fixnum()),
            _ => (None, None),
        };
        if let (Some(to), Some(step)) = (to, step.filter(|&x| x != 0)) {
            let mut i = from;
            while if step > 0 { i <= to } else { i >= to } {
                vm.yield_block(blk, &[Value::int(i)])?;
                // Past the Fixnum range is past `to` too.
                let Some(next) = i.checked_add(step) else {
                    break;
                };
                i = next;
            }
            return Ok(s);
        }
    }
    vm.funcall_kw(s, crate::intern!("__step"), a, b, fl != 0)
}

fn times(vm: &mut Vm, s: Value, _: &[Value], b: B) -> VResult {
    let Some(b) = b else {
        return enum_for(vm, s, "times", &[]);
    };
    if let Some(n) = s.as_fixnum() {
        let mut i = 0;
        while i < n {
            vm.yield_block(&b, &[Value::int(i)])?;
            i += 1;
        }
        return Ok(s);
    }
    let n = big(s);
    let mut i = BigInt::zero();
    while i < n {
        let v = vm.bignum_value(i.clone());
        vm.yield_block(&b, &[v])?;
        i += 1;
    }
    Ok(s)
}

/// `Integer#fdiv` for two Integers: exact quotient rounded once.
pub fn int_fdiv(x: &BigInt, y: &BigInt) -> f64 {
    if y.is_zero() {
        return big_to_f64(x) / 0.0;
    }
    let (x, y) = if y.is_negative() {
        (-x, -y)
    } else {
        (x.clone(), y.clone())
    };
    float_fmt::rational_to_f64(&x, &y)
}

pub fn init(vm: &mut Vm) {
    let i = cls::INTEGER;
    vm.def_builtin(i, "+", 1, |vm, s, a, _| arith(vm, s, a[0], "+"));
    vm.def_builtin(i, "-", 1, |vm, s, a, _| arith(vm, s, a[0], "-"));
    vm.def_builtin(i, "*", 1, |vm, s, a, _| arith(vm, s, a[0], "*"));
    vm.def_builtin(i, "&", 1, |vm, s, a, _| arith(vm, s, a[0], "&"));
    vm.def_builtin(i, "|", 1, |vm, s, a, _| arith(vm, s, a[0], "|"));
    vm.def_builtin(i, "^", 1, |vm, s, a, _| arith(vm, s, a[0], "^"));
    vm.def_builtin(i, "/", 1, |vm, s, a, _| divide(vm, s, a[0], "/"));
    vm.def_builtin(i, "div", 1, |vm, s, a, _| divide(vm, s, a[0], "div"));
    vm.def_builtin(i, "%", 1, |vm, s, a, _| divide(vm, s, a[0], "%"));
    vm.def_builtin(i, "modulo", 1, |vm, s, a, _| divide(vm, s, a[0], "%"));
    vm.def_builtin(i, "remainder", 1, |vm, s, a, _| {
        divide(vm, s, a[0], "remainder")
    });
    vm.def_builtin(i, "divmod", 1, |vm, s, a, _| divmod(vm, s, a[0]));
    vm.def_builtin(i, "<", 1, |vm, s, a, _| cmp(vm, s, a[0], "<"));
    vm.def_builtin(i, "<=", 1, |vm, s, a, _| cmp(vm, s, a[0], "<="));
    vm.def_builtin(i, ">", 1, |vm, s, a, _| cmp(vm, s, a[0], ">"));
    vm.def_builtin(i, ">=", 1, |vm, s, a, _| cmp(vm, s, a[0], ">="));
    vm.def_builtin(i, "==", 1, |vm, s, a, _| int_eq(vm, s, a[0]));
    vm.def_builtin(i, "===", 1, |vm, s, a, _| int_eq(vm, s, a[0]));
    vm.def_builtin(i, "eql?", 1, |_, s, a, _| {
        Ok(Value::bool(is_integer(a[0]) && to_big(s) == to_big(a[0])))
    });
    vm.def_builtin(i, "<=>", 1, |vm, s, a, _| int_cmp(vm, s, a[0]));
    vm.def_builtin(i, "**", 1, pow);
    vm.def_builtin(i, "pow", arity::range(1, 2), pow_mod);
    vm.def_builtin(i, "-@", 0, |vm, s, _, _| {
        if let Some(v) = s.as_fixnum().and_then(|x| Value::fixnum(-x)) {
            return Ok(v);
        }
        let b = big(s);
        Ok(vm.bignum_value(-b))
    });
    vm.def_builtin(i, "~", 0, |vm, s, _, _| {
        if let Some(x) = s.as_fixnum() {
            return Ok(Value::int(!x)); // the Fixnum range maps onto itself
        }
        let b = big(s);
        Ok(vm.bignum_value(-b - 1))
    });
    vm.def_builtin(i, "<<", 1, |vm, s, a, _| shift(vm, s, a[0], true));
    vm.def_builtin(i, ">>", 1, |vm, s, a, _| shift(vm, s, a[0], false));
    vm.def_builtin(i, "[]", arity::range(1, 2), |vm, s, a, _| aref(vm, s, a));
    vm.def_builtin(i, "to_s", arity::range(0, 1), int_to_s_base);
    vm.def_builtin(i, "inspect", arity::range(0, 1), int_to_s_base);
    vm.def_builtin(i, "to_i", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(i, "to_int", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(i, "to_f", 0, |vm, s, _, _| {
        if let Some(x) = s.as_fixnum() {
            return Ok(vm.float_new(x as f64)); // rounded to nearest, as C's cast
        }
        let f = big_to_f64(&big(s));
        Ok(vm.float_new(f))
    });
    vm.def_builtin(i, "chr", -1, |vm, s, a, _| chr(vm, s, a));
    vm.def_builtin(i, "ord", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(i, "hash", 0, |vm, s, _, _| {
        Ok(Value::int((vm.hash_of(s)? >> 2) as i64))
    });
    vm.def_builtin(i, "times", 0, times);
    vm.def_builtin(i, "upto", 1, |vm, s, a, b| upto_downto(vm, s, a, b, true));
    vm.def_builtin(i, "downto", 1, |vm, s, a, b| {
        upto_downto(vm, s, a, b, false)
    });
    // Bit 1 of a tagged Fixnum is the number's lowest bit.
    vm.def_builtin(i, "even?", 0, |_, s, _, _| match s.as_fixnum() {
        Some(x) => Ok(Value::bool(x & 1 == 0)),
        None => Ok(Value::bool(big(s).is_even())),
    });
    vm.def_builtin(i, "odd?", 0, |_, s, _, _| match s.as_fixnum() {
        Some(x) => Ok(Value::bool(x & 1 == 1)),
        None => Ok(Value::bool(big(s).is_odd())),
    });
    vm.def_builtin(i, "zero?", 0, |_, s, _, _| {
        Ok(Value::bool(s == Value::int(0)))
    });
    vm.def_builtin(i, "positive?", 0, |_, s, _, _| match s.as_fixnum() {
        Some(x) => Ok(Value::bool(x > 0)),
        None => Ok(Value::bool(big(s).is_positive())),
    });
    vm.def_builtin(i, "negative?", 0, |_, s, _, _| match s.as_fixnum() {
        Some(x) => Ok(Value::bool(x < 0)),
        None => Ok(Value::bool(big(s).is_negative())),
    });
    vm.def_builtin(i, "nonzero?", 0, |_, s, _, _| {
        Ok(if s == Value::int(0) { Value::NIL } else { s })
    });
    vm.def_builtin(i, "finite?", 0, |_, _, _, _| Ok(Value::TRUE));
    vm.def_builtin(i, "infinite?", 0, |_, _, _, _| Ok(Value::NIL));
    vm.def_builtin(i, "allbits?", 1, |vm, s, a, _| {
        let m = to_big(a[0]).ok_or_else(|| vm.type_error("no implicit conversion into Integer"))?;
        Ok(Value::bool(big(s) & &m == m))
    });
    vm.def_builtin(i, "anybits?", 1, |vm, s, a, _| {
        let m = to_big(a[0]).ok_or_else(|| vm.type_error("no implicit conversion into Integer"))?;
        Ok(Value::bool(!(big(s) & m).is_zero()))
    });
    vm.def_builtin(i, "nobits?", 1, |vm, s, a, _| {
        let m = to_big(a[0]).ok_or_else(|| vm.type_error("no implicit conversion into Integer"))?;
        Ok(Value::bool((big(s) & m).is_zero()))
    });
    for name in ["abs", "magnitude"] {
        vm.def_builtin(i, name, 0, |vm, s, _, _| {
            if let Some(v) = s.as_fixnum().and_then(|x| Value::fixnum(x.abs())) {
                return Ok(v);
            }
            let b = big(s);
            Ok(vm.bignum_value(b.abs()))
        });
    }
    vm.def_builtin(i, "succ", 0, |vm, s, _, _| arith(vm, s, Value::int(1), "+"));
    vm.def_builtin(i, "next", 0, |vm, s, _, _| arith(vm, s, Value::int(1), "+"));
    vm.def_builtin(i, "pred", 0, |vm, s, _, _| arith(vm, s, Value::int(1), "-"));
    vm.def_builtin(i, "integer?", 0, |_, _, _, _| Ok(Value::TRUE));
    vm.def_builtin(i, "floor", -1, |vm, s, a, _| round_int(vm, s, a, b'f'));
    vm.def_builtin(i, "ceil", -1, |vm, s, a, _| round_int(vm, s, a, b'c'));
    vm.def_builtin(i, "round", -1, |vm, s, a, _| round_int(vm, s, a, b'r'));
    vm.def_builtin(i, "truncate", -1, |vm, s, a, _| round_int(vm, s, a, b't'));
    vm.def_builtin(i, "size", 0, |_, s, _, _| {
        if s.is_fixnum() {
            return Ok(Value::int(8));
        }
        Ok(Value::int(big(s).magnitude().bits().div_ceil(8) as i64))
    });
    vm.def_builtin(i, "bit_length", 0, |_, s, _, _| {
        if let Some(x) = s.as_fixnum() {
            let m = if x < 0 { !x } else { x };
            return Ok(Value::int(64 - m.leading_zeros() as i64));
        }
        let b = big(s);
        let b = if b.is_negative() { -b - 1 } else { b };
        Ok(Value::int(b.bits() as i64))
    });
    vm.def_builtin(i, "digits", -1, |vm, s, a, _| digits(vm, s, a));
    vm.def_builtin(i, "gcd", 1, |vm, s, a, _| {
        let y = int_arg_strict(vm, a[0])?;
        Ok(vm.bignum_value(big(s).gcd(&y)))
    });
    vm.def_builtin(i, "lcm", 1, |vm, s, a, _| {
        let y = int_arg_strict(vm, a[0])?;
        Ok(vm.bignum_value(big(s).lcm(&y)))
    });
    vm.def_builtin(i, "gcdlcm", 1, |vm, s, a, _| {
        let y = int_arg_strict(vm, a[0])?;
        let x = big(s);
        let (g, l) = (vm.bignum_value(x.gcd(&y)), vm.bignum_value(x.lcm(&y)));
        Ok(vm.ary_new(vec![g, l]))
    });
    vm.def_builtin(i, "fdiv", 1, |vm, s, a, _| {
        if let Some(f) = to_f64_strict(a[0]) {
            return Ok(vm.float_new(big_to_f64(&big(s)) / f));
        }
        match to_big(a[0]) {
            Some(y) => Ok(vm.float_new(int_fdiv(&big(s), &y))),
            None => coerce_bin(vm, s, a[0], "fdiv"),
        }
    });
    vm.def_builtin(i, "quo", 1, |vm, s, a, _| {
        if let Some(f) = to_f64_strict(a[0]) {
            return Ok(vm.float_new(big_to_f64(&big(s)) / f));
        }
        if is_integer(a[0]) && a[0] == Value::int(0) {
            return Err(zerodiv(vm));
        }
        let r = rational(vm, s, Value::int(1))?;
        vm.funcall(r, sym::DIV, &[a[0]], None)
    });
    vm.def_builtin(i, "coerce", 1, |vm, s, a, _| {
        if is_integer(a[0]) {
            return Ok(vm.ary_new(vec![a[0], s]));
        }
        let x = super::float::kernel_float(vm, s, None)?;
        let y = super::float::kernel_float(vm, a[0], None)?;
        Ok(vm.ary_new(vec![y, x]))
    });
    vm.def_builtin(i, "numerator", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(i, "denominator", 0, |_, _, _, _| Ok(Value::int(1)));
    vm.def_singleton_builtin(i, "sqrt", 1, |vm, _, a, _| {
        let b = match to_big(a[0]) {
            Some(b) => b,
            None => match to_f64_strict(a[0]) {
                Some(f) => big(float_to_integer(vm, f)?),
                None => BigInt::from(super::int_arg(vm, a[0])?),
            },
        };
        if b.is_negative() {
            return Err(math_domain(
                vm,
                "Numerical argument is out of domain - \"isqrt\"",
            ));
        }
        Ok(vm.bignum_value(b.sqrt()))
    });
    let n = cls::NUMERIC;
    vm.def_builtin(n, "step", -1, num_step);
    vm.def_builtin(n, "integer?", 0, |_, _, _, _| Ok(Value::FALSE));
    vm.def_builtin(n, "+@", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(n, "coerce", 1, |vm, s, a, _| {
        if vm.real_class_of(s) == vm.real_class_of(a[0]) {
            return Ok(vm.ary_new(vec![a[0], s]));
        }
        let x = super::float::kernel_float(vm, s, None)?;
        let y = super::float::kernel_float(vm, a[0], None)?;
        Ok(vm.ary_new(vec![y, x]))
    });
}

/// An Integer argument for gcd/lcm ("not an integer" otherwise).
fn int_arg_strict(vm: &mut Vm, v: Value) -> Result<BigInt, Unwind> {
    to_big(v).ok_or_else(|| vm.type_error("not an integer"))
}

/// `Kernel#Integer(v)` / `Integer(v, base)` (`rb_convert_to_integer`).
pub fn kernel_integer(vm: &mut Vm, v: Value, base: Option<i64>) -> VResult {
    let is_str = vm.is_string(v);
    if base.is_some() && !is_str {
        let s = if vm.respond_to(v, crate::intern!("to_str")) {
            Some(vm.funcall(v, crate::intern!("to_str"), &[], None)?)
        } else {
            None
        };
        return match s {
            Some(s) if vm.is_string(s) => kernel_integer(vm, s, base),
            _ => Err(vm.arg_error("base specified for non string value")),
        };
    }
    if is_integer(v) {
        return Ok(v);
    }
    if let Some(f) = to_f64_strict(v) {
        return float_to_integer(vm, f);
    }
    if is_str {
        let s = vm.string_lossy(v);
        return match numparse::str_to_integer_strict(&s, base) {
            Ok(i) => Ok(int_value(vm, i)),
            Err(m) => Err(vm.arg_error(&m)),
        };
    }
    if v.is_nil() {
        return Err(vm.type_error("can't convert nil into Integer"));
    }
    if vm.respond_to(v, sym::TO_INT) {
        let r = vm.funcall(v, sym::TO_INT, &[], None)?;
        if is_integer(r) {
            return Ok(r);
        }
    }
    if vm.respond_to(v, crate::intern!("to_i")) {
        let r = vm.funcall(v, crate::intern!("to_i"), &[], None)?;
        if is_integer(r) {
            return Ok(r);
        }
        let cn = super::type_name(vm, v);
        let rn = super::type_name(vm, r);
        return Err(vm.type_error(&format!(
            "can't convert {cn} to Integer ({cn}#to_i gives {rn})"
        )));
    }
    let cn = super::type_name(vm, v);
    Err(vm.type_error(&format!("can't convert {cn} into Integer")))
}

/// `String#to_i(base)` for string.rs: lenient parse; Err is the
/// ArgumentError for a bad radix.
pub fn str_to_i(vm: &mut Vm, s: &str, base: i64) -> VResult {
    match numparse::str_to_i(s, base) {
        Ok(i) => Ok(int_value(vm, i)),
        Err(m) => Err(vm.arg_error(&m)),
    }
}

/// `Integer#to_s` and `#inspect`: digits in an optional base.
fn int_to_s_base(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let base = match a.first() {
        Some(b) => super::int_arg(vm, *b)?,
        None => 10,
    };
    match numparse::int_to_s(&int_of(s), base) {
        Ok(t) => Ok(super::string::ascii_str(vm, &t)),
        Err(m) => Err(vm.arg_error(&m)),
    }
}
