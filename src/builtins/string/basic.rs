//! String basics: construction, comparison, concatenation, case mapping,
//! whitespace trimming, padding, successor, numeric conversions and the
//! byte/char iterators.

use super::encoding::{Enc, append_check, result_encoding};
use super::{
    B, FLAG_BINARY, bytes, char_count, char_iter, char_len, chars_of, code_of, enum_for, is_binary,
    kw_get, new_like, set_bytes, split_kw, str_arg, with_bytes, with_mut,
};
use crate::builtins::int_arg;
use crate::class::arity;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Body, RString, Unwind};
use crate::support::numparse::{self, Int};
use crate::value::{Value, sym, symbol};

fn int_value(vm: &mut Vm, i: Int) -> Value {
    match i {
        Int::Small(n) => vm.bignum_value(n.into()),
        Int::Big(b) => vm.bignum_value(b),
    }
}

fn str_eq(vm: &mut Vm, s: Value, o: Value) -> VResult {
    if s == o {
        return Ok(Value::TRUE);
    }
    if !vm.is_string(o) {
        if o.is_heap() && vm.respond_to(o, sym::TO_STR) {
            let r = vm.funcall(o, sym::EQ, &[s], None)?;
            return Ok(Value::bool(r.truthy()));
        }
        return Ok(Value::FALSE);
    }
    Ok(Value::bool(str_eql(s, o)))
}

/// Two Strings with equal bytes that may compare equal (`rb_str_eql`:
/// the bytes of `"\xFF".b` and `"\xFF"` are not the same characters).
pub(crate) fn str_eql(a: Value, b: Value) -> bool {
    with_bytes(a, |x| with_bytes(b, |y| x == y)) && super::encoding::comparable(a, b)
}

/// How a case mapping treats each character.
#[derive(Clone, Copy, PartialEq)]
enum Case {
    Up,
    Down,
    Swap,
    Capitalize,
}

/// The Turkic and Azeri dotted/dotless i mappings (SpecialCasing.txt's
/// `tr`/`az` conditions): `Some(mapped)` for i, I, İ and ı.
fn turkic_case(ch: char, up: bool) -> Option<char> {
    match (ch, up) {
        ('i', true) => Some('\u{130}'),
        ('\u{131}', true) => Some('I'),
        ('I', false) => Some('\u{131}'),
        ('\u{130}', false) => Some('i'),
        _ => None,
    }
}

fn map_case(b: &[u8], how: Case, ascii: bool, turkic: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    for (i, c) in char_iter(b).enumerate() {
        let ch = match std::str::from_utf8(c) {
            Ok(s) => s.chars().next().unwrap(),
            Err(_) => {
                out.extend_from_slice(c);
                continue;
            }
        };
        let up = match how {
            Case::Up => true,
            Case::Down => false,
            Case::Swap => ch.is_lowercase(),
            Case::Capitalize => i == 0,
        };
        if ascii && !ch.is_ascii() {
            out.extend_from_slice(c);
            continue;
        }
        if how == Case::Swap && !ch.is_lowercase() && !ch.is_uppercase() {
            let mut t = String::new();
            if super::unicode::swap_titlecase(ch, &mut t) {
                out.extend_from_slice(t.as_bytes());
            } else {
                out.extend_from_slice(c);
            }
            continue;
        }
        let mut buf = [0u8; 4];
        if let Some(t) = turkic.then(|| turkic_case(ch, up)).flatten() {
            out.extend_from_slice(t.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        if up {
            if how == Case::Capitalize {
                let mut t = String::new();
                super::unicode::titlecase(ch, &mut t);
                out.extend_from_slice(t.as_bytes());
                continue;
            }
            for u in ch.to_uppercase() {
                out.extend_from_slice(u.encode_utf8(&mut buf).as_bytes());
            }
        } else {
            for u in ch.to_lowercase() {
                out.extend_from_slice(u.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out
}

/// Unicode full case folding (CaseFolding.txt's C and F mappings, what
/// CRuby's `downcase(:fold)` and `casecmp?` use): "ß" folds to "ss".
/// Invalid UTF-8 bytes are kept as they are; `ascii` folds A-Z only.
pub(crate) fn fold_case(b: &[u8], ascii: bool) -> Vec<u8> {
    if ascii {
        return b.to_ascii_lowercase();
    }
    let mut out = Vec::with_capacity(b.len());
    for chunk in b.utf8_chunks() {
        out.extend_from_slice(caseless::default_case_fold_str(chunk.valid()).as_bytes());
        out.extend_from_slice(chunk.invalid());
    }
    out
}

/// What a case option asks for.
#[derive(Clone, Copy, PartialEq)]
enum CaseOpt {
    Unicode,
    /// Unicode with the Turkic/Azeri dotted and dotless i.
    Turkic,
    Ascii,
    Fold,
}

/// The options of `upcase`/`downcase`/`capitalize`/`swapcase` (CRuby's
/// `check_case_options`). `:turkic` maps the dotted and dotless i;
/// `:lithuanian` is accepted (its mappings are not done, as in CRuby 3.1);
/// `:fold` only when downcasing.
fn case_opts(vm: &mut Vm, a: &[Value], how: Case) -> Result<CaseOpt, Unwind> {
    let name = |i: usize| a.get(i).and_then(|v| vm.symbol_name(*v));
    let (first, second) = (name(0), name(1));
    let err = |vm: &mut Vm, m: &str| Err(vm.arg_error(m));
    match (a.len(), first.as_deref()) {
        (0, _) => Ok(CaseOpt::Unicode),
        (3.., _) => err(vm, "too many options"),
        (_, Some(f @ ("turkic" | "lithuanian"))) => {
            let other = if f == "turkic" {
                "lithuanian"
            } else {
                "turkic"
            };
            if a.len() == 2 && second.as_deref() != Some(other) {
                return err(vm, "invalid second option");
            }
            Ok(if f == "turkic" || a.len() == 2 {
                CaseOpt::Turkic
            } else {
                CaseOpt::Unicode
            })
        }
        (2, _) => err(vm, "too many options"),
        (_, Some("ascii")) => Ok(CaseOpt::Ascii),
        (_, Some("fold")) if matches!(how, Case::Down) => Ok(CaseOpt::Fold),
        (_, Some("fold")) => err(vm, "option :fold only allowed for downcasing"),
        _ => err(vm, "invalid option"),
    }
}

fn def_case(vm: &mut Vm, name: &'static str, how: Case) {
    let f: crate::interp::BuiltinFn = match how {
        Case::Up => |vm, s, a, _| case_new(vm, s, a, Case::Up),
        Case::Down => |vm, s, a, _| case_new(vm, s, a, Case::Down),
        Case::Swap => |vm, s, a, _| case_new(vm, s, a, Case::Swap),
        Case::Capitalize => |vm, s, a, _| case_new(vm, s, a, Case::Capitalize),
    };
    vm.def_builtin(cls::STRING, name, -1, f);
    let g: crate::interp::BuiltinFn = match how {
        Case::Up => |vm, s, a, _| case_bang(vm, s, a, Case::Up),
        Case::Down => |vm, s, a, _| case_bang(vm, s, a, Case::Down),
        Case::Swap => |vm, s, a, _| case_bang(vm, s, a, Case::Swap),
        Case::Capitalize => |vm, s, a, _| case_bang(vm, s, a, Case::Capitalize),
    };
    let bang: &'static str = Box::leak(format!("{name}!").into_boxed_str());
    vm.def_builtin(cls::STRING, bang, -1, g);
}

fn case_apply(b: &[u8], a_ascii: bool, turkic: bool, how: Case) -> Vec<u8> {
    match how {
        Case::Capitalize => {
            let cs = chars_of(b);
            if cs.is_empty() {
                return Vec::new();
            }
            let mut out = map_case(cs[0], Case::Capitalize, a_ascii, turkic);
            let rest_start = cs[0].len();
            out.extend(map_case(&b[rest_start..], Case::Down, a_ascii, turkic));
            out
        }
        _ => map_case(b, how, a_ascii, turkic),
    }
}

/// The receiver's bytes with `a`'s case mapping applied.
fn case_result(vm: &mut Vm, s: Value, a: &[Value], how: Case) -> Result<Vec<u8>, Unwind> {
    let opt = case_opts(vm, a, how)?;
    let ascii = opt == CaseOpt::Ascii || is_binary(s);
    let b = bytes(vm, s);
    // A Unicode mapping needs whole characters (CRuby's
    // `rb_str_casemap` raises on a broken UTF-8 sequence).
    if !ascii && !Enc::of(s).bytewise() && std::str::from_utf8(&b).is_err() {
        return Err(vm.arg_error("input string invalid"));
    }
    Ok(if opt == CaseOpt::Fold {
        fold_case(&b, ascii)
    } else {
        case_apply(&b, ascii, opt == CaseOpt::Turkic, how)
    })
}

fn case_new(vm: &mut Vm, s: Value, a: &[Value], how: Case) -> VResult {
    let r = case_result(vm, s, a, how)?;
    Ok(new_like(vm, s, r))
}

fn case_bang(vm: &mut Vm, s: Value, a: &[Value], how: Case) -> VResult {
    let r = case_result(vm, s, a, how)?;
    super::check_frozen(vm, s)?;
    let old = bytes(vm, s);
    if r == old {
        return Ok(Value::NIL);
    }
    set_bytes(vm, s, r)?;
    Ok(s)
}

fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

fn lstrip_bytes(b: &[u8]) -> &[u8] {
    let i = b.iter().position(|c| !is_ws(*c)).unwrap_or(b.len());
    &b[i..]
}

fn rstrip_bytes(b: &[u8]) -> &[u8] {
    let mut e = b.len();
    while e > 0 && (is_ws(b[e - 1]) || b[e - 1] == 0) {
        e -= 1;
    }
    &b[..e]
}

/// `chomp`'s argument, resolved before the receiver's bytes are read.
enum ChompSep {
    /// No argument (or "\n"): one "\r\n", "\n" or "\r".
    Line,
    /// nil: nothing removed.
    Keep,
    /// "": every trailing "\n" (or "\r\n").
    Para,
    Bytes(Vec<u8>),
}

fn chomp_sep(vm: &mut Vm, a: &[Value]) -> Result<ChompSep, Unwind> {
    Ok(match a.first() {
        None => ChompSep::Line,
        Some(v) if v.is_nil() => ChompSep::Keep,
        Some(v) => {
            let sep = str_arg(vm, *v)?;
            match sep.as_slice() {
                b"" => ChompSep::Para,
                b"\n" => ChompSep::Line,
                _ => ChompSep::Bytes(sep),
            }
        }
    })
}

/// How many of `b`'s bytes `chomp` keeps.
fn chomp_len(b: &[u8], sep: &ChompSep) -> usize {
    match sep {
        ChompSep::Line if b.ends_with(b"\r\n") => b.len() - 2,
        ChompSep::Line if b.ends_with(b"\n") || b.ends_with(b"\r") => b.len() - 1,
        ChompSep::Line | ChompSep::Keep => b.len(),
        ChompSep::Para => {
            let mut e = b.len();
            while e > 0 && b[e - 1] == b'\n' {
                e -= 1;
                if e > 0 && b[e - 1] == b'\r' {
                    e -= 1;
                }
            }
            e
        }
        ChompSep::Bytes(sep) if b.ends_with(sep) => b.len() - sep.len(),
        ChompSep::Bytes(_) => b.len(),
    }
}

/// `chomp`: a copy of the kept bytes.
fn chomp(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let sep = chomp_sep(vm, a)?;
    let r = super::with_bytes(s, |b| b[..chomp_len(b, &sep)].to_vec());
    Ok(new_like(vm, s, r))
}

/// `chomp!`: truncates in place (no copy of the receiver).
fn chomp_bang(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    super::check_frozen(vm, s)?;
    let sep = chomp_sep(vm, a)?;
    let (keep, len) = super::with_bytes(s, |b| (chomp_len(b, &sep), b.len()));
    if keep == len {
        return Ok(Value::NIL);
    }
    super::with_mut(vm, s, |b| b.truncate(keep))?;
    Ok(s)
}

fn chop_bytes(b: &[u8]) -> Vec<u8> {
    if b.ends_with(b"\r\n") {
        return b[..b.len() - 2].to_vec();
    }
    match chars_of(b).last() {
        Some(c) => b[..b.len() - c.len()].to_vec(),
        None => Vec::new(),
    }
}

/// Defines `name` (returns a new string) and `name!` (in place, nil when
/// nothing changed) from one byte transformation.
fn def_pair(
    vm: &mut Vm,
    name: &'static str,
    arity: i32,
    f: crate::interp::BuiltinFn,
    g: crate::interp::BuiltinFn,
) {
    vm.def_builtin(cls::STRING, name, arity, f);
    let bang: &'static str = Box::leak(format!("{name}!").into_boxed_str());
    vm.def_builtin(cls::STRING, bang, arity, g);
}

macro_rules! pair {
    ($vm:expr, $name:expr, $arity:expr, |$v:ident, $s:ident, $a:ident| $body:expr) => {{
        fn plain($v: &mut Vm, $s: Value, $a: &[Value], _: B) -> VResult {
            let r: Vec<u8> = $body;
            Ok(new_like($v, $s, r))
        }
        fn bang($v: &mut Vm, $s: Value, $a: &[Value], _: B) -> VResult {
            super::check_frozen($v, $s)?;
            let r: Vec<u8> = $body;
            if r == bytes($v, $s) {
                return Ok(Value::NIL);
            }
            set_bytes($v, $s, r)?;
            Ok($s)
        }
        def_pair($vm, $name, $arity, plain, bang);
    }};
}

pub fn succ(s: &str) -> String {
    String::from_utf8_lossy(&succ_bytes(s.as_bytes())).into_owned()
}

/// CRuby's `String#succ`.
pub fn succ_bytes(b: &[u8]) -> Vec<u8> {
    if b.is_empty() {
        return Vec::new();
    }
    let mut cs: Vec<Vec<u8>> = chars_of(b).into_iter().map(|c| c.to_vec()).collect();
    let alnum = |c: &Vec<u8>| c.len() == 1 && c[0].is_ascii_alphanumeric();
    let Some(mut i) = cs.iter().rposition(alnum) else {
        // No alphanumerics: increment the last character, carrying.
        let mut i = cs.len();
        loop {
            if i == 0 {
                let mut out = vec![1u8];
                out.extend(cs.concat());
                return out;
            }
            i -= 1;
            let c = code_of(&cs[i]);
            if cs[i].len() == 1 && cs[i][0] == 0xff {
                cs[i] = vec![0];
                continue;
            }
            if let Some(n) = char::from_u32(c + 1) {
                let mut buf = [0u8; 4];
                cs[i] = n.encode_utf8(&mut buf).as_bytes().to_vec();
            }
            return cs.concat();
        }
    };
    loop {
        let c = cs[i][0];
        let (next, carry) = match c {
            b'z' => (b'a', Some(b'a')),
            b'Z' => (b'A', Some(b'A')),
            b'9' => (b'0', Some(b'1')),
            _ => (c + 1, None),
        };
        cs[i][0] = next;
        let Some(ins) = carry else { break };
        match cs[..i].iter().rposition(alnum) {
            Some(j) => i = j,
            None => {
                cs.insert(i, vec![ins]);
                break;
            }
        }
    }
    cs.concat()
}

fn justify(vm: &mut Vm, s: Value, a: &[Value], how: char) -> VResult {
    let w = int_arg(vm, a[0])?;
    let pad = match a.get(1) {
        Some(p) => str_arg(vm, *p)?,
        None => vec![b' '],
    };
    if pad.is_empty() {
        return Err(vm.arg_error("zero width padding"));
    }
    let b = bytes(vm, s);
    let len = char_count(&b) as i64;
    if w <= len {
        return Ok(new_like(vm, s, b));
    }
    let total = (w - len) as usize;
    crate::builtins::alloc_guard(vm, total, 1)?;
    let (l, r) = match how {
        'l' => (0, total),
        'r' => (total, 0),
        _ => (total / 2, total - total / 2),
    };
    let pc = chars_of(&pad);
    let mk = |n: usize| -> Vec<u8> { (0..n).flat_map(|i| pc[i % pc.len()].to_vec()).collect() };
    let mut out = mk(l);
    out.extend_from_slice(&b);
    out.extend(mk(r));
    Ok(new_like(vm, s, out))
}

/// `rb_str_concat`: `String#<<`, also called by the `opt_ltlt`
/// instruction directly (no `<<` frame, as CRuby). A String argument's
/// encoding must mix with the receiver's (`encoding::append_check`),
/// which may take it (`"abc".b << "é"` is UTF-8).
pub fn append(vm: &mut Vm, s: Value, v: Value) -> Result<(), Unwind> {
    if v != s && vm.is_string(v) {
        let enc = append_check(vm, s, v)?;
        // Copied straight from the argument's buffer.
        let src = obj(v).body.borrow();
        let Body::String(src) = &*src else {
            unreachable!("string body")
        };
        with_mut(vm, s, |x| x.extend_from_slice(&src.bytes))?;
        if enc != Enc::of(s) {
            enc.set(s);
        }
        return Ok(());
    }
    let enc = Enc::of(s);
    let b = match int_like(v) {
        // A codepoint: one byte in ASCII-8BIT and US-ASCII (which a byte
        // above 127 turns into ASCII-8BIT), else a UTF-8 character.
        Some(n) => {
            let bytewise = enc != Enc::Utf8;
            if !(0..=0x10FFFF).contains(&n) || (bytewise && n > 255) {
                return Err(vm.error(vm.e.range_error, &format!("{n} out of char range")));
            }
            if bytewise {
                vec![n as u8]
            } else {
                let Some(c) = char::from_u32(n as u32) else {
                    let msg = format!("invalid codepoint 0x{n:X} in UTF-8");
                    return Err(vm.error(vm.e.range_error, &msg));
                };
                c.to_string().into_bytes()
            }
        }
        None if v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Bignum(_)) => {
            return Err(vm.error(vm.e.range_error, "bignum out of char range"));
        }
        None => str_arg(vm, v)?,
    };
    with_mut(vm, s, |x| x.extend_from_slice(&b))?;
    if enc == Enc::UsAscii && !b.is_ascii() {
        let to = if int_like(v).is_some() {
            Enc::Binary
        } else {
            Enc::Utf8
        };
        to.set(s);
    }
    Ok(())
}

/// `concat`/`prepend`'s arguments appended, in order, to an empty string
/// of `s`'s encoding (`s` itself reads as it was before the call).
fn joined(vm: &mut Vm, s: Value, a: &[Value]) -> VResult {
    let all = vm.str_from_bytes(Vec::new());
    Enc::of(s).set(all);
    let mark = vm.roots_len();
    vm.push_root(all);
    let mut r = Ok(all);
    for v in a {
        let v = if *v == s { all_of(vm, s) } else { *v };
        if let Err(e) = append(vm, all, v) {
            r = Err(e);
            break;
        }
    }
    vm.truncate_roots(mark);
    r
}

/// `String.new(capacity: n)`: room for `n` bytes (CRuby's
/// `rb_str_buf_new`), charged to the GC's malloc count as CRuby's is
/// (by `with_mut`, as any growth);
/// NoMemoryError when it cannot be had.
fn reserve_capacity(vm: &mut Vm, s: Value, c: Value) -> Result<(), Unwind> {
    let n = super::index::long_arg(vm, c)?.max(0) as usize;
    let have = super::byte_len(s);
    let ok = super::with_mut(vm, s, |b| {
        b.try_reserve_exact(n.saturating_sub(have)).is_ok()
    })?;
    if !ok {
        return Err(vm.no_memory_error());
    }
    Ok(())
}

/// ArgumentError for a keyword of `h` not in `known` (CRuby's message).
fn unknown_keywords(vm: &mut Vm, h: Value, known: &[&str]) -> Result<(), Unwind> {
    let bad: Vec<Value> = vm
        .hash_pairs(h)
        .into_iter()
        .map(|(k, _)| k)
        .filter(|k| {
            !k.as_symbol()
                .is_some_and(|id| known.contains(&&*symbol::name(id)))
        })
        .collect();
    if bad.is_empty() {
        return Ok(());
    }
    let mut names = Vec::new();
    for k in &bad {
        names.push(vm.inspect(*k)?);
    }
    let word = if bad.len() == 1 {
        "keyword"
    } else {
        "keywords"
    };
    Err(vm.arg_error(&format!("unknown {word}: {}", names.join(", "))))
}

/// A copy of String `s` with its encoding.
fn all_of(vm: &mut Vm, s: Value) -> Value {
    let c = vm.str_from_bytes(bytes(vm, s));
    Enc::of(s).set(c);
    c
}

fn int_like(v: Value) -> Option<i64> {
    v.as_fixnum()
}

pub fn init(vm: &mut Vm) {
    let s = cls::STRING;
    vm.def_builtin(s, "initialize", -1, |vm, s, a, _| {
        let (pos, kw) = split_kw(vm, a);
        if pos.len() > 1 {
            return Err(vm.argc_error(pos.len(), 0, 1));
        }
        if let Some(v) = pos.first() {
            let b = str_arg(vm, *v)?;
            let bin = is_binary(*v);
            set_bytes(vm, s, b)?;
            if bin {
                obj(s).flags.set(obj(s).flags.get() | FLAG_BINARY);
            }
        } else {
            obj(s).flags.set(obj(s).flags.get() | FLAG_BINARY);
        }
        if let Some(e) = kw_get(vm, kw, "encoding")? {
            let f = crate::intern!("force_encoding");
            vm.funcall(s, f, &[e], None)?;
        }
        if let Some(c) = kw_get(vm, kw, "capacity")?.filter(|c| !c.is_nil()) {
            reserve_capacity(vm, s, c)?;
        }
        if let Some(h) = kw {
            unknown_keywords(vm, h, &["encoding", "capacity"])?;
        }
        Ok(Value::NIL)
    });
    vm.def_singleton_builtin(s, "try_convert", 1, |vm, _, a, _| {
        if vm.is_string(a[0]) {
            return Ok(a[0]);
        }
        if a[0].is_heap() && vm.respond_to(a[0], sym::TO_STR) {
            return vm.funcall(a[0], sym::TO_STR, &[], None);
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(s, "initialize_copy", 1, |vm, s, a, _| {
        let b = str_arg(vm, a[0])?;
        // Object#clone has already copied the bytes (and maybe frozen s).
        if b != bytes(vm, s) {
            set_bytes(vm, s, b)?;
        }
        if vm.is_string(a[0]) {
            let enc = obj(a[0]).flags.get() & (FLAG_BINARY | super::FLAG_US_ASCII);
            let o = obj(s);
            o.flags
                .set(o.flags.get() & !(FLAG_BINARY | super::FLAG_US_ASCII) | enc);
        }
        Ok(s)
    });
    vm.def_builtin(s, "to_s", 0, |vm, s, _, _| {
        if vm.real_class_of(s) == cls::STRING {
            Ok(s)
        } else {
            Ok(new_like(vm, s, bytes(vm, s)))
        }
    });
    vm.def_builtin(s, "to_str", 0, |vm, s, _, _| {
        if vm.real_class_of(s) == cls::STRING {
            Ok(s)
        } else {
            Ok(new_like(vm, s, bytes(vm, s)))
        }
    });
    vm.def_builtin(s, "==", 1, |vm, s, a, _| str_eq(vm, s, a[0]));
    vm.def_builtin(s, "===", 1, |vm, s, a, _| str_eq(vm, s, a[0]));
    vm.def_builtin(s, "eql?", 1, |vm, s, a, _| {
        Ok(Value::bool(vm.is_string(a[0]) && str_eql(s, a[0])))
    });
    vm.def_builtin(s, "hash", 0, |vm, s, _, _| {
        Ok(Value::int((vm.hash_of(s)? >> 2) as i64))
    });
    vm.def_builtin(s, "<=>", 1, |vm, s, a, _| {
        if !vm.is_string(a[0]) {
            return Ok(Value::NIL);
        }
        // Equal bytes in encodings that do not compare fall back on the
        // encodings' order (`rb_str_cmp`).
        let o = a[0];
        let ord = with_bytes(s, |x| with_bytes(o, |y| x.cmp(y))).then_with(|| {
            if super::encoding::comparable(s, o) {
                std::cmp::Ordering::Equal
            } else {
                Enc::of(s).index().cmp(&Enc::of(o).index())
            }
        });
        Ok(Value::int(ord as i64))
    });
    vm.def_builtin(s, "casecmp", 1, |vm, s, a, _| {
        if !(vm.is_string(a[0]) || a[0].is_heap() && vm.respond_to(a[0], sym::TO_STR)) {
            return Ok(Value::NIL);
        }
        if vm.is_string(a[0]) && super::encoding::compatible(s, a[0]).is_none() {
            return Ok(Value::NIL);
        }
        let o = str_arg(vm, a[0])?;
        let x = bytes(vm, s).to_ascii_lowercase();
        Ok(Value::int(x.cmp(&o.to_ascii_lowercase()) as i64))
    });
    vm.def_builtin(s, "casecmp?", 1, |vm, s, a, _| {
        if !(vm.is_string(a[0]) || a[0].is_heap() && vm.respond_to(a[0], sym::TO_STR)) {
            return Ok(Value::NIL);
        }
        if vm.is_string(a[0]) && super::encoding::compatible(s, a[0]).is_none() {
            return Ok(Value::NIL);
        }
        let o = str_arg(vm, a[0])?;
        let ascii = is_binary(s) || is_binary(a[0]);
        for x in [&bytes(vm, s), &o] {
            if !ascii && std::str::from_utf8(x).is_err() {
                return Err(vm.arg_error("input string invalid"));
            }
        }
        let x = fold_case(&bytes(vm, s), ascii);
        Ok(Value::bool(x == fold_case(&o, ascii)))
    });
    vm.def_builtin(s, "+", 1, |vm, s, a, _| {
        let mut b = bytes(vm, s);
        b.extend(str_arg(vm, a[0])?);
        let enc = result_encoding(vm, s, a[0])?;
        let r = vm.str_from_bytes(b);
        enc.set(r);
        Ok(r)
    });
    vm.def_builtin(s, "*", 1, |vm, s, a, _| {
        let n = int_arg(vm, a[0])?;
        if n < 0 {
            return Err(vm.arg_error("negative argument"));
        }
        let b = bytes(vm, s);
        if n > 0 && i64::MAX / n < b.len() as i64 {
            return Err(vm.arg_error("argument too big"));
        }
        crate::builtins::alloc_guard(vm, b.len(), n as usize)?;
        Ok(new_like(vm, s, b.repeat(n as usize)))
    });
    vm.def_builtin(s, "%", 1, |vm, s, a, _| {
        // An Array, or what `to_ary` makes of the argument (rb_check_array_type).
        let args = match crate::builtins::array::check_array(vm, a[0])? {
            Some(ary) => vm.array_items(ary),
            None => vec![a[0]],
        };
        let mut all = vec![s];
        all.extend(args);
        super::format(vm, &all)
    });
    vm.def_builtin(s, "<<", 1, |vm, s, a, _| {
        append(vm, s, a[0])?;
        Ok(s)
    });
    // With several arguments CRuby joins them in a fresh string of the
    // receiver's encoding first (`rb_str_concat_multi`): an argument that
    // does not mix raises before the receiver changes.
    vm.def_builtin(s, "concat", -1, |vm, s, a, _| {
        super::check_frozen(vm, s)?;
        match a {
            [] => {}
            [v] => append(vm, s, *v)?,
            _ => {
                let all = joined(vm, s, a)?;
                append(vm, s, all)?;
            }
        }
        Ok(s)
    });
    vm.def_builtin(s, "prepend", -1, |vm, s, a, _| {
        super::check_frozen(vm, s)?;
        let pre = match a {
            [] => return Ok(s),
            [v] => *v,
            _ => joined(vm, s, a)?,
        };
        let mut b = str_arg(vm, pre)?;
        let enc = result_encoding(vm, s, pre)?;
        with_mut(vm, s, |x| {
            b.extend_from_slice(x);
            *x = b;
        })?;
        enc.set(s);
        Ok(s)
    });
    vm.def_builtin(s, "replace", 1, |vm, s, a, _| {
        let b = str_arg(vm, a[0])?;
        set_bytes(vm, s, b)?;
        Ok(s)
    });
    vm.def_builtin(s, "clear", 0, |vm, s, _, _| {
        set_bytes(vm, s, Vec::new())?;
        Ok(s)
    });
    for n in ["length", "size"] {
        vm.def_builtin(s, n, 0, |_vm, s, _, _| {
            let e = Enc::of(s);
            if crate::builtins::encoding::strings::needs_layout(e) {
                let n = with_bytes(s, |b| crate::builtins::encoding::strings::char_count(e, b));
                return Ok(Value::int(n as i64));
            }
            let n = with_bytes(s, |b| super::str_char_len(s, b));
            Ok(Value::int(n as i64))
        });
    }
    vm.def_builtin(s, "bytesize", 0, |_vm, s, _, _| {
        Ok(Value::int(with_bytes(s, |b| b.len()) as i64))
    });
    vm.def_builtin(s, "empty?", 0, |_vm, s, _, _| {
        Ok(Value::bool(with_bytes(s, |b| b.is_empty())))
    });
    for n in ["to_sym", "intern"] {
        vm.def_builtin(s, n, 0, |vm, s, _, _| {
            Ok(Value::symbol(symbol::intern(&vm.string_lossy(s))))
        });
    }
    vm.def_builtin(s, "to_i", -1, |vm, s, a, _| {
        let base = match a.first() {
            Some(b) => int_arg(vm, *b)?,
            None => 10,
        };
        match numparse::str_to_i(&vm.string_lossy(s), base) {
            Ok(i) => Ok(int_value(vm, i)),
            Err(m) => Err(vm.arg_error(&m)),
        }
    });
    vm.def_builtin(s, "hex", 0, |vm, s, _, _| {
        let i = numparse::str_to_i(&vm.string_lossy(s), 16).unwrap_or(Int::Small(0));
        Ok(int_value(vm, i))
    });
    vm.def_builtin(s, "oct", 0, |vm, s, _, _| {
        let t = vm.string_lossy(s);
        let u = t
            .trim_start()
            .trim_start_matches(['-', '+'])
            .to_ascii_lowercase();
        let base = if u.starts_with("0x") || u.starts_with("0b") || u.starts_with("0o") {
            0
        } else {
            8
        };
        let i = numparse::str_to_i(&t, base).unwrap_or(Int::Small(0));
        Ok(int_value(vm, i))
    });
    vm.def_builtin(s, "to_f", 0, |vm, s, _, _| {
        let f = numparse::str_to_f(&vm.string_lossy(s));
        Ok(vm.float_new(f))
    });
    def_case(vm, "upcase", Case::Up);
    def_case(vm, "downcase", Case::Down);
    def_case(vm, "swapcase", Case::Swap);
    def_case(vm, "capitalize", Case::Capitalize);
    pair!(vm, "reverse", 0, |vm, s, _a| {
        // Each character copied to its place from the end: no list of
        // characters (16 bytes each) for a huge string.
        let b = bytes(vm, s);
        if is_binary(s) {
            b.into_iter().rev().collect()
        } else {
            let mut out = vec![0; b.len()];
            let mut at = b.len();
            for c in char_iter(&b) {
                at -= c.len();
                out[at..at + c.len()].copy_from_slice(c);
            }
            out
        }
    });
    pair!(vm, "strip", 0, |vm, s, _a| {
        let b = bytes(vm, s);
        rstrip_bytes(lstrip_bytes(&b)).to_vec()
    });
    pair!(vm, "lstrip", 0, |vm, s, _a| lstrip_bytes(&bytes(vm, s))
        .to_vec());
    pair!(vm, "rstrip", 0, |vm, s, _a| rstrip_bytes(&bytes(vm, s))
        .to_vec());
    def_pair(vm, "chomp", arity::range(0, 1), chomp, chomp_bang);
    pair!(vm, "chop", 0, |vm, s, _a| chop_bytes(&bytes(vm, s)));
    pair!(vm, "delete_prefix", 1, |vm, s, a| {
        let b = bytes(vm, s);
        let p = str_arg(vm, a[0])?;
        b.strip_prefix(p.as_slice()).unwrap_or(&b).to_vec()
    });
    pair!(vm, "delete_suffix", 1, |vm, s, a| {
        let b = bytes(vm, s);
        let p = str_arg(vm, a[0])?;
        b.strip_suffix(p.as_slice()).unwrap_or(&b).to_vec()
    });
    pair!(vm, "succ", 0, |vm, s, _a| succ_bytes(&bytes(vm, s)));
    pair!(vm, "next", 0, |vm, s, _a| succ_bytes(&bytes(vm, s)));
    vm.def_builtin(s, "upto", arity::range(1, 2), upto);
    vm.def_builtin(s, "center", arity::range(1, 2), |vm, s, a, _| {
        justify(vm, s, a, 'c')
    });
    vm.def_builtin(s, "ljust", arity::range(1, 2), |vm, s, a, _| {
        justify(vm, s, a, 'l')
    });
    vm.def_builtin(s, "rjust", arity::range(1, 2), |vm, s, a, _| {
        justify(vm, s, a, 'r')
    });
    vm.def_builtin(s, "ord", 0, |vm, s, _, _| {
        let b = bytes(vm, s);
        if b.is_empty() {
            return Err(vm.arg_error("empty string"));
        }
        ord_of(vm, &b, is_binary(s)).map(Value::int)
    });
    // Each character's `ord` (what `each_char.map(&:ord)` gives).
    vm.def_builtin(s, "codepoints", 0, |vm, s, a, b| {
        // With a block (deprecated in 3.1): the each_ form, returning self.
        if b.is_some() {
            return vm.funcall(s, crate::intern!("each_codepoint"), a, b);
        }
        let by = bytes(vm, s);
        let binary = is_binary(s);
        let mut v = Vec::new();
        for c in char_iter(&by) {
            v.push(Value::int(ord_of(vm, c, binary)?));
        }
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(s, "chr", 0, |vm, s, _, _| {
        let b = bytes(vm, s);
        let c = chars_of(&b).first().map(|c| c.to_vec()).unwrap_or_default();
        Ok(new_like(vm, s, c))
    });
    vm.def_builtin(s, "sum", -1, |vm, s, a, _| {
        let bits = match a.first() {
            Some(v) => int_arg(vm, *v)?,
            None => 16,
        };
        let total: u64 = bytes(vm, s).iter().map(|b| *b as u64).sum();
        let r = if bits > 0 && bits < 64 {
            total & ((1u64 << bits) - 1)
        } else {
            total
        };
        Ok(Value::int(r as i64))
    });
    vm.def_builtin(s, "freeze", 0, |vm, s, _, _| {
        vm.freeze_with_singleton(s);
        Ok(s)
    });
    vm.def_builtin(s, "dup", 0, |vm, s, _, _| {
        let c = vm.real_class_of(s);
        if c != cls::STRING {
            // A subclass's initialize_copy/initialize_dup may differ.
            return crate::builtins::object::dup(vm, s, false);
        }
        let b = bytes(vm, s);
        let v = vm.heap.alloc(c, Body::String(RString { bytes: b }));
        obj(v)
            .flags
            .set(obj(s).flags.get() & (super::FLAG_BINARY | super::FLAG_US_ASCII));
        vm.copy_generic_ivars(s, v);
        Ok(v)
    });
    for n in ["-@", "dedup"] {
        vm.def_builtin(s, n, 0, |vm, s, _, _| {
            // rb_fstring: equal plain strings deduplicate to one frozen
            // object, shared with frozen literals (kept for good: the
            // table is not weak as CRuby's is).
            let plain = obj(s).class.get() == cls::STRING && !is_binary(s);
            if plain {
                let b = bytes(vm, s);
                if let Some(&v) = vm.fstrings.get(&b) {
                    return Ok(v);
                }
                if let Some(v) = vm.adopt_fstring(&b) {
                    return Ok(v);
                }
                let v = if obj(s).is_frozen() {
                    s
                } else {
                    let v = new_like(vm, s, b.clone());
                    obj(v).freeze();
                    v
                };
                vm.fstrings.insert(b, v);
                vm.literal_roots.push(v);
                return Ok(v);
            }
            if obj(s).is_frozen() {
                return Ok(s);
            }
            let v = new_like(vm, s, bytes(vm, s));
            obj(v).freeze();
            Ok(v)
        });
    }
    vm.def_builtin(s, "+@", 0, |vm, s, _, _| {
        if !obj(s).is_frozen() {
            return Ok(s);
        }
        Ok(new_like(vm, s, bytes(vm, s)))
    });
    vm.def_builtin(s, "chars", 0, |vm, s, a, b| {
        // With a block (deprecated in 3.1): the each_ form, returning self.
        if b.is_some() {
            return vm.funcall(s, crate::intern!("each_char"), a, b);
        }
        let b = bytes(vm, s);
        let e = Enc::of(s);
        let v: Vec<Value> = if crate::builtins::encoding::strings::needs_layout(e) {
            crate::builtins::encoding::strings::char_slices(e, &b)
                .into_iter()
                .map(|c| new_like(vm, s, c.to_vec()))
                .collect()
        } else if is_binary(s) {
            b.iter().map(|c| new_like(vm, s, vec![*c])).collect()
        } else {
            chars_of(&b)
                .into_iter()
                .map(|c| new_like(vm, s, c.to_vec()))
                .collect()
        };
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(s, "each_char", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each_char", &[]);
        };
        let by = bytes(vm, s);
        let e = Enc::of(s);
        if crate::builtins::encoding::strings::needs_layout(e) {
            for c in crate::builtins::encoding::strings::char_slices(e, &by) {
                let v = new_like(vm, s, c.to_vec());
                vm.yield_block(&b, &[v])?;
            }
            return Ok(s);
        }
        if is_binary(s) {
            for c in by.chunks(1) {
                let v = new_like(vm, s, c.to_vec());
                vm.yield_block(&b, &[v])?;
            }
            return Ok(s);
        }
        for c in char_iter(&by) {
            let v = new_like(vm, s, c.to_vec());
            vm.yield_block(&b, &[v])?;
        }
        Ok(s)
    });
    vm.def_builtin(s, "bytes", 0, |vm, s, a, b| {
        // With a block (deprecated in 3.1): the each_ form, returning self.
        if b.is_some() {
            return vm.funcall(s, crate::intern!("each_byte"), a, b);
        }
        let v = bytes(vm, s)
            .into_iter()
            .map(|b| Value::int(b as i64))
            .collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(s, "each_byte", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each_byte", &[]);
        };
        let mut i = 0;
        while let Some(c) = with_bytes(s, |by| by.get(i).copied()) {
            vm.yield_block(&b, &[Value::int(c as i64)])?;
            i += 1;
        }
        Ok(s)
    });
    vm.def_builtin(s, "getbyte", 1, |vm, s, a, _| {
        let i = int_arg(vm, a[0])?;
        Ok(with_bytes(s, |b| {
            let i = if i < 0 { i + b.len() as i64 } else { i };
            if i >= 0 && (i as usize) < b.len() {
                Value::int(b[i as usize] as i64)
            } else {
                Value::NIL
            }
        }))
    });
    vm.def_builtin(s, "setbyte", 2, |vm, s, a, _| {
        let len = with_bytes(s, |b| b.len()) as i64;
        let i0 = int_arg(vm, a[0])?;
        let v = int_arg(vm, a[1])?;
        let i = if i0 < 0 { i0 + len } else { i0 };
        if i < 0 || i >= len {
            return Err(vm.error(vm.e.index_error, &format!("index {i0} out of string")));
        }
        with_mut(vm, s, |x| x[i as usize] = v as u8)?;
        Ok(a[1])
    });
    vm.def_builtin(s, "=~", 1, |vm, s, a, _| {
        if vm.is_string(a[0]) {
            return Err(vm.type_error("type mismatch: String given"));
        }
        vm.funcall(a[0], sym::MATCH, &[s], None)
    });
}

fn upto(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let Some(blk) = b else {
        return enum_for(vm, s, "upto", a);
    };
    let last = str_arg(vm, a[0])?;
    let excl = a.get(1).is_some_and(|v| v.truthy());
    let first = bytes(vm, s);
    let digits = |x: &[u8]| !x.is_empty() && x.iter().all(|c| c.is_ascii_digit());
    if digits(&first) && digits(&last) {
        let (x, y): (i64, i64) = (
            String::from_utf8_lossy(&first).parse().unwrap_or(0),
            String::from_utf8_lossy(&last).parse().unwrap_or(0),
        );
        let w = first.len();
        let mut i = x;
        while i < y || (!excl && i == y) {
            let v = vm.str_new(&format!("{i:0w$}"));
            vm.yield_block(&blk, &[v])?;
            i += 1;
        }
        return Ok(s);
    }
    if first.len() == 1 && last.len() == 1 && first[0] < 0x80 && last[0] < 0x80 {
        let mut c = first[0];
        while c < last[0] || (!excl && c == last[0]) {
            let v = vm.str_from_bytes(vec![c]);
            vm.yield_block(&blk, &[v])?;
            c += 1;
        }
        return Ok(s);
    }
    if first > last || (excl && first == last) {
        return Ok(s);
    }
    let mut cur = first;
    loop {
        let v = vm.str_from_bytes(cur.clone());
        vm.yield_block(&blk, &[v])?;
        if cur == last {
            break;
        }
        cur = succ_bytes(&cur);
        if (excl && cur == last) || cur.len() > last.len() || cur.is_empty() {
            break;
        }
    }
    Ok(s)
}

/// `String#ord` of the non-empty bytes `b`: its first character's code
/// (a binary String's first byte).
fn ord_of(vm: &mut Vm, b: &[u8], binary: bool) -> Result<i64, Unwind> {
    let n = char_len(b, 0);
    if n == 1 && b[0] >= 0x80 && !binary {
        return Err(vm.arg_error("invalid byte sequence in UTF-8"));
    }
    Ok(if binary {
        b[0] as i64
    } else {
        code_of(&b[..n]) as i64
    })
}
