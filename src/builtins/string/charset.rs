//! Character-set methods: `tr`, `tr_s`, `delete`, `squeeze`, `count`
//! (sets with `^` negation, `a-z` ranges, backslash escapes, several sets
//! intersected), with their bang forms.

use std::collections::HashMap;

use super::{B, bytes, char_iter, chars_of, code_of, new_like, set_bytes, str_arg};
use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::object::Unwind;
use crate::value::Value;

/// One parsed set: negated?, and its items in order (ranges inclusive).
struct Set {
    neg: bool,
    items: Vec<(u32, u32)>,
}

impl Set {
    fn contains(&self, c: u32) -> bool {
        self.items.iter().any(|(a, b)| *a <= c && c <= *b) != self.neg
    }

    /// The set's characters in order (for `tr`).
    fn expand(&self) -> Vec<u32> {
        let mut v = Vec::new();
        for (a, b) in &self.items {
            v.extend(*a..=*b);
        }
        v
    }
}

fn cp_to_bytes(c: u32, out: &mut Vec<u8>) {
    match char::from_u32(c) {
        Some(ch) => {
            let mut buf = [0u8; 4];
            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
        }
        None => out.push(c as u8),
    }
}

fn cp_str(c: u32) -> String {
    let mut v = Vec::new();
    cp_to_bytes(c, &mut v);
    String::from_utf8_lossy(&v).into_owned()
}

fn parse_set(b: &[u8], allow_neg: bool) -> Result<Set, String> {
    let cs: Vec<u32> = chars_of(b).into_iter().map(code_of).collect();
    let mut i = 0;
    let neg = allow_neg && cs.len() > 1 && cs[0] == '^' as u32;
    if neg {
        i = 1;
    }
    let mut items = Vec::new();
    let bs = '\\' as u32;
    let dash = '-' as u32;
    while i < cs.len() {
        let mut c = cs[i];
        if c == bs && i + 1 < cs.len() {
            i += 1;
            c = cs[i];
        }
        i += 1;
        if i + 1 < cs.len() && cs[i] == dash {
            let mut j = i + 1;
            let mut d = cs[j];
            if d == bs && j + 1 < cs.len() {
                j += 1;
                d = cs[j];
            }
            if c > d {
                return Err(format!(
                    "invalid range \"{}-{}\" in string transliteration",
                    cp_str(c),
                    cp_str(d)
                ));
            }
            items.push((c, d));
            i = j + 1;
        } else {
            items.push((c, c));
        }
    }
    Ok(Set { neg, items })
}

fn sets_of(vm: &mut Vm, a: &[Value]) -> Result<Vec<Set>, Unwind> {
    if a.is_empty() {
        return Err(vm.argc_error(0, 1, usize::MAX));
    }
    let mut v = Vec::new();
    for x in a {
        let b = str_arg(vm, *x)?;
        match parse_set(&b, true) {
            Ok(s) => v.push(s),
            Err(m) => return Err(vm.arg_error(&m)),
        }
    }
    Ok(v)
}

fn in_all(sets: &[Set], c: u32) -> bool {
    sets.iter().all(|s| s.contains(c))
}

fn tr_bytes(vm: &mut Vm, s: Value, a: &[Value], squeeze: bool) -> Result<Vec<u8>, Unwind> {
    let src = bytes(vm, s);
    let from = str_arg(vm, a[0])?;
    let to = str_arg(vm, a[1])?;
    let fset = parse_set(&from, true).map_err(|m| vm.arg_error(&m))?;
    let tset = parse_set(&to, false).map_err(|m| vm.arg_error(&m))?;
    let tl = tset.expand();
    let mut map: HashMap<u32, u32> = HashMap::new();
    if !fset.neg && !tl.is_empty() {
        for (i, c) in fset.expand().into_iter().enumerate() {
            map.insert(c, tl[i.min(tl.len() - 1)]);
        }
    }
    let mut out = Vec::with_capacity(src.len());
    let mut last: Option<u32> = None;
    for ch in char_iter(&src) {
        let c = code_of(ch);
        let hit = fset.contains(c);
        if !hit {
            out.extend_from_slice(ch);
            last = None;
            continue;
        }
        let Some(&r) = (if fset.neg { tl.last() } else { map.get(&c) }) else {
            // Empty replacement: delete.
            continue;
        };
        if squeeze && last == Some(r) {
            continue;
        }
        cp_to_bytes(r, &mut out);
        last = Some(r);
    }
    Ok(out)
}

fn delete_bytes(vm: &mut Vm, s: Value, a: &[Value]) -> Result<Vec<u8>, Unwind> {
    let sets = sets_of(vm, a)?;
    let src = bytes(vm, s);
    Ok(char_iter(&src)
        .filter(|c| !in_all(&sets, code_of(c)))
        .flatten()
        .copied()
        .collect())
}

fn squeeze_bytes(vm: &mut Vm, s: Value, a: &[Value]) -> Result<Vec<u8>, Unwind> {
    let sets = if a.is_empty() {
        Vec::new()
    } else {
        sets_of(vm, a)?
    };
    let src = bytes(vm, s);
    let mut out = Vec::with_capacity(src.len());
    let mut prev: Option<&[u8]> = None;
    for c in char_iter(&src) {
        if prev == Some(c) && (sets.is_empty() || in_all(&sets, code_of(c))) {
            continue;
        }
        out.extend_from_slice(c);
        prev = Some(c);
    }
    Ok(out)
}

fn bang(vm: &mut Vm, s: Value, r: Vec<u8>) -> VResult {
    if r == bytes(vm, s) {
        super::check_frozen(vm, s)?;
        return Ok(Value::NIL);
    }
    set_bytes(vm, s, r)?;
    Ok(s)
}

pub fn init(vm: &mut Vm) {
    let s = cls::STRING;
    vm.def_builtin(s, "tr", 2, |vm, s, a, _| {
        let r = tr_bytes(vm, s, a, false)?;
        Ok(new_like(vm, s, r))
    });
    vm.def_builtin(s, "tr!", 2, |vm, s, a, _| {
        let r = tr_bytes(vm, s, a, false)?;
        bang(vm, s, r)
    });
    vm.def_builtin(s, "tr_s", 2, |vm, s, a, _| {
        let r = tr_bytes(vm, s, a, true)?;
        Ok(new_like(vm, s, r))
    });
    vm.def_builtin(s, "tr_s!", 2, |vm, s, a, _| {
        let r = tr_bytes(vm, s, a, true)?;
        bang(vm, s, r)
    });
    vm.def_builtin(s, "delete", -1, |vm, s, a, _| {
        let r = delete_bytes(vm, s, a)?;
        Ok(new_like(vm, s, r))
    });
    vm.def_builtin(s, "delete!", -1, |vm, s, a, _| {
        let r = delete_bytes(vm, s, a)?;
        bang(vm, s, r)
    });
    vm.def_builtin(s, "squeeze", -1, |vm, s, a, _| {
        let r = squeeze_bytes(vm, s, a)?;
        Ok(new_like(vm, s, r))
    });
    vm.def_builtin(s, "squeeze!", -1, |vm, s, a, _| {
        let r = squeeze_bytes(vm, s, a)?;
        bang(vm, s, r)
    });
    vm.def_builtin(s, "count", -1, count);
}

fn count(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let sets = sets_of(vm, a)?;
    let src = bytes(vm, s);
    let n = char_iter(&src)
        .filter(|c| in_all(&sets, code_of(c)))
        .count();
    Ok(Value::int(n as i64))
}
