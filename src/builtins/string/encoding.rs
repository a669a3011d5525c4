//! Encoding basics: the `Encoding` class with UTF-8, ASCII-8BIT and
//! US-ASCII objects, and the String methods that read or set a string's
//! encoding (kept as object flags: UTF-8 unless flagged).

use super::{FLAG_BINARY, FLAG_US_ASCII, bytes, char_len, is_binary};
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Body, Unwind};
use crate::value::{Value, symbol};

const NAMES: [(&str, &str); 3] = [
    ("UTF_8", "UTF-8"),
    ("ASCII_8BIT", "ASCII-8BIT"),
    ("US_ASCII", "US-ASCII"),
];

fn enc_class(vm: &Vm) -> Option<Value> {
    vm.classes
        .get(cls::OBJECT)
        .consts
        .get(&crate::intern!("Encoding"))
        .copied()
}

/// The Encoding object for "UTF-8", "ASCII-8BIT" or "US-ASCII".
pub fn encoding_value(vm: &Vm, name: &str) -> Value {
    let c = enc_class(vm).and_then(|c| vm.as_class(c));
    let Some(c) = c else { return Value::NIL };
    let cname = NAMES
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(c, _)| *c)
        .unwrap_or("UTF_8");
    vm.classes
        .get(c)
        .consts
        .get(&symbol::intern(cname))
        .copied()
        .unwrap_or(Value::NIL)
}

fn enc_name(vm: &Vm, e: Value) -> String {
    let v = vm.ivar_get_name(e, crate::intern!("__name"));
    vm.string_lossy(v)
}

/// Canonical name for an encoding argument (Encoding or name string).
fn enc_arg(vm: &mut Vm, v: Value) -> Result<String, Unwind> {
    let c = enc_class(vm).and_then(|c| vm.as_class(c));
    if v.is_heap() && Some(vm.real_class_of(v)) == c {
        return Ok(enc_name(vm, v));
    }
    let raw = super::str_arg(vm, v)?;
    match enc_arg_name(&String::from_utf8_lossy(&raw)) {
        Some(n) => Ok(n),
        None => {
            let raw = vm.string_lossy(v);
            Err(vm.arg_error(&format!("unknown encoding name - {raw}")))
        }
    }
}

/// Canonical name of an encoding name carmine knows, case-insensitively.
pub fn enc_arg_name(name: &str) -> Option<String> {
    let n = name.to_uppercase();
    Some(match n.as_str() {
        // The locale's, default_external's and the file system's
        // encoding are all UTF-8 in carmine.
        "UTF-8" | "UTF8" | "CP65001" | "LOCALE" | "EXTERNAL" | "FILESYSTEM" => "UTF-8".into(),
        "ASCII-8BIT" | "BINARY" => "ASCII-8BIT".into(),
        "US-ASCII" | "ASCII" | "ANSI_X3.4-1968" | "646" => "US-ASCII".into(),
        _ => return None,
    })
}

/// The encoding of a literal the compiler tagged (`compiler::LitEnc`).
pub fn lit_enc(code: u32) -> Enc {
    match code {
        1 => Enc::Binary,
        2 => Enc::UsAscii,
        _ => Enc::Utf8,
    }
}

/// Name of a string's encoding.
pub fn str_encoding_name(s: Value) -> &'static str {
    Enc::of(s).name()
}

/// A String's encoding (kept as object flags: UTF-8 unless flagged).
/// All three are ASCII-compatible, which the rules below rely on.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Enc {
    Binary,
    Utf8,
    UsAscii,
}

impl Enc {
    pub fn of(s: Value) -> Enc {
        let f = obj(s).flags.get();
        if f & FLAG_BINARY != 0 {
            Enc::Binary
        } else if f & FLAG_US_ASCII != 0 {
            Enc::UsAscii
        } else {
            Enc::Utf8
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Enc::Binary => "ASCII-8BIT",
            Enc::Utf8 => "UTF-8",
            Enc::UsAscii => "US-ASCII",
        }
    }

    /// CRuby's encoding index: the order `String#<=>` falls back on for
    /// equal bytes that are not comparable.
    pub fn index(self) -> u8 {
        match self {
            Enc::Binary => 0,
            Enc::Utf8 => 1,
            Enc::UsAscii => 2,
        }
    }

    /// By canonical name (ASCII-8BIT, US-ASCII, anything else UTF-8).
    pub fn named(name: &str) -> Enc {
        match name {
            "ASCII-8BIT" => Enc::Binary,
            "US-ASCII" => Enc::UsAscii,
            _ => Enc::Utf8,
        }
    }

    pub fn set(self, s: Value) {
        let o = obj(s);
        let f = o.flags.get()
            & !(FLAG_BINARY | FLAG_US_ASCII | super::FLAG_MATCH_SNAPSHOT | super::FLAG_CHAR_INDEX);
        o.flags.set(match self {
            Enc::Binary => f | FLAG_BINARY,
            Enc::UsAscii => f | FLAG_US_ASCII,
            Enc::Utf8 => f,
        });
    }
}

/// Whether a String is empty or all ASCII (CRuby's 7-bit code range).
fn seven_bit(s: Value) -> bool {
    super::with_bytes(s, |b| b.is_ascii())
}

/// The encoding of two Strings put together, or None when they cannot
/// be (`rb_enc_compatible`): equal encodings; else an empty second
/// string keeps the first's; an ASCII-only side takes the other's
/// encoding; two sides that both have non-ASCII bytes do not mix.
pub fn compatible(a: Value, b: Value) -> Option<Enc> {
    let (ea, eb) = (Enc::of(a), Enc::of(b));
    if ea == eb {
        return Some(ea);
    }
    // `b` empty or ASCII-only keeps `a`'s encoding whatever `a` holds, so
    // `a` (often the long side) is scanned only when `b` is not; an empty
    // `a` counts as ASCII-only.
    if seven_bit(b) {
        return Some(ea);
    }
    if seven_bit(a) { Some(eb) } else { None }
}

/// `compatible`, or Encoding::CompatibilityError (`rb_enc_check`).
pub fn check(vm: &mut Vm, a: Value, b: Value) -> Result<Enc, Unwind> {
    match compatible(a, b) {
        Some(e) => Ok(e),
        None => Err(incompatible(vm, Enc::of(a), Enc::of(b))),
    }
}

/// The encoding of `s` combined with argument `v`: `check` when `v` is a
/// String, else `s`'s own (another argument's `to_str` result is taken as
/// it is).
pub fn result_encoding(vm: &mut Vm, s: Value, v: Value) -> Result<Enc, Unwind> {
    if vm.is_string(v) {
        check(vm, s, v)
    } else {
        Ok(Enc::of(s))
    }
}

#[cold]
pub fn incompatible(vm: &mut Vm, a: Enc, b: Enc) -> Unwind {
    let msg = format!(
        "incompatible character encodings: {} and {}",
        a.name(),
        b.name()
    );
    vm.error(vm.e.encoding_compatibility_error, &msg)
}

/// The encoding a string of encoding `es` has after bytes of encoding
/// `eb` are appended (`rb_enc_cr_str_buf_cat`); `s7`/`b7`: each side is
/// empty or ASCII. None when they do not mix.
pub fn append_encoding(es: Enc, s7: bool, eb: Enc, b7: bool) -> Option<Enc> {
    if es == eb {
        Some(es)
    } else if s7 && !b7 {
        Some(eb)
    } else if b7 {
        Some(es)
    } else {
        None
    }
}

/// `append_encoding` for appending String `b` to String `s`, raising
/// when they do not mix.
pub fn append_check(vm: &mut Vm, s: Value, b: Value) -> Result<Enc, Unwind> {
    let (es, eb) = (Enc::of(s), Enc::of(b));
    if es == eb {
        return Ok(es);
    }
    // An ASCII-only `b` keeps `s`'s encoding whatever `s` holds, so `s`
    // (the growing buffer, often long) is scanned only when `b` is not:
    // a loop of `buf << "ascii"` onto a binary buffer stays linear.
    if seven_bit(b) {
        return Ok(es);
    }
    match append_encoding(es, seven_bit(s), eb, false) {
        Some(e) => Ok(e),
        None => Err(incompatible(vm, es, eb)),
    }
}

/// Whether equal bytes make two Strings equal (`rb_str_comparable`):
/// same encoding, or either side empty or ASCII.
pub fn comparable(a: Value, b: Value) -> bool {
    Enc::of(a) == Enc::of(b) || seven_bit(a) || seven_bit(b)
}

/// Sets a String's encoding flag by name (ASCII-8BIT, US-ASCII, else UTF-8).
pub fn force_encoding_name(s: Value, name: &str) {
    Enc::named(name).set(s);
}

pub(crate) fn valid_utf8(b: &[u8]) -> bool {
    std::str::from_utf8(b).is_ok()
}

pub fn init(vm: &mut Vm) {
    let e = vm.new_class(Some("Encoding"), cls::OBJECT, Some(cls::OBJECT));
    vm.e.encoding_compatibility_error =
        vm.new_class(Some("CompatibilityError"), vm.e.encoding_error, Some(e));
    for (cname, name) in NAMES {
        let o = vm.heap.alloc(e, Body::Object(Vec::new()));
        let n = vm.str_new(name);
        obj(n).freeze();
        vm.ivar_set_name(o, crate::intern!("__name"), n);
        obj(o).freeze();
        vm.classes.set_const(e, symbol::intern(cname), o);
        if cname == "ASCII_8BIT" {
            vm.classes.set_const(e, crate::intern!("BINARY"), o);
        }
    }
    for m in ["to_s", "name"] {
        vm.def_builtin(e, m, 0, |vm, s, _, _| {
            let n = enc_name(vm, s);
            Ok(vm.str_new(&n))
        });
    }
    vm.def_builtin(e, "inspect", 0, |vm, s, _, _| {
        let n = enc_name(vm, s);
        let extra = if n == "ASCII-8BIT" { " (dummy)" } else { "" };
        let _ = extra;
        Ok(vm.str_new(&format!("#<Encoding:{n}>")))
    });
    vm.def_builtin(e, "names", 0, |vm, s, _, _| {
        let n = enc_name(vm, s);
        let v = vm.str_new(&n);
        Ok(vm.ary_new(vec![v]))
    });
    vm.def_builtin(e, "ascii_compatible?", 0, |_, _, _, _| Ok(Value::TRUE));
    vm.def_builtin(e, "dummy?", 0, |_, _, _, _| Ok(Value::FALSE));
    vm.def_singleton_builtin(e, "default_external", 0, |vm, _, _, _| {
        Ok(encoding_value(vm, "UTF-8"))
    });
    vm.def_singleton_builtin(e, "default_internal", 0, |_, _, _, _| Ok(Value::NIL));
    vm.def_singleton_builtin(e, "find", 1, |vm, _, a, _| {
        let n = enc_arg(vm, a[0])?;
        Ok(encoding_value(vm, &n))
    });
    vm.def_singleton_builtin(e, "compatible?", 2, compatible_p);

    let s = cls::STRING;
    vm.def_builtin(s, "encoding", 0, |vm, s, _, _| {
        Ok(encoding_value(vm, str_encoding_name(s)))
    });
    vm.def_builtin(s, "force_encoding", 1, |vm, s, a, _| {
        let n = enc_arg(vm, a[0])?;
        super::check_frozen(vm, s)?;
        Enc::named(&n).set(s);
        Ok(s)
    });
    vm.def_builtin(s, "b", 0, |vm, s, _, _| {
        let v = vm.str_from_bytes(bytes(vm, s));
        Enc::Binary.set(v);
        Ok(v)
    });
    vm.def_builtin(s, "valid_encoding?", 0, |vm, s, _, _| {
        let b = bytes(vm, s);
        Ok(Value::bool(match str_encoding_name(s) {
            "ASCII-8BIT" => true,
            "US-ASCII" => b.is_ascii(),
            _ => valid_utf8(&b),
        }))
    });
    vm.def_builtin(s, "ascii_only?", 0, |vm, s, _, _| {
        Ok(Value::bool(bytes(vm, s).is_ascii()))
    });
    vm.def_builtin(s, "encode", -1, encode);
    vm.def_builtin(s, "scrub", -1, |vm, s, a, _| {
        let out = scrubbed(vm, s, a)?;
        Ok(vm.str_from_bytes(out))
    });
    vm.def_builtin(s, "scrub!", -1, |vm, s, a, _| {
        let out = scrubbed(vm, s, a)?;
        super::set_bytes(vm, s, out)?;
        Ok(s)
    });
    vm.def_builtin(s, "unpack", 1, unpack);
    vm.def_builtin(s, "unpack1", 1, |vm, s, a, b| {
        let r = unpack(vm, s, a, b)?;
        Ok(vm.array_items(r).first().copied().unwrap_or(Value::NIL))
    });
}

/// One side of `Encoding.compatible?`: an encoding, with the string's
/// bytes when it is a String (a Symbol counts as its name).
fn compat_side(vm: &mut Vm, v: Value) -> Option<(Enc, Option<Vec<u8>>)> {
    if v.is_heap() && vm.is_string(v) {
        return Some((Enc::of(v), Some(bytes(vm, v))));
    }
    if let Some(sym) = v.as_symbol() {
        let n = symbol::name(sym);
        let enc = if n.is_ascii() {
            Enc::UsAscii
        } else {
            Enc::Utf8
        };
        return Some((enc, Some(n.as_bytes().to_vec())));
    }
    let c = enc_class(vm).and_then(|c| vm.as_class(c));
    if v.is_heap() && Some(vm.real_class_of(v)) == c {
        return Some((Enc::named(&enc_name(vm, v)), None));
    }
    None
}

/// `Encoding.compatible?(a, b)`: the encoding a concatenation of the two
/// would have, or nil (CRuby's enc_compatible_latter; carmine's encodings
/// are all ASCII-compatible).
fn compatible_p(vm: &mut Vm, _: Value, a: &[Value], _: super::B) -> VResult {
    let (Some((e1, s1)), Some((e2, s2))) = (compat_side(vm, a[0]), compat_side(vm, a[1])) else {
        return Ok(Value::NIL);
    };
    let r = if e1 == e2 || s2.as_ref().is_some_and(|b| b.is_empty()) {
        Some(e1)
    } else if let (Some(b1), Some(b2)) = (&s1, &s2)
        && b1.is_empty()
    {
        Some(if b2.is_ascii() { e1 } else { e2 })
    } else if s2.is_none() && e2 == Enc::UsAscii {
        Some(e1)
    } else if s1.is_none() && e1 == Enc::UsAscii {
        Some(e2)
    } else {
        // Make the first side a string (if either is).
        let ((e1, s1), (e2, s2)) = if s1.is_none() {
            ((e2, s2), (e1, s1))
        } else {
            ((e1, s1), (e2, s2))
        };
        match (s1, s2) {
            (Some(b1), Some(b2)) => {
                let (a1, a2) = (b1.is_ascii(), b2.is_ascii());
                if a1 != a2 {
                    if a1 { Some(e2) } else { Some(e1) }
                } else if a2 {
                    Some(e1)
                } else {
                    None
                }
            }
            (Some(b1), None) if b1.is_ascii() => Some(e2),
            _ => None,
        }
    };
    Ok(match r {
        Some(e) => encoding_value(vm, e.name()),
        None => Value::NIL,
    })
}

/// `s`'s bytes with each invalid byte replaced (`scrub`, `scrub!`).
fn scrubbed(vm: &mut Vm, s: Value, a: &[Value]) -> Result<Vec<u8>, Unwind> {
    let b = bytes(vm, s);
    let rep = match a.first() {
        Some(r) => super::str_arg(vm, *r)?,
        None => "\u{FFFD}".as_bytes().to_vec(),
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let n = char_len(&b, i);
        if n == 1 && b[i] >= 0x80 && !is_binary(s) {
            out.extend_from_slice(&rep);
        } else {
            out.extend_from_slice(&b[i..i + n]);
        }
        i += n;
    }
    Ok(out)
}

fn encode(vm: &mut Vm, s: Value, a: &[Value], _: super::B) -> VResult {
    let (pos, kw) = super::split_kw(vm, a);
    let xml = match super::kw_get(vm, kw, "xml")? {
        None => None,
        Some(x) if x.is_nil() => None,
        Some(x) => Some(xml_mode(vm, x)?),
    };
    let mut b = bytes(vm, s);
    if let Some(attr) = xml {
        b = xml_escape(&b, attr);
    }
    let v = vm.str_from_bytes(b);
    Enc::of(s).set(v);
    if let Some(e) = pos.first() {
        let n = enc_arg(vm, *e)?;
        Enc::named(&n).set(v);
    }
    Ok(v)
}

/// `xml: :attr` (true) or `xml: :text` (false); CRuby's ArgumentError
/// for anything else.
fn xml_mode(vm: &mut Vm, x: Value) -> Result<bool, crate::object::Unwind> {
    match x.as_symbol().map(crate::value::symbol::name) {
        Some(n) if &*n == "attr" => Ok(true),
        Some(n) if &*n == "text" => Ok(false),
        Some(n) => Err(vm.arg_error(&format!("unexpected value for xml option: {n}"))),
        None => Err(vm.arg_error("unexpected value for xml option")),
    }
}

/// `encode(xml:)`: `&`, `<`, `>` as entities; for an attribute also `"`
/// and `'`, the whole in double quotes.
fn xml_escape(b: &[u8], attr: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len() + 2);
    if attr {
        out.push(b'"');
    }
    for &c in b {
        match c {
            b'&' => out.extend_from_slice(b"&amp;"),
            b'<' => out.extend_from_slice(b"&lt;"),
            b'>' => out.extend_from_slice(b"&gt;"),
            b'"' if attr => out.extend_from_slice(b"&quot;"),
            b'\'' if attr => out.extend_from_slice(b"&apos;"),
            _ => out.push(c),
        }
    }
    if attr {
        out.push(b'"');
    }
    out
}

/// A small `unpack`: `U*`, `C*`, `c*`, `a`, `A` (enough for common uses).
fn unpack(vm: &mut Vm, s: Value, a: &[Value], _: super::B) -> VResult {
    let fmt = vm.string_lossy(a[0]);
    let b = bytes(vm, s);
    let mut out = Vec::new();
    let mut pos = 0;
    let mut it = fmt.chars().peekable();
    while let Some(d) = it.next() {
        if d.is_whitespace() {
            continue;
        }
        let mut count: Option<usize> = Some(1);
        if it.peek() == Some(&'*') {
            it.next();
            count = None;
        } else {
            let mut n = String::new();
            while let Some(c) = it.peek().filter(|c| c.is_ascii_digit()) {
                n.push(*c);
                it.next();
            }
            if !n.is_empty() {
                count = n.parse().ok();
            }
        }
        match d {
            'U' => {
                let mut k = 0;
                while pos < b.len() && count.is_none_or(|c| k < c) {
                    let n = char_len(&b, pos);
                    out.push(Value::int(super::code_of(&b[pos..pos + n]) as i64));
                    pos += n;
                    k += 1;
                }
            }
            'C' | 'c' => {
                let mut k = 0;
                while pos < b.len() && count.is_none_or(|c| k < c) {
                    let x = if d == 'c' {
                        b[pos] as i8 as i64
                    } else {
                        b[pos] as i64
                    };
                    out.push(Value::int(x));
                    pos += 1;
                    k += 1;
                }
            }
            'a' | 'A' => {
                let n = count.unwrap_or(b.len() - pos).min(b.len() - pos);
                let mut piece = b[pos..pos + n].to_vec();
                if d == 'A' {
                    while piece.last().is_some_and(|c| *c == b' ' || *c == 0) {
                        piece.pop();
                    }
                }
                pos += n;
                out.push(vm.str_from_bytes(piece));
            }
            _ => {
                return Err(vm.arg_error(&format!("unknown unpack directive '{d}'")));
            }
        }
    }
    Ok(vm.ary_new(out))
}
