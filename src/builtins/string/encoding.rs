//! A String's encoding (kept as object flags: UTF-8 unless flagged),
//! the compatibility rules between encodings, and the String methods that
//! read or set a string's encoding. The `Encoding` class and conversions
//! live in `builtins::encoding`.

use super::{FLAG_BINARY, FLAG_US_ASCII, bytes, char_len};
use crate::builtins::encoding::table::Kind;
use crate::builtins::encoding::{EncId, codec, enc_arg, enc_of_value, enc_value};
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::Unwind;
use crate::value::{Value, symbol};

/// The Encoding object for an encoding name carmine knows (UTF-8 for
/// anything else).
pub fn encoding_value(vm: &Vm, name: &str) -> Value {
    crate::builtins::encoding::enc_value(vm, Enc::find(name).unwrap_or(Enc::Utf8))
}

/// Canonical name of an encoding name carmine knows, case-insensitively.
pub fn enc_arg_name(name: &str) -> Option<String> {
    Enc::find(name).map(|e| e.def().name.to_string())
}

/// The encoding of a literal the compiler tagged (`compiler::LitEnc`).
pub fn lit_enc(code: u32) -> Enc {
    Enc::from_index(code as usize)
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
    /// Any other of CRuby's encodings (`builtins::encoding::table`).
    Ext(EncId),
}

/// Object flags: the index of an `Enc::Ext` encoding (0: none). Those
/// that are not UTF-8 variants also carry FLAG_BINARY, so that the
/// byte-per-character paths serve them until they are taught the
/// encoding's layout (`builtins::encoding::codec`).
const EXT_SHIFT: u32 = 24;
const EXT_MASK: u32 = 0xFF << EXT_SHIFT;

impl Enc {
    pub fn of(s: Value) -> Enc {
        let f = obj(s).flags.get();
        if f & EXT_MASK != 0 {
            Enc::Ext(EncId((f >> EXT_SHIFT) as u8))
        } else if f & FLAG_BINARY != 0 {
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
            Enc::Ext(id) => id.def().name,
        }
    }

    /// CRuby's encoding index: the order `String#<=>` falls back on for
    /// equal bytes that are not comparable.
    pub fn index(self) -> u8 {
        match self {
            Enc::Binary => 0,
            Enc::Utf8 => 1,
            Enc::UsAscii => 2,
            Enc::Ext(id) => id.0,
        }
    }

    /// By name (anything unknown UTF-8).
    pub fn named(name: &str) -> Enc {
        Enc::find(name).unwrap_or(Enc::Utf8)
    }

    /// Whether this encoding's strings use the byte-per-character paths.
    pub fn bytewise(self) -> bool {
        match self {
            Enc::Binary => true,
            Enc::Utf8 | Enc::UsAscii => false,
            Enc::Ext(_) => self.kind() != Kind::Utf8,
        }
    }

    pub fn set(self, s: Value) {
        let o = obj(s);
        let f = o.flags.get()
            & !(FLAG_BINARY
                | FLAG_US_ASCII
                | EXT_MASK
                | super::FLAG_MATCH_SNAPSHOT
                | super::FLAG_CHAR_INDEX);
        o.flags.set(match self {
            Enc::Binary => f | FLAG_BINARY,
            Enc::UsAscii => f | FLAG_US_ASCII,
            Enc::Utf8 => f,
            Enc::Ext(id) => {
                let bin = if self.bytewise() { FLAG_BINARY } else { 0 };
                f | bin | (id.0 as u32) << EXT_SHIFT
            }
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
    if !ea.ascii_compatible() || !eb.ascii_compatible() {
        let (ae, be) = (super::byte_len(a) == 0, super::byte_len(b) == 0);
        return if be {
            Some(ea)
        } else if ae {
            Some(if ea.ascii_compatible() && seven_bit(b) {
                ea
            } else {
                eb
            })
        } else {
            None
        };
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
    if !es.ascii_compatible() || !eb.ascii_compatible() {
        return check(vm, s, b);
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
    let (ea, eb) = (Enc::of(a), Enc::of(b));
    if ea == eb {
        return true;
    }
    let cr7 = |v: Value, e: Enc| super::byte_len(v) == 0 || (e.ascii_compatible() && seven_bit(v));
    let (a7, b7) = (cr7(a, ea), cr7(b, eb));
    (a7 && (b7 || eb.ascii_compatible())) || (b7 && ea.ascii_compatible())
}

/// Sets a String's encoding flag by name (ASCII-8BIT, US-ASCII, else UTF-8).
pub fn force_encoding_name(s: Value, name: &str) {
    Enc::named(name).set(s);
}

pub fn init(vm: &mut Vm) {
    let e = crate::builtins::encoding::init(vm);
    vm.def_singleton_builtin(e, "compatible?", 2, compatible_p);

    let s = cls::STRING;
    vm.def_builtin(s, "encoding", 0, |vm, s, _, _| {
        Ok(enc_value(vm, Enc::of(s)))
    });
    vm.def_builtin(s, "force_encoding", 1, |vm, s, a, _| {
        let e = enc_arg(vm, a[0])?;
        super::check_frozen(vm, s)?;
        e.set(s);
        Ok(s)
    });
    vm.def_builtin(s, "b", 0, |vm, s, _, _| {
        let v = vm.str_from_bytes(bytes(vm, s));
        Enc::Binary.set(v);
        Ok(v)
    });
    vm.def_builtin(s, "valid_encoding?", 0, |_vm, s, _, _| {
        Ok(Value::bool(super::with_bytes(s, |b| {
            codec::valid(Enc::of(s), b)
        })))
    });
    vm.def_builtin(s, "ascii_only?", 0, |vm, s, _, _| {
        Ok(Value::bool(bytes(vm, s).is_ascii()))
    });
    vm.def_builtin(s, "scrub", -1, |vm, s, a, b| {
        let out = scrubbed(vm, s, a, b)?;
        Ok(super::new_like(vm, s, out))
    });
    vm.def_builtin(s, "scrub!", -1, |vm, s, a, b| {
        let out = scrubbed(vm, s, a, b)?;
        if !super::with_bytes(s, |b| b == out.as_slice()) {
            super::set_bytes(vm, s, out)?;
        }
        Ok(s)
    });
    vm.def_builtin(s, "unpack", 1, unpack);
    vm.def_builtin(s, "unpack1", 1, |vm, s, a, b| {
        let r = unpack(vm, s, a, b)?;
        Ok(vm.array_items(r).first().copied().unwrap_or(Value::NIL))
    });
}

/// One side of `Encoding.compatible?`: an encoding, with the string's
/// bytes when it is a String (a Symbol or an Encoding has none).
fn compat_side(vm: &mut Vm, v: Value) -> Option<(Enc, Option<Vec<u8>>)> {
    if v.is_heap() && vm.is_string(v) {
        return Some((Enc::of(v), Some(bytes(vm, v))));
    }
    if let Some(sym) = v.as_symbol() {
        let enc = if symbol::name(sym).is_ascii() {
            Enc::UsAscii
        } else {
            Enc::Utf8
        };
        return Some((enc, None));
    }
    if v.is_heap() && vm.real_class_of(v) == cls::REGEXP {
        let e = vm.funcall(v, crate::intern!("encoding"), &[], None).ok()?;
        return enc_of_value(vm, e).map(|e| (e, None));
    }
    enc_of_value(vm, v).map(|e| (e, None))
}

/// CRuby's code range of bytes `b` in `e`: 0 ASCII-only (in an
/// ASCII-compatible encoding), 1 valid, 2 broken.
fn code_range(e: Enc, b: &[u8]) -> u8 {
    if e.ascii_compatible() && b.is_ascii() {
        0
    } else if codec::valid(e, b) {
        1
    } else {
        2
    }
}

/// `Encoding.compatible?(a, b)`: the encoding a concatenation of the two
/// would have, or nil (CRuby's enc_compatible_latter).
fn compatible_p(vm: &mut Vm, _: Value, a: &[Value], _: super::B) -> VResult {
    let (Some((e1, s1)), Some((e2, s2))) = (compat_side(vm, a[0]), compat_side(vm, a[1])) else {
        return Ok(Value::NIL);
    };
    let r = compatible_latter(e1, s1, e2, s2);
    Ok(match r {
        Some(e) => enc_value(vm, e),
        None => Value::NIL,
    })
}

fn compatible_latter(e1: Enc, s1: Option<Vec<u8>>, e2: Enc, s2: Option<Vec<u8>>) -> Option<Enc> {
    if e1 == e2 {
        return Some(e1);
    }
    if s2.as_ref().is_some_and(|b| b.is_empty()) {
        return Some(e1);
    }
    if let (Some(b1), Some(b2)) = (&s1, &s2)
        && b1.is_empty()
    {
        return Some(if e1.ascii_compatible() && code_range(e2, b2) == 0 {
            e1
        } else {
            e2
        });
    }
    if !e1.ascii_compatible() || !e2.ascii_compatible() {
        return None;
    }
    if s2.is_none() && e2 == Enc::UsAscii {
        return Some(e1);
    }
    if s1.is_none() && e1 == Enc::UsAscii {
        return Some(e2);
    }
    // Make the first side a string (if either is).
    let ((e1, s1), (e2, s2)) = if s1.is_none() {
        ((e2, s2), (e1, s1))
    } else {
        ((e1, s1), (e2, s2))
    };
    let b1 = s1?;
    let cr1 = code_range(e1, &b1);
    if let Some(b2) = s2 {
        let cr2 = code_range(e2, &b2);
        if cr1 != cr2 {
            if cr1 == 0 {
                return Some(e2);
            }
            if cr2 == 0 {
                return Some(e1);
            }
        }
        if cr2 == 0 {
            return Some(e1);
        }
    }
    if cr1 == 0 { Some(e2) } else { None }
}

/// `s`'s bytes with each invalid character replaced (`scrub`, `scrub!`):
/// by the argument, the block's result for the bytes, or U+FFFD/"?".
fn scrubbed(vm: &mut Vm, s: Value, a: &[Value], blk: super::B) -> Result<Vec<u8>, Unwind> {
    let e = Enc::of(s);
    let b = bytes(vm, s);
    let rep = match a.first() {
        Some(r) if !r.is_nil() => Some(super::str_arg(vm, *r)?),
        _ => None,
    };
    let default = if e.unicode() { "\u{FFFD}" } else { "?" };
    let mut out = Vec::with_capacity(b.len());
    let units = codec::chars(e, &b);
    let mut k = 0;
    while k < units.len() {
        let (i, n, ok) = units[k];
        k += 1;
        if ok {
            out.extend_from_slice(&b[i..i + n]);
            continue;
        }
        let end = i + n;
        match (&rep, &blk) {
            (Some(r), _) => out.extend_from_slice(r),
            (None, Some(bl)) => {
                let piece = vm.str_from_bytes(b[i..end].to_vec());
                e.set(piece);
                let r = vm.yield_block(bl, &[piece])?;
                let rb = super::str_arg(vm, r)?;
                out.extend_from_slice(&rb);
            }
            (None, None) => out.extend_from_slice(&encoded_default(e, default)),
        }
    }
    Ok(out)
}

/// The default replacement character in `e`'s bytes.
fn encoded_default(e: Enc, d: &str) -> Vec<u8> {
    let mut out = Vec::new();
    if let Some(c) = codec::codec(e) {
        let mut w = codec::Writer::new(c);
        for ch in d.chars() {
            w.write(ch, &mut out);
        }
    } else {
        out.push(b'?');
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
