//! Character indexing: `[]`/`slice`, `[]=`, `slice!`, `byteslice`,
//! `insert`, with CRuby's nil results and IndexError/RangeError messages.

use super::{B, CharMap, bytes, char_span, new_like, set_bytes, str_arg, with_bytes};
use crate::builtins::range::range_parts;
use crate::builtins::type_name;
use crate::class::arity;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Body, Unwind};
use crate::value::{Value, sym};

/// NUM2LONG with CRuby's messages.
pub(crate) fn long_arg(vm: &mut Vm, v: Value) -> Result<i64, Unwind> {
    if v.is_nil() {
        return Err(vm.type_error("no implicit conversion from nil to integer"));
    }
    if v == Value::TRUE || v == Value::FALSE {
        let t = type_name(vm, v);
        return Err(vm.type_error(&format!("no implicit conversion of {t} into Integer")));
    }
    crate::builtins::int_arg(vm, v)
}

/// Where the characters of `s` (bytes `b`) start (bytes for a binary or
/// ASCII-only string).
pub(crate) fn starts_of(s: Value, b: &[u8]) -> CharMap<'_> {
    CharMap::of(s, b)
}

/// `(start, len)` in characters to a char range, CRuby's `rb_str_substr`
/// rules (None: nil).
pub(crate) fn substr(n: i64, start: i64, len: i64) -> Option<(usize, usize)> {
    if len < 0 {
        return None;
    }
    let start = if start < 0 { start + n } else { start };
    if start < 0 || start > n {
        return None;
    }
    let end = (start.saturating_add(len)).min(n);
    Some((start as usize, end as usize))
}

/// `rb_range_beg_len` for a string of `n` characters: a char range.
pub(crate) fn range_span(
    vm: &mut Vm,
    r: (Value, Value, bool),
    n: i64,
) -> Result<Option<(usize, usize)>, Unwind> {
    let (b, e, excl) = r;
    let mut beg = if b.is_nil() { 0 } else { long_arg(vm, b)? };
    let (mut end, excl) = if e.is_nil() {
        (n, false)
    } else {
        (long_arg(vm, e)?, excl)
    };
    if beg < 0 {
        beg += n;
        if beg < 0 {
            return Ok(None);
        }
    }
    if !e.is_nil() {
        if end < 0 {
            end += n;
        }
        if !excl {
            end = end.saturating_add(1);
        }
    }
    if beg > n {
        return Ok(None);
    }
    let end = end.min(n).max(beg);
    Ok(Some((beg as usize, end as usize)))
}

fn is_regexp(v: Value) -> bool {
    v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Regexp(_))
}

/// Byte span of group `g` (Integer, String or Symbol name) of a match.
fn match_group(vm: &mut Vm, m: Value, g: Option<Value>) -> Result<Option<(usize, usize)>, Unwind> {
    if m.is_nil() {
        return Ok(None);
    }
    let idx = match g {
        None => 0,
        Some(v) => crate::builtins::regexp::group_index(vm, m, v)?,
    };
    let groups = match &*obj(m).body.borrow() {
        Body::MatchData(md) => md.groups.clone(),
        _ => Vec::new(),
    };
    let n = groups.len() as i64;
    let i = if idx < 0 { idx + n } else { idx };
    if i < 0 || i >= n {
        return Ok(None);
    }
    Ok(groups[i as usize])
}

/// What a `[]` argument list selects: a byte span, or nil. Reads the
/// receiver in place: character positions cost nothing on binary and
/// ASCII-only strings.
fn select(vm: &mut Vm, s: Value, a: &[Value]) -> Result<Option<(usize, usize)>, Unwind> {
    if a.len() == 2 {
        if is_regexp(a[0]) {
            let m = vm.regexp_match(a[0], s, 0)?;
            return match_group(vm, m, Some(a[1]));
        }
        let st = long_arg(vm, a[0])?;
        let len = long_arg(vm, a[1])?;
        return Ok(with_bytes(s, |b| {
            let starts = starts_of(s, b);
            let n = starts.len() as i64;
            substr(n, st, len).map(|(x, y)| (starts.at(x), starts.at(y)))
        }));
    }
    let v = a[0];
    if let Some(i) = v.as_fixnum() {
        return Ok(with_bytes(s, |b| char_span(s, b, i)));
    }
    if let Some(r) = range_parts(v) {
        let n = with_bytes(s, |b| starts_of(s, b).len()) as i64;
        let span = range_span(vm, r, n)?;
        return Ok(span.map(|(x, y)| {
            // (`to_int` of an endpoint may have changed the string.)
            with_bytes(s, |b| {
                let starts = starts_of(s, b);
                let n = starts.len();
                (starts.at(x.min(n)), starts.at(y.min(n)))
            })
        }));
    }
    if vm.is_string(v) {
        let p = bytes(vm, v);
        return Ok(with_bytes(s, |b| find_bytes(b, &p, 0)).map(|i| (i, i + p.len())));
    }
    if is_regexp(v) {
        let m = vm.regexp_match(v, s, 0)?;
        return match_group(vm, m, None);
    }
    let i = long_arg(vm, v)?;
    match Value::fixnum(i) {
        Some(fv) => select(vm, s, &[fv]),
        // Beyond any Fixnum is beyond any string.
        None => Ok(None),
    }
}

/// A new String of `s`'s bytes `x..y` (its encoding kept).
fn sub_string(vm: &mut Vm, s: Value, x: usize, y: usize) -> Value {
    let piece = with_bytes(s, |b| b.get(x..y).unwrap_or_default().to_vec());
    new_like(vm, s, piece)
}

/// Byte position of `p` in `b` at or after `from`.
pub(crate) fn find_bytes(b: &[u8], p: &[u8], from: usize) -> Option<usize> {
    if p.is_empty() {
        return (from <= b.len()).then_some(from);
    }
    if from > b.len() || p.len() > b.len() {
        return None;
    }
    let last = b.len() - p.len();
    let (first, rest) = (p[0], &p[1..]);
    let mut i = from;
    while i <= last {
        // Skip to the next place the first byte occurs.
        i += b[i..=last].iter().position(|&c| c == first)?;
        if &b[i + 1..i + p.len()] == rest {
            return Some(i);
        }
        i += 1;
    }
    None
}

pub(crate) fn aref(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    if a.is_empty() || a.len() > 2 {
        return Err(vm.argc_error(a.len(), 1, 2));
    }
    if a.len() == 1 && vm.is_string(a[0]) {
        let p = bytes(vm, a[0]);
        return Ok(match with_bytes(s, |b| find_bytes(b, &p, 0)) {
            Some(_) => new_like(vm, a[0], p),
            None => Value::NIL,
        });
    }
    Ok(match select(vm, s, a)? {
        Some((x, y)) => sub_string(vm, s, x, y),
        None => Value::NIL,
    })
}

fn aset(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    if a.len() < 2 || a.len() > 3 {
        return Err(vm.argc_error(a.len(), 2, 3));
    }
    let val = *a.last().unwrap();
    let idx = &a[..a.len() - 1];
    super::check_frozen(vm, s)?;
    let b = bytes(vm, s);
    let span = if idx.len() == 2 && !is_regexp(idx[0]) {
        let st0 = long_arg(vm, idx[0])?;
        let len = long_arg(vm, idx[1])?;
        update_span(vm, s, &b, st0, len)?
    } else if idx.len() == 2 || is_regexp(idx[0]) {
        let m = vm.regexp_match(idx[0], s, 0)?;
        if m.is_nil() {
            return Err(vm.error(vm.e.index_error, "regexp not matched"));
        }
        match match_group(vm, m, idx.get(1).copied())? {
            Some(sp) => sp,
            None => {
                let g = idx.get(1).copied().unwrap_or(Value::int(0));
                let gs = vm.inspect(g)?;
                return Err(vm.error(vm.e.index_error, &format!("index {gs} out of regexp")));
            }
        }
    } else if vm.is_string(idx[0]) {
        let p = bytes(vm, idx[0]);
        match find_bytes(&b, &p, 0) {
            Some(i) => (i, i + p.len()),
            None => return Err(vm.error(vm.e.index_error, "string not matched")),
        }
    } else if let Some(r) = range_parts(idx[0]) {
        let starts = starts_of(s, &b);
        let n = starts.len() as i64;
        match range_span(vm, r, n)? {
            Some((x, y)) => (starts.at(x), starts.at(y)),
            None => {
                let rs = vm.inspect(idx[0])?;
                return Err(vm.error(vm.e.range_error, &format!("{rs} out of range")));
            }
        }
    } else {
        let i = long_arg(vm, idx[0])?;
        update_span(vm, s, &b, i, 1)?
    };
    let rep = str_arg(vm, val)?;
    let enc = super::encoding::result_encoding(vm, s, val)?;
    let mut nb = b[..span.0].to_vec();
    nb.extend_from_slice(&rep);
    nb.extend_from_slice(&b[span.1..]);
    set_bytes(vm, s, nb)?;
    enc.set(s);
    Ok(val)
}

/// `rb_str_update`'s index checks; a byte span.
fn update_span(
    vm: &mut Vm,
    s: Value,
    b: &[u8],
    st0: i64,
    len: i64,
) -> Result<(usize, usize), Unwind> {
    if len < 0 {
        return Err(vm.error(vm.e.index_error, &format!("negative length {len}")));
    }
    let starts = starts_of(s, b);
    let n = starts.len() as i64;
    let mut st = st0;
    if n < st {
        return Err(vm.error(vm.e.index_error, &format!("index {st0} out of string")));
    }
    if st < 0 {
        if st + n < 0 {
            return Err(vm.error(vm.e.index_error, &format!("index {st0} out of string")));
        }
        st += n;
    }
    let end = (st.saturating_add(len)).min(n);
    Ok((starts.at(st as usize), starts.at(end as usize)))
}

pub fn init(vm: &mut Vm) {
    let s = cls::STRING;
    vm.def_builtin(s, "[]", -1, aref);
    vm.def_builtin(s, "slice", -1, aref);
    vm.def_builtin(s, "[]=", -1, aset);
    vm.def_builtin(s, "slice!", -1, |vm, s, a, _| {
        super::check_frozen(vm, s)?;
        if a.is_empty() || a.len() > 2 {
            return Err(vm.argc_error(a.len(), 1, 2));
        }
        let span = select(vm, s, a)?;
        let Some((x, y)) = span else {
            return Ok(Value::NIL);
        };
        let r = sub_string(vm, s, x, y);
        super::with_mut(vm, s, |b| {
            if y <= b.len() {
                b.drain(x..y);
            }
        })?;
        Ok(r)
    });
    vm.def_builtin(s, "byteslice", arity::range(1, 2), |vm, s, a, _| {
        let n = super::byte_len(s) as i64;
        let span = if a.len() == 2 {
            let st = long_arg(vm, a[0])?;
            let len = long_arg(vm, a[1])?;
            substr(n, st, len)
        } else if let Some(r) = range_parts(a[0]) {
            range_span(vm, r, n)?
        } else {
            let i = long_arg(vm, a[0])?;
            let i = if i < 0 { i + n } else { i };
            (i >= 0 && i < n).then(|| (i as usize, i as usize + 1))
        };
        Ok(match span {
            Some((x, y)) => sub_string(vm, s, x, y),
            None => Value::NIL,
        })
    });
    vm.def_builtin(s, "insert", 2, |vm, s, a, _| {
        let i = long_arg(vm, a[0])?;
        if i == -1 {
            let f = crate::intern!("concat");
            return vm.funcall(s, f, &[a[1]], None);
        }
        let i = if i < 0 { i + 1 } else { i };
        // A huge index is out of range for aset to report, not a Fixnum.
        let iv = match Value::fixnum(i) {
            Some(v) => v,
            None => vm.bignum_value(i.into()),
        };
        aset(vm, s, &[iv, Value::int(0), a[1]], None)?;
        Ok(s)
    });
    let _ = sym::AREF;
}
