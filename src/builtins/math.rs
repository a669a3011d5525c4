//! Math (CRuby 3.1's math.c: argument conversion, Math::DomainError
//! messages, exact factorials in `gamma`, huge Integers in `log`) and ENV.

use num_traits::{Signed, ToPrimitive};

use crate::class::arity;
use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::object::Unwind;
use crate::value::Value;

/// `Get_Double` / `rb_to_float`: Integer, Float or another Numeric's to_f.
fn arg(vm: &mut Vm, v: Value) -> Result<f64, Unwind> {
    if let Some(f) = super::float::to_f64(v) {
        return Ok(f);
    }
    let numeric = !v.is_nil() && v != Value::TRUE && v != Value::FALSE && {
        let c = vm.class_of(v);
        vm.classes.ancestors(c).contains(&cls::NUMERIC)
    };
    if numeric && !vm.is_string(v) {
        let r = vm.funcall(v, crate::intern!("to_f"), &[], None)?;
        if let Some(f) = super::float::to_f64_strict(r) {
            return Ok(f);
        }
    }
    let cn = super::type_name(vm, v);
    Err(vm.type_error(&format!("can't convert {cn} into Float")))
}

#[cold]
fn domain(vm: &mut Vm, name: &str) -> Unwind {
    super::integer::math_domain(vm, &format!("Numerical argument is out of domain - {name}"))
}

/// ln of a (possibly huge) Integer or other number, like `math_log1`.
fn ln_of(vm: &mut Vm, v: Value, name: &str) -> Result<f64, Unwind> {
    if let Some(b) = super::integer::to_big(v)
        && b.bits() > 1000
    {
        if b.is_negative() {
            return Err(domain(vm, name));
        }
        let shift = b.bits() - 53;
        let d = (b >> shift).to_f64().unwrap_or(0.0);
        return Ok(d.ln() + shift as f64 * std::f64::consts::LN_2);
    }
    let x = arg(vm, v)?;
    if x < 0.0 {
        return Err(domain(vm, name));
    }
    Ok(x.ln())
}

macro_rules! unary {
    ($vm:expr, $m:expr, $name:literal, $f:expr) => {
        $vm.def_module_function($m, $name, 1, |vm, _, a, _| -> VResult {
            let x = arg(vm, a[0])?;
            let f: fn(f64) -> Option<f64> = $f;
            match f(x) {
                Some(r) => Ok(vm.float_new(r)),
                None => Err(domain(vm, $name)),
            }
        });
    };
}

const FACT: [f64; 23] = {
    let mut t = [1.0f64; 23];
    let mut i = 1;
    while i < 23 {
        t[i] = t[i - 1] * i as f64;
        i += 1;
    }
    t
};

/// Lanczos approximation of ln|Gamma(x)| and the sign of Gamma(x).
fn lgamma_sign(x: f64) -> (f64, f64) {
    if x < 0.5 {
        let s = (std::f64::consts::PI * x).sin();
        let (lg, _) = lgamma_sign(1.0 - x);
        let v = (std::f64::consts::PI / s.abs()).ln() - lg;
        return (v, if s < 0.0 { -1.0 } else { 1.0 });
    }
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let x = x - 1.0;
    let mut a = C[0];
    let t = x + G + 0.5;
    for (i, c) in C.iter().enumerate().skip(1) {
        a += c / (x + i as f64);
    }
    let v = 0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln();
    (v, 1.0)
}

fn gamma(x: f64) -> Option<f64> {
    if x.is_infinite() {
        return if x < 0.0 { None } else { Some(f64::INFINITY) };
    }
    if x == 0.0 {
        return Some(if x.is_sign_negative() {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        });
    }
    if x == x.floor() {
        if x < 0.0 {
            return None;
        }
        if x <= 23.0 {
            return Some(FACT[x as usize - 1]);
        }
    }
    if x > 171.7 {
        return Some(f64::INFINITY);
    }
    let (lg, sign) = lgamma_sign(x);
    Some(sign * lg.exp())
}

/// erf by its series near 0 and the continued fraction of erfc beyond.
fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() > 2.5 {
        return if x > 0.0 {
            1.0 - erfc(x)
        } else {
            erfc(-x) - 1.0
        };
    }
    let mut sum = x;
    let mut term = x;
    let x2 = x * x;
    let mut n = 0.0;
    while term.abs() > 1e-17 * sum.abs() {
        n += 1.0;
        term *= -x2 / n;
        sum += term / (2.0 * n + 1.0);
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}

fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < 2.5 {
        return 1.0 - erf(x);
    }
    // Lentz continued fraction for erfc(x) * sqrt(pi) * e^(x^2).
    let mut f = x;
    let mut c = x;
    let mut d = 0.0;
    for k in 1..200 {
        let a = k as f64 / 2.0;
        d = x + a * d;
        d = if d == 0.0 { 1e-300 } else { 1.0 / d };
        c = x + a / c;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    (-x * x).exp() / f / std::f64::consts::PI.sqrt()
}

pub fn init(vm: &mut Vm) {
    let m = vm.new_module(Some("Math"), Some(cls::OBJECT));
    vm.new_class(Some("DomainError"), vm.e.standard_error, Some(m));
    let pi = vm.float_new(std::f64::consts::PI);
    let e = vm.float_new(std::f64::consts::E);
    vm.classes.set_const(m, crate::intern!("PI"), pi);
    vm.classes.set_const(m, crate::intern!("E"), e);
    unary!(vm, m, "sqrt", |x| if x < 0.0 {
        None
    } else if x == 0.0 {
        Some(0.0)
    } else {
        Some(x.sqrt())
    });
    unary!(vm, m, "cbrt", |x| Some(x.cbrt()));
    unary!(vm, m, "sin", |x| Some(x.sin()));
    unary!(vm, m, "cos", |x| Some(x.cos()));
    unary!(vm, m, "tan", |x| Some(x.tan()));
    unary!(vm, m, "asin", |x| if x.abs() > 1.0 {
        None
    } else {
        Some(x.asin())
    });
    unary!(vm, m, "acos", |x| if x.abs() > 1.0 {
        None
    } else {
        Some(x.acos())
    });
    unary!(vm, m, "atan", |x| Some(x.atan()));
    unary!(vm, m, "exp", |x| Some(x.exp()));
    unary!(vm, m, "sinh", |x| Some(x.sinh()));
    unary!(vm, m, "cosh", |x| Some(x.cosh()));
    unary!(vm, m, "tanh", |x| Some(x.tanh()));
    unary!(vm, m, "asinh", |x| Some(x.asinh()));
    unary!(vm, m, "acosh", |x| if x < 1.0 {
        None
    } else {
        Some(x.acosh())
    });
    unary!(vm, m, "atanh", |x| if x.abs() > 1.0 {
        None
    } else if x == 1.0 {
        Some(f64::INFINITY)
    } else if x == -1.0 {
        Some(f64::NEG_INFINITY)
    } else {
        Some(x.atanh())
    });
    unary!(vm, m, "erf", |x| Some(erf(x)));
    unary!(vm, m, "erfc", |x| Some(erfc(x)));
    unary!(vm, m, "gamma", gamma);
    vm.def_module_function(m, "lgamma", 1, |vm, _, a, _| {
        let x = arg(vm, a[0])?;
        if x.is_infinite() && x < 0.0 {
            return Err(domain(vm, "lgamma"));
        }
        let (v, sign) = if x == 0.0 {
            (f64::INFINITY, if x.is_sign_negative() { -1 } else { 1 })
        } else if x == x.floor() && x < 0.0 {
            (f64::INFINITY, 1)
        } else if x == x.floor() && (1.0..=23.0).contains(&x) {
            (FACT[x as usize - 1].ln(), 1)
        } else {
            let (v, s) = lgamma_sign(x);
            (v, if s < 0.0 { -1 } else { 1 })
        };
        let v = vm.float_new(v);
        Ok(vm.ary_new(vec![v, Value::int(sign)]))
    });
    vm.def_module_function(m, "log2", 1, |vm, _, a, _| {
        let l = ln_of(vm, a[0], "log2")?;
        let r = if l.is_finite() && super::float::to_f64(a[0]).is_some_and(f64::is_finite) {
            arg(vm, a[0])?.log2()
        } else {
            l / std::f64::consts::LN_2
        };
        Ok(vm.float_new(r))
    });
    vm.def_module_function(m, "log10", 1, |vm, _, a, _| {
        let l = ln_of(vm, a[0], "log10")?;
        let r = if l.is_finite() && super::float::to_f64(a[0]).is_some_and(f64::is_finite) {
            arg(vm, a[0])?.log10()
        } else {
            l / std::f64::consts::LN_10
        };
        Ok(vm.float_new(r))
    });
    vm.def_module_function(m, "log", -2, |vm, _, a, _| {
        if a.len() > 2 {
            return Err(vm.arg_error(&format!(
                "wrong number of arguments (given {}, expected 1..2)",
                a.len()
            )));
        }
        let x = ln_of(vm, a[0], "log")?;
        let r = match a.get(1) {
            Some(b) => {
                let b = ln_of(vm, *b, "log")?;
                x / b
            }
            None => x,
        };
        Ok(vm.float_new(r))
    });
    vm.def_module_function(m, "atan2", 2, |vm, _, a, _| {
        let (y, x) = (arg(vm, a[0])?, arg(vm, a[1])?);
        Ok(vm.float_new(y.atan2(x)))
    });
    vm.def_module_function(m, "hypot", 2, |vm, _, a, _| {
        let (y, x) = (arg(vm, a[0])?, arg(vm, a[1])?);
        Ok(vm.float_new(y.hypot(x)))
    });
    vm.def_module_function(m, "frexp", 1, |vm, _, a, _| {
        let x = arg(vm, a[0])?;
        let (fr, e) = frexp(x);
        let fr = vm.float_new(fr);
        Ok(vm.ary_new(vec![fr, Value::int(e as i64)]))
    });
    vm.def_module_function(m, "ldexp", 2, |vm, _, a, _| {
        let x = arg(vm, a[0])?;
        let e = super::int_arg(vm, a[1])?;
        Ok(vm.float_new(ldexp(x, e)))
    });

    // ENV: a plain object with the common Hash-like readers.
    let env_obj = vm
        .heap
        .alloc(cls::OBJECT, crate::object::Body::Object(Vec::new()));
    vm.classes
        .set_const(cls::OBJECT, crate::intern!("ENV"), env_obj);
    let sc = vm.singleton_class(env_obj);
    vm.def_builtin(sc, "[]", 1, |vm, _, a, _| {
        let k = vm.to_s(a[0])?;
        Ok(match std::env::var(&k) {
            Ok(v) => vm.str_new(&v),
            Err(_) => Value::NIL,
        })
    });
    vm.def_builtin(sc, "fetch", arity::range(1, 2), |vm, _, a, b| {
        let k = vm.to_s(a[0])?;
        match std::env::var(&k) {
            Ok(v) => Ok(vm.str_new(&v)),
            Err(_) => {
                if let Some(b) = b {
                    return vm.yield_block(&b, &[a[0]]);
                }
                if let Some(d) = a.get(1) {
                    return Ok(*d);
                }
                let ks = vm.inspect(a[0])?;
                Err(vm.error(vm.e.key_error, &format!("key not found: {ks}")))
            }
        }
    });
    vm.def_builtin(sc, "key?", 1, |vm, _, a, _| {
        let k = vm.to_s(a[0])?;
        Ok(Value::bool(std::env::var(&k).is_ok()))
    });
    vm.def_builtin(sc, "include?", 1, |vm, _, a, _| {
        let k = vm.to_s(a[0])?;
        Ok(Value::bool(std::env::var(&k).is_ok()))
    });
    vm.def_builtin(sc, "to_h", 0, |vm, _, _, _| {
        let h = vm.new_hash();
        let mut vars: Vec<(String, String)> = std::env::vars().collect();
        vars.sort();
        for (k, v) in vars {
            let (k, v) = (vm.str_new(&k), vm.str_new(&v));
            vm.hash_aset(h, k, v)?;
        }
        Ok(h)
    });
    vm.def_builtin(sc, "inspect", 0, |vm, _, _, _| Ok(vm.str_new("ENV")));
}

/// C's frexp: x = fr * 2**e with 0.5 <= |fr| < 1.
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (x, adj) = if x.abs() < f64::MIN_POSITIVE {
        (x * 2f64.powi(54), -54)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32 - 1022;
    let fr = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (fr, e + adj)
}

/// C's ldexp: x * 2**e without intermediate overflow.
fn ldexp(x: f64, e: i64) -> f64 {
    let mut x = x;
    let mut e = e.clamp(-3000, 3000);
    while e > 1000 {
        x *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        x *= 2f64.powi(-1000);
        e += 1000;
    }
    x * 2f64.powi(e as i32)
}
