//! Searching with String or Regexp patterns: `index`/`rindex`,
//! `start_with?`/`end_with?`/`include?`, `match`/`match?`, `split`,
//! `partition`/`rpartition`, `scan`, `sub`/`gsub` (and bangs, with
//! `\1 \k<name> \& \0 \` \' \\` replacements, hash and block forms), and
//! `lines`/`each_line`.
//!
//! Regexp scans step with `find_from_pos`: after an empty match the next
//! search starts one character later; after a non-empty one, at its end
//! (so an empty match may follow a non-empty one, as in Ruby).

use super::encoding::result_encoding;
use super::index::{find_bytes, long_arg, starts_of};
use super::{
    B, bytes, char_len, char_to_byte, enum_for, is_binary, kw_get, new_like, set_bytes, split_kw,
    str_arg, with_bytes,
};
use crate::builtins::regexp::{self as re, Groups};
use crate::builtins::type_name;
use crate::class::arity;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::Unwind;
use crate::value::Value;

/// What regexp `re` reads of `s` (`regexp::Subject`, after CRuby's
/// encoding checks): match offsets are `s`'s byte offsets.
fn subject_of(vm: &mut Vm, re: Value, s: Value) -> Result<re::Subject, Unwind> {
    vm.match_subject(re, s)
}

fn byte_to_char(s: Value, b: &[u8], off: usize) -> i64 {
    super::char_index(s, b, off) as i64
}

/// Compiles a String pattern literally (for sub/gsub/scan/split): the
/// same frozen Regexp again while it is among the last 8 made
/// (`Vm::pattern_regexps`).
fn literal_regexp(vm: &mut Vm, p: Value) -> VResult {
    let q = super::with_bytes(p, re::quote_bytes);
    let src = String::from_utf8_lossy(&q).into_owned();
    if let Some(&(_, v)) = vm.pattern_regexps.iter().find(|(s, _)| *s == src) {
        return Ok(v);
    }
    let v = vm.regexp_new(&src, 0)?;
    if vm.pattern_regexps.len() >= 8 {
        vm.pattern_regexps.remove(0);
    }
    vm.pattern_regexps.push((src, v));
    Ok(v)
}

/// A String argument made into a Regexp (`match`: not escaped).
fn get_pat(vm: &mut Vm, p: Value) -> VResult {
    if re::is_regexp(p) {
        return Ok(p);
    }
    if vm.is_string(p) {
        let src = vm.string_lossy(p);
        return vm.regexp_new(&src, 0);
    }
    let t = type_name(vm, p);
    Err(vm.type_error(&format!("wrong argument type {t} (expected Regexp)")))
}

/// A String or Regexp pattern for sub/gsub/scan (Strings are literal).
fn get_pat_quoted(vm: &mut Vm, p: Value) -> VResult {
    if re::is_regexp(p) {
        return Ok(p);
    }
    if vm.is_string(p) {
        return literal_regexp(vm, p);
    }
    if p.is_heap() && vm.respond_to(p, crate::value::sym::TO_STR) {
        let b = str_arg(vm, p)?;
        let v = vm.str_from_bytes(b);
        return literal_regexp(vm, v);
    }
    let t = type_name(vm, p);
    Err(vm.type_error(&format!("wrong argument type {t} (expected Regexp)")))
}

/// All successive matches from byte `from` (Ruby's scan stepping).
fn all_matches(re_v: Value, subj: &re::Subject, from: usize, once: bool) -> Vec<Groups> {
    let mut out = Vec::new();
    let mut pos = from;
    let len = subj.byte_len();
    while pos <= len {
        let Some(g) = re::search(re_v, subj, pos) else {
            break;
        };
        let (b, e) = g[0].unwrap_or((pos, pos));
        out.push(g);
        if once {
            break;
        }
        pos = if e == b {
            if e >= len {
                break;
            }
            subj.step(e)
        } else {
            e
        };
    }
    out
}

/// Expands `\1`, `\k<name>`, `\0`, `\&`, `` \` ``, `\'`, `\+`, `\\` in a
/// replacement string.
fn expand(
    vm: &mut Vm,
    rep: &[u8],
    text: &[u8],
    g: &Groups,
    re_v: Value,
) -> Result<Vec<u8>, Unwind> {
    let mut out = Vec::with_capacity(rep.len());
    let span = |i: usize| g.get(i).copied().flatten();
    let mut i = 0;
    while i < rep.len() {
        let c = rep[i];
        if c != b'\\' || i + 1 >= rep.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let d = rep[i + 1];
        i += 2;
        let piece = match d {
            b'0'..=b'9' => span((d - b'0') as usize),
            b'&' => span(0),
            b'`' => Some((0, span(0).map(|x| x.0).unwrap_or(0))),
            b'\'' => Some((span(0).map(|x| x.1).unwrap_or(0), text.len())),
            b'+' => (1..g.len()).rev().find_map(span),
            b'\\' => {
                out.push(b'\\');
                continue;
            }
            b'k' if rep.get(i) == Some(&b'<') => {
                let Some(close) = rep[i..].iter().position(|c| *c == b'>') else {
                    out.extend_from_slice(b"\\k");
                    continue;
                };
                let name = String::from_utf8_lossy(&rep[i + 1..i + close]).into_owned();
                i += close + 1;
                match re::name_to_group(re_v, &name) {
                    Some(n) => span(n),
                    None => {
                        return Err(vm.error(
                            vm.e.index_error,
                            &format!("undefined group name reference: {name}"),
                        ));
                    }
                }
            }
            _ => {
                out.push(b'\\');
                out.push(d);
                continue;
            }
        };
        if let Some((a, b)) = piece {
            out.extend_from_slice(&text[a..b]);
        }
    }
    Ok(out)
}

/// sub/gsub core: the new bytes, or None when nothing matched.
fn sub_core(
    vm: &mut Vm,
    s: Value,
    a: &[Value],
    blk: B,
    global: bool,
) -> Result<Option<Vec<u8>>, Unwind> {
    if a.is_empty() || a.len() > 2 || (a.len() == 1 && blk.is_none()) {
        let (min, max) = if blk.is_some() { (1, 2) } else { (2, 2) };
        return Err(vm.argc_error(a.len(), min, max));
    }
    let re_v = get_pat_quoted(vm, a[0])?;
    let mark = vm.roots_len();
    vm.push_root(re_v);
    let r = sub_run(vm, s, a, blk, global, re_v);
    vm.truncate_roots(mark);
    r
}

fn sub_run(
    vm: &mut Vm,
    s: Value,
    a: &[Value],
    blk: B,
    global: bool,
    re_v: Value,
) -> Result<Option<Vec<u8>>, Unwind> {
    let byte_len = str_byte_len(s);
    let subj = subject_of(vm, re_v, s)?;
    let tb = bytes(vm, s);
    let ms = all_matches(re_v, &subj, 0, !global);
    if ms.is_empty() {
        vm.set_last_match(Value::NIL);
        return Ok(None);
    }
    let rep = match a.get(1) {
        Some(r) if vm.hash_len(*r).is_none() => Some(str_arg(vm, *r)?),
        _ => None,
    };
    let frozen = vm.match_frozen(s);
    vm.push_root(frozen);
    let mut out = Vec::with_capacity(tb.len());
    let mut last = 0;
    let mut result = Ok(());
    for g in &ms {
        let (st, en) = g[0].unwrap_or((0, 0));
        out.extend_from_slice(&tb[last..st]);
        let piece = match (&rep, a.get(1)) {
            (Some(rep), _) => expand(vm, rep, &tb, g, re_v),
            (None, Some(h)) => {
                let k = new_like(vm, s, tb[st..en].to_vec());
                crate::builtins::hash::hash_fetch_default(vm, *h, k)
                    .and_then(|v| vm.value_to_bytes(v))
            }
            (None, None) => {
                let m = re::make_match(vm, re_v, frozen, g.clone());
                vm.set_last_match(m);
                let arg = new_like(vm, s, tb[st..en].to_vec());
                let b = blk.as_ref().unwrap();
                vm.yield_block(b, &[arg])
                    .and_then(|v| str_mod_check(vm, s, byte_len).map(|_| v))
                    .and_then(|v| vm.value_to_bytes(v))
            }
        };
        match piece {
            Ok(p) => out.extend(p),
            Err(e) => {
                result = Err(e);
                break;
            }
        }
        last = en;
    }
    if result.is_ok() {
        let m = re::make_match(vm, re_v, frozen, ms.last().unwrap().clone());
        vm.set_last_match(m);
    }
    vm.temp_roots.pop();
    result?;
    out.extend_from_slice(&tb[last..]);
    Ok(Some(out))
}

fn sub_new(vm: &mut Vm, s: Value, a: &[Value], b: B, global: bool) -> VResult {
    let r = sub_core(vm, s, a, b, global)?;
    Ok(match r {
        Some(nb) => new_like(vm, s, nb),
        None => new_like(vm, s, bytes(vm, s)),
    })
}

fn sub_bang(vm: &mut Vm, s: Value, a: &[Value], b: B, global: bool) -> VResult {
    super::check_frozen(vm, s)?;
    match sub_core(vm, s, a, b, global)? {
        Some(nb) => {
            set_bytes(vm, s, nb)?;
            Ok(s)
        }
        None => Ok(Value::NIL),
    }
}

fn scan(vm: &mut Vm, s: Value, a: &[Value], blk: B) -> VResult {
    let mark = vm.roots_len();
    let r = scan_run(vm, s, a, blk);
    vm.truncate_roots(mark);
    r
}

fn scan_run(vm: &mut Vm, s: Value, a: &[Value], blk: B) -> VResult {
    let re_v = get_pat_quoted(vm, a[0])?;
    vm.push_root(re_v);
    let byte_len = str_byte_len(s);
    let subj = subject_of(vm, re_v, s)?;
    let ms = all_matches(re_v, &subj, 0, false);
    let text = bytes(vm, s);
    let frozen = vm.match_frozen(s);
    vm.push_root(frozen);
    let mut out = Vec::new();
    let mut res = Ok(());
    for g in &ms {
        let item = if g.len() > 1 {
            let v: Vec<Value> = g[1..]
                .iter()
                .map(|x| match x {
                    Some((p, q)) => new_like(vm, s, text[*p..*q].to_vec()),
                    None => Value::NIL,
                })
                .collect();
            vm.ary_new(v)
        } else {
            let (p, q) = g[0].unwrap_or((0, 0));
            new_like(vm, s, text[p..q].to_vec())
        };
        match &blk {
            Some(b) => {
                let m = re::make_match(vm, re_v, frozen, g.clone());
                vm.set_last_match(m);
                if let Err(e) = vm
                    .yield_block(b, &[item])
                    .and_then(|_| str_mod_check(vm, s, byte_len))
                {
                    res = Err(e);
                    break;
                }
            }
            None => {
                vm.push_root(item);
                out.push(item);
            }
        }
    }
    if res.is_ok() {
        let m = match ms.last() {
            Some(g) => re::make_match(vm, re_v, frozen, g.clone()),
            None => Value::NIL,
        };
        vm.set_last_match(m);
    }
    res?;
    if blk.is_some() {
        return Ok(s);
    }
    Ok(vm.ary_new(out))
}

fn index(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let from = match a.get(1) {
        Some(p) => {
            let i = long_arg(vm, *p)?;
            match with_bytes(s, |b| char_to_byte(s, b, i)) {
                Some(x) => x,
                None => {
                    if re::is_regexp(a[0]) {
                        vm.set_last_match(Value::NIL);
                    }
                    return Ok(Value::NIL);
                }
            }
        }
        None => 0,
    };
    if re::is_regexp(a[0]) {
        let m = vm.regexp_match(a[0], s, from)?;
        if m.is_nil() {
            return Ok(Value::NIL);
        }
        let st = re::match_begin(m);
        return Ok(Value::int(with_bytes(s, |b| byte_to_char(s, b, st))));
    }
    let p = str_arg(vm, a[0])?;
    result_encoding(vm, s, a[0])?;
    let found = with_bytes(s, |b| {
        let fixed = super::byte_indexed(s, b);
        let valid = !fixed && super::coderange_of(s, b) == super::Cr::Valid;
        let mut starts: Option<Vec<usize>> = None;
        let mut at = from;
        while let Some(i) = find_bytes(b, &p, at) {
            // Only matches at character boundaries count.
            let boundary = fixed
                || i == b.len()
                || (valid && (b[i] as i8) >= -0x40)
                || (!valid
                    && starts
                        .get_or_insert_with(|| super::char_starts(b))
                        .binary_search(&i)
                        .is_ok());
            if boundary {
                return Some(byte_to_char(s, b, i));
            }
            at = i + 1;
        }
        None
    });
    Ok(found.map_or(Value::NIL, Value::int))
}

fn rindex(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let mut pos = match a.get(1) {
        Some(p) => {
            let i = long_arg(vm, *p)?;
            let n = with_bytes(s, |b| starts_of(s, b).len()) as i64;
            let i = if i < 0 { i + n } else { i };
            if i < 0 {
                if re::is_regexp(a[0]) {
                    vm.set_last_match(Value::NIL);
                }
                return Ok(Value::NIL);
            }
            i.min(n)
        }
        None => with_bytes(s, |b| starts_of(s, b).len()) as i64,
    };
    if re::is_regexp(a[0]) {
        let subj = subject_of(vm, a[0], s)?;
        pos = pos.min(with_bytes(s, |b| starts_of(s, b).len()) as i64);
        loop {
            let at = with_bytes(s, |b| starts_of(s, b).at(pos as usize));
            if let Some(g) = re::search_at(a[0], &subj, at) {
                let frozen = vm.match_frozen(s);
                let m = re::make_match(vm, a[0], frozen, g);
                vm.set_last_match(m);
                return Ok(Value::int(pos));
            }
            if pos == 0 {
                break;
            }
            pos -= 1;
        }
        vm.set_last_match(Value::NIL);
        return Ok(Value::NIL);
    }
    let p = str_arg(vm, a[0])?;
    result_encoding(vm, s, a[0])?;
    let found = with_bytes(s, |b| {
        let starts = starts_of(s, b);
        let mut pos = pos.min(starts.len() as i64);
        loop {
            let at = starts.at(pos as usize);
            if b[at..].starts_with(&p) {
                return Some(pos);
            }
            if pos == 0 {
                return None;
            }
            pos -= 1;
        }
    });
    Ok(found.map_or(Value::NIL, Value::int))
}

/// Split spans (byte ranges) with CRuby's rules.
fn split(vm: &mut Vm, s: Value, a: &[Value], blk: B) -> VResult {
    let b = bytes(vm, s);
    let mut lim: i64 = 0;
    let mut limited = false;
    if let Some(l) = a.get(1) {
        lim = long_arg(vm, *l)?;
        if lim == 1 {
            let v = if b.is_empty() {
                vec![]
            } else {
                vec![new_like(vm, s, b.clone())]
            };
            return finish_split(vm, s, v, blk);
        }
        limited = lim > 0;
    }
    let pat = a.first().copied().unwrap_or(Value::NIL);
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut i: i64 = 1;
    let len = b.len();
    let mut beg = 0usize;
    let awk = pat.is_nil() || (vm.is_string(pat) && bytes(vm, pat) == b" ");
    if awk {
        let mut skip = true;
        let mut end = 0;
        let mut p = 0;
        while p < len {
            let c = b[p];
            p += 1;
            let sp = matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
            if skip {
                if sp {
                    beg = p;
                } else {
                    end = p;
                    skip = false;
                    if limited && lim <= i {
                        break;
                    }
                }
            } else if sp {
                spans.push((beg, end));
                skip = true;
                beg = p;
                if limited {
                    i += 1;
                }
            } else {
                end = p;
            }
        }
    } else if !re::is_regexp(pat) {
        let convertible =
            vm.is_string(pat) || (pat.is_heap() && vm.respond_to(pat, crate::value::sym::TO_STR));
        if !convertible {
            // get_pat_quoted: not a String (nor convertible), so it had
            // to be a Regexp.
            let c = type_name(vm, pat);
            return Err(vm.type_error(&format!("wrong argument type {c} (expected Regexp)")));
        }
        let sep = str_arg(vm, pat)?;
        let mut p = 0;
        if sep.is_empty() {
            while p < len {
                let n = if is_binary(s) { 1 } else { char_len(&b, p) };
                spans.push((p, p + n));
                p += n;
                i += 1;
                if limited && lim <= i {
                    break;
                }
            }
        } else {
            while p < len {
                let Some(e) = find_bytes(&b, &sep, p) else {
                    break;
                };
                spans.push((p, e));
                p = e + sep.len();
                i += 1;
                if limited && lim <= i {
                    break;
                }
            }
        }
        beg = p;
    } else {
        let subj = subject_of(vm, pat, s)?;
        let mut start = 0usize;
        let mut last_null = false;
        while start <= len {
            let Some(g) = re::search(pat, &subj, start) else {
                break;
            };
            let (mb, me) = g[0].unwrap_or((start, start));
            if start == mb && mb == me {
                if len == 0 {
                    spans.push((0, 0));
                    break;
                } else if last_null {
                    let n = if beg < len { char_len(&b, beg) } else { 0 };
                    spans.push((beg, beg + n));
                    beg = start;
                } else {
                    start += if start >= len { 1 } else { char_len(&b, start) };
                    last_null = true;
                    continue;
                }
            } else {
                spans.push((beg, mb));
                beg = me;
                start = me;
            }
            last_null = false;
            for x in g.iter().skip(1).flatten() {
                spans.push(*x);
            }
            i += 1;
            if limited && lim <= i {
                break;
            }
        }
    }
    if len > 0 && (limited || len > beg || lim < 0) {
        spans.push((beg.min(len), len));
    }
    if !limited && lim == 0 {
        while spans.last().is_some_and(|(x, y)| x == y) {
            spans.pop();
        }
    }
    let v: Vec<Value> = spans
        .into_iter()
        .map(|(x, y)| new_like(vm, s, b[x..y].to_vec()))
        .collect();
    finish_split(vm, s, v, blk)
}

fn finish_split(vm: &mut Vm, s: Value, v: Vec<Value>, blk: B) -> VResult {
    let arr = vm.ary_new(v);
    match blk {
        None => Ok(arr),
        Some(b) => {
            vm.push_root(arr);
            let items = vm.array_items(arr);
            let mut r = Ok(s);
            for x in items {
                if let Err(e) = vm.yield_block(&b, &[x]) {
                    r = Err(e);
                    break;
                }
            }
            vm.temp_roots.pop();
            r
        }
    }
}

fn partition(vm: &mut Vm, s: Value, a: &[Value], right: bool) -> VResult {
    let b = bytes(vm, s);
    let span = if re::is_regexp(a[0]) {
        if right {
            let r = rindex(vm, s, &[a[0]], None)?;
            if r.is_nil() {
                None
            } else {
                Some(re::match_span(vm.last_match()))
            }
        } else {
            let m = vm.regexp_match(a[0], s, 0)?;
            (!m.is_nil()).then(|| re::match_span(m))
        }
    } else {
        let p = str_arg(vm, a[0])?;
        if right {
            (0..=b.len().saturating_sub(p.len()))
                .rev()
                .find(|&i| b.len() >= p.len() && b[i..].starts_with(&p))
                .map(|i| (i, i + p.len()))
        } else {
            find_bytes(&b, &p, 0).map(|i| (i, i + p.len()))
        }
    };
    let parts = match span {
        Some((x, y)) => [b[..x].to_vec(), b[x..y].to_vec(), b[y..].to_vec()],
        None if right => [Vec::new(), Vec::new(), b.clone()],
        None => [b.clone(), Vec::new(), Vec::new()],
    };
    // A String separator's match is in the separator's encoding.
    let mid_like = if vm.is_string(a[0]) && span.is_some() {
        a[0]
    } else {
        s
    };
    let v: Vec<Value> = parts
        .into_iter()
        .enumerate()
        .map(|(i, p)| new_like(vm, if i == 1 { mid_like } else { s }, p))
        .collect();
    Ok(vm.ary_new(v))
}

/// Line spans for `lines`/`each_line` with separator `sep` (None: whole).
fn line_spans(b: &[u8], sep: Option<&[u8]>) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    let Some(sep) = sep else {
        if !b.is_empty() {
            v.push((0, b.len()));
        }
        return v;
    };
    let para = sep.is_empty();
    let sep: &[u8] = if para { b"\n\n" } else { sep };
    let mut p = 0;
    while p < b.len() {
        match find_bytes(b, sep, p) {
            Some(e) => {
                let end = e + sep.len();
                v.push((p, end));
                p = end;
                if para {
                    // Paragraph mode drops the extra newlines.
                    while p < b.len() && b[p] == b'\n' {
                        p += 1;
                    }
                }
            }
            None => {
                v.push((p, b.len()));
                break;
            }
        }
    }
    v
}

fn lines_of(vm: &mut Vm, s: Value, a: &[Value]) -> Result<Vec<Value>, Unwind> {
    let (pos, kw) = split_kw(vm, a);
    let chomp = kw_get(vm, kw, "chomp")?.is_some_and(|v| v.truthy());
    // No separator: `$/` (nil: the whole string is one line).
    let rs = match pos.first() {
        Some(v) => *v,
        None => vm
            .globals
            .get(&crate::intern!("$/"))
            .copied()
            .unwrap_or(Value::NIL),
    };
    let sep: Option<Vec<u8>> = match pos.first().or(Some(&rs)) {
        None => Some(b"\n".to_vec()),
        Some(v) if v.is_nil() => None,
        Some(v) => Some(str_arg(vm, *v)?),
    };
    let b = bytes(vm, s);
    let spans = line_spans(&b, sep.as_deref());
    let mut out = Vec::new();
    for (x, y) in spans {
        let mut piece = &b[x..y];
        if chomp && let Some(sep) = &sep {
            if sep == b"\n" {
                if piece.ends_with(b"\r\n") {
                    piece = &piece[..piece.len() - 2];
                } else if piece.ends_with(b"\n") {
                    piece = &piece[..piece.len() - 1];
                }
            } else if sep.is_empty() {
                while piece.ends_with(b"\n") {
                    piece = &piece[..piece.len() - 1];
                }
            } else if piece.ends_with(sep) {
                piece = &piece[..piece.len() - sep.len()];
            }
        }
        out.push(new_like(vm, s, piece.to_vec()));
    }
    Ok(out)
}

fn starts_with(vm: &mut Vm, s: Value, a: &[Value]) -> VResult {
    let b = bytes(vm, s);
    for p in a {
        if re::is_regexp(*p) {
            let subj = subject_of(vm, *p, s)?;
            if let Some(g) = re::search_at(*p, &subj, 0) {
                let frozen = vm.match_frozen(s);
                let m = re::make_match(vm, *p, frozen, g);
                vm.set_last_match(m);
                return Ok(Value::TRUE);
            }
            vm.set_last_match(Value::NIL);
            continue;
        }
        let pb = str_arg(vm, *p)?;
        result_encoding(vm, s, *p)?;
        if b.starts_with(&pb) {
            return Ok(Value::TRUE);
        }
    }
    Ok(Value::FALSE)
}

pub fn init(vm: &mut Vm) {
    let s = cls::STRING;
    vm.def_builtin(s, "index", arity::range(1, 2), index);
    vm.def_builtin(s, "rindex", arity::range(1, 2), rindex);
    vm.def_builtin(s, "start_with?", -1, |vm, s, a, _| starts_with(vm, s, a));
    vm.def_builtin(s, "end_with?", -1, |vm, s, a, _| {
        let b = bytes(vm, s);
        for p in a {
            let pb = str_arg(vm, *p)?;
            result_encoding(vm, s, *p)?;
            if b.ends_with(&pb) {
                return Ok(Value::TRUE);
            }
        }
        Ok(Value::FALSE)
    });
    vm.def_builtin(s, "include?", 1, |vm, s, a, _| {
        let p = str_arg(vm, a[0])?;
        result_encoding(vm, s, a[0])?;
        Ok(Value::bool(find_bytes(&bytes(vm, s), &p, 0).is_some()))
    });
    vm.def_builtin(s, "match", arity::range(1, 2), |vm, s, a, b| {
        let re_v = get_pat(vm, a[0])?;
        let from = match a.get(1) {
            Some(p) => {
                let i = long_arg(vm, *p)?;
                let by = bytes(vm, s);
                match char_to_byte(s, &by, i) {
                    Some(x) => x,
                    None => {
                        vm.set_last_match(Value::NIL);
                        return Ok(Value::NIL);
                    }
                }
            }
            None => 0,
        };
        let m = vm.regexp_match(re_v, s, from)?;
        match b {
            Some(b) if !m.is_nil() => vm.yield_block(&b, &[m]),
            _ => Ok(m),
        }
    });
    vm.def_builtin(s, "match?", arity::range(1, 2), |vm, s, a, _| {
        let re_v = get_pat(vm, a[0])?;
        let by = bytes(vm, s);
        let from = match a.get(1) {
            Some(p) => {
                let i = long_arg(vm, *p)?;
                match char_to_byte(s, &by, i) {
                    Some(x) => x,
                    None => return Ok(Value::FALSE),
                }
            }
            None => 0,
        };
        let subj = subject_of(vm, re_v, s)?;
        Ok(Value::bool(re::search(re_v, &subj, from).is_some()))
    });
    vm.def_builtin(s, "scan", 1, scan);
    vm.def_builtin(s, "sub", -1, |vm, s, a, b| {
        arity_1_2(vm, a)?;
        sub_new(vm, s, a, b, false)
    });
    vm.def_builtin(s, "gsub", -1, |vm, s, a, b| {
        arity_1_2(vm, a)?;
        if a.len() == 1 && b.is_none() {
            return enum_for(vm, s, "gsub", a);
        }
        sub_new(vm, s, a, b, true)
    });
    vm.def_builtin(s, "sub!", -1, |vm, s, a, b| {
        arity_1_2(vm, a)?;
        sub_bang(vm, s, a, b, false)
    });
    vm.def_builtin(s, "gsub!", -1, |vm, s, a, b| {
        arity_1_2(vm, a)?;
        sub_bang(vm, s, a, b, true)
    });
    vm.def_builtin(s, "split", -1, split);
    vm.def_builtin(s, "partition", 1, |vm, s, a, _| partition(vm, s, a, false));
    vm.def_builtin(s, "rpartition", 1, |vm, s, a, _| partition(vm, s, a, true));
    vm.def_builtin(s, "lines", -1, |vm, s, a, b| {
        // With a block (deprecated in 3.1): the each_ form, returning self.
        if b.is_some() {
            return vm.funcall(s, crate::intern!("each_line"), a, b);
        }
        let v = lines_of(vm, s, a)?;
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(s, "each_line", -1, |vm, s, a, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each_line", a);
        };
        let v = lines_of(vm, s, a)?;
        let arr = vm.ary_new(v.clone());
        vm.push_root(arr);
        let mut r = Ok(s);
        for l in v {
            if let Err(e) = vm.yield_block(&b, &[l]) {
                r = Err(e);
                break;
            }
        }
        vm.temp_roots.pop();
        r
    });
}

/// rb_check_arity(argc, 1, 2), CRuby's message for sub/gsub/upto.
pub fn arity_1_2(vm: &mut Vm, a: &[Value]) -> Result<(), Unwind> {
    if a.is_empty() || a.len() > 2 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 1..2)",
            a.len()
        )));
    }
    Ok(())
}

/// CRuby's str_mod_check: a block that resized the string being scanned
/// or substituted stops the iteration.
fn str_mod_check(vm: &mut Vm, s: Value, len: usize) -> Result<(), Unwind> {
    if str_byte_len(s) != len {
        return Err(vm.runtime_error("string modified"));
    }
    Ok(())
}

fn str_byte_len(s: Value) -> usize {
    match &*obj(s).body.borrow() {
        crate::object::Body::String(x) => x.bytes.len(),
        _ => 0,
    }
}
