//! Float, after CRuby 3.1's numeric.c: arithmetic with the coerce protocol,
//! `flodivmod`, exact comparison with Integers, `to_s` through
//! support::float_fmt (shortest round-trip digits), rounding with digits and
//! `half:`, `to_r`, and `Kernel#Float` parsing through support::numparse.

use std::cmp::Ordering;

use num_bigint::BigInt;

use super::integer::{
    big_to_f64, coerce_bin, coerce_cmp, coerce_relop, float_to_integer, int_float_cmp, int_value,
    rational, round_args, rounding_mode, to_big,
};
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Body, Unwind};
use crate::support::{float_fmt, numparse};
use crate::value::{Value, sym, symbol::intern};

/// A Float's value (flonum or heap float).
pub fn to_f64_strict(v: Value) -> Option<f64> {
    if v.is_flonum() {
        return Some(v.flonum_value());
    }
    if v.is_heap()
        && let Body::Float(f) = &*obj(v).body.borrow()
    {
        return Some(*f);
    }
    None
}

/// Float or Integer as f64.
pub fn to_f64(v: Value) -> Option<f64> {
    to_f64_strict(v).or_else(|| to_big(v).map(|b| big_to_f64(&b)))
}

pub fn num_f64(v: Value) -> f64 {
    to_f64(v).unwrap_or(f64::NAN)
}

/// Ruby's Float#to_s.
pub fn fmt(f: f64) -> String {
    float_fmt::float_to_s(f)
}

/// Plain double arithmetic for callers outside Float (kept for them).
pub fn float_op(vm: &mut Vm, x: f64, y: f64, op: &str) -> VResult {
    let r = match op {
        "+" => x + y,
        "-" => x - y,
        "*" => x * y,
        "/" => x / y,
        "%" | "modulo" => flo_mod(vm, x, y)?,
        "**" => x.powf(y),
        _ => return Err(vm.type_error("unsupported float op")),
    };
    Ok(vm.float_new(r))
}

/// CRuby's `flodivmod`: (floored quotient, modulo with the divisor's sign).
fn flodivmod(x: f64, y: f64) -> (f64, f64) {
    if y.is_nan() {
        return (y, y);
    }
    let m = if x == 0.0 || (y.is_infinite() && !x.is_infinite()) {
        x
    } else {
        x % y
    };
    let mut div = if x.is_infinite() && !y.is_infinite() {
        x
    } else {
        ((x - m) / y).round()
    };
    let mut m = m;
    if y * m < 0.0 {
        m += y;
        div -= 1.0;
    }
    (div, m)
}

/// `Float#%` (`ruby_float_mod`).
pub fn flo_mod(vm: &mut Vm, x: f64, y: f64) -> Result<f64, Unwind> {
    if y == 0.0 {
        return Err(vm.error(vm.e.zero_division_error, "divided by 0"));
    }
    Ok(flodivmod(x, y).1)
}

/// `Float#divmod`: [Integer quotient, Float modulo].
pub fn flo_divmod(vm: &mut Vm, x: f64, y: f64) -> VResult {
    if y == 0.0 {
        return Err(vm.error(vm.e.zero_division_error, "divided by 0"));
    }
    let (d, m) = flodivmod(x, y);
    let q = float_to_integer(vm, d)?;
    let m = vm.float_new(m);
    Ok(vm.ary_new(vec![q, m]))
}

/// `rb_dbl_complex_new_polar_pi(abs, ang)`: abs * e^(i*pi*ang), exact on
/// the axes.
pub fn complex_polar_pi(vm: &mut Vm, abs: f64, ang: f64) -> VResult {
    let fi = ang.trunc();
    let fr = ang - fi;
    let complex = |vm: &mut Vm, re: f64, im: f64| -> VResult {
        let (re, im) = (vm.float_new(re), vm.float_new(im));
        vm.funcall(Value::NIL, crate::intern!("Complex"), &[re, im], None)
    };
    if fr == 0.5 || fr == -0.5 {
        let pos = fr == 0.5;
        let half = fi / 2.0;
        let abs = if ((half - half.trunc()) != fr) ^ pos {
            -abs
        } else {
            abs
        };
        return complex(vm, 0.0, abs);
    }
    if fr == 0.0 {
        let half = fi / 2.0;
        let abs = if half - half.trunc() != 0.0 {
            -abs
        } else {
            abs
        };
        return Ok(vm.float_new(abs));
    }
    let t = std::f64::consts::PI * ang;
    complex(vm, abs * t.cos(), abs * t.sin())
}

/// The other operand of a Float operator as a double, or None to coerce.
fn other(o: Value) -> Option<f64> {
    to_f64(o)
}

fn binop(vm: &mut Vm, s: Value, o: Value, op: &str) -> VResult {
    let x = num_f64(s);
    let Some(y) = other(o) else {
        return coerce_bin(vm, s, o, op);
    };
    let r = match op {
        "+" => x + y,
        "-" => x - y,
        "*" => x * y,
        "/" => x / y,
        "%" => flo_mod(vm, x, y)?,
        "divmod" => return flo_divmod(vm, x, y),
        "div" => {
            if y == 0.0 {
                return Err(vm.error(vm.e.zero_division_error, "divided by 0"));
            }
            return float_to_integer(vm, (x / y).floor());
        }
        "remainder" => {
            if y == 0.0 {
                return Err(vm.error(vm.e.zero_division_error, "divided by 0"));
            }
            if y.is_infinite() && x.is_finite() {
                x
            } else {
                x % y
            }
        }
        _ => return flo_pow(vm, x, o, y),
    };
    Ok(vm.float_new(r))
}

fn flo_pow(vm: &mut Vm, x: f64, o: Value, y: f64) -> VResult {
    if to_f64_strict(o).is_some() && x < 0.0 && y != y.round() {
        return complex_polar_pi(vm, (-x).powf(y), y);
    }
    Ok(vm.float_new(x.powf(y)))
}

/// Exact ordering of a Float with an Integer or Float (None for NaN or a
/// non-number).
fn flo_order(x: f64, o: Value) -> Option<Option<Ordering>> {
    if let Some(y) = to_f64_strict(o) {
        return Some(x.partial_cmp(&y));
    }
    to_big(o).map(|b| int_float_cmp(&b, x).map(Ordering::reverse))
}

fn relop(vm: &mut Vm, s: Value, o: Value, op: &str) -> VResult {
    let x = num_f64(s);
    let Some(ord) = flo_order(x, o) else {
        return coerce_relop(vm, s, o, op);
    };
    let Some(ord) = ord else {
        return Ok(Value::FALSE);
    };
    Ok(Value::bool(match op {
        "<" => ord == Ordering::Less,
        "<=" => ord != Ordering::Greater,
        ">" => ord == Ordering::Greater,
        _ => ord != Ordering::Less,
    }))
}

/// `Float#round/floor/ceil/truncate(ndigits, half:)`.
fn round(vm: &mut Vm, s: Value, a: &[Value], kind: u8) -> VResult {
    let (nd, opts) = round_args(vm, a)?;
    let mode = if kind == b'r' {
        rounding_mode(vm, opts)?
    } else {
        float_fmt::RoundMode::Up
    };
    let x = num_f64(s);
    if nd > 0 {
        let r = match kind {
            b'r' => float_fmt::float_round_mode(x, nd, mode),
            b'f' => float_fmt::float_floor(x, nd),
            b'c' => float_fmt::float_ceil(x, nd),
            _ => float_fmt::float_truncate(x, nd),
        };
        return Ok(vm.float_new(r));
    }
    let r = match kind {
        b'r' => float_fmt::float_round_to_int(x, nd, mode),
        b'f' => float_fmt::float_floor_to_int(x, nd),
        b'c' => float_fmt::float_ceil_to_int(x, nd),
        _ => float_fmt::float_truncate_to_int(x, nd),
    };
    match r {
        Ok(i) => Ok(int_value(vm, i)),
        Err(m) => Err(vm.error(vm.e.float_domain_error, &m)),
    }
}

/// `Float#to_r`: the exact value as a Rational.
fn to_r(vm: &mut Vm, s: Value) -> VResult {
    let x = num_f64(s);
    if !x.is_finite() {
        return Err(vm.error(vm.e.float_domain_error, &fmt(x)));
    }
    if x == 0.0 {
        return rational(vm, Value::int(0), Value::int(1));
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let mut mant = (bits & ((1u64 << 52) - 1)) as i64;
    let e = if exp == 0 {
        -1074
    } else {
        mant |= 1 << 52;
        exp - 1075
    };
    let m = BigInt::from(if x < 0.0 { -mant } else { mant });
    let (n, d) = if e >= 0 {
        (m << e as u64, BigInt::from(1))
    } else {
        (m, BigInt::from(1) << (-e) as u64)
    };
    let (n, d) = (vm.bignum_value(n), vm.bignum_value(d));
    rational(vm, n, d)
}

fn next_float(x: f64, up: bool) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.is_infinite() {
        return if (x > 0.0) == up {
            x
        } else if up {
            -f64::MAX
        } else {
            f64::MAX
        };
    }
    if x == 0.0 {
        let t = f64::from_bits(1);
        return if up { t } else { -t };
    }
    let b = x.to_bits();
    let nb = if (x > 0.0) == up { b + 1 } else { b - 1 };
    f64::from_bits(nb)
}

pub fn init(vm: &mut Vm) {
    let f = cls::FLOAT;
    vm.def_builtin(f, "+", 1, |vm, s, a, _| binop(vm, s, a[0], "+"));
    vm.def_builtin(f, "-", 1, |vm, s, a, _| binop(vm, s, a[0], "-"));
    vm.def_builtin(f, "*", 1, |vm, s, a, _| binop(vm, s, a[0], "*"));
    vm.def_builtin(f, "/", 1, |vm, s, a, _| binop(vm, s, a[0], "/"));
    vm.def_builtin(f, "%", 1, |vm, s, a, _| binop(vm, s, a[0], "%"));
    vm.def_builtin(f, "modulo", 1, |vm, s, a, _| binop(vm, s, a[0], "%"));
    vm.def_builtin(f, "**", 1, |vm, s, a, _| binop(vm, s, a[0], "**"));
    vm.def_builtin(f, "pow", 1, |vm, s, a, _| binop(vm, s, a[0], "**"));
    vm.def_builtin(f, "divmod", 1, |vm, s, a, _| binop(vm, s, a[0], "divmod"));
    vm.def_builtin(f, "div", 1, |vm, s, a, _| binop(vm, s, a[0], "div"));
    vm.def_builtin(f, "remainder", 1, |vm, s, a, _| {
        binop(vm, s, a[0], "remainder")
    });
    vm.def_builtin(f, "fdiv", 1, |vm, s, a, _| binop(vm, s, a[0], "/"));
    vm.def_builtin(f, "quo", 1, |vm, s, a, _| binop(vm, s, a[0], "/"));
    vm.def_builtin(f, "<", 1, |vm, s, a, _| relop(vm, s, a[0], "<"));
    vm.def_builtin(f, "<=", 1, |vm, s, a, _| relop(vm, s, a[0], "<="));
    vm.def_builtin(f, ">", 1, |vm, s, a, _| relop(vm, s, a[0], ">"));
    vm.def_builtin(f, ">=", 1, |vm, s, a, _| relop(vm, s, a[0], ">="));
    for name in ["==", "==="] {
        vm.def_builtin(f, name, 1, |vm, s, a, _| {
            let x = num_f64(s);
            match flo_order(x, a[0]) {
                Some(o) => Ok(Value::bool(o == Some(Ordering::Equal))),
                None => {
                    let r = vm.funcall(a[0], sym::EQ, &[s], None)?;
                    Ok(Value::bool(r.truthy()))
                }
            }
        });
    }
    vm.def_builtin(f, "eql?", 1, |_, s, a, _| {
        Ok(Value::bool(to_f64_strict(a[0]) == Some(num_f64(s))))
    });
    vm.def_builtin(f, "<=>", 1, |vm, s, a, _| {
        let x = num_f64(s);
        match flo_order(x, a[0]) {
            Some(Some(o)) => Ok(Value::int(o as i64)),
            Some(None) => Ok(Value::NIL),
            None => {
                if x.is_infinite() && vm.respond_to(a[0], crate::intern!("infinite?")) {
                    let i = vm.funcall(a[0], crate::intern!("infinite?"), &[], None)?;
                    if i.is_nil() || i == Value::FALSE {
                        return Ok(Value::int(if x > 0.0 { 1 } else { -1 }));
                    }
                    let j = i.as_fixnum().unwrap_or(0) as f64;
                    return Ok(match x.partial_cmp(&(j * f64::INFINITY)) {
                        Some(o) => Value::int(o as i64),
                        None => Value::NIL,
                    });
                }
                coerce_cmp(vm, s, a[0])
            }
        }
    });
    vm.def_builtin(f, "-@", 0, |vm, s, _, _| Ok(vm.float_new(-num_f64(s))));
    for name in ["to_s", "inspect"] {
        vm.def_builtin(f, name, 0, |vm, s, _, _| {
            Ok(super::string::ascii_str(vm, &fmt(num_f64(s))))
        });
    }
    vm.def_builtin(f, "to_f", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(f, "hash", 0, |vm, s, _, _| {
        Ok(Value::int((vm.hash_of(s)? >> 2) as i64))
    });
    for name in ["to_i", "to_int"] {
        vm.def_builtin(f, name, 0, |vm, s, _, _| float_to_integer(vm, num_f64(s)));
    }
    vm.def_builtin(f, "truncate", -1, |vm, s, a, _| round(vm, s, a, b't'));
    vm.def_builtin(f, "floor", -1, |vm, s, a, _| round(vm, s, a, b'f'));
    vm.def_builtin(f, "ceil", -1, |vm, s, a, _| round(vm, s, a, b'c'));
    vm.def_builtin(f, "round", -1, |vm, s, a, _| round(vm, s, a, b'r'));
    for name in ["abs", "magnitude"] {
        vm.def_builtin(f, name, 0, |vm, s, _, _| Ok(vm.float_new(num_f64(s).abs())));
    }
    vm.def_builtin(f, "nan?", 0, |_, s, _, _| {
        Ok(Value::bool(num_f64(s).is_nan()))
    });
    vm.def_builtin(f, "infinite?", 0, |_, s, _, _| {
        let x = num_f64(s);
        Ok(if x.is_infinite() {
            Value::int(if x > 0.0 { 1 } else { -1 })
        } else {
            Value::NIL
        })
    });
    vm.def_builtin(f, "finite?", 0, |_, s, _, _| {
        Ok(Value::bool(num_f64(s).is_finite()))
    });
    vm.def_builtin(f, "zero?", 0, |_, s, _, _| {
        Ok(Value::bool(num_f64(s) == 0.0))
    });
    vm.def_builtin(f, "nonzero?", 0, |_, s, _, _| {
        Ok(if num_f64(s) == 0.0 { Value::NIL } else { s })
    });
    vm.def_builtin(f, "positive?", 0, |_, s, _, _| {
        Ok(Value::bool(num_f64(s) > 0.0))
    });
    vm.def_builtin(f, "negative?", 0, |_, s, _, _| {
        Ok(Value::bool(num_f64(s) < 0.0))
    });
    vm.def_builtin(f, "next_float", 0, |vm, s, _, _| {
        Ok(vm.float_new(next_float(num_f64(s), true)))
    });
    vm.def_builtin(f, "prev_float", 0, |vm, s, _, _| {
        Ok(vm.float_new(next_float(num_f64(s), false)))
    });
    vm.def_builtin(f, "to_r", 0, |vm, s, _, _| to_r(vm, s));
    let consts: [(&str, f64); 5] = [
        ("INFINITY", f64::INFINITY),
        ("NAN", f64::NAN),
        ("EPSILON", f64::EPSILON),
        ("MAX", f64::MAX),
        ("MIN", f64::MIN_POSITIVE),
    ];
    for (n, x) in consts {
        let v = vm.float_new(x);
        vm.classes.set_const(f, intern(n), v);
    }
    for (n, i) in [
        ("DIG", 15),
        ("MANT_DIG", 53),
        ("MAX_EXP", 1024),
        ("MIN_EXP", -1021),
        ("MAX_10_EXP", 308),
        ("MIN_10_EXP", -307),
        ("RADIX", 2),
    ] {
        vm.classes.set_const(f, intern(n), Value::int(i));
    }
}

/// `Kernel#Float(v, exception: true)` (`rb_convert_to_float`); `opts` is
/// the trailing keyword Hash, if any.
pub fn kernel_float(vm: &mut Vm, v: Value, opts: Option<Value>) -> VResult {
    let mut exception = true;
    if let Some(h) = opts
        && vm.hash_len(h).is_some()
    {
        let k = vm.sym("exception");
        if let Some(e) = vm.hash_get(h, k)? {
            exception = e.truthy();
        }
    }
    match convert_to_float(vm, v) {
        Err(Unwind::Raise(_)) if !exception => Ok(Value::NIL),
        r => r,
    }
}

fn convert_to_float(vm: &mut Vm, v: Value) -> VResult {
    if to_f64_strict(v).is_some() {
        return Ok(v);
    }
    if let Some(b) = to_big(v) {
        return Ok(vm.float_new(big_to_f64(&b)));
    }
    if vm.is_string(v) {
        let s = vm.string_lossy(v);
        return match numparse::str_to_float_strict(&s) {
            Ok(f) => Ok(vm.float_new(f)),
            Err(m) => Err(vm.arg_error(&m)),
        };
    }
    if v.is_nil() || v == Value::TRUE || v == Value::FALSE {
        let n = super::type_name(vm, v);
        return Err(vm.type_error(&format!("can't convert {n} into Float")));
    }
    if !vm.respond_to(v, crate::intern!("to_f")) {
        let n = super::type_name(vm, v);
        return Err(vm.type_error(&format!("can't convert {n} into Float")));
    }
    let r = vm.funcall(v, crate::intern!("to_f"), &[], None)?;
    if to_f64_strict(r).is_some() {
        return Ok(r);
    }
    let n = super::type_name(vm, v);
    let rn = super::type_name(vm, r);
    Err(vm.type_error(&format!("can't convert {n} to Float ({n}#to_f gives {rn})")))
}

/// `String#to_f` for string.rs.
pub fn str_to_f(vm: &mut Vm, s: &str) -> Value {
    vm.float_new(numparse::str_to_f(s))
}
