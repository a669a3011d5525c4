//! Regexp and MatchData, on fancy-regex with Ruby syntax translated by
//! `support::regex_syntax` (compiled in Oniguruma mode). Match offsets are
//! bytes internally; the Ruby API reports characters. MatchData is in
//! `match_data`.

mod match_data;
mod subject;

pub use subject::{Subject, SubjectError, has_high_hex_escape, incompatible, regexp_encoding};

use crate::class::arity;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Body, RMatch, RRegexp, RegexpEnc, Unwind};
use crate::support::regex_syntax;
use crate::value::{Value, symbol};

/// Byte spans of a match's groups (0 = whole match).
pub type Groups = Vec<Option<(usize, usize)>>;

pub const IGNORECASE: u32 = 1;
pub const EXTENDED: u32 = 2;
pub const MULTILINE: u32 = 4;
/// `/u`: a UTF-8 regexp whatever its source.
pub const FIXEDENCODING: u32 = 16;
/// `/n`: an ASCII-8BIT regexp.
pub const NOENCODING: u32 = 32;
/// Internal (never in `#options`): a literal of a binary source file with
/// `\xHH` escapes of 0x80 or more: an ASCII-8BIT regexp with
/// FIXEDENCODING, as CRuby makes it.
pub const BINARY_SOURCE: u32 = 1 << 12;
/// Internal: made by `Regexp.allocate` and not initialized yet; every
/// method but `inspect` raises TypeError (CRuby's rb_reg_check).
pub const UNINIT: u32 = 1 << 13;

pub fn is_regexp(v: Value) -> bool {
    v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Regexp(_))
}

/// `Regexp.allocate` (and the first half of `Regexp.new`): a Regexp of
/// class `c` that `initialize` fills in; it matches nothing meanwhile.
pub fn allocate(vm: &mut Vm, c: crate::value::ClassId) -> Value {
    let regex = compile("(?!)", 0).expect("the never-matching regexp compiles");
    vm.heap.alloc(
        c,
        Body::Regexp(Box::new(RRegexp {
            source: String::new(),
            options: UNINIT,
            regex,
            names: Vec::new(),
            enc: RegexpEnc::Ascii,
            anchored: std::cell::OnceCell::new(),
        })),
    )
}

fn is_uninit(v: Value) -> bool {
    v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Regexp(r) if r.options & UNINIT != 0)
}

/// rb_reg_check: TypeError for a Regexp that was allocated but never
/// initialized.
fn check(vm: &mut Vm, v: Value) -> Result<(), Unwind> {
    if is_uninit(v) {
        return Err(uninitialized(vm));
    }
    Ok(())
}

#[cold]
fn uninitialized(vm: &mut Vm) -> Unwind {
    vm.type_error("uninitialized Regexp")
}

/// Compiles Ruby regexp source: the fancy-regex pattern, or Onigmo's
/// error message.
pub fn compile(src: &str, opts: u32) -> Result<fancy_regex::Regex, String> {
    let translate = if opts & (NOENCODING | BINARY_SOURCE) != 0 {
        regex_syntax::translate_binary
    } else {
        regex_syntax::translate
    };
    let pat = translate(
        src,
        opts & IGNORECASE != 0,
        opts & MULTILINE != 0,
        opts & EXTENDED != 0,
    )?;
    fancy_regex::RegexBuilder::new(&pat)
        .oniguruma_mode(true)
        .backtrack_limit(10_000_000)
        .seek(true)
        .build()
        .map_err(|e| e.to_string())
}

/// `Regexp.escape` over bytes: ASCII metacharacters escaped, every other
/// byte (a multibyte character, or a broken one) kept as it is.
pub fn quote_bytes(b: &[u8]) -> Vec<u8> {
    let mut o = Vec::with_capacity(b.len());
    for &c in b {
        match c {
            b'.' | b'*' | b'?' | b'+' | b'^' | b'$' | b'|' | b'(' | b')' | b'[' | b']' | b'{'
            | b'}' | b'\\' | b'-' | b'#' => o.extend_from_slice(&[b'\\', c]),
            b'\n' => o.extend_from_slice(b"\\n"),
            b'\t' => o.extend_from_slice(b"\\t"),
            b'\r' => o.extend_from_slice(b"\\r"),
            0x0c => o.extend_from_slice(b"\\f"),
            0x0b => o.extend_from_slice(b"\\v"),
            b' ' => o.extend_from_slice(b"\\ "),
            c => o.push(c),
        }
    }
    o
}

/// Leftmost match at or after byte `pos` of the subject, in byte offsets.
pub fn search(re: Value, subj: &Subject, pos: usize) -> Option<Groups> {
    let text = &*subj.text;
    let pos = subj.to_text(pos)?;
    if !text.is_char_boundary(pos) {
        return None;
    }
    let g = match &*obj(re).body.borrow() {
        // A long plain literal: substring search. The regex engine falls
        // back to an O(pattern x text) NFA for patterns this big, where
        // Onigmo's backtracker is linear.
        Body::Regexp(r)
            if r.options == 0 && r.source.len() > 256 && is_plain_literal(&r.source) =>
        {
            text[pos..]
                .find(r.source.as_str())
                .map(|i| vec![Some((pos + i, pos + i + r.source.len()))])
        }
        Body::Regexp(r) => groups_from(&r.regex, text, pos, 0),
        _ => None,
    };
    g.map(|g| subj.groups_to_bytes(g))
}

/// The groups (text offsets, plus `shift`) of the first match of `regex`
/// in `text` from text offset `pos`. A regexp without groups is searched
/// with `find`, which needs neither the capture engine (a backtracker
/// run after the DFA) nor a `Captures` allocation: `\s*`, `,`, `\d+`
/// tokens cost about half as much.
pub fn groups_from(
    regex: &fancy_regex::Regex,
    text: &str,
    pos: usize,
    shift: usize,
) -> Option<Groups> {
    if regex.captures_len() == 1 {
        return match regex.find_from_pos(text, pos) {
            Ok(Some(m)) => Some(vec![Some((shift + m.start(), shift + m.end()))]),
            _ => None,
        };
    }
    match regex.captures_from_pos(text, pos) {
        Ok(Some(c)) => Some(
            (0..c.len())
                .map(|i| c.get(i).map(|m| (shift + m.start(), shift + m.end())))
                .collect(),
        ),
        _ => None,
    }
}

/// True when `src` has no regexp metacharacter (it matches itself).
fn is_plain_literal(src: &str) -> bool {
    !src.bytes().any(|b| b".^$|()[]{}*+?\\#\n".contains(&b))
}

/// The text a regexp source without options matches when it matches
/// one fixed ASCII text: plain characters, escaped punctuation (`\{`,
/// `\.`, `\/`) and `\n`/`\t`/`\r`. None for anything else (classes,
/// repetition, groups, anchors, alternation, non-ASCII).
pub fn literal_text(src: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(src.len());
    let mut bytes = src.bytes();
    while let Some(b) = bytes.next() {
        match b {
            b'\\' => match bytes.next()? {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'r' => out.push(b'\r'),
                c if b"{}[]().*+?^$|\\/-#\",:;!=&%@~_ ".contains(&c) => out.push(c),
                _ => return None,
            },
            b'.' | b'^' | b'$' | b'|' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'*' | b'+'
            | b'?' => return None,
            b if b.is_ascii() && b != b'\n' => out.push(b),
            _ => return None,
        }
    }
    Some(out)
}

/// A match starting exactly at byte `pos`.
pub fn search_at(re: Value, subj: &Subject, pos: usize) -> Option<Groups> {
    search(re, subj, pos).filter(|g| g[0].is_some_and(|(b, _)| b == pos))
}

/// A MatchData for `groups` in `string` (which should be frozen).
pub fn make_match(vm: &mut Vm, re: Value, string: Value, groups: Groups) -> Value {
    vm.heap.alloc(
        cls::MATCH_DATA,
        Body::MatchData(Box::new(RMatch {
            string,
            regexp: re,
            groups,
        })),
    )
}

pub fn match_span(m: Value) -> (usize, usize) {
    match &*obj(m).body.borrow() {
        Body::MatchData(md) => md.groups[0].unwrap_or((0, 0)),
        _ => (0, 0),
    }
}

pub fn match_begin(m: Value) -> usize {
    match_span(m).0
}

fn with_re<R>(v: Value, f: impl FnOnce(&RRegexp) -> R) -> Option<R> {
    if !v.is_heap() {
        return None;
    }
    match &*obj(v).body.borrow() {
        Body::Regexp(r) if r.options & UNINIT == 0 => Some(f(r)),
        _ => None,
    }
}

/// Group names per capture group (index i-1 for group i).
fn group_names(re: Value) -> Vec<Option<String>> {
    with_re(re, |r| {
        regex_syntax::translate_full(&r.source, false, false, r.options & EXTENDED != 0)
            .map(|t| t.group_names)
            .unwrap_or_default()
    })
    .unwrap_or_default()
}

/// The group number for `name` (the last group of that name).
pub fn name_to_group(re: Value, name: &str) -> Option<usize> {
    group_names(re)
        .iter()
        .rposition(|n| n.as_deref() == Some(name))
        .map(|i| i + 1)
}

/// `(?-mix:src)` form used by Regexp#to_s and interpolation. A source
/// that is one `(?on-off:...)` group already is unwrapped first, its
/// options merged (CRuby's rb_reg_to_s), so interpolating a Regexp into
/// another does not nest deeper each time.
pub fn to_s_form(r: &RRegexp) -> String {
    let flags = [(MULTILINE, 'm'), (IGNORECASE, 'i'), (EXTENDED, 'x')];
    let (options, source) = unwrap_group(r.options, &r.source, &flags);
    let on: String = flags
        .iter()
        .filter(|(b, _)| options & b != 0)
        .map(|(_, c)| *c)
        .collect();
    let off: String = flags
        .iter()
        .filter(|(b, _)| options & b == 0)
        .map(|(_, c)| *c)
        .collect();
    let source = escaped_source(source);
    if off.is_empty() {
        format!("(?{on}:{source})")
    } else {
        format!("(?{on}-{off}:{source})")
    }
}

/// `src` without an outer `(?on-off:...)` group spanning all of it, and
/// `options` with that group's; as they were otherwise.
fn unwrap_group<'a>(options: u32, src: &'a str, flags: &[(u32, char)]) -> (u32, &'a str) {
    let Some(rest) = src.strip_prefix("(?") else {
        return (options, src);
    };
    let bit = |c: char| flags.iter().find(|f| f.1 == c).map(|f| f.0);
    let mut opts = options;
    let mut chars = rest.char_indices();
    let mut on = true;
    let body = loop {
        match chars.next() {
            Some((_, '-')) if on => on = false,
            Some((_, c)) if bit(c).is_some() => {
                let b = bit(c).unwrap_or(0);
                opts = if on { opts | b } else { opts & !b };
            }
            Some((i, ':')) => break &rest[i + 1..],
            _ => return (options, src),
        }
    };
    let Some(inner) = body.strip_suffix(')') else {
        return (options, src);
    };
    // The group must close at the very end: the inner part balances.
    let mut depth = 0i32;
    let mut it = inner.chars();
    let mut class = 0;
    while let Some(c) = it.next() {
        match c {
            '\\' => {
                it.next();
            }
            '[' => class += 1,
            ']' if class > 0 => class -= 1,
            '(' if class == 0 => depth += 1,
            ')' if class == 0 => {
                depth -= 1;
                if depth < 0 {
                    return (options, src);
                }
            }
            _ => {}
        }
    }
    if depth != 0 || class != 0 {
        return (options, src);
    }
    (opts, inner)
}

/// `src` with its unescaped `/` escaped, as rb_reg_expr_str writes it
/// for `inspect` and `to_s` (a newline stays one).
fn escaped_source(src: &str) -> String {
    let mut o = String::new();
    let mut esc = false;
    for c in src.chars() {
        if esc {
            o.push(c);
            esc = false;
            continue;
        }
        match c {
            '\\' => {
                esc = true;
                o.push(c);
            }
            '/' => o.push_str("\\/"),
            c => o.push(c),
        }
    }
    o
}

pub fn inspect_regexp(r: &RRegexp) -> String {
    let mut o = format!("/{}/", escaped_source(&r.source));
    if r.options & MULTILINE != 0 {
        o.push('m');
    }
    if r.options & IGNORECASE != 0 {
        o.push('i');
    }
    if r.options & EXTENDED != 0 {
        o.push('x');
    }
    if r.options & NOENCODING != 0 {
        o.push('n');
    }
    o
}

/// A string subject for matching: Strings as is, Symbols by name, else
/// `to_str` (TypeError otherwise).
fn subject(vm: &mut Vm, v: Value) -> VResult {
    if vm.is_string(v) {
        return Ok(v);
    }
    if let Some(n) = vm.symbol_name(v) {
        return Ok(vm.str_new(&n));
    }
    let b = super::str_arg(vm, v)?;
    Ok(vm.str_from_bytes(b))
}

fn char_index(s: Value, byte: usize) -> i64 {
    super::string::char_index_of(s, byte) as i64
}

fn re_match(vm: &mut Vm, s: Value, a: &[Value]) -> VResult {
    if a[0].is_nil() {
        vm.set_last_match(Value::NIL);
        return Ok(Value::NIL);
    }
    let st = subject(vm, a[0])?;
    let from = match a.get(1) {
        Some(p) => {
            let i = super::int_arg(vm, *p)?;
            match super::string::char_to_byte_of(st, i) {
                Some(x) => x,
                None => {
                    vm.set_last_match(Value::NIL);
                    return Ok(Value::NIL);
                }
            }
        }
        None => 0,
    };
    vm.regexp_match(s, st, from)
}

pub fn init(vm: &mut Vm) {
    let r = cls::REGEXP;
    vm.def_builtin(r, "source", 0, |vm, s, _, _| {
        check(vm, s)?;
        let (t, enc) =
            with_re(s, |r| (r.source.clone(), r.enc)).unwrap_or((String::new(), RegexpEnc::Ascii));
        let v = vm.str_new(&t);
        match enc {
            RegexpEnc::Ascii => super::string::Enc::UsAscii.set(v),
            RegexpEnc::Binary => super::string::Enc::Binary.set(v),
            RegexpEnc::Utf8 => {}
        }
        Ok(v)
    });
    vm.def_builtin(r, "options", 0, |vm, s, _, _| {
        check(vm, s)?;
        Ok(Value::int(with_re(s, |r| r.options).unwrap_or(0) as i64))
    });
    vm.def_builtin(r, "encoding", 0, |vm, s, _, _| {
        check(vm, s)?;
        let name = match with_re(s, |r| r.enc) {
            Some(RegexpEnc::Utf8) => "UTF-8",
            Some(RegexpEnc::Binary) => "ASCII-8BIT",
            _ => "US-ASCII",
        };
        Ok(super::string::encoding_value(vm, name))
    });
    vm.def_builtin(r, "fixed_encoding?", 0, |vm, s, _, _| {
        check(vm, s)?;
        Ok(Value::bool(
            with_re(s, |r| r.enc != RegexpEnc::Ascii).unwrap_or(false),
        ))
    });
    vm.def_builtin(r, "casefold?", 0, |vm, s, _, _| {
        check(vm, s)?;
        Ok(Value::bool(
            with_re(s, |r| r.options & IGNORECASE != 0).unwrap_or(false),
        ))
    });
    vm.def_builtin(r, "to_s", 0, |vm, s, _, _| {
        check(vm, s)?;
        let t = with_re(s, to_s_form).unwrap_or_default();
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(r, "inspect", 0, |vm, s, _, _| {
        let t = match with_re(s, inspect_regexp) {
            Some(t) => t,
            None => vm.any_to_s(s),
        };
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(r, "match", arity::range(1, 2), |vm, s, a, b| {
        check(vm, s)?;
        let m = re_match(vm, s, a)?;
        match b {
            Some(b) if !m.is_nil() => vm.yield_block(&b, &[m]),
            _ => Ok(m),
        }
    });
    vm.def_builtin(r, "match?", arity::range(1, 2), |vm, s, a, _| {
        check(vm, s)?;
        if a[0].is_nil() {
            return Ok(Value::FALSE);
        }
        let st = subject(vm, a[0])?;
        let subj = vm.match_subject(s, st)?;
        let from = match a.get(1) {
            Some(p) => {
                let i = super::int_arg(vm, *p)?;
                match super::string::char_to_byte_of(st, i) {
                    Some(x) => x,
                    None => return Ok(Value::FALSE),
                }
            }
            None => 0,
        };
        Ok(Value::bool(search(s, &subj, from).is_some()))
    });
    vm.def_builtin(r, "=~", 1, |vm, s, a, _| {
        check(vm, s)?;
        if a[0].is_nil() {
            vm.set_last_match(Value::NIL);
            return Ok(Value::NIL);
        }
        let st = subject(vm, a[0])?;
        let m = vm.regexp_match(s, st, 0)?;
        if m.is_nil() {
            return Ok(Value::NIL);
        }
        Ok(Value::int(char_index(st, match_begin(m))))
    });
    vm.def_builtin(r, "===", 1, |vm, s, a, _| {
        check(vm, s)?;
        // reg_operand(str, FALSE): a String, a Symbol, or what to_str
        // answers; anything else does not match.
        let st = if vm.is_string(a[0]) || a[0].is_symbol() {
            subject(vm, a[0])?
        } else {
            match vm.check_funcall(a[0], crate::value::sym::TO_STR)? {
                Some(v) if vm.is_string(v) => v,
                _ => return Ok(Value::FALSE),
            }
        };
        let m = vm.regexp_match(s, st, 0)?;
        Ok(Value::bool(!m.is_nil()))
    });
    vm.def_builtin(r, "~", 0, |vm, s, _, _| {
        check(vm, s)?;
        let line = vm.global_get(crate::intern!("$_"));
        if !vm.is_string(line) {
            vm.set_last_match(Value::NIL);
            return Ok(Value::NIL);
        }
        let m = vm.regexp_match(s, line, 0)?;
        if m.is_nil() {
            return Ok(Value::NIL);
        }
        Ok(Value::int(char_index(line, match_begin(m))))
    });
    for n in ["==", "eql?"] {
        // rb_reg_equal: source, the onig options (not `/n`) and encoding.
        vm.def_builtin(r, n, 1, |vm, s, a, _| {
            if !is_regexp(a[0]) {
                return Ok(Value::FALSE);
            }
            check(vm, s)?;
            check(vm, a[0])?;
            let key = |r: &RRegexp| (r.source.clone(), r.options & 7, r.enc);
            Ok(Value::bool(with_re(s, key) == with_re(a[0], key)))
        });
    }
    vm.def_builtin(r, "hash", 0, |vm, s, _, _| {
        check(vm, s)?;
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        with_re(s, |r| (r.source.clone(), r.options & 7)).hash(&mut h);
        Ok(Value::int((h.finish() >> 2) as i64))
    });
    vm.def_builtin(r, "names", 0, |vm, s, _, _| {
        check(vm, s)?;
        let n = with_re(s, |r| r.names.clone()).unwrap_or_default();
        let v = n.iter().map(|x| vm.str_new(x)).collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(r, "named_captures", 0, |vm, s, _, _| {
        check(vm, s)?;
        let names = group_names(s);
        let h = vm.new_hash();
        vm.push_root(h);
        let mut order: Vec<String> = Vec::new();
        for n in names.iter().flatten() {
            if !order.contains(n) {
                order.push(n.clone());
            }
        }
        for n in order {
            let idx: Vec<Value> = names
                .iter()
                .enumerate()
                .filter(|(_, x)| x.as_deref() == Some(n.as_str()))
                .map(|(i, _)| Value::int(i as i64 + 1))
                .collect();
            let k = vm.str_new(&n);
            let v = vm.ary_new(idx);
            vm.hash_aset(h, k, v)?;
        }
        vm.temp_roots.pop();
        Ok(h)
    });
    vm.def_builtin(r, "freeze", 0, |vm, s, _, _| {
        vm.freeze_with_singleton(s);
        Ok(s)
    });
    // `Regexp.new` is Class#new (allocate, then #initialize, so a
    // subclass's initialize runs); `compile` is the same.
    vm.def_singleton_builtin(r, "compile", -1, super::module::class_new_instance);
    vm.def_private_builtin(r, "initialize", arity::range(1, 3), regexp_initialize);
    for n in ["escape", "quote"] {
        vm.def_singleton_builtin(r, n, 1, |vm, _, a, _| escape(vm, a[0]));
    }
    vm.def_singleton_builtin(r, "union", -1, |vm, _, a, _| {
        let items = if a.len() == 1 && vm.is_array(a[0]) {
            vm.array_items(a[0])
        } else {
            a.to_vec()
        };
        if items.is_empty() {
            return vm.regexp_new("(?!)", 0);
        }
        if let [one] = items[..] {
            // One pattern: itself when it is (or converts to) a Regexp,
            // else quoted (a Symbol too: rb_reg_s_quote).
            if let Some(re) = to_regexp(vm, one)? {
                return Ok(re);
            }
            let q = escape(vm, one)?;
            let src = vm.string_lossy(q);
            return vm.regexp_new_unfrozen(&src, 0);
        }
        let mut parts = Vec::new();
        for v in items {
            match to_regexp(vm, v)? {
                Some(re) => {
                    check(vm, re)?;
                    parts.push(with_re(re, to_s_form).unwrap_or_default());
                }
                None => {
                    let b = super::str_arg(vm, v)?;
                    parts.push(String::from_utf8_lossy(&quote_bytes(&b)).into_owned());
                }
            }
        }
        vm.regexp_new_unfrozen(&parts.join("|"), 0)
    });
    vm.def_singleton_builtin(r, "last_match", -1, |vm, _, a, _| {
        let m = vm.last_match();
        match a.first() {
            None => Ok(m),
            Some(_) if m.is_nil() => Ok(Value::NIL),
            Some(i) => {
                let idx = group_index(vm, m, *i)?;
                group(vm, m, idx)
            }
        }
    });
    for (n, v) in [
        ("IGNORECASE", IGNORECASE),
        ("EXTENDED", EXTENDED),
        ("MULTILINE", MULTILINE),
        ("FIXEDENCODING", 16),
        ("NOENCODING", 32),
    ] {
        vm.classes
            .set_const(r, symbol::intern(n), Value::int(v as i64));
    }
    match_data::init(vm);
}

/// rb_check_regexp_type: `v` itself when a Regexp, what `to_regexp`
/// answers when it has one, else None.
fn to_regexp(vm: &mut Vm, v: Value) -> Result<Option<Value>, Unwind> {
    if is_regexp(v) {
        return Ok(Some(v));
    }
    if !v.is_heap() {
        return Ok(None);
    }
    match vm.check_funcall(v, crate::intern!("to_regexp"))? {
        Some(r) if is_regexp(r) => Ok(Some(r)),
        Some(r) if !r.is_nil() => {
            let c = vm.class_name(vm.real_class_of(v));
            let rc = vm.class_name(vm.real_class_of(r));
            Err(vm.type_error(&format!(
                "can't convert {c} to Regexp ({c}#to_regexp gives {rc})"
            )))
        }
        _ => Ok(None),
    }
}

/// `Regexp.escape`: a String, or a Symbol's name. The result is US-ASCII
/// when it is all ASCII, else in the argument's encoding.
fn escape(vm: &mut Vm, v: Value) -> VResult {
    let s = match vm.symbol_name(v) {
        Some(n) => vm.str_new(&n),
        None => {
            let b = super::str_arg(vm, v)?;
            if vm.is_string(v) {
                v
            } else {
                vm.str_from_bytes(b)
            }
        }
    };
    let q = super::string::with_bytes(s, quote_bytes);
    let enc = if q.is_ascii() {
        super::string::Enc::UsAscii
    } else {
        super::string::Enc::of(s)
    };
    let r = vm.str_from_bytes(q);
    enc.set(r);
    Ok(r)
}

/// `Regexp#initialize(source, options = nil, kcode = nil)`, on a Regexp
/// `allocate` made (rb_reg_initialize_m).
fn regexp_initialize(vm: &mut Vm, s: Value, a: &[Value], _: super::string::B) -> VResult {
    super::check_frozen(vm, s)?;
    if !is_uninit(s) {
        return Err(vm.type_error("already initialized regexp"));
    }
    let fresh =
        if let Some((src, opts, enc)) = with_re(a[0], |r| (r.source.clone(), r.options, r.enc)) {
            if a.len() > 1 {
                let loc = vm.current_location();
                vm.emit_warning(&format!("{loc}: warning: flags ignored\n"))?;
            }
            let v = vm.regexp_new_unfrozen(&src, opts)?;
            if let Body::Regexp(r) = &mut *obj(v).body.borrow_mut() {
                r.enc = enc;
            }
            v
        } else {
            check(vm, a[0])?;
            let b = super::str_arg(vm, a[0])?;
            let src = String::from_utf8_lossy(&b).into_owned();
            let mut opts = match a.get(1) {
                Some(v) if v.is_fixnum() => {
                    v.fixnum_unchecked() as u32 & (7 | FIXEDENCODING | NOENCODING)
                }
                Some(v) if v.truthy() => IGNORECASE,
                _ => 0,
            };
            if let Some(&k) = a.get(2).filter(|k| !k.is_nil()) {
                let kcode = super::str_arg(vm, k)?;
                if matches!(kcode.first(), Some(b'n' | b'N')) {
                    opts |= NOENCODING;
                } else {
                    let k = String::from_utf8_lossy(&kcode).into_owned();
                    vm.warn_deprecated(&format!("encoding option is ignored - {k}"))?;
                }
            }
            vm.regexp_new_unfrozen(&src, opts)?
        };
    std::mem::swap(
        &mut *obj(s).body.borrow_mut(),
        &mut *obj(fresh).body.borrow_mut(),
    );
    Ok(Value::NIL)
}

/// A group reference (Integer, or String/Symbol name) as a group number.
pub fn group_index(vm: &mut Vm, m: Value, v: Value) -> Result<i64, Unwind> {
    if let Some(i) = v.as_fixnum() {
        return Ok(i);
    }
    let name = match vm.symbol_name(v) {
        Some(n) => n,
        None if vm.is_string(v) => vm.string_lossy(v),
        None => return super::int_arg(vm, v),
    };
    let re = match &*obj(m).body.borrow() {
        Body::MatchData(md) => md.regexp,
        _ => Value::NIL,
    };
    // With duplicate names, the last one that matched.
    let names = group_names(re);
    let groups = parts(m).1;
    let mut found = None;
    for (i, n) in names.iter().enumerate() {
        if n.as_deref() == Some(name.as_str())
            && (found.is_none() || groups.get(i + 1).copied().flatten().is_some())
        {
            found = Some(i + 1);
        }
    }
    match found {
        Some(i) => Ok(i as i64),
        None => Err(vm.error(
            vm.e.index_error,
            &format!("undefined group name reference: {name}"),
        )),
    }
}

pub(crate) fn parts(s: Value) -> (Value, Groups) {
    match &*obj(s).body.borrow() {
        Body::MatchData(md) => (md.string, md.groups.clone()),
        _ => (Value::NIL, Vec::new()),
    }
}

pub(crate) fn match_regexp(s: Value) -> Value {
    match &*obj(s).body.borrow() {
        Body::MatchData(md) => md.regexp,
        _ => Value::NIL,
    }
}

pub(crate) fn group_names_of(re: Value) -> Vec<Option<String>> {
    group_names(re)
}

pub(crate) fn group(vm: &mut Vm, s: Value, i: i64) -> VResult {
    let (st, g) = parts(s);
    let i = if i < 0 { i + g.len() as i64 } else { i };
    if i < 0 {
        return Ok(Value::NIL);
    }
    Ok(match g.get(i as usize).copied().flatten() {
        Some((x, y)) => {
            let b = super::string::with_bytes(st, |b| b.get(x..y).unwrap_or_default().to_vec());
            super::string::new_like(vm, st, b)
        }
        None => Value::NIL,
    })
}
