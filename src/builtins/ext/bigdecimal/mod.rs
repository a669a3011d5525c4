//! `bigdecimal.so`: BigDecimal as CRuby's bigdecimal 3.1.1 gem has it. A
//! BigDecimal object's body is its `real::Real` (`Body::Data`), frozen;
//! `real` does the word arithmetic, `text` the parsing and printing,
//! `methods` the Ruby methods. This module converts between Ruby values
//! and Reals the way the C code's GetVpValueWithPrec and the
//! rb_*_convert_to_BigDecimal family do (the allocation sizes matter:
//! they decide how many digits a quotient gets).
//! `lib/ext/bigdecimal.rb` holds the few methods that are simplest in Ruby.

pub mod funcs;
pub mod methods;
pub mod power;
pub mod real;
pub mod round;
pub mod text;

use num_traits::ToPrimitive;

use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Body, Unwind};
use crate::value::{ClassId, Value};

use real::{BASE_FIG, DOUBLE_FIG, Real, VpErr, VpResult};

/// The BigDecimal class (defined by `init`).
pub fn class(vm: &Vm) -> Option<ClassId> {
    super::class_at(vm, "BigDecimal")
}

/// The Real of a BigDecimal, if `v` is one.
pub fn real_of(v: Value) -> Option<Real> {
    if !v.is_heap() {
        return None;
    }
    match &*obj(v).body.borrow() {
        Body::Data(d) => d.downcast_ref::<Real>().cloned(),
        _ => None,
    }
}

pub fn is_bigdecimal(v: Value) -> bool {
    v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Data(d) if d.is::<Real>())
}

/// A new frozen BigDecimal holding `r`.
pub fn wrap(vm: &mut Vm, r: Real) -> Value {
    let c = class(vm).unwrap_or(crate::class::cls::OBJECT);
    let v = vm.heap.alloc(c, Body::Data(Box::new(r)));
    obj(v).freeze();
    v
}

/// The Ruby exception for an error of the arithmetic.
#[cold]
pub fn vp_err(vm: &mut Vm, e: VpErr) -> Unwind {
    match e {
        VpErr::FloatDomain(m) => vm.error(vm.e.float_domain_error, &m),
        VpErr::Arg(m) => vm.arg_error(&m),
    }
}

/// `?` for the arithmetic's results inside builtins.
pub trait OrRaise<T> {
    fn or_raise(self, vm: &mut Vm) -> Result<T, Unwind>;
}

impl<T> OrRaise<T> for VpResult<T> {
    fn or_raise(self, vm: &mut Vm) -> Result<T, Unwind> {
        self.map_err(|e| vp_err(vm, e))
    }
}

/// VpCheckException: NaN or Infinity raise FloatDomainError when the
/// exception mode asks for it (or `always`).
pub fn check_exception(r: &Real, always: bool) -> VpResult<()> {
    use real::{EXCEPTION_INFINITY, EXCEPTION_NAN, exception};
    if r.is_nan() {
        exception(
            EXCEPTION_NAN,
            "Computation results in 'NaN' (Not a Number)",
            always,
        )?;
    } else if r.is_pos_inf() {
        exception(
            EXCEPTION_INFINITY,
            "Computation results in 'Infinity'",
            always,
        )?;
    } else if r.is_neg_inf() {
        exception(
            EXCEPTION_INFINITY,
            "Computation results in '-Infinity'",
            always,
        )?;
    }
    Ok(())
}

/// VpCheckGetValue: the checked result as a new BigDecimal.
pub fn check_get(vm: &mut Vm, r: Real) -> VResult {
    check_exception(&r, false).or_raise(vm)?;
    Ok(wrap(vm, r))
}

fn class_named(vm: &Vm, v: Value, name: &str) -> bool {
    v.is_heap() && super::class_at(vm, name).is_some_and(|c| vm.real_class_of(v) == c)
}

pub fn is_rational(vm: &Vm, v: Value) -> bool {
    class_named(vm, v, "Rational")
}

pub fn is_complex(vm: &Vm, v: Value) -> bool {
    class_named(vm, v, "Complex")
}

pub fn is_float(v: Value) -> bool {
    crate::builtins::float::to_f64_strict(v).is_some()
}

/// `cannot_be_coerced_into_BigDecimal`: "X can't be coerced into BigDecimal".
#[cold]
pub fn cannot_coerce(vm: &mut Vm, v: Value) -> Unwind {
    let name = if v.is_heap() {
        vm.class_name(vm.real_class_of(v))
    } else {
        match vm.inspect(v) {
            Ok(s) => s,
            Err(e) => return e,
        }
    };
    vm.type_error(&format!("{name} can't be coerced into BigDecimal"))
}

/// GetVpValueWithPrec: `v` as a Real (`prec` None: omitted). None when
/// `must` is false and `v` is not a number BigDecimal converts.
pub fn vp_value(
    vm: &mut Vm,
    v: Value,
    prec: Option<usize>,
    must: bool,
) -> Result<Option<Real>, Unwind> {
    if let Some(r) = real_of(v) {
        return Ok(Some(r));
    }
    if let Some(d) = crate::builtins::float::to_f64_strict(v) {
        return float_to_real(vm, d, prec, must);
    }
    if is_rational(vm, v) {
        return rational_to_real(vm, v, prec, must);
    }
    if let Some(n) = v.as_fixnum() {
        let s = n.to_string();
        let r = text::alloc(BASE_FIG * 2 + 1, s.as_bytes(), true, must).or_raise(vm)?;
        return match r {
            Some(r) => {
                check_exception(&r, false).or_raise(vm)?;
                Ok(Some(r))
            }
            None => Ok(None),
        };
    }
    if let Some(b) = crate::builtins::integer::to_big(v) {
        let s = b.to_string();
        let r = text::alloc(s.len() + BASE_FIG + 1, s.as_bytes(), true, must).or_raise(vm)?;
        if let Some(r) = &r {
            check_exception(r, false).or_raise(vm)?;
        }
        return Ok(r);
    }
    if must {
        return Err(cannot_coerce(vm, v));
    }
    Ok(None)
}

/// rb_inum_convert_to_BigDecimal: a 64-bit Integer by its words, a larger
/// one through its decimal string.
pub fn int_to_real(vm: &mut Vm, v: Value) -> Result<Real, Unwind> {
    let b = crate::builtins::integer::to_big(v).unwrap_or_default();
    if let Some(u) = b.magnitude().to_u64() {
        return Ok(text::from_decimal_digits(
            &u.to_string(),
            b.sign() == num_bigint::Sign::Minus,
        ));
    }
    let s = b.to_string();
    let r = text::alloc(s.len() + BASE_FIG + 1, s.as_bytes(), true, true).or_raise(vm)?;
    let r = r.unwrap_or_else(|| Real::with_words(1));
    check_exception(&r, false).or_raise(vm)?;
    Ok(r)
}

/// A special value (NaN, ±Infinity, ±0) as a Real.
pub fn special(sign: i8) -> Real {
    let mut r = Real::with_words(1);
    r.sign = sign;
    r
}

/// rb_float_convert_to_BigDecimal: `digs` None (omitted) is an error for
/// a finite nonzero Float; 0 means the shortest digits.
pub fn float_to_real(
    vm: &mut Vm,
    d: f64,
    digs: Option<usize>,
    raise: bool,
) -> Result<Option<Real>, Unwind> {
    if d.is_nan() {
        let r = special(real::SIGN_NAN);
        check_exception(&r, false).or_raise(vm)?;
        return Ok(Some(r));
    }
    if d.is_infinite() {
        let r = special(if d > 0.0 {
            real::SIGN_POSITIVE_INFINITE
        } else {
            real::SIGN_NEGATIVE_INFINITE
        });
        check_exception(&r, false).or_raise(vm)?;
        return Ok(Some(r));
    }
    if d == 0.0 {
        // BigDecimal("+0") / BigDecimal("-0"), as the C code's constants.
        let mut r = Real::with_words(2);
        r.set_zero(if d.is_sign_negative() { -1 } else { 1 });
        return Ok(Some(r));
    }
    let Some(digs) = digs else {
        if !raise {
            return Ok(None);
        }
        return Err(vm.arg_error("can't omit precision for a Float."));
    };
    if digs > DOUBLE_FIG {
        if !raise {
            return Ok(None);
        }
        return Err(vm.arg_error("precision too large."));
    }
    // dtoa: mode 0 (shortest) or mode 2 (`digs` digits), trailing zeros off.
    let s = if digs == 0 {
        format!("{:e}", d.abs())
    } else {
        format!("{:.*e}", digs - 1, d.abs())
    };
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let mut buf: String = mant.chars().filter(|c| *c != '.').collect();
    while buf.len() > 1 && buf.ends_with('0') {
        buf.pop();
    }
    let decpt = exp.parse::<isize>().unwrap_or(0) + 1;
    buf.truncate(DOUBLE_FIG);
    let len10 = buf.len() as isize;
    let fig = BASE_FIG as isize;
    let exp: isize;
    if decpt > 0 {
        if decpt < len10 {
            let frac_len10 = len10 - decpt;
            let ntz10 = fig - frac_len10 % fig;
            buf.push_str(&"0".repeat(ntz10 as usize));
            exp = (decpt as usize).div_ceil(BASE_FIG) as isize;
        } else {
            let exp10 = decpt - len10;
            let ntz10 = exp10 % fig;
            buf.push_str(&"0".repeat(ntz10 as usize));
            let prec = ((len10 + ntz10) as usize).div_ceil(BASE_FIG) as isize;
            exp = prec + exp10 / fig;
        }
    } else if decpt == 0 {
        let prec = (len10 as usize).div_ceil(BASE_FIG) as isize;
        let ntz10 = prec * fig - len10;
        buf.push_str(&"0".repeat(ntz10 as usize));
        exp = 0;
    } else {
        let decpt = -decpt;
        let nlz10 = decpt % fig;
        let e = decpt / fig;
        let prec = ((decpt + len10) as usize).div_ceil(BASE_FIG) as isize - e;
        let ntz10 = prec * fig - nlz10 - len10;
        buf = format!(
            "{}{}{}",
            "0".repeat(nlz10 as usize),
            buf,
            "0".repeat(ntz10.max(0) as usize)
        );
        exp = -e;
    }
    let n: num_bigint::BigInt = buf.parse().unwrap_or_default();
    let iv = vm.bignum_value(n);
    let mut r = int_to_real(vm, iv)?;
    r.exponent = exp;
    if d < 0.0 {
        r.set_sign(-1);
    }
    Ok(Some(r))
}

/// rb_rational_convert_to_BigDecimal: numerator.div(denominator, digs).
pub fn rational_to_real(
    vm: &mut Vm,
    v: Value,
    digs: Option<usize>,
    raise: bool,
) -> Result<Option<Real>, Unwind> {
    let Some(digs) = digs else {
        if !raise {
            return Ok(None);
        }
        let c = vm.class_name(vm.real_class_of(v));
        return Err(vm.arg_error(&format!("can't omit precision for a {c}.")));
    };
    let num = vm.funcall(v, crate::intern!("numerator"), &[], None)?;
    let den = vm.funcall(v, crate::intern!("denominator"), &[], None)?;
    let num = int_to_real(vm, num)?;
    let num = wrap(vm, num);
    let mark = vm.roots_len();
    vm.push_root(num);
    vm.push_root(den);
    let d = methods::div2(vm, num, den, Value::int(digs as i64));
    vm.truncate_roots(mark);
    Ok(real_of(d?))
}

/// rb_convert_to_BigDecimal (Kernel#BigDecimal): Ok(nil) when `raise` is
/// false and the value does not convert.
pub fn convert(vm: &mut Vm, v: Value, digs: Option<usize>, raise: bool) -> VResult {
    if v.is_nil() || v == Value::TRUE || v == Value::FALSE {
        if raise {
            let n = crate::builtins::type_name(vm, v);
            return Err(vm.type_error(&format!("can't convert {n} into BigDecimal")));
        }
        return Ok(Value::NIL);
    }
    if let Some(r) = real_of(v) {
        check_exception(&r, false).or_raise(vm)?;
        if digs.is_none() {
            return Ok(v);
        }
        return Ok(wrap(vm, r));
    }
    if crate::builtins::integer::is_integer(v) {
        let r = int_to_real(vm, v)?;
        return Ok(wrap(vm, r));
    }
    if let Some(d) = crate::builtins::float::to_f64_strict(v) {
        return Ok(match float_to_real(vm, d, digs, raise)? {
            Some(r) => wrap(vm, r),
            None => Value::NIL,
        });
    }
    if is_rational(vm, v) {
        return Ok(match rational_to_real(vm, v, digs, raise)? {
            Some(r) => wrap(vm, r),
            None => Value::NIL,
        });
    }
    if is_complex(vm, v) {
        let im = vm.funcall(v, crate::intern!("imaginary"), &[], None)?;
        let zero = vm.funcall(im, crate::intern!("=="), &[Value::int(0)], None)?;
        if !zero.truthy() {
            return Err(vm.arg_error("Unable to make a BigDecimal from non-zero imaginary number"));
        }
        let re = vm.funcall(v, crate::intern!("real"), &[], None)?;
        return convert(vm, re, digs, raise);
    }
    let s = if vm.is_string(v) {
        vm.string_bytes(v)
    } else {
        match vm.check_funcall(v, crate::value::sym::TO_STR)? {
            Some(s) if vm.is_string(s) => vm.string_bytes(s),
            _ => {
                if raise {
                    let c = vm.class_name(vm.real_class_of(v));
                    return Err(vm.type_error(&format!("can't convert {c} into BigDecimal")));
                }
                return Ok(Value::NIL);
            }
        }
    };
    if s.contains(&0) {
        return Err(vm.arg_error("string contains null byte"));
    }
    match text::alloc(digs.unwrap_or(0), &s, true, raise).or_raise(vm)? {
        Some(r) => check_get(vm, r),
        None => Ok(Value::NIL),
    }
}

pub fn init(vm: &mut Vm) -> Result<(), Unwind> {
    methods::init(vm)
}
