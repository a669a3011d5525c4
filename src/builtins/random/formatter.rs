//! Random::Formatter's native methods (`random_number`, `rand`; the rest
//! is the standard library's `random/formatter.rb`) and Random.urandom,
//! what `securerandom` needs. A Random draws from its own generator; any
//! other object that includes the module draws from its `bytes(n)`
//! (SecureRandom's is Random.urandom).

use std::io::Read;

use num_bigint::{BigInt, Sign};

use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Body, Unwind};
use crate::value::Value;

/// `n` bytes from the operating system's random source.
fn os_random(vm: &mut Vm, n: usize) -> Result<Vec<u8>, Unwind> {
    super::super::alloc_guard(vm, n, 1)?;
    let mut buf = vec![0u8; n];
    let ok = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut buf))
        .is_ok();
    if !ok {
        return Err(vm.error(vm.e.runtime_error, "failed to get urandom"));
    }
    Ok(buf)
}

/// A byte count argument (`Random.urandom`, `bytes`).
fn size_arg(vm: &mut Vm, v: Value) -> Result<usize, Unwind> {
    let n = super::super::int_arg(vm, v)?;
    if n < 0 {
        return Err(vm.arg_error("negative string size (or size too big)"));
    }
    Ok(n as usize)
}

/// `n` random bytes from `obj.bytes(n)`.
fn bytes_of(vm: &mut Vm, s: Value, n: usize) -> Result<Vec<u8>, Unwind> {
    let r = vm.funcall(s, crate::intern!("bytes"), &[Value::int(n as i64)], None)?;
    let b = super::super::str_arg(vm, r)?;
    if b.len() < n {
        return Err(vm.error(vm.e.runtime_error, "random data too short"));
    }
    Ok(b)
}

/// A float in [0, 1) from 53 random bits.
fn float01(vm: &mut Vm, s: Value) -> Result<f64, Unwind> {
    let b = bytes_of(vm, s, 8)?;
    let v = u64::from_le_bytes(b[..8].try_into().unwrap_or([0; 8])) >> 11;
    Ok(v as f64 * (1.0 / 9007199254740992.0))
}

/// A uniform Integer in 0..=limit (rejection sampling on masked bytes).
fn below(vm: &mut Vm, s: Value, limit: &BigInt) -> Result<BigInt, Unwind> {
    let bits = limit.bits() as usize;
    let nbytes = bits.div_ceil(8).max(1);
    loop {
        let mut b = bytes_of(vm, s, nbytes)?;
        b.truncate(nbytes);
        let extra = nbytes * 8 - bits;
        if extra > 0 {
            let last = nbytes - 1;
            b[last] &= 0xff >> extra;
        }
        let v = BigInt::from_bytes_le(Sign::Plus, &b);
        if &v <= limit {
            return Ok(v);
        }
    }
}

fn int_value(vm: &mut Vm, b: BigInt) -> Value {
    match num_traits::ToPrimitive::to_i64(&b).and_then(Value::fixnum) {
        Some(v) => v,
        None => vm.bignum_value(b),
    }
}

/// `random_number(max)` for an object that is not a Random: nil when the
/// limit gives no value (0, negative, empty range), as rand_random.
fn draw_from_bytes(vm: &mut Vm, s: Value, arg: Value) -> Result<Option<Value>, Unwind> {
    if arg.is_nil() || arg == Value::FALSE {
        let f = float01(vm, s)?;
        return Ok(Some(vm.float_new(f)));
    }
    if arg.is_heap() && matches!(&*obj(arg).body.borrow(), Body::Range(..)) {
        let (b, e, excl) = match &*obj(arg).body.borrow() {
            Body::Range(b, e, x) => (*b, *e, *x),
            _ => return Ok(None),
        };
        if let (Some(lo), Some(hi)) = (
            super::super::integer::to_big(b),
            super::super::integer::to_big(e),
        ) {
            let hi = if excl { hi - 1 } else { hi };
            if hi < lo {
                return Ok(None);
            }
            let r = below(vm, s, &(&hi - &lo))?;
            return Ok(Some(int_value(vm, lo + r)));
        }
        if let (Some(lo), Some(hi)) = (
            super::super::float::to_f64(b),
            super::super::float::to_f64(e),
        ) {
            if hi < lo || (excl && hi == lo) {
                return Ok(None);
            }
            let f = float01(vm, s)?;
            return Ok(Some(vm.float_new(lo + f * (hi - lo))));
        }
        let t = vm.inspect(arg)?;
        return Err(vm.arg_error(&format!("invalid argument - {t}")));
    }
    if let Some(f) = super::super::float::to_f64_strict(arg) {
        if !(f.is_finite() && f > 0.0) {
            return Ok(None);
        }
        let r = float01(vm, s)?;
        return Ok(Some(vm.float_new(r * f)));
    }
    if let Some(n) = super::super::integer::to_big(arg) {
        if n <= BigInt::from(0) {
            return Ok(None);
        }
        let r = below(vm, s, &(n - 1))?;
        return Ok(Some(int_value(vm, r)));
    }
    let t = vm.to_s(arg)?;
    Err(vm.arg_error(&format!("invalid argument - {t}")))
}

/// Random::Formatter#random_number / #rand.
fn random_number(
    vm: &mut Vm,
    s: Value,
    a: &[Value],
    _: Option<std::rc::Rc<crate::object::BlockArg>>,
) -> VResult {
    if a.len() > 1 {
        let msg = format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        );
        return Err(vm.arg_error(&msg));
    }
    let arg = a.first().copied().unwrap_or(Value::NIL);
    let rc = super::random_class(vm);
    let is_random =
        s == vm.class_value(rc) || vm.classes.ancestors(vm.real_class_of(s)).contains(&rc);
    if is_random {
        let ix = if vm.as_class(s).is_some() {
            0
        } else {
            super::rng_index(vm, s)
        };
        let r = match arg {
            v if v.is_nil() || v == Value::FALSE => None,
            v => match super::rand_value(vm, ix, Some(v), false) {
                Ok(r) if r.is_nil() => None,
                Ok(r) => Some(r),
                Err(_)
                    if super::super::integer::to_big(v).is_some_and(|n| n <= BigInt::from(0)) =>
                {
                    None
                }
                Err(_) if super::super::float::to_f64_strict(v).is_some() => None,
                Err(e) => return Err(e),
            },
        };
        return match r {
            Some(r) => Ok(r),
            None => super::rand_value(vm, ix, None, false),
        };
    }
    match draw_from_bytes(vm, s, arg)? {
        Some(v) => Ok(v),
        None => draw_from_bytes(vm, s, Value::NIL).map(|v| v.unwrap_or(Value::NIL)),
    }
}

/// Defines Random::Formatter (included into Random and extending it) and
/// Random.urandom / Random.bytes.
pub fn init(vm: &mut Vm, random: crate::value::ClassId) {
    let f = vm.new_module(Some("Formatter"), Some(random));
    vm.def_builtin(f, "random_number", -1, random_number);
    vm.def_builtin(f, "rand", -1, random_number);
    let _ = super::super::module::include_module(vm, random, f, false);
    let rv = vm.class_value(random);
    let sc = vm.singleton_class(rv);
    let _ = super::super::module::include_module(vm, sc, f, false);
    vm.def_singleton_builtin(random, "urandom", 1, |vm, _, a, _| {
        let n = size_arg(vm, a[0])?;
        let b = os_random(vm, n)?;
        Ok(crate::builtins::ext::binary_str(vm, b))
    });
    vm.def_singleton_builtin(random, "bytes", 1, |vm, _, a, _| {
        let n = size_arg(vm, a[0])?;
        let mut out = Vec::with_capacity(n);
        super::with_gen(0, |m| {
            while out.len() < n {
                for b in m.genrand_int32().to_le_bytes() {
                    if out.len() < n {
                        out.push(b);
                    }
                }
            }
        });
        Ok(crate::builtins::ext::binary_str(vm, out))
    });
}
