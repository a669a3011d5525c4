//! Range: construction, iteration (Integers, Strings via String#upto,
//! Symbols, anything with `succ`), step / `%` (ArithmeticSequence for
//! numeric ranges), cover?/include?/===, first/last/min/max/minmax/sum/
//! count/size/to_a with CRuby 3.1's fast paths and error messages.
//! Methods CRuby hands to Enumerable (`rb_call_super`) call Enumerable's
//! Ruby definition through [`call_enum`].

use super::enum_for;
use std::cmp::Ordering;
use std::rc::Rc;

use super::array::rooted;
use super::int_arg;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{Value, sym, symbol};

type B = Option<Rc<BlockArg>>;

/// (begin, end, exclude_end) of a Range value.
pub fn range_parts(v: Value) -> Option<(Value, Value, bool)> {
    if v.is_heap()
        && let Body::Range(b, e, x) = &*obj(v).body.borrow()
    {
        return Some((*b, *e, *x));
    }
    None
}

/// rb_range_beg_len for a sequence of `len` elements: Some((beg, n)), or
/// None when out of range and `err` is 0; with `err` 1 out of range raises
/// RangeError (and the end is not clamped to `len`).
pub fn beg_len(vm: &mut Vm, r: Value, len: i64, err: u8) -> Result<Option<(i64, i64)>, Unwind> {
    let (b, e, excl) = range_parts(r).unwrap();
    let mut beg = if b.is_nil() { 0 } else { int_arg(vm, b)? };
    let mut end = if e.is_nil() { -1 } else { int_arg(vm, e)? };
    let excl = excl && !e.is_nil();
    let out = |vm: &mut Vm| -> Result<Option<(i64, i64)>, Unwind> {
        if err != 0 {
            let s = vm.inspect(r)?;
            return Err(vm.error(vm.e.range_error, &format!("{s} out of range")));
        }
        Ok(None)
    };
    if beg < 0 {
        beg += len;
        if beg < 0 {
            return out(vm);
        }
    }
    if end < 0 {
        end += len;
    }
    if !excl {
        // `0..(2**63 - 1)`: wraps like CRuby's C long (found by
        // carmine-fuzz; was a Rust overflow panic).
        end = end.wrapping_add(1);
    }
    if err == 0 || err == 2 {
        if beg > len {
            return out(vm);
        }
        if end > len {
            end = len;
        }
    }
    Ok(Some((beg, end.wrapping_sub(beg).max(0))))
}

fn parts(s: Value) -> (Value, Value, bool) {
    range_parts(s).unwrap_or((Value::NIL, Value::NIL, false))
}

fn is_a(vm: &Vm, v: Value, c: crate::value::ClassId) -> bool {
    vm.classes.ancestors(vm.class_of(v)).contains(&c)
}

fn is_integer(vm: &Vm, v: Value) -> bool {
    v.is_fixnum() || is_a(vm, v, cls::INTEGER)
}

fn is_float(v: Value) -> bool {
    super::float::to_f64_strict(v).is_some()
}

/// Calls Enumerable's definition of `name` (CRuby's rb_call_super here).
fn call_enum(vm: &mut Vm, s: Value, name: &str, a: &[Value], b: B) -> VResult {
    let id = symbol::intern(name);
    match crate::dispatch::lookup::find_method(&vm.classes, cls::ENUMERABLE, id) {
        Some((m, _)) => vm.call_method_id(m, s, a, b),
        None => vm.funcall(s, id, a, b),
    }
}

/// r_less: `a <=> b` as an Ordering, None when incomparable.
fn r_less(vm: &mut Vm, a: Value, b: Value) -> Result<Option<Ordering>, Unwind> {
    if Value::both_fixnum(a, b) {
        return Ok(Some(a.fixnum_unchecked().cmp(&b.fixnum_unchecked())));
    }
    let c = vm.funcall(a, sym::CMP, &[b], None)?;
    if c.is_nil() {
        return Ok(None);
    }
    super::array::cmpint(vm, c, a, b).map(Some)
}

/// r_cover_p: begin <= v and v < / <= end, with nil ends open.
fn cover_value(vm: &mut Vm, s: Value, v: Value) -> Result<bool, Unwind> {
    let (b, e, x) = parts(s);
    if !b.is_nil() && !matches!(r_less(vm, b, v)?, Some(Ordering::Less | Ordering::Equal)) {
        return Ok(false);
    }
    if e.is_nil() {
        return Ok(true);
    }
    Ok(match r_less(vm, v, e)? {
        Some(Ordering::Less) => true,
        Some(Ordering::Equal) => !x,
        _ => false,
    })
}

/// r_cover_range_p: whether range `s` covers all of range `o`.
fn cover_range(vm: &mut Vm, s: Value, o: Value) -> Result<bool, Unwind> {
    let (b, e, x) = parts(s);
    let (vb, ve, vx) = parts(o);
    if !e.is_nil() && ve.is_nil() {
        return Ok(false);
    }
    if !b.is_nil() && vb.is_nil() {
        return Ok(false);
    }
    if !vb.is_nil() && !ve.is_nil() {
        match r_less(vm, vb, ve)? {
            Some(Ordering::Greater) | None => return Ok(false),
            Some(Ordering::Equal) if vx => return Ok(false),
            _ => {}
        }
    }
    if !vb.is_nil() && !cover_value(vm, s, vb)? {
        return Ok(false);
    }
    let cmp_end = if e.is_nil() && ve.is_nil() {
        Some(Ordering::Equal)
    } else {
        r_less(vm, e, ve)?
    };
    let ge = matches!(cmp_end, Some(Ordering::Greater | Ordering::Equal));
    if x == vx {
        return Ok(ge);
    }
    if x {
        return Ok(cmp_end == Some(Ordering::Greater));
    }
    if ge {
        return Ok(true);
    }
    let max = match vm.funcall(o, crate::intern!("max"), &[], None) {
        Ok(m) => m,
        Err(Unwind::Raise(exc)) if is_a(vm, exc, vm.e.type_error) => return Ok(false),
        Err(e) => return Err(e),
    };
    if max.is_nil() {
        return Ok(false);
    }
    Ok(matches!(
        r_less(vm, e, max)?,
        Some(Ordering::Greater | Ordering::Equal)
    ))
}

/// linear_object_p: numbers compare on a line, so include? is cover?.
fn linear(vm: &Vm, v: Value) -> bool {
    v.is_fixnum() || is_float(v) || is_a(vm, v, cls::NUMERIC)
}

/// rb_check_to_integer(v, "to_int") is not nil: `to_int` gives an Integer.
fn to_int_p(vm: &mut Vm, v: Value) -> Result<bool, Unwind> {
    if !v.is_heap() || vm.is_string(v) {
        return Ok(false);
    }
    let id = crate::intern!("to_int");
    if !vm.respond_to(v, id) {
        return Ok(false);
    }
    let r = vm.funcall(v, id, &[], None)?;
    Ok(super::integer::is_integer(r))
}

fn include(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let (bg, e, x) = parts(s);
    let v = a[0];
    if linear(vm, bg) || linear(vm, e) || to_int_p(vm, bg)? || to_int_p(vm, e)? {
        return Ok(Value::bool(cover_value(vm, s, v)?));
    }
    if vm.is_string(bg) && vm.is_string(e) {
        if !vm.is_string(v) {
            return Ok(Value::FALSE);
        }
        let (bb, eb, vb) = (vm.string_bytes(bg), vm.string_bytes(e), vm.string_bytes(v));
        if bb.len() == 1 && eb.len() == 1 && bb[0] < 0x80 && eb[0] < 0x80 {
            if vb.len() != 1 {
                return Ok(Value::FALSE);
            }
            let c = vb[0];
            return Ok(Value::bool(bb[0] <= c && (c < eb[0] || (!x && c == eb[0]))));
        }
        let mut found = false;
        each(vm, s, &mut |vm, y| {
            if vm.string_bytes(y) == vb {
                found = true;
                return Ok(false);
            }
            Ok(true)
        })?;
        return Ok(Value::bool(found));
    }
    if (bg.is_nil() && vm.is_string(e)) || (e.is_nil() && vm.is_string(bg)) {
        return Ok(Value::bool(cover_value(vm, s, v)?));
    }
    call_enum(vm, s, "include?", a, b)
}

/// Range#each's core: calls `f` on each element until it returns false.
fn each(
    vm: &mut Vm,
    s: Value,
    f: &mut dyn FnMut(&mut Vm, Value) -> Result<bool, Unwind>,
) -> Result<(), Unwind> {
    // Every element counts against --max-instructions (and sees Ctrl-C),
    // even when no Ruby block runs (`(1..10**100).to_a`).
    each_inner(vm, s, &mut |vm, x| {
        vm.block_call_tick()?;
        f(vm, x)
    })
}

fn each_inner(
    vm: &mut Vm,
    s: Value,
    f: &mut dyn FnMut(&mut Vm, Value) -> Result<bool, Unwind>,
) -> Result<(), Unwind> {
    let (b, e, excl) = parts(s);
    if let Some(mut i) = b.as_fixnum() {
        if e.is_nil() {
            loop {
                let v = match Value::fixnum(i) {
                    Some(v) => v,
                    None => {
                        let big = vm.bignum_value(i.into());
                        return each_generic(vm, big, e, excl, f);
                    }
                };
                if !f(vm, v)? {
                    return Ok(());
                }
                i += 1;
            }
        }
        if let Some(en) = e.as_fixnum() {
            let last = if excl { en - 1 } else { en };
            while i <= last {
                if !f(vm, Value::int(i))? {
                    return Ok(());
                }
                i += 1;
            }
            return Ok(());
        }
    }
    if b.is_nil() || is_float(b) || !(vm.is_string(b) || vm.respond_to(b, sym::SUCC)) {
        let c = super::type_name(vm, b);
        let c = if b.is_nil() {
            "NilClass".to_string()
        } else {
            c
        };
        return Err(vm.type_error(&format!("can't iterate from {c}")));
    }
    if let Some(bs) = b.as_symbol()
        && (e.is_nil() || e.is_symbol())
    {
        let bs = vm.str_new(crate::value::symbol::name(bs).as_ref());
        let es = match e.as_symbol() {
            Some(es) => vm.str_new(crate::value::symbol::name(es).as_ref()),
            None => Value::NIL,
        };
        return rooted(vm, bs, |vm| {
            rooted(vm, es, |vm| {
                each_string(vm, bs, es, excl, &mut |vm, x| {
                    let name = vm.string_lossy(x);
                    f(vm, Value::symbol(symbol::intern(&name)))
                })
            })
        });
    }
    if vm.is_string(b) && (e.is_nil() || vm.is_string(e)) {
        return each_string(vm, b, e, excl, f);
    }
    each_generic(vm, b, e, excl, f)
}

/// Strings: String#upto (or succ forever for an endless range).
fn each_string(
    vm: &mut Vm,
    b: Value,
    e: Value,
    excl: bool,
    f: &mut dyn FnMut(&mut Vm, Value) -> Result<bool, Unwind>,
) -> Result<(), Unwind> {
    if e.is_nil() {
        let mut cur = b;
        let mark = vm.roots_len();
        vm.push_root(cur);
        let r = loop {
            match f(vm, cur) {
                Ok(true) => {}
                Ok(false) => break Ok(()),
                Err(x) => break Err(x),
            }
            cur = match vm.funcall(cur, sym::SUCC, &[], None) {
                Ok(c) => c,
                Err(x) => break Err(x),
            };
            vm.temp_roots[mark] = cur;
        };
        vm.truncate_roots(mark);
        return r;
    }
    str_upto(vm, b, e, excl, f)
}

/// rb_str_upto_each: single ASCII characters, all-digit strings counted
/// as numbers (keeping the width), else `succ` until past the end.
fn str_upto(
    vm: &mut Vm,
    b: Value,
    e: Value,
    excl: bool,
    f: &mut dyn FnMut(&mut Vm, Value) -> Result<bool, Unwind>,
) -> Result<(), Unwind> {
    let (bb, eb) = (vm.string_bytes(b), vm.string_bytes(e));
    if bb.len() == 1 && eb.len() == 1 && bb[0] < 0x80 && eb[0] < 0x80 {
        let (mut c, last) = (bb[0], eb[0]);
        if c > last || (excl && c == last) {
            return Ok(());
        }
        loop {
            let v = vm.str_from_bytes(vec![c]);
            if !f(vm, v)? || (!excl && c == last) {
                return Ok(());
            }
            c += 1;
            if excl && c == last {
                return Ok(());
            }
        }
    }
    let digits = |x: &[u8]| !x.is_empty() && x.iter().all(|c| c.is_ascii_digit());
    if digits(&bb) && digits(&eb) {
        let parse = |x: &[u8]| {
            std::str::from_utf8(x)
                .ok()
                .and_then(|t| t.parse::<i64>().ok())
        };
        if let (Some(mut bi), Some(ei)) = (parse(&bb), parse(&eb)) {
            let w = bb.len();
            while bi <= ei {
                if excl && bi == ei {
                    break;
                }
                let v = vm.str_new(&format!("{bi:0w$}"));
                if !f(vm, v)? {
                    break;
                }
                bi += 1;
            }
            return Ok(());
        }
    }
    if bb > eb || (excl && bb == eb) {
        return Ok(());
    }
    let after_end = vm.funcall(e, sym::SUCC, &[], None)?;
    let ae = vm.string_bytes(after_end);
    let mark = vm.roots_len();
    let mut cur = vm.str_from_bytes(bb);
    vm.push_root(cur);
    let r = (|| loop {
        let cb = vm.string_bytes(cur);
        if cb == ae {
            return Ok(());
        }
        let next = if excl || cb != eb {
            let n = vm.funcall(cur, sym::SUCC, &[], None)?;
            vm.push_root(n);
            Some(n)
        } else {
            None
        };
        if !f(vm, cur)? {
            return Ok(());
        }
        let Some(n) = next else { return Ok(()) };
        cur = n;
        vm.temp_roots[mark] = cur;
        vm.temp_roots.truncate(mark + 1);
        let cb = vm.string_bytes(cur);
        if (excl && cb == eb) || cb.len() > eb.len() || cb.is_empty() {
            return Ok(());
        }
    })();
    vm.truncate_roots(mark);
    r
}

/// Anything with succ and <=> (range_each_func), or succ forever if endless.
fn each_generic(
    vm: &mut Vm,
    b: Value,
    e: Value,
    excl: bool,
    f: &mut dyn FnMut(&mut Vm, Value) -> Result<bool, Unwind>,
) -> Result<(), Unwind> {
    let mark = vm.roots_len();
    vm.push_root(b);
    let r = (|| {
        let mut v = b;
        loop {
            if !e.is_nil() {
                let c = r_less(vm, v, e)?;
                match c {
                    Some(Ordering::Less) => {}
                    Some(Ordering::Equal) if !excl => {
                        f(vm, v)?;
                        return Ok(());
                    }
                    _ => return Ok(()),
                }
            }
            if !f(vm, v)? {
                return Ok(());
            }
            v = vm.funcall(v, sym::SUCC, &[], None)?;
            vm.temp_roots[mark] = v;
        }
    })();
    vm.truncate_roots(mark);
    r
}

pub fn init(vm: &mut Vm) {
    let r = cls::RANGE;
    vm.def_builtin(r, "initialize", -3, |vm, s, a, _| {
        if a.len() > 3 {
            return Err(vm.arg_error(&format!(
                "wrong number of arguments (given {}, expected 2..3)",
                a.len()
            )));
        }
        if obj(s).is_frozen() {
            let m = "`initialize' called twice";
            return Err(vm.error(vm.e.name_error, m));
        }
        let (b, e) = (a[0], a[1]);
        let x = a.get(2).is_some_and(|v| v.truthy());
        vm.range_check(b, e)?;
        *obj(s).body.borrow_mut() = Body::Range(b, e, x);
        obj(s).freeze();
        Ok(Value::NIL)
    });
    vm.def_builtin(r, "begin", 0, |_, s, _, _| Ok(parts(s).0));
    vm.def_builtin(r, "end", 0, |_, s, _, _| Ok(parts(s).1));
    vm.def_builtin(r, "exclude_end?", 0, |_, s, _, _| {
        Ok(Value::bool(parts(s).2))
    });
    vm.def_builtin(r, "first", -1, first);
    vm.def_builtin(r, "last", -1, last);
    vm.def_builtin(r, "min", -1, |vm, s, a, b| min_max(vm, s, a, b, false));
    vm.def_builtin(r, "max", -1, |vm, s, a, b| min_max(vm, s, a, b, true));
    vm.def_builtin(r, "minmax", 0, |vm, s, _, b| {
        if b.is_some() {
            return call_enum(vm, s, "minmax", &[], b);
        }
        let lo = min_max(vm, s, &[], None, false)?;
        let hi = min_max(vm, s, &[], None, true)?;
        Ok(vm.ary_new(vec![lo, hi]))
    });
    vm.def_builtin(r, "each", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each", &[]);
        };
        each(vm, s, &mut |vm, x| vm.yield_block(&b, &[x]).map(|_| true))?;
        Ok(s)
    });
    vm.def_builtin(r, "to_a", 0, to_a);
    vm.def_builtin(r, "entries", 0, to_a);
    vm.def_builtin(r, "sum", -1, |vm, s, a, b| {
        let (bg, e, x) = parts(s);
        let init = a.first().copied().unwrap_or(Value::int(0));
        if b.is_none() && a.len() <= 1 && !is_float(init) && is_integer(vm, bg) && is_integer(vm, e)
        {
            // Gauss: (first + last) * n / 2, in Integer arithmetic done
            // directly as CRuby's int_range_sum does (a redefined
            // Integer#+ is not seen).
            use crate::builtins::integer::to_big;
            let first = to_big(bg).unwrap_or_default();
            let mut last = to_big(e).unwrap_or_default();
            if x {
                last -= 1;
            }
            if last < first {
                return Ok(init);
            }
            let n = &last - &first + 1;
            let h = n * (last + first) / 2;
            if let Some(i) = to_big(init) {
                return Ok(vm.bignum_value(i + h));
            }
            // rb_int_plus(init, h) with a non-Integer init coerces the way
            // rb_num_coerce_bin does: `h.coerce(init)`, then `+`.
            let h = vm.bignum_value(h);
            let pair = vm.funcall(h, crate::intern!("coerce"), &[init], None)?;
            let pair = vm.array_items(pair);
            let [l, r] = pair[..] else {
                return Err(vm.type_error("coerce must return [x, y]"));
            };
            return vm.funcall(l, sym::PLUS, &[r], None);
        }
        let arr = to_a(vm, s, &[], None)?;
        rooted(vm, arr, |vm| vm.funcall(arr, crate::intern!("sum"), a, b))
    });
    vm.def_builtin(r, "size", 0, size);
    vm.def_builtin(r, "count", -1, |vm, s, a, b| {
        if !a.is_empty() || b.is_some() {
            return call_enum(vm, s, "count", a, b);
        }
        let (bg, e, _) = parts(s);
        if bg.is_nil() || e.is_nil() {
            return Ok(vm.float_new(f64::INFINITY));
        }
        if is_integer(vm, bg) {
            let n = size(vm, s, &[], None)?;
            if !n.is_nil() {
                return Ok(n);
            }
        }
        call_enum(vm, s, "count", a, b)
    });
    vm.def_builtin(r, "==", 1, |vm, s, a, _| equal(vm, s, a[0], sym::EQ));
    vm.def_builtin(r, "eql?", 1, |vm, s, a, _| equal(vm, s, a[0], sym::EQL));
    vm.def_builtin(r, "hash", 0, |vm, s, _, _| {
        let (b, e, x) = parts(s);
        let h = vm.hash_of(b)? ^ vm.hash_of(e)?.rotate_left(7) ^ x as u64;
        Ok(Value::int((h >> 2) as i64))
    });
    vm.def_builtin(r, "to_s", 0, |vm, s, _, _| {
        let (b, e, x) = parts(s);
        let bs = vm.to_s(b)?;
        let es = vm.to_s(e)?;
        Ok(vm.str_new(&format!("{bs}{}{es}", if x { "..." } else { ".." })))
    });
    vm.def_builtin(r, "inspect", 0, |vm, s, _, _| {
        let (b, e, x) = parts(s);
        let both_nil = b.is_nil() && e.is_nil();
        let bs = if b.is_nil() && !both_nil {
            String::new()
        } else {
            vm.inspect(b)?
        };
        let es = if e.is_nil() && !both_nil {
            String::new()
        } else {
            vm.inspect(e)?
        };
        Ok(vm.str_new(&format!("{bs}{}{es}", if x { "..." } else { ".." })))
    });
    vm.def_builtin(r, "include?", 1, include);
    vm.def_builtin(r, "member?", 1, include);
    vm.def_builtin(r, "===", 1, |vm, s, a, _| {
        Ok(Value::bool(cover_value(vm, s, a[0])?))
    });
    vm.def_builtin(r, "cover?", 1, |vm, s, a, _| {
        if range_parts(a[0]).is_some() {
            return Ok(Value::bool(cover_range(vm, s, a[0])?));
        }
        Ok(Value::bool(cover_value(vm, s, a[0])?))
    });
    vm.def_builtin(r, "step", -1, |vm, s, a, b| step(vm, s, a, b, "step"));
    vm.def_builtin(r, "%", 1, |vm, s, a, b| step(vm, s, a, b, "%"));
    vm.def_builtin(r, "dup", 0, |vm, s, _, _| {
        let (b, e, x) = parts(s);
        let c = vm.real_class_of(s);
        Ok(vm.heap.alloc(c, Body::Range(b, e, x)))
    });
}

fn equal(vm: &mut Vm, s: Value, o: Value, op: crate::value::SymbolId) -> VResult {
    if s == o {
        return Ok(Value::TRUE);
    }
    let (Some((b1, e1, x1)), Some((b2, e2, x2))) = (range_parts(s), range_parts(o)) else {
        return Ok(Value::FALSE);
    };
    if x1 != x2 {
        return Ok(Value::FALSE);
    }
    let eq = |vm: &mut Vm, a: Value, b: Value| -> Result<bool, Unwind> {
        if a == b {
            return Ok(true);
        }
        if op == sym::EQL {
            return vm.key_eql(a, b);
        }
        Ok(vm.funcall(a, op, &[b], None)?.truthy())
    };
    Ok(Value::bool(eq(vm, b1, b2)? && eq(vm, e1, e2)?))
}

fn to_a(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let (b, e, x) = parts(s);
    if e.is_nil() {
        return Err(vm.error(vm.e.range_error, "cannot convert endless range to an array"));
    }
    if let (Some(b), Some(e)) = (b.as_fixnum(), e.as_fixnum()) {
        let last = if x { e - 1 } else { e };
        if last - b > 1 << 28 {
            return Err(vm.arg_error("array size too big"));
        }
        let v = (b..=last).map(Value::int).collect();
        return Ok(vm.ary_new(v));
    }
    let is_int = |v: Value| {
        v.is_fixnum() || (v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Bignum(_)))
    };
    if is_int(b) && is_int(e) {
        // A size no array can have: NoMemoryError up front (CRuby gets
        // there by exhausting memory).
        let n = vm.funcall(s, crate::intern!("size"), &[], None)?;
        match n.as_fixnum() {
            Some(n) => super::alloc_guard(vm, n.max(0) as usize, 8)?,
            None => {
                return Err(vm.no_memory_error());
            }
        }
    }
    let out = vm.ary_new(Vec::new());
    rooted(vm, out, |vm| {
        each(vm, s, &mut |_, x| {
            if let Body::Array(v) = &mut *obj(out).body.borrow_mut() {
                v.push(x);
            }
            Ok(true)
        })?;
        Ok(out)
    })
}

fn first(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let (b, _, _) = parts(s);
    if b.is_nil() {
        return Err(vm.error(
            vm.e.range_error,
            "cannot get the first element of beginless range",
        ));
    }
    let Some(n) = a.first() else {
        return Ok(b);
    };
    if a.len() > 1 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        )));
    }
    let n = int_arg(vm, *n)?;
    if n < 0 {
        return Err(vm.arg_error("negative array size (or size too big)"));
    }
    let out = vm.ary_new(Vec::new());
    rooted(vm, out, |vm| {
        if n > 0 {
            let mut k = 0;
            each(vm, s, &mut |_, x| {
                if let Body::Array(v) = &mut *obj(out).body.borrow_mut() {
                    v.push(x);
                }
                k += 1;
                Ok(k < n)
            })?;
        }
        Ok(out)
    })
}

fn last(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let (b, e, x) = parts(s);
    if e.is_nil() {
        return Err(vm.error(
            vm.e.range_error,
            "cannot get the last element of endless range",
        ));
    }
    let Some(n) = a.first() else {
        return Ok(e);
    };
    if let (Some(bi), Some(ei)) = (b.as_fixnum(), e.as_fixnum()) {
        let n = int_arg(vm, *n)?;
        if n < 0 {
            return Err(vm.arg_error("negative array size"));
        }
        let hi = if x { ei - 1 } else { ei };
        let lo = (hi - n + 1).max(bi);
        let v = (lo..=hi).map(Value::int).collect();
        return Ok(vm.ary_new(v));
    }
    let is_int = |v: Value| {
        v.is_fixnum() || (v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Bignum(_)))
    };
    if is_int(b) && is_int(e) {
        // Bignum ends (rb_int_range_last): only the last n elements.
        let n = int_arg(vm, *n)?;
        if n < 0 {
            return Err(vm.arg_error("negative array size"));
        }
        if n == 0 {
            return Ok(vm.ary_new(Vec::new()));
        }
        let minus = crate::intern!("-");
        let hi = if x {
            vm.funcall(e, minus, &[Value::int(1)], None)?
        } else {
            e
        };
        let lo = vm.funcall(hi, minus, &[Value::int(n - 1)], None)?;
        let lo = if vm.funcall(lo, crate::intern!("<"), &[b], None)?.truthy() {
            b
        } else {
            lo
        };
        let r = vm.range_new(lo, hi, false)?;
        return rooted(vm, r, |vm| to_a(vm, r, &[], None));
    }
    let arr = to_a(vm, s, &[], None)?;
    rooted(vm, arr, |vm| {
        vm.funcall(arr, crate::intern!("last"), &a[..1], None)
    })
}

/// range_min / range_max: the ends themselves unless a block or count is
/// given (then Enumerable's versions).
fn min_max(vm: &mut Vm, s: Value, a: &[Value], b: B, max: bool) -> VResult {
    let (bg, e, x) = parts(s);
    let name = if max { "max" } else { "min" };
    if max && e.is_nil() {
        return Err(vm.error(vm.e.range_error, "cannot get the maximum of endless range"));
    }
    if !max && bg.is_nil() {
        return Err(vm.error(
            vm.e.range_error,
            "cannot get the minimum of beginless range",
        ));
    }
    if b.is_some() || !a.is_empty() {
        if (max && bg.is_nil()) || (!max && e.is_nil()) {
            let m = if max {
                "cannot get the maximum of beginless range with custom comparison method"
            } else {
                "cannot get the minimum of endless range with custom comparison method"
            };
            return Err(vm.error(vm.e.range_error, m));
        }
        return call_enum(vm, s, name, a, b);
    }
    if bg.is_nil() || e.is_nil() {
        return Ok(if max { e } else { bg });
    }
    let c = r_less(vm, bg, e)?;
    let c = match c {
        Some(c) => c,
        None => return Ok(Value::NIL),
    };
    if c == Ordering::Greater || (c == Ordering::Equal && x) {
        return Ok(Value::NIL);
    }
    if !max {
        return Ok(bg);
    }
    if x {
        if !is_integer(vm, e) {
            return Err(vm.type_error("cannot exclude non Integer end value"));
        }
        if !is_integer(vm, bg) {
            return Err(vm.type_error("cannot exclude end value with non Integer begin value"));
        }
        return vm.funcall(e, sym::MINUS, &[Value::int(1)], None);
    }
    Ok(e)
}

fn size(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let (b, e, x) = parts(s);
    if is_a(vm, b, cls::NUMERIC) {
        if e.is_nil() {
            return Ok(vm.float_new(f64::INFINITY));
        }
        if !is_a(vm, e, cls::NUMERIC) {
            return Ok(Value::NIL);
        }
        if let (Some(bi), Some(ei)) = (b.as_fixnum(), e.as_fixnum()) {
            let n = ei - bi + if x { 0 } else { 1 };
            return Ok(Value::int(n.max(0)));
        }
        if is_float(b) || is_float(e) {
            let pm = prelude_module(vm)?;
            let args = [
                vm.float_new(super::float::num_f64(b)),
                vm.float_new(super::float::num_f64(e)),
                vm.float_new(1.0),
                Value::bool(x),
            ];
            let n = vm.funcall(pm, crate::intern!("float_step_size"), &args, None)?;
            if let Some(f) = super::float::to_f64_strict(n) {
                if f.is_infinite() {
                    return Ok(n);
                }
                if f.is_nan() {
                    // rb_dbl2big(NaN)
                    return Err(vm.error(vm.e.float_domain_error, "NaN"));
                }
                return Ok(Value::int(f.floor() as i64));
            }
            return Ok(n);
        }
        // Integer (bignum) ends: end - begin (+ 1), at least 0.
        let d = vm.funcall(e, sym::MINUS, &[b], None)?;
        let d = if x {
            d
        } else {
            vm.funcall(d, sym::PLUS, &[Value::int(1)], None)?
        };
        if vm.funcall(d, sym::LT, &[Value::int(0)], None)?.truthy() {
            return Ok(Value::int(0));
        }
        return Ok(d);
    }
    if b.is_nil() && is_a(vm, e, cls::NUMERIC) {
        return Ok(vm.float_new(f64::INFINITY));
    }
    Ok(Value::NIL)
}

fn prelude_module(vm: &mut Vm) -> VResult {
    let rv = vm.const_in_ancestors(cls::OBJECT, crate::intern!("RubyVM"));
    let Some(rv) = rv else {
        return Err(vm.runtime_error("RubyVM missing"));
    };
    let n = vm.sym("Prelude");
    vm.funcall(rv, crate::intern!("const_get"), &[n], None)
}

/// Range#step and Range#% (`name` is what an ArithmeticSequence shows).
fn step(vm: &mut Vm, s: Value, a: &[Value], blk: B, name: &str) -> VResult {
    if a.len() > 1 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        )));
    }
    let (b, e, x) = parts(s);
    let mut st = a.first().copied().unwrap_or(Value::int(1));
    let b_num = is_a(vm, b, cls::NUMERIC);
    let e_num = is_a(vm, e, cls::NUMERIC);
    let Some(blk) = blk else {
        if !is_a(vm, st, cls::NUMERIC) {
            st = Value::int(int_arg(vm, st)?);
        }
        if vm.funcall(st, sym::EQ, &[Value::int(0)], None)?.truthy() {
            return Err(vm.arg_error("step can't be 0"));
        }
        if (b_num && (e.is_nil() || e_num)) || (b.is_nil() && e_num) {
            let en = vm.const_in_ancestors(cls::OBJECT, crate::intern!("Enumerator"));
            let Some(en) = en else {
                return enum_for(vm, s, name, a);
            };
            let asn = vm.sym("ArithmeticSequence");
            let aseq = vm.funcall(en, crate::intern!("const_get"), &[asn], None)?;
            let args = vm.ary_new(a.to_vec());
            let kw = vm.new_hash();
            let m = vm.sym(name);
            return vm.funcall(
                aseq,
                crate::intern!("__new"),
                &[s, m, args, kw, b, e, st, Value::bool(x)],
                None,
            );
        }
        return enum_for(vm, s, name, a);
    };
    if !is_a(vm, st, cls::NUMERIC) {
        st = Value::int(int_arg(vm, st)?);
    }
    let c = vm.funcall(st, sym::CMP, &[Value::int(0)], None)?;
    match super::array::cmpint(vm, c, st, Value::int(0))? {
        Ordering::Less => return Err(vm.arg_error("step can't be negative")),
        Ordering::Equal => return Err(vm.arg_error("step can't be 0")),
        Ordering::Greater => {}
    }
    if let (Some(mut i), Some(k)) = (b.as_fixnum(), st.as_fixnum()) {
        if e.is_nil() {
            loop {
                vm.yield_block(&blk, &[Value::int(i)])?;
                i += k;
            }
        }
        if let Some(en) = e.as_fixnum() {
            while i < en || (!x && i == en) {
                vm.yield_block(&blk, &[Value::int(i)])?;
                i += k;
            }
            return Ok(s);
        }
    }
    if is_float(b) || is_float(e) || is_float(st) {
        let pm = prelude_module(vm)?;
        vm.funcall(
            pm,
            crate::intern!("float_step"),
            &[b, e, st, Value::bool(x), Value::TRUE],
            Some(blk),
        )?;
        return Ok(s);
    }
    if b_num {
        let op = if x { sym::LT } else { sym::LE };
        let mut i: i64 = 0;
        let mut v = b;
        loop {
            if !e.is_nil() && !vm.funcall(v, op, &[e], None)?.truthy() {
                break;
            }
            vm.yield_block(&blk, &[v])?;
            i += 1;
            let off = vm.funcall(Value::int(i), crate::intern!("*"), &[st], None)?;
            v = vm.funcall(b, sym::PLUS, &[off], None)?;
        }
        return Ok(s);
    }
    let k = int_arg(vm, st)?;
    let mut i: i64 = 0;
    each(vm, s, &mut |vm, v| {
        if i % k == 0 {
            vm.yield_block(&blk, &[v])?;
        }
        i += 1;
        Ok(true)
    })?;
    Ok(s)
}
