//! String: byte strings read as UTF-8 (an invalid byte counts as one
//! character, as in CRuby), plus `format` and Encoding basics.
//!
//! Submodules: `basic` (comparison, building, case, whitespace, padding,
//! conversions), `index` (`[]`, `[]=`, `slice!`, `insert`), `charset`
//! (`tr`, `delete`, `squeeze`, `count`), `pattern` (search, `split`,
//! `scan`, `sub`/`gsub`, lines), `format` (sprintf wiring), `inspect`,
//! `encoding` (Encoding objects, `force_encoding`, `b`), `charindex`
//! (character offsets), `unicode` (normalization, grapheme clusters,
//! titlecase).

mod basic;
mod charindex;
pub(crate) use charindex::{CharMap, char_index, char_span, char_to_byte, str_char_len};
mod charset;
mod crypt;
mod encoding;
pub use encoding::force_encoding_name;
mod format;
mod index;
mod inspect;
mod pattern;
mod unicode;

pub(crate) use crate::builtins::enum_for;
use std::rc::Rc;

use super::check_frozen;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::Value;

pub use basic::{append, succ};
pub use encoding::{Enc, append_encoding, comparable, encoding_value, incompatible, lit_enc};
pub use format::format;
pub use inspect::{inspect_bytes, inspect_str, inspect_value};

pub type B = Option<Rc<BlockArg>>;

/// Object flag: the string's encoding is ASCII-8BIT (each byte a char).
pub const FLAG_BINARY: u32 = 1 << 16;
/// Object flag: the string's encoding is US-ASCII.
pub const FLAG_US_ASCII: u32 = 1 << 17;
/// Object flags: the cached code range of the bytes read as UTF-8 (CRuby's
/// coderange), 0 when not known yet. Cleared by every mutation (`with_mut`
/// is the only way to change a String's bytes); a new object starts at 0.
const CR_SHIFT: u32 = 18;
const CR_MASK: u32 = 3 << CR_SHIFT;
/// Object flag: `Vm::match_subject` holds this string's text and frozen
/// copy for regexp matching (cleared, like the code range, by every
/// mutation and encoding change).
pub const FLAG_MATCH_SNAPSHOT: u32 = 1 << 20;
pub use charindex::FLAG_CHAR_INDEX;

/// What a String's bytes are, read as UTF-8.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cr {
    /// All ASCII (or empty): a character is a byte.
    SevenBit,
    /// Valid UTF-8 with multi-byte characters.
    Valid,
    /// Some bytes are not valid UTF-8 (each such byte is a character).
    Broken,
}

/// The code range of `v`'s bytes `b`, from the cache or scanned once (`b`
/// must be `v`'s current bytes).
#[inline]
pub(crate) fn coderange_of(v: Value, b: &[u8]) -> Cr {
    let o = obj(v);
    let f = o.flags.get();
    match (f & CR_MASK) >> CR_SHIFT {
        1 => Cr::SevenBit,
        2 => Cr::Valid,
        3 => Cr::Broken,
        _ => {
            let (cr, bits) = if b.is_ascii() {
                (Cr::SevenBit, 1)
            } else if std::str::from_utf8(b).is_ok() {
                (Cr::Valid, 2)
            } else {
                (Cr::Broken, 3)
            };
            o.flags.set(f & !CR_MASK | bits << CR_SHIFT);
            cr
        }
    }
}

/// True when character `i` of `v` is byte `i`: a binary or ASCII-only
/// String.
#[inline]
pub(crate) fn byte_indexed(v: Value, b: &[u8]) -> bool {
    is_binary(v) || coderange_of(v, b) == Cr::SevenBit
}

pub fn init(vm: &mut Vm) {
    encoding::init(vm);
    crypt::init(vm);
    basic::init(vm);
    index::init(vm);
    charset::init(vm);
    pattern::init(vm);
    inspect::init(vm);
    unicode::init(vm);
}

// ---- shared helpers ----------------------------------------------------------------

/// The receiver's bytes (a copy).
pub(crate) fn bytes(vm: &Vm, v: Value) -> Vec<u8> {
    vm.string_bytes(v)
}

/// A String's length in bytes (0 for anything else).
pub fn byte_len(v: Value) -> usize {
    with_bytes(v, |b| b.len())
}

/// Reads a String's bytes in place (no copy; `f` must not call back into
/// Ruby). Anything that is not a String reads as empty.
#[inline]
pub(crate) fn with_bytes<R>(v: Value, f: impl FnOnce(&[u8]) -> R) -> R {
    if v.is_heap()
        && let Body::String(s) = &*obj(v).body.borrow()
    {
        return f(&s.bytes);
    }
    f(&[])
}

pub(crate) fn is_binary(v: Value) -> bool {
    v.is_heap() && obj(v).flags.get() & FLAG_BINARY != 0
}

/// Mutates a string's bytes after the frozen check, charging buffer
/// growth to the GC's allocation count.
pub(crate) fn with_mut<R>(
    vm: &mut Vm,
    s: Value,
    f: impl FnOnce(&mut Vec<u8>) -> R,
) -> Result<R, Unwind> {
    check_frozen(vm, s)?;
    let o = obj(s);
    o.flags
        .set(o.flags.get() & !(CR_MASK | FLAG_MATCH_SNAPSHOT | FLAG_CHAR_INDEX));
    let (r, grown) = match &mut *o.body.borrow_mut() {
        Body::String(st) => {
            let cap = st.bytes.capacity();
            let r = f(&mut st.bytes);
            (r, st.bytes.capacity().saturating_sub(cap))
        }
        _ => unreachable!("string body"),
    };
    // Buffer growth counts toward the next collection (CRuby's
    // malloc_increase), or a loop appending to fresh strings makes
    // megabytes of garbage per slot allocated.
    vm.heap.note_malloc(grown);
    Ok(r)
}

/// Replaces a string's bytes (frozen check included).
pub(crate) fn set_bytes(vm: &mut Vm, s: Value, b: Vec<u8>) -> Result<(), Unwind> {
    with_mut(vm, s, |x| *x = b)
}

/// FrozenError unless `s` may be changed (for `builtins::encoding`).
pub fn check_frozen_pub(vm: &mut Vm, s: Value) -> Result<(), Unwind> {
    check_frozen(vm, s)
}

/// Replaces String `s`'s bytes with String `r`'s (frozen check included).
pub fn replace_bytes_pub(vm: &mut Vm, s: Value, r: Value) -> Result<(), Unwind> {
    let b = bytes(vm, r);
    set_bytes(vm, s, b)
}

/// A new US-ASCII String of ASCII text (what CRuby's numeric and
/// nil/true/false `to_s` answer).
pub fn ascii_str(vm: &mut Vm, t: &str) -> Value {
    let v = vm.str_new(t);
    Enc::UsAscii.set(v);
    v
}

/// One frozen US-ASCII String per text, made once and kept alive
/// (`nil.to_s`, `true.to_s`: the same object every time).
pub fn frozen_literal(vm: &mut Vm, t: &'static str) -> Value {
    if let Some(&v) = vm.frozen_literals.get(t) {
        return v;
    }
    let v = ascii_str(vm, t);
    obj(v).freeze();
    vm.frozen_literals.insert(t, v);
    vm.literal_roots.push(v);
    v
}

/// A new String with `b`, keeping the binary flag of `like`.
pub(crate) fn new_like(vm: &mut Vm, like: Value, b: Vec<u8>) -> Value {
    // A US-ASCII string's pieces stay US-ASCII while they are ASCII
    // (anything else they could only have gained from a UTF-8 operand).
    let enc = Enc::of(like);
    let keep_ascii = enc == Enc::UsAscii && b.is_ascii();
    let v = vm.str_from_bytes(b);
    if let Enc::Ext(_) = enc {
        enc.set(v);
    } else if enc == Enc::Binary {
        obj(v).flags.set(obj(v).flags.get() | FLAG_BINARY);
    } else if keep_ascii {
        Enc::UsAscii.set(v);
    }
    v
}

/// Byte length of the character at `b[i]` (1 for an invalid byte).
#[inline]
pub(crate) fn char_len(b: &[u8], i: usize) -> usize {
    let c = b[i];
    let n = if c < 0x80 {
        return 1;
    } else if c & 0xE0 == 0xC0 {
        2
    } else if c & 0xF0 == 0xE0 {
        3
    } else if c & 0xF8 == 0xF0 {
        4
    } else {
        return 1;
    };
    if i + n > b.len() || std::str::from_utf8(&b[i..i + n]).is_err() {
        return 1;
    }
    n
}

/// Byte offsets where each character starts, followed by `b.len()`.
pub(crate) fn char_starts(b: &[u8]) -> Vec<usize> {
    if b.is_ascii() {
        return (0..=b.len()).collect();
    }
    if std::str::from_utf8(b).is_ok() {
        let mut v = Vec::with_capacity(b.len() + 1);
        v.extend((0..b.len()).filter(|&i| is_char_head(b[i])));
        v.push(b.len());
        return v;
    }
    let mut v = Vec::with_capacity(b.len() + 1);
    let mut i = 0;
    while i < b.len() {
        v.push(i);
        i += char_len(b, i);
    }
    v.push(b.len());
    v
}

/// The characters of `b` one by one: `chars_of` without its `Vec`, whose
/// 16 bytes a character made a 100 MB string cost 1.6 GB.
pub(crate) fn char_iter(b: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut i = 0;
    std::iter::from_fn(move || {
        if i >= b.len() {
            return None;
        }
        let n = char_len(b, i);
        let c = &b[i..i + n];
        i += n;
        Some(c)
    })
}

/// The characters of `b` as byte slices.
pub(crate) fn chars_of(b: &[u8]) -> Vec<&[u8]> {
    let mut v = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let n = char_len(b, i);
        v.push(&b[i..i + n]);
        i += n;
    }
    v
}

/// True for a byte that starts a character of valid UTF-8 (not a
/// continuation byte).
#[inline(always)]
pub(super) fn is_char_head(c: u8) -> bool {
    (c as i8) >= -0x40
}

/// Characters in valid UTF-8 `b`: its bytes that are not continuations.
#[inline]
pub(super) fn valid_char_count(b: &[u8]) -> usize {
    b.iter().filter(|&&c| is_char_head(c)).count()
}

pub(crate) fn char_count(b: &[u8]) -> usize {
    if b.is_ascii() {
        return b.len();
    }
    if std::str::from_utf8(b).is_ok() {
        return valid_char_count(b);
    }
    let mut n = 0;
    let mut i = 0;
    while i < b.len() {
        i += char_len(b, i);
        n += 1;
    }
    n
}

/// The code point of a one-character slice (the byte for an invalid one).
pub(crate) fn code_of(c: &[u8]) -> u32 {
    match std::str::from_utf8(c) {
        Ok(s) => s.chars().next().map(|c| c as u32).unwrap_or(0),
        Err(_) => c[0] as u32,
    }
}

/// `str` or something with `to_str`, as bytes; TypeError otherwise.
pub(crate) fn str_arg(vm: &mut Vm, v: Value) -> Result<Vec<u8>, Unwind> {
    super::str_arg(vm, v)
}

/// An optional trailing keyword hash: (positional args, hash).
pub(crate) fn split_kw(vm: &Vm, a: &[Value]) -> (Vec<Value>, Option<Value>) {
    if let Some(l) = a.last()
        && vm.hash_len(*l).is_some()
    {
        return (a[..a.len() - 1].to_vec(), Some(*l));
    }
    (a.to_vec(), None)
}

/// `h[:name]` for a keyword hash.
pub(crate) fn kw_get(vm: &mut Vm, h: Option<Value>, name: &str) -> Result<Option<Value>, Unwind> {
    match h {
        Some(h) => {
            let k = vm.sym(name);
            vm.hash_get(h, k)
        }
        None => Ok(None),
    }
}

/// Number of characters of String `s` that start before byte `byte`
/// (amortised O(1) for nearby offsets: see `charindex`).
pub fn char_index_of(s: Value, byte: usize) -> usize {
    with_bytes(s, |b| char_index(s, b, byte))
}

/// Byte offset of character `i` (negative from the end; may be the
/// length) of String `s`, None out of range.
pub fn char_to_byte_of(s: Value, i: i64) -> Option<usize> {
    with_bytes(s, |b| char_to_byte(s, b, i))
}

/// `Integer(str, base)` for a String (strict, CRuby's messages).
pub fn str_to_integer(vm: &mut Vm, s: Value, base: Option<i64>) -> VResult {
    let t = vm.string_lossy(s);
    match crate::support::numparse::str_to_integer_strict(&t, base) {
        Ok(crate::support::numparse::Int::Small(n)) => Ok(vm.bignum_value(n.into())),
        Ok(crate::support::numparse::Int::Big(b)) => Ok(vm.bignum_value(b)),
        Err(m) => Err(vm.arg_error(&m)),
    }
}

/// `Float(str)` for a String (strict, CRuby's messages).
pub fn str_to_float(vm: &mut Vm, s: Value) -> VResult {
    let t = vm.string_lossy(s);
    match crate::support::numparse::str_to_float_strict(&t) {
        Ok(f) => Ok(vm.float_new(f)),
        Err(m) => Err(vm.arg_error(&m)),
    }
}

/// `Integer#chr(encoding = nil)`.
pub fn int_chr(vm: &mut Vm, n: i64, enc: Option<Value>) -> VResult {
    let out_of_range = |vm: &mut Vm| vm.error(vm.e.range_error, &format!("{n} out of char range"));
    let name = match enc {
        None => None,
        Some(e) => {
            let v = vm.funcall(e, crate::intern!("to_s"), &[], None)?;
            Some(vm.string_lossy(v).to_ascii_uppercase())
        }
    };
    match name.as_deref() {
        Some("UTF-8") => {
            if !(0..=0x10FFFF).contains(&n) {
                return Err(out_of_range(vm));
            }
            match char::from_u32(n as u32) {
                Some(c) => Ok(vm.str_new(&c.to_string())),
                None => Err(vm.error(
                    vm.e.range_error,
                    &format!("invalid codepoint 0x{n:X} in UTF-8"),
                )),
            }
        }
        _ => {
            if !(0..=255).contains(&n) {
                return Err(out_of_range(vm));
            }
            let v = vm.str_from_bytes(vec![n as u8]);
            let flag = if n < 128 && name.as_deref() != Some("ASCII-8BIT") {
                FLAG_US_ASCII
            } else {
                FLAG_BINARY
            };
            obj(v).flags.set(obj(v).flags.get() | flag);
            Ok(v)
        }
    }
}
