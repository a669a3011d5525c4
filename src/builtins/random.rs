//! Random numbers: CRuby's MT19937 generator (so `srand(42); rand(100)`
//! gives CRuby's numbers), Kernel#rand/srand, the Random class, and the
//! Array methods that draw from it (shuffle, shuffle!, sample) with CRuby's
//! exact draw order.
//!
//! Generator states live in a process-wide table: index 0 is the default
//! generator (Kernel#rand, Random.rand); a Random object keeps its index in
//! the hidden ivar `__rng`. Tables entries are never freed (a Random costs
//! 2.5 KB for the life of the process).

mod formatter;

use std::sync::Mutex;

use num_bigint::{BigInt, Sign};

use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Body, Unwind};
use crate::value::Value;

const N: usize = 624;
const M: usize = 397;

/// One Mersenne Twister (MT19937) state, as in CRuby's random.c.
#[derive(Clone, PartialEq)]
struct Mt {
    state: [u32; N],
    next: usize,
    seed: Vec<u32>,
    seed_neg: bool,
}

impl Mt {
    fn init_genrand(s: u32) -> Mt {
        let mut st = [0u32; N];
        st[0] = s;
        for j in 1..N {
            st[j] = 1812433253u32
                .wrapping_mul(st[j - 1] ^ (st[j - 1] >> 30))
                .wrapping_add(j as u32);
        }
        Mt {
            state: st,
            next: N,
            seed: vec![s],
            seed_neg: false,
        }
    }

    fn init_by_array(key: &[u32]) -> Mt {
        let mut mt = Mt::init_genrand(19650218);
        let st = &mut mt.state;
        let (mut i, mut j) = (1usize, 0usize);
        let len = key.len().max(1);
        for _ in 0..N.max(len) {
            st[i] = (st[i] ^ (st[i - 1] ^ (st[i - 1] >> 30)).wrapping_mul(1664525))
                .wrapping_add(*key.get(j).unwrap_or(&0))
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                st[0] = st[N - 1];
                i = 1;
            }
            if j >= len {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            st[i] = (st[i] ^ (st[i - 1] ^ (st[i - 1] >> 30)).wrapping_mul(1566083941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                st[0] = st[N - 1];
                i = 1;
            }
        }
        st[0] = 0x8000_0000;
        mt.next = N;
        mt.seed = key.to_vec();
        mt
    }

    fn reload(&mut self) {
        let st = &mut self.state;
        let mix = |u: u32, v: u32| -> u32 {
            let y = (u & 0x8000_0000) | (v & 0x7fff_ffff);
            (y >> 1) ^ if v & 1 != 0 { 0x9908_b0df } else { 0 }
        };
        for k in 0..N - M {
            st[k] = st[k + M] ^ mix(st[k], st[k + 1]);
        }
        for k in N - M..N - 1 {
            st[k] = st[k + M - N] ^ mix(st[k], st[k + 1]);
        }
        st[N - 1] = st[M - 1] ^ mix(st[N - 1], st[0]);
        self.next = 0;
    }

    fn genrand_int32(&mut self) -> u32 {
        if self.next >= N {
            self.reload();
        }
        let mut y = self.state[self.next];
        self.next += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// A float in [0, 1) with 53 random bits.
    fn genrand_real(&mut self) -> f64 {
        let a = (self.genrand_int32() >> 5) as f64;
        let b = (self.genrand_int32() >> 6) as f64;
        (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
    }

    /// A float in [0, 1] (CRuby's int_pair_to_real_inclusive).
    fn genrand_real_inclusive(&mut self) -> f64 {
        let a = self.genrand_int32() as u128;
        let b = self.genrand_int32() as u128;
        let x = (a << 32) | b;
        let m = (1u128 << 53) | 1;
        let r = ((x * m) >> 64) as u64 as f64;
        r / 9007199254740992.0
    }

    /// A uniform integer in 0..=limit (CRuby's limited_rand: draw the bits
    /// the mask needs, most significant word first, retry when too big).
    fn limited(&mut self, limit: u64) -> u64 {
        if limit == 0 {
            return 0;
        }
        let mask = u64::MAX >> limit.leading_zeros();
        'retry: loop {
            let mut val = 0u64;
            for i in (0..2).rev() {
                if (mask >> (i * 32)) & 0xffff_ffff != 0 {
                    val |= (self.genrand_int32() as u64) << (i * 32);
                    val &= mask;
                    if limit < val {
                        continue 'retry;
                    }
                }
            }
            return val;
        }
    }
}

static GENERATORS: Mutex<Vec<Mt>> = Mutex::new(Vec::new());

fn with_gen<R>(ix: usize, f: impl FnOnce(&mut Mt) -> R) -> R {
    let mut g = GENERATORS.lock().unwrap_or_else(|e| e.into_inner());
    if g.is_empty() {
        g.push(seeded(&new_seed()));
    }
    f(&mut g[ix])
}

/// A fresh seed from the clock, the pid and a counter (CRuby reads
/// /dev/urandom; any unpredictable 128 bits do).
fn new_seed() -> BigInt {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    let mut words = Vec::new();
    for _ in 0..2 {
        let mut h = RandomState::new().build_hasher();
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0),
        );
        h.write_u32(std::process::id());
        let v = h.finish();
        words.push(v as u32);
        words.push((v >> 32) as u32);
    }
    BigInt::from_slice(Sign::Plus, &words)
}

/// CRuby's rand_init: the seed's absolute value as 32-bit words, least
/// significant first.
fn seeded(seed: &BigInt) -> Mt {
    let (sign, mut key) = seed.to_u32_digits();
    if key.is_empty() {
        key.push(0);
    }
    let mut mt = if key.len() <= 1 {
        Mt::init_genrand(key[0])
    } else {
        Mt::init_by_array(&key)
    };
    mt.seed = key;
    mt.seed_neg = sign == Sign::Minus;
    mt
}

fn seed_value(vm: &mut Vm, mt: &Mt) -> Value {
    let mut b = BigInt::from_slice(Sign::Plus, &mt.seed);
    if mt.seed_neg {
        b = -b;
    }
    vm.bignum_value(b)
}

fn seed_arg(vm: &mut Vm, v: Value) -> Result<BigInt, Unwind> {
    if let Some(n) = v.as_fixnum() {
        return Ok(BigInt::from(n));
    }
    if v.is_heap()
        && let Body::Bignum(b) = &*obj(v).body.borrow()
    {
        return Ok((**b).clone());
    }
    let n = super::int_arg(vm, v)?;
    Ok(BigInt::from(n))
}

fn rng_index(vm: &Vm, v: Value) -> usize {
    vm.ivar_get_name(v, crate::intern!("__rng"))
        .as_fixnum()
        .unwrap_or(0) as usize
}

/// `rand(max)` / `Random#rand(max)`. `kernel`: Kernel#rand's leniency
/// (negative max uses its absolute value, 0 and nil give a float).
fn rand_value(vm: &mut Vm, ix: usize, arg: Option<Value>, kernel: bool) -> VResult {
    let Some(a) = arg.filter(|v| !v.is_nil()) else {
        let f = with_gen(ix, |m| m.genrand_real());
        return Ok(vm.float_new(f));
    };
    if a.is_heap() && matches!(&*obj(a).body.borrow(), Body::Range(..)) {
        let (b, e, excl) = match &*obj(a).body.borrow() {
            Body::Range(b, e, x) => (*b, *e, *x),
            _ => unreachable!(),
        };
        if let (Some(lo), Some(hi)) = (b.as_fixnum(), e.as_fixnum()) {
            let hi = if excl { hi - 1 } else { hi };
            if hi < lo {
                return Ok(Value::NIL);
            }
            let r = with_gen(ix, |m| m.limited((hi - lo) as u64));
            return Ok(Value::int(lo + r as i64));
        }
        if let (Some(lo), Some(hi)) = (super::float::to_f64(b), super::float::to_f64(e)) {
            let f = with_gen(ix, |m| {
                if excl {
                    m.genrand_real()
                } else {
                    m.genrand_real_inclusive()
                }
            });
            return Ok(vm.float_new(lo + f * (hi - lo)));
        }
        let s = vm.inspect(a)?;
        return Err(vm.arg_error(&format!("invalid argument - {s}")));
    }
    // Kernel#rand truncates a Float limit to an Integer (rand(2.5) is rand(2)).
    let a = match super::float::to_f64_strict(a) {
        Some(f) if kernel && f.is_finite() => match Value::fixnum(f.trunc() as i64) {
            Some(v) if f.abs() < 4.6e18 => v,
            _ => super::integer::float_to_integer(vm, f.trunc())?,
        },
        _ => a,
    };
    if let Some(f) = super::float::to_f64_strict(a) {
        let max = f;
        if max == 0.0 && kernel {
            let r = with_gen(ix, |m| m.genrand_real());
            return Ok(vm.float_new(r));
        }
        if max.is_nan() || max <= 0.0 || !max.is_finite() {
            let s = vm.inspect(a)?;
            return Err(vm.arg_error(&format!("invalid argument - {s}")));
        }
        let r = with_gen(ix, |m| m.genrand_real());
        return Ok(vm.float_new(r * max));
    }
    let n = super::int_arg(vm, a)?;
    let max = if kernel {
        n.unsigned_abs()
    } else {
        n.max(0) as u64
    };
    if max == 0 {
        if kernel {
            let r = with_gen(ix, |m| m.genrand_real());
            return Ok(vm.float_new(r));
        }
        let s = vm.inspect(a)?;
        return Err(vm.arg_error(&format!("invalid argument - {s}")));
    }
    let r = with_gen(ix, |m| m.limited(max - 1));
    // Limits up to 2**63 give results beyond the Fixnum range.
    Ok(match Value::fixnum(r as i64) {
        Some(v) if r <= i64::MAX as u64 => v,
        _ => vm.bignum_value(num_bigint::BigInt::from(r)),
    })
}

/// The generator an Array method uses: `random:` keyword or the default.
/// Returns (generator index, a Random-like object that is not a Random).
fn array_rng(vm: &mut Vm, args: &[Value], kw: bool) -> Result<(usize, Option<Value>), Unwind> {
    let Some(h) = args.last().filter(|_| kw) else {
        return Ok((0, None));
    };
    let key = vm.sym("random");
    let Some(r) = vm.hash_get(*h, key)? else {
        return Ok((0, None));
    };
    if vm.class_of(r) == random_class(vm) {
        return Ok((rng_index(vm, r), None));
    }
    Ok((0, Some(r)))
}

fn random_class(vm: &Vm) -> crate::value::ClassId {
    let v = vm
        .classes
        .get(cls::OBJECT)
        .consts
        .get(&crate::intern!("Random"))
        .copied()
        .unwrap_or(Value::NIL);
    vm.as_class(v).unwrap_or(cls::OBJECT)
}

/// A draw in 0..=limit from the generator or a Random-like object
/// (`obj.rand(limit + 1)`, as CRuby's rb_random_ulong_limited).
fn draw(vm: &mut Vm, rng: (usize, Option<Value>), limit: u64) -> Result<u64, Unwind> {
    match rng.1 {
        None => Ok(with_gen(rng.0, |m| m.limited(limit))),
        Some(o) => {
            let v = vm.call_method_public(
                o,
                crate::intern!("rand"),
                &[Value::int(limit as i64 + 1)],
                None,
            )?;
            let n = super::int_arg(vm, v)?;
            if n < 0 || n as u64 > limit {
                return Err(vm.arg_error(&format!("random number too big {n}")));
            }
            Ok(n as u64)
        }
    }
}

fn shuffle_items(
    vm: &mut Vm,
    items: &mut [Value],
    rng: (usize, Option<Value>),
) -> Result<(), Unwind> {
    let mut i = items.len();
    while i > 0 {
        let j = draw(vm, rng, (i - 1) as u64)? as usize;
        i -= 1;
        items.swap(i, j);
    }
    Ok(())
}

fn sample(vm: &mut Vm, s: Value, a: &[Value], kw: bool) -> VResult {
    let rng = array_rng(vm, a, kw)?;
    let pos = if kw { &a[..a.len() - 1] } else { a };
    let items = vm.array_items(s);
    let len = items.len();
    let Some(nv) = pos.first() else {
        if len == 0 {
            return Ok(Value::NIL);
        }
        let i = draw(vm, rng, len as u64 - 1)? as usize;
        return Ok(items[i]);
    };
    let n = super::int_arg(vm, *nv)?;
    if n < 0 {
        return Err(vm.arg_error("negative sample number"));
    }
    let n = (n as usize).min(len);
    let up = |vm: &mut Vm, k: usize| -> Result<usize, Unwind> {
        if k == 0 {
            return Ok(0);
        }
        Ok(draw(vm, rng, k as u64 - 1)? as usize)
    };
    let picked: Vec<Value> = match n {
        0 => Vec::new(),
        1 => vec![items[up(vm, len)?]],
        2 => {
            let i = up(vm, len)?;
            let mut j = up(vm, len - 1)?;
            if j >= i {
                j += 1;
            }
            vec![items[i], items[j]]
        }
        3 => {
            let i = up(vm, len)?;
            let mut j = up(vm, len - 1)?;
            let mut k = up(vm, len - 2)?;
            let (mut l, mut g) = (j, i);
            if j >= i {
                l = i;
                j += 1;
                g = j;
            }
            if k >= l {
                k += 1;
                if k >= g {
                    k += 1;
                }
            }
            vec![items[i], items[j], items[k]]
        }
        _ if n <= 10 => {
            let mut rnds = Vec::with_capacity(n);
            for i in 0..n {
                rnds.push(up(vm, len - i)?);
            }
            let mut sorted: Vec<usize> = vec![rnds[0]];
            let mut idx = vec![rnds[0]];
            for &r in &rnds[1..] {
                let mut k = r;
                let mut j = 0;
                while j < sorted.len() {
                    if k < sorted[j] {
                        break;
                    }
                    k += 1;
                    j += 1;
                }
                sorted.insert(j, k);
                idx.push(k);
            }
            idx.into_iter().map(|i| items[i]).collect()
        }
        _ => {
            let mut res = items.clone();
            for i in 0..n {
                let j = up(vm, len - i)? + i;
                res.swap(i, j);
            }
            res.truncate(n);
            res
        }
    };
    Ok(vm.ary_new(picked))
}

pub fn init(vm: &mut Vm) {
    let k = cls::KERNEL;
    vm.def_private_builtin(k, "rand", -1, |vm, _, a, _| {
        rand_value(vm, 0, a.first().copied(), true)
    });
    vm.def_private_builtin(k, "srand", -1, |vm, _, a, _| {
        let seed = match a.first() {
            Some(v) => seed_arg(vm, *v)?,
            None => new_seed(),
        };
        let old = with_gen(0, |m| m.clone());
        let prev = seed_value(vm, &old);
        let mt = seeded(&seed);
        with_gen(0, |m| *m = mt);
        Ok(prev)
    });
    let r = vm.new_class(Some("Random"), cls::OBJECT, Some(cls::OBJECT));
    formatter::init(vm, r);
    vm.def_builtin(r, "initialize", -1, |vm, s, a, _| {
        let seed = match a.first() {
            Some(v) => seed_arg(vm, *v)?,
            None => new_seed(),
        };
        let mt = seeded(&seed);
        let ix = {
            with_gen(0, |_| ());
            let mut g = GENERATORS.lock().unwrap_or_else(|e| e.into_inner());
            g.push(mt);
            g.len() - 1
        };
        vm.ivar_set_name(s, crate::intern!("__rng"), Value::int(ix as i64));
        Ok(Value::NIL)
    });
    // rand_mt_equal: the same class, state, position and seed.
    vm.def_builtin(r, "==", 1, |vm, s, a, _| {
        if vm.real_class_of(s) != vm.real_class_of(a[0]) {
            return Ok(Value::FALSE);
        }
        let x = with_gen(rng_index(vm, s), |m| m.clone());
        let y = with_gen(rng_index(vm, a[0]), |m| m.clone());
        Ok(Value::bool(x == y))
    });
    vm.def_builtin(r, "rand", -1, |vm, s, a, _| {
        let ix = rng_index(vm, s);
        rand_value(vm, ix, a.first().copied(), false)
    });
    vm.def_builtin(r, "seed", 0, |vm, s, _, _| {
        let ix = rng_index(vm, s);
        let mt = with_gen(ix, |m| m.clone());
        Ok(seed_value(vm, &mt))
    });
    vm.def_builtin(r, "bytes", 1, |vm, s, a, _| {
        let ix = rng_index(vm, s);
        let n = super::int_arg(vm, a[0])?;
        if n < 0 {
            return Err(vm.arg_error("negative string size (or size too big)"));
        }
        let mut out = Vec::with_capacity(n as usize);
        with_gen(ix, |m| {
            while out.len() < n as usize {
                let w = m.genrand_int32();
                for b in w.to_le_bytes() {
                    if out.len() < n as usize {
                        out.push(b);
                    }
                }
            }
        });
        Ok(super::ext::binary_str(vm, out))
    });
    vm.def_singleton_builtin(r, "rand", -1, |vm, _, a, _| {
        rand_value(vm, 0, a.first().copied(), false)
    });
    vm.def_singleton_builtin(r, "new_seed", 0, |vm, _, _, _| {
        Ok(vm.bignum_value(new_seed()))
    });
    vm.def_singleton_builtin(r, "seed", 0, |vm, _, _, _| {
        let mt = with_gen(0, |m| m.clone());
        Ok(seed_value(vm, &mt))
    });
    vm.def_singleton_builtin(r, "srand", -1, |vm, _, a, _| {
        let seed = match a.first() {
            Some(v) => seed_arg(vm, *v)?,
            None => new_seed(),
        };
        let old = with_gen(0, |m| m.clone());
        let prev = seed_value(vm, &old);
        with_gen(0, |m| *m = seeded(&seed));
        Ok(prev)
    });

    let ary = cls::ARRAY;
    vm.def_builtin(ary, "shuffle", -1, |vm, s, a, _| {
        let kw = vm.kw_passed;
        let rng = array_rng(vm, a, kw)?;
        let mut items = vm.array_items(s);
        shuffle_items(vm, &mut items, rng)?;
        Ok(vm.ary_new(items))
    });
    vm.def_builtin(ary, "shuffle!", -1, |vm, s, a, _| {
        let kw = vm.kw_passed;
        let rng = array_rng(vm, a, kw)?;
        if obj(s).is_frozen() {
            return Err(vm.frozen_error(s));
        }
        let mut items = vm.array_items(s);
        shuffle_items(vm, &mut items, rng)?;
        if let Body::Array(v) = &mut *obj(s).body.borrow_mut() {
            *v = items;
        }
        Ok(s)
    });
    vm.def_builtin(ary, "sample", -1, |vm, s, a, _| {
        let kw = vm.kw_passed;
        sample(vm, s, a, kw)
    });
}
