//! Integer (Fixnum and Bignum) and Numeric.

use std::rc::Rc;

use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{Signed, ToPrimitive, Zero};

use super::object::block_required;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{Value, sym};

type B = Option<Rc<BlockArg>>;

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

fn coerce_fail(vm: &mut Vm, other: Value, op: &str) -> Unwind {
    let cn = super::type_name(vm, other);
    if matches!(op, "<" | ">" | "<=" | ">=") {
        let s = if other.is_nil() || other == Value::TRUE || other == Value::FALSE {
            super::type_name(vm, other)
        } else {
            vm.class_name(vm.real_class_of(other))
        };
        return vm.arg_error(&format!("comparison of Integer with {s} failed"));
    }
    vm.type_error(&format!("{cn} can't be coerced into Integer"))
}

fn try_coerce(vm: &mut Vm, s: Value, other: Value, op: &str) -> VResult {
    if other.is_heap() && vm.respond_to(other, sym::COERCE) {
        let pair = vm.funcall(other, sym::COERCE, &[s], None)?;
        let items = vm.array_items(pair);
        if items.len() == 2 {
            return vm.funcall(
                items[0],
                crate::value::symbol::intern(op),
                &[items[1]],
                None,
            );
        }
    }
    Err(coerce_fail(vm, other, op))
}

fn arith(vm: &mut Vm, s: Value, o: Value, op: &str) -> VResult {
    if let Some(f) = super::float::to_f64_strict(o) {
        let x = to_big(s).and_then(|b| b.to_f64()).unwrap_or(0.0);
        return super::float::float_op(vm, x, f, op);
    }
    let (Some(a), Some(b)) = (to_big(s), to_big(o)) else {
        return try_coerce(vm, s, o, op);
    };
    let r = match op {
        "+" => a + b,
        "-" => a - b,
        "*" => a * b,
        "/" | "div" => {
            if b.is_zero() {
                return Err(vm.error(vm.e.zero_division_error, "divided by 0"));
            }
            a.div_floor(&b)
        }
        "%" | "modulo" => {
            if b.is_zero() {
                return Err(vm.error(vm.e.zero_division_error, "divided by 0"));
            }
            a.mod_floor(&b)
        }
        "remainder" => {
            if b.is_zero() {
                return Err(vm.error(vm.e.zero_division_error, "divided by 0"));
            }
            a % b
        }
        "&" => a & b,
        "|" => a | b,
        "^" => a ^ b,
        _ => unreachable!(),
    };
    Ok(vm.bignum_value(r))
}

fn cmp(vm: &mut Vm, s: Value, o: Value, op: &str) -> VResult {
    if let (Some(a), Some(b)) = (s.as_fixnum(), o.as_fixnum()) {
        return Ok(Value::bool(match op {
            "<" => a < b,
            "<=" => a <= b,
            ">" => a > b,
            _ => a >= b,
        }));
    }
    if let Some(f) = super::float::to_f64_strict(o) {
        let x = to_big(s).and_then(|b| b.to_f64()).unwrap_or(0.0);
        return Ok(Value::bool(match op {
            "<" => x < f,
            "<=" => x <= f,
            ">" => x > f,
            _ => x >= f,
        }));
    }
    let (Some(a), Some(b)) = (to_big(s), to_big(o)) else {
        return try_coerce(vm, s, o, op);
    };
    Ok(Value::bool(match op {
        "<" => a < b,
        "<=" => a <= b,
        ">" => a > b,
        _ => a >= b,
    }))
}

pub fn int_to_s(v: Value, base: u32) -> String {
    to_big(v).map(|b| b.to_str_radix(base)).unwrap_or_default()
}

pub fn init(vm: &mut Vm) {
    let i = cls::INTEGER;
    vm.def_builtin(i, "+", 1, |vm, s, a, _| arith(vm, s, a[0], "+"));
    vm.def_builtin(i, "-", 1, |vm, s, a, _| arith(vm, s, a[0], "-"));
    vm.def_builtin(i, "*", 1, |vm, s, a, _| arith(vm, s, a[0], "*"));
    vm.def_builtin(i, "/", 1, |vm, s, a, _| arith(vm, s, a[0], "/"));
    vm.def_builtin(i, "div", 1, |vm, s, a, _| {
        if super::float::to_f64_strict(a[0]).is_some() {
            let q = arith(vm, s, a[0], "/")?;
            return vm.funcall(q, crate::value::symbol::intern("floor"), &[], None);
        }
        arith(vm, s, a[0], "div")
    });
    vm.def_builtin(i, "%", 1, |vm, s, a, _| arith(vm, s, a[0], "%"));
    vm.def_builtin(i, "modulo", 1, |vm, s, a, _| arith(vm, s, a[0], "%"));
    vm.def_builtin(i, "remainder", 1, |vm, s, a, _| {
        arith(vm, s, a[0], "remainder")
    });
    vm.def_builtin(i, "&", 1, |vm, s, a, _| arith(vm, s, a[0], "&"));
    vm.def_builtin(i, "|", 1, |vm, s, a, _| arith(vm, s, a[0], "|"));
    vm.def_builtin(i, "^", 1, |vm, s, a, _| arith(vm, s, a[0], "^"));
    vm.def_builtin(i, "<", 1, |vm, s, a, _| cmp(vm, s, a[0], "<"));
    vm.def_builtin(i, "<=", 1, |vm, s, a, _| cmp(vm, s, a[0], "<="));
    vm.def_builtin(i, ">", 1, |vm, s, a, _| cmp(vm, s, a[0], ">"));
    vm.def_builtin(i, ">=", 1, |vm, s, a, _| cmp(vm, s, a[0], ">="));
    vm.def_builtin(i, "==", 1, |vm, s, a, _| int_eq(vm, s, a[0]));
    vm.def_builtin(i, "===", 1, |vm, s, a, _| int_eq(vm, s, a[0]));
    vm.def_builtin(i, "eql?", 1, |_, s, a, _| {
        Ok(Value::bool(is_integer(a[0]) && to_big(s) == to_big(a[0])))
    });
    vm.def_builtin(i, "<=>", 1, |_, s, a, _| {
        if let Some(f) = super::float::to_f64_strict(a[0]) {
            let x = to_big(s).and_then(|b| b.to_f64()).unwrap_or(0.0);
            return Ok(match x.partial_cmp(&f) {
                Some(o) => Value::int(o as i64),
                None => Value::NIL,
            });
        }
        Ok(match (to_big(s), to_big(a[0])) {
            (Some(x), Some(y)) => Value::int(x.cmp(&y) as i64),
            _ => Value::NIL,
        })
    });
    vm.def_builtin(i, "**", 1, pow);
    vm.def_builtin(i, "pow", -2, |vm, s, a, b| {
        if a.len() == 2 {
            let (Some(x), Some(e), Some(m)) = (to_big(s), to_big(a[0]), to_big(a[1])) else {
                return Err(vm.type_error(
                    "Integer#pow() 2nd argument not allowed unless all arguments are integers",
                ));
            };
            if m.is_zero() {
                return Err(vm.error(vm.e.zero_division_error, "divided by 0"));
            }
            let r = x.modpow(&e, &m).mod_floor(&m);
            return Ok(vm.bignum_value(r));
        }
        pow(vm, s, a, b)
    });
    vm.def_builtin(i, "-@", 0, |vm, s, _, _| {
        let b = to_big(s).unwrap_or_default();
        Ok(vm.bignum_value(-b))
    });
    vm.def_builtin(i, "~", 0, |vm, s, _, _| {
        let b = to_big(s).unwrap_or_default();
        Ok(vm.bignum_value(-b - 1))
    });
    vm.def_builtin(i, "<<", 1, |vm, s, a, _| shift(vm, s, a[0], true));
    vm.def_builtin(i, ">>", 1, |vm, s, a, _| shift(vm, s, a[0], false));
    vm.def_builtin(i, "[]", 1, |_, s, a, _| {
        let b = to_big(s).unwrap_or_default();
        let n = a[0].as_fixnum().unwrap_or(0);
        if n < 0 {
            return Ok(Value::int(0));
        }
        Ok(Value::int(
            ((b >> n as usize) & BigInt::from(1)).to_i64().unwrap_or(0),
        ))
    });
    vm.def_builtin(i, "to_s", -1, |vm, s, a, _| {
        let base = match a.first() {
            Some(b) => super::int_arg(vm, *b)?,
            None => 10,
        };
        if !(2..=36).contains(&base) {
            return Err(vm.arg_error(&format!("invalid radix {base}")));
        }
        let t = int_to_s(s, base as u32);
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(i, "inspect", 0, |vm, s, _, _| {
        let t = int_to_s(s, 10);
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(i, "to_i", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(i, "to_int", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(i, "to_f", 0, |vm, s, _, _| {
        let f = to_big(s).and_then(|b| b.to_f64()).unwrap_or(0.0);
        Ok(vm.float_new(f))
    });
    vm.def_builtin(i, "chr", -1, |vm, s, a, _| {
        let n = s.as_fixnum().unwrap_or(-1);
        super::string::int_chr(vm, n, a.first().copied())
    });
    vm.def_builtin(i, "ord", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(i, "hash", 0, |vm, s, _, _| {
        Ok(Value::int((vm.hash_of(s)? >> 2) as i64))
    });
    vm.def_builtin(i, "times", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "times");
        };
        let n = s.as_fixnum().unwrap_or(0);
        let mut i = 0;
        while i < n {
            vm.yield_block(&b, &[Value::int(i)])?;
            i += 1;
        }
        Ok(s)
    });
    vm.def_builtin(i, "upto", 1, |vm, s, a, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "upto");
        };
        let (mut i, n) = (s.as_fixnum().unwrap_or(0), super::int_arg(vm, a[0])?);
        while i <= n {
            vm.yield_block(&b, &[Value::int(i)])?;
            i += 1;
        }
        Ok(s)
    });
    vm.def_builtin(i, "downto", 1, |vm, s, a, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "downto");
        };
        let (mut i, n) = (s.as_fixnum().unwrap_or(0), super::int_arg(vm, a[0])?);
        while i >= n {
            vm.yield_block(&b, &[Value::int(i)])?;
            i -= 1;
        }
        Ok(s)
    });
    vm.def_builtin(i, "step", -2, |vm, s, a, b| {
        let b = block_required(vm, b)?;
        let (lim, st) = (a[0], a.get(1).copied().unwrap_or(Value::int(1)));
        if let (Some(mut i), Some(l), Some(st)) = (s.as_fixnum(), lim.as_fixnum(), st.as_fixnum()) {
            if st == 0 {
                return Err(vm.arg_error("step can't be 0"));
            }
            while (st > 0 && i <= l) || (st < 0 && i >= l) {
                vm.yield_block(&b, &[Value::int(i)])?;
                i += st;
            }
            return Ok(s);
        }
        let (x, l, st) = (
            super::float::num_f64(s),
            super::float::num_f64(lim),
            super::float::num_f64(st),
        );
        let n = ((l - x) / st + 1e-9).floor() as i64;
        for k in 0..=n {
            let v = vm.float_new(x + k as f64 * st);
            vm.yield_block(&b, &[v])?;
        }
        Ok(s)
    });
    for (name, f) in [
        ("even?", (|n: &BigInt| n.is_even()) as fn(&BigInt) -> bool),
        ("odd?", |n: &BigInt| n.is_odd()),
        ("zero?", |n: &BigInt| n.is_zero()),
        ("positive?", |n: &BigInt| n.is_positive()),
        ("negative?", |n: &BigInt| n.is_negative()),
    ] {
        let _ = f;
        let id = vm.register_builtin(match name {
            "even?" => |_, s, _, _| Ok(Value::bool(to_big(s).is_some_and(|n| n.is_even()))),
            "odd?" => |_, s, _, _| Ok(Value::bool(to_big(s).is_some_and(|n| n.is_odd()))),
            "zero?" => |_, s, _, _| Ok(Value::bool(to_big(s).is_some_and(|n| n.is_zero()))),
            "positive?" => |_, s, _, _| Ok(Value::bool(to_big(s).is_some_and(|n| n.is_positive()))),
            _ => |_, s, _, _| Ok(Value::bool(to_big(s).is_some_and(|n| n.is_negative()))),
        });
        vm.add_method(
            i,
            crate::value::symbol::intern(name),
            crate::class::MethodKind::Builtin { func: id, arity: 0 },
            crate::class::Visibility::Public,
        );
    }
    vm.def_builtin(i, "abs", 0, |vm, s, _, _| {
        let b = to_big(s).unwrap_or_default();
        Ok(vm.bignum_value(b.abs()))
    });
    vm.def_builtin(i, "succ", 0, |vm, s, _, _| arith(vm, s, Value::int(1), "+"));
    vm.def_builtin(i, "next", 0, |vm, s, _, _| arith(vm, s, Value::int(1), "+"));
    vm.def_builtin(i, "pred", 0, |vm, s, _, _| arith(vm, s, Value::int(1), "-"));
    vm.def_builtin(i, "integer?", 0, |_, _, _, _| Ok(Value::TRUE));
    vm.def_builtin(i, "floor", -1, round_int);
    vm.def_builtin(i, "ceil", -1, round_int);
    vm.def_builtin(i, "round", -1, round_int);
    vm.def_builtin(i, "truncate", -1, round_int);
    vm.def_builtin(i, "size", 0, |_, _, _, _| Ok(Value::int(8)));
    vm.def_builtin(i, "bit_length", 0, |_, s, _, _| {
        let b = to_big(s).unwrap_or_default();
        let b = if b.is_negative() { -b - 1 } else { b };
        Ok(Value::int(b.bits() as i64))
    });
    vm.def_builtin(i, "digits", -1, |vm, s, _, _| {
        let mut b = to_big(s).unwrap_or_default();
        if b.is_negative() {
            return Err(vm.error(vm.e.range_error, "out of domain"));
        }
        let mut out = Vec::new();
        let ten = BigInt::from(10);
        loop {
            let (q, r) = b.div_rem(&ten);
            out.push(vm.bignum_value(r));
            b = q;
            if b.is_zero() {
                break;
            }
        }
        Ok(vm.ary_new(out))
    });
    vm.def_builtin(i, "gcd", 1, |vm, s, a, _| {
        let (x, y) = (
            to_big(s).unwrap_or_default(),
            to_big(a[0]).unwrap_or_default(),
        );
        Ok(vm.bignum_value(x.gcd(&y)))
    });
    vm.def_builtin(i, "lcm", 1, |vm, s, a, _| {
        let (x, y) = (
            to_big(s).unwrap_or_default(),
            to_big(a[0]).unwrap_or_default(),
        );
        Ok(vm.bignum_value(x.lcm(&y)))
    });
    vm.def_builtin(i, "divmod", 1, |vm, s, a, _| {
        let q = vm.funcall(s, crate::value::symbol::intern("div"), &[a[0]], None)?;
        let r = arith_or_float_mod(vm, s, a[0])?;
        Ok(vm.ary_new(vec![q, r]))
    });
    vm.def_builtin(i, "fdiv", 1, |vm, s, a, _| {
        let x = super::float::num_f64(s);
        let y = super::float::num_f64(a[0]);
        Ok(vm.float_new(x / y))
    });
    vm.def_builtin(i, "coerce", 1, |vm, s, a, _| {
        if is_integer(a[0]) {
            return Ok(vm.ary_new(vec![a[0], s]));
        }
        let x = vm.float_new(super::float::num_f64(s));
        let y = vm.float_new(super::float::num_f64(a[0]));
        Ok(vm.ary_new(vec![y, x]))
    });
    vm.def_singleton_builtin(i, "sqrt", 1, |vm, _, a, _| {
        let b = to_big(a[0]).unwrap_or_default();
        if b.is_negative() {
            return Err(vm.error(
                vm.e.argument_error,
                "Numerical argument is out of domain - \"isqrt\"",
            ));
        }
        Ok(vm.bignum_value(b.sqrt()))
    });
    let n = cls::NUMERIC;
    vm.def_builtin(n, "integer?", 0, |_, _, _, _| Ok(Value::FALSE));
    vm.def_builtin(n, "+@", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(n, "step", -1, |vm, _, _, _| {
        Err(vm.runtime_error("carmine: Numeric#step"))
    });
}

fn arith_or_float_mod(vm: &mut Vm, s: Value, o: Value) -> VResult {
    vm.funcall(s, sym::MOD, &[o], None)
}

fn enum_for(vm: &mut Vm, s: Value, m: &str) -> VResult {
    let n = vm.sym(m);
    vm.funcall(s, crate::value::symbol::intern("enum_for"), &[n], None)
}

fn int_eq(vm: &mut Vm, s: Value, o: Value) -> VResult {
    if let Some(f) = super::float::to_f64_strict(o) {
        return Ok(Value::bool(to_big(s).and_then(|b| b.to_f64()) == Some(f)));
    }
    if is_integer(o) {
        return Ok(Value::bool(to_big(s) == to_big(o)));
    }
    if o.is_heap() && !vm.is_string(o) {
        let r = vm.funcall(o, sym::EQ, &[s], None)?;
        return Ok(Value::bool(r.truthy()));
    }
    Ok(Value::FALSE)
}

fn pow(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let o = a[0];
    if let Some(f) = super::float::to_f64_strict(o) {
        let x = to_big(s).and_then(|b| b.to_f64()).unwrap_or(0.0);
        return Ok(vm.float_new(x.powf(f)));
    }
    let (Some(x), Some(e)) = (to_big(s), to_big(o)) else {
        return try_coerce(vm, s, o, "**");
    };
    if e.is_negative() {
        let xf = x.to_f64().unwrap_or(0.0);
        let r = vm.str_new("carmine: Rational results are not supported");
        let _ = r;
        return Ok(vm.float_new(xf.powf(e.to_f64().unwrap_or(0.0))));
    }
    let Some(e) = e.to_u32() else {
        return Err(vm.arg_error("exponent too large"));
    };
    if x.bits() as u64 * e as u64 > 32 * 1024 * 1024 {
        return Err(vm.arg_error("exponent too large"));
    }
    Ok(vm.bignum_value(num_traits::pow::Pow::pow(&x, e)))
}

fn shift(vm: &mut Vm, s: Value, o: Value, left: bool) -> VResult {
    let b = to_big(s).unwrap_or_default();
    let n = super::int_arg(vm, o)?;
    let left = if n < 0 { !left } else { left };
    let n = n.unsigned_abs();
    if left && n > 1 << 26 {
        return Err(vm.arg_error("shift width too big"));
    }
    let r = if left {
        b << n as usize
    } else {
        b >> n as usize
    };
    Ok(vm.bignum_value(r))
}

fn round_int(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let nd = match a.first() {
        Some(v) if v.is_fixnum() => v.fixnum_unchecked(),
        _ => 0,
    };
    if nd >= 0 {
        return Ok(s);
    }
    let b = to_big(s).unwrap_or_default();
    let m = num_traits::pow::Pow::pow(&BigInt::from(10), (-nd) as u32);
    let (q, r) = b.div_mod_floor(&m);
    let name = vm.frames.last().map(|_| ()).map(|_| ());
    let _ = name;
    let half = &m / 2;
    let rounded = if r >= half { q + 1 } else { q };
    Ok(vm.bignum_value(rounded * m))
}

pub fn kernel_integer(vm: &mut Vm, v: Value, base: Option<i64>) -> VResult {
    if is_integer(v) && base.is_none() {
        return Ok(v);
    }
    if let Some(f) = super::float::to_f64_strict(v) {
        if !f.is_finite() {
            return Err(vm.error(vm.e.float_domain_error, &super::float::fmt(f)));
        }
        let b = num_bigint::BigInt::from(f.trunc() as i128);
        return Ok(vm.bignum_value(b));
    }
    if vm.is_string(v) {
        return super::string::str_to_integer(vm, v, base);
    }
    if v.is_nil() {
        return Err(vm.type_error("can't convert nil into Integer"));
    }
    if vm.respond_to(v, sym::TO_INT) {
        return vm.funcall(v, sym::TO_INT, &[], None);
    }
    if vm.respond_to(v, crate::value::symbol::intern("to_i")) {
        return vm.funcall(v, crate::value::symbol::intern("to_i"), &[], None);
    }
    let cn = super::type_name(vm, v);
    Err(vm.type_error(&format!("can't convert {cn} into Integer")))
}
