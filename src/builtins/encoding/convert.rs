//! Transcoding a string between encodings (CRuby's `str_transcode0`):
//! `String#encode`/`encode!` with their options (`invalid:`, `undef:`,
//! `replace:`, `fallback:`, `xml:`, the newline decorators), and the
//! conversion errors with CRuby's messages and accessors.

use super::codec::{self, Unit, Writer};
use super::{enc_of_value, enc_subclass, enc_value};
use crate::builtins::string::{Enc, bytes, kw_get, split_kw};
use crate::interp::Vm;
use crate::object::Unwind;
use crate::value::{Value, symbol};

/// The newline decorator of a conversion.
#[derive(Copy, Clone, PartialEq, Eq, Default)]
pub enum Newline {
    #[default]
    None,
    /// CRLF and CR become LF.
    Universal,
    /// LF becomes CRLF.
    Crlf,
    /// LF becomes CR.
    Cr,
}

/// A conversion's options.
#[derive(Default, Clone)]
pub struct Opts {
    pub invalid_replace: bool,
    pub undef_replace: bool,
    /// The replacement's characters (None: U+FFFD or "?").
    pub replace: Option<Vec<char>>,
    /// `xml: :attr` (true) or `:text` (false).
    pub xml: Option<bool>,
    pub newline: Newline,
    pub fallback: Option<Value>,
}

/// Where a conversion went wrong.
pub enum Failure {
    /// No converter between these names.
    NotFound(String, String),
    /// Invalid bytes in the source.
    Invalid {
        src: Enc,
        dst: Enc,
        bytes: Vec<u8>,
        readagain: Vec<u8>,
        incomplete: bool,
    },
    /// A character the step's destination does not have (`ch`: its bytes
    /// in `src`).
    Undef { src: Enc, dst: Enc, ch: Vec<u8> },
    /// A `fallback:` call raised.
    Raised(Unwind),
}

/// A conversion endpoint: an encoding carmine knows, or just a name.
#[derive(Clone)]
pub enum Target {
    Known(Enc),
    Unknown(String),
}

impl Target {
    fn name(&self) -> String {
        match self {
            Target::Known(e) => e.def().name.to_string(),
            Target::Unknown(n) => n.clone(),
        }
    }
}

/// An encoding argument of `encode` (an unknown name is kept: it raises
/// ConverterNotFoundError later, as CRuby does).
pub fn target_arg(vm: &mut Vm, v: Value) -> Result<Target, Unwind> {
    if let Some(e) = enc_of_value(vm, v) {
        return Ok(Target::Known(e));
    }
    let raw = crate::builtins::string::str_arg(vm, v)?;
    let n = String::from_utf8_lossy(&raw).into_owned();
    match super::find_name(vm, &n) {
        Some(e) => Ok(Target::Known(e)),
        None => Ok(Target::Unknown(n)),
    }
}

/// Reads `encode`'s keyword options.
pub fn parse_opts(vm: &mut Vm, kw: Option<Value>) -> Result<Opts, Unwind> {
    let mut o = Opts::default();
    let Some(_) = kw else { return Ok(o) };
    let is_replace = |v: Option<Value>| {
        v.and_then(|v| v.as_symbol())
            .is_some_and(|s| &*symbol::name(s) == "replace")
    };
    o.invalid_replace = is_replace(kw_get(vm, kw, "invalid")?);
    o.undef_replace = is_replace(kw_get(vm, kw, "undef")?);
    if let Some(r) = kw_get(vm, kw, "replace")?
        && !r.is_nil()
    {
        let b = crate::builtins::string::str_arg(vm, r)?;
        let e = if vm.is_string(r) {
            Enc::of(r)
        } else {
            Enc::Utf8
        };
        o.replace = Some(decode_lossy(e, &b));
    }
    if let Some(x) = kw_get(vm, kw, "xml")?
        && !x.is_nil()
    {
        o.xml = Some(match x.as_symbol().map(symbol::name) {
            Some(n) if &*n == "attr" => true,
            Some(n) if &*n == "text" => false,
            Some(n) => return Err(vm.arg_error(&format!("unexpected value for xml option: {n}"))),
            None => return Err(vm.arg_error("unexpected value for xml option")),
        });
    }
    for (key, nl) in [
        ("universal_newline", Newline::Universal),
        ("crlf_newline", Newline::Crlf),
        ("cr_newline", Newline::Cr),
    ] {
        if kw_get(vm, kw, key)?.is_some_and(|v| v.truthy()) {
            o.newline = nl;
        }
    }
    if let Some(nl) = kw_get(vm, kw, "newline")?.and_then(|v| v.as_symbol()) {
        o.newline = match &*symbol::name(nl) {
            "universal" => Newline::Universal,
            "crlf" => Newline::Crlf,
            "cr" => Newline::Cr,
            _ => o.newline,
        };
    }
    if let Some(f) = kw_get(vm, kw, "fallback")?
        && !f.is_nil()
    {
        o.fallback = Some(f);
    }
    Ok(o)
}

/// The characters of `b` read in `e` (anything unreadable dropped).
fn decode_lossy(e: Enc, b: &[u8]) -> Vec<char> {
    let Some(c) = codec::codec(e) else {
        return String::from_utf8_lossy(b).chars().collect();
    };
    let (c, mut i) = codec::source_bom(c, b);
    let e = codec::codec_enc(c, e);
    let mut out = Vec::new();
    while i < b.len() {
        match c.read(e, b, i) {
            Unit::Char(ch, n) => {
                out.push(ch);
                i += n;
            }
            Unit::Invalid { len, .. } | Unit::Undef(len) => i += len.max(1),
        }
    }
    out
}

/// The bytes of `b` (in `src`) converted to `dst` under `o`: the bytes
/// and the encoding of the result.
pub fn transcode(
    vm: &mut Vm,
    b: &[u8],
    src: Enc,
    dst: &Target,
    o: &Opts,
) -> Result<(Vec<u8>, Enc), Failure> {
    let (mut i, mut out) = (0, Vec::with_capacity(b.len()));
    let e = transcode_in(vm, b, src, dst, o, &mut i, &mut out)?;
    Ok((out, e))
}

/// `transcode` from byte `*i` of `b`, appending to `out`; on failure
/// `*i` is where conversion stopped (past the failing bytes) and `out`
/// holds what was converted before them.
pub fn transcode_in(
    vm: &mut Vm,
    b: &[u8],
    src: Enc,
    dst: &Target,
    o: &Opts,
    i: &mut usize,
    out: &mut Vec<u8>,
) -> Result<Enc, Failure> {
    let decorated = o.xml.is_some() || o.newline != Newline::None;
    let dst_enc = match dst {
        Target::Known(e) => *e,
        Target::Unknown(n) => return Err(Failure::NotFound(src.def().name.into(), n.clone())),
    };
    if src == dst_enc || (src.ascii_compatible() && dst_enc.ascii_compatible() && b.is_ascii()) {
        // Same encoding, or ASCII text between ASCII-compatible ones: the
        // bytes stay (scrubbed when asked), only decorators apply.
        let b = &b[*i..];
        *i += b.len();
        let mut conv = if o.invalid_replace && src == dst_enc && !codec::valid(src, b) {
            scrub_bytes(src, b, o)
        } else {
            b.to_vec()
        };
        if decorated && src.ascii_compatible() {
            conv = decorate_bytes(&conv, o);
        }
        out.extend_from_slice(&conv);
        return Ok(dst_enc);
    }
    let not_found = || Failure::NotFound(src.def().name.into(), dst_enc.def().name.into());
    let (Some(sc), Some(dc)) = (codec::codec(src), codec::codec(dst_enc)) else {
        return Err(not_found());
    };
    let via_utf8 = src != Enc::Utf8 && dst_enc != Enc::Utf8;
    let mid = if via_utf8 { Enc::Utf8 } else { dst_enc };
    let (sc, bom) = codec::source_bom(sc, b);
    *i = (*i).max(bom);
    let read_enc = codec::codec_enc(sc, src);
    let mut w = Writer::new(dc);
    if o.xml == Some(true) {
        out.push(b'"');
    }
    while *i < b.len() {
        match sc.read(read_enc, b, *i) {
            Unit::Char(ch, n) => {
                let next_is_lf = b.get(*i + n) == Some(&b'\n');
                *i += n;
                write_char(vm, &mut w, out, ch, o, next_is_lf, src, dst_enc, via_utf8)?;
            }
            Unit::Invalid {
                len,
                incomplete,
                readagain,
            } => {
                if o.invalid_replace {
                    write_replacement(&mut w, out, o, dst_enc);
                    *i += len;
                    continue;
                }
                let ra = &b[(*i + len).min(b.len())..(*i + len + readagain).min(b.len())];
                return Err(Failure::Invalid {
                    src,
                    dst: mid,
                    bytes: b[*i..*i + len].to_vec(),
                    readagain: ra.to_vec(),
                    incomplete,
                });
            }
            Unit::Undef(n) => {
                let ch = &b[*i..*i + n];
                *i += n;
                if o.undef_replace {
                    write_replacement(&mut w, out, o, dst_enc);
                    continue;
                }
                if let Some(f) = o.fallback
                    && call_fallback(vm, f, ch, src, &mut w, out)?
                {
                    continue;
                }
                return Err(Failure::Undef {
                    src,
                    dst: Enc::Utf8,
                    ch: ch.to_vec(),
                });
            }
        }
    }
    if o.xml == Some(true) {
        out.push(b'"');
    }
    w.finish(out);
    Ok(dst_enc)
}

#[allow(clippy::too_many_arguments)]
fn write_char(
    vm: &mut Vm,
    w: &mut Writer,
    out: &mut Vec<u8>,
    ch: char,
    o: &Opts,
    next_is_lf: bool,
    src: Enc,
    dst: Enc,
    via_utf8: bool,
) -> Result<(), Failure> {
    match (ch, o.newline) {
        ('\r', Newline::Universal) => {
            if !next_is_lf {
                w.write('\n', out);
            }
            return Ok(());
        }
        ('\n', Newline::Crlf) => {
            w.write('\r', out);
            w.write('\n', out);
            return Ok(());
        }
        ('\n', Newline::Cr) => {
            w.write('\r', out);
            return Ok(());
        }
        _ => {}
    }
    if let Some(attr) = o.xml {
        let ent = match ch {
            '&' => Some("&amp;"),
            '<' => Some("&lt;"),
            '>' => Some("&gt;"),
            '"' if attr => Some("&quot;"),
            '\'' if attr => Some("&apos;"),
            _ => None,
        };
        if let Some(ent) = ent {
            ent.chars().for_each(|c| {
                w.write(c, out);
            });
            return Ok(());
        }
    }
    if w.write(ch, out) {
        return Ok(());
    }
    if o.xml.is_some() {
        format!("&#x{:X};", ch as u32).chars().for_each(|c| {
            w.write(c, out);
        });
        return Ok(());
    }
    if o.undef_replace {
        write_replacement(w, out, o, dst);
        return Ok(());
    }
    let mut buf = [0; 4];
    let utf8 = ch.encode_utf8(&mut buf).as_bytes().to_vec();
    if let Some(f) = o.fallback
        && call_fallback(vm, f, &utf8, Enc::Utf8, w, out)?
    {
        return Ok(());
    }
    let _ = (src, via_utf8);
    Err(Failure::Undef {
        src: Enc::Utf8,
        dst,
        ch: utf8,
    })
}

fn write_replacement(w: &mut Writer, out: &mut Vec<u8>, o: &Opts, dst: Enc) {
    let default = [if dst.unicode() { '\u{FFFD}' } else { '?' }];
    let rep: &[char] = o.replace.as_deref().unwrap_or(&default);
    for &c in rep {
        if !w.write(c, out) {
            w.write('?', out);
        }
    }
}

/// Writes `fallback:`'s replacement for an undefined character (`ch`,
/// in `e`): a Hash's value, a Proc's or Method's result, or `[]`'s.
/// False when there is none (nil, or a fallback without `[]`); a result
/// the destination cannot hold is CRuby's "too big fallback string".
fn call_fallback(
    vm: &mut Vm,
    f: Value,
    ch: &[u8],
    e: Enc,
    w: &mut Writer,
    out: &mut Vec<u8>,
) -> Result<bool, Failure> {
    let s = vm.str_from_bytes(ch.to_vec());
    e.set(s);
    let name = if vm.hash_len(f).is_some() {
        crate::intern!("[]")
    } else if vm.respond_to(f, crate::intern!("call")) {
        crate::intern!("call")
    } else if vm.respond_to(f, crate::intern!("[]")) {
        crate::intern!("[]")
    } else {
        return Ok(false);
    };
    let r = vm.funcall(f, name, &[s], None).map_err(Failure::Raised)?;
    if r.is_nil() {
        return Ok(false);
    }
    let rb = crate::builtins::string::str_arg(vm, r).map_err(Failure::Raised)?;
    let re = if vm.is_string(r) {
        Enc::of(r)
    } else {
        Enc::Utf8
    };
    if !codec::valid(re, &rb) {
        return Err(Failure::Raised(vm.arg_error("too big fallback string")));
    }
    let mut piece = Vec::new();
    for c in decode_lossy(re, &rb) {
        if !w.write(c, &mut piece) {
            return Err(Failure::Raised(vm.arg_error("too big fallback string")));
        }
    }
    out.extend_from_slice(&piece);
    Ok(true)
}

/// Invalid characters of `b` (in `e`) replaced (same-encoding `encode`).
fn scrub_bytes(e: Enc, b: &[u8], o: &Opts) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let dc = codec::codec(e);
    for (i, n, ok) in codec::chars(e, b) {
        if ok {
            out.extend_from_slice(&b[i..i + n]);
        } else if let Some(dc) = dc {
            let mut w = Writer::new(dc);
            write_replacement(&mut w, &mut out, o, e);
        } else {
            out.push(b'?');
        }
    }
    out
}

/// The xml and newline decorators applied to ASCII-compatible bytes.
fn decorate_bytes(b: &[u8], o: &Opts) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len() + 2);
    if o.xml == Some(true) {
        out.push(b'"');
    }
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        i += 1;
        match (c, o.newline, o.xml) {
            (b'\r', Newline::Universal, _) => {
                if b.get(i) != Some(&b'\n') {
                    out.push(b'\n');
                }
            }
            (b'\n', Newline::Crlf, _) => out.extend_from_slice(b"\r\n"),
            (b'\n', Newline::Cr, _) => out.push(b'\r'),
            (b'&', _, Some(_)) => out.extend_from_slice(b"&amp;"),
            (b'<', _, Some(_)) => out.extend_from_slice(b"&lt;"),
            (b'>', _, Some(_)) => out.extend_from_slice(b"&gt;"),
            (b'"', _, Some(true)) => out.extend_from_slice(b"&quot;"),
            (b'\'', _, Some(true)) => out.extend_from_slice(b"&apos;"),
            _ => out.push(c),
        }
    }
    if o.xml == Some(true) {
        out.push(b'"');
    }
    out
}

/// `"\xE3\x81"`: bytes as CRuby's error messages quote them.
pub fn dump(b: &[u8]) -> String {
    let mut s = String::from("\"");
    for &c in b {
        if (0x20..0x7F).contains(&c) && c != b'"' && c != b'\\' {
            s.push(c as char);
        } else {
            s.push_str(&format!("\\x{c:02X}"));
        }
    }
    s.push('"');
    s
}

/// The exception for a failed conversion from `src` to `dst` (the whole
/// conversion's endpoints, for the "in conversion from" form).
#[cold]
pub fn failure_error(vm: &mut Vm, f: Failure, src: Enc, dst: Enc) -> Unwind {
    let via = src != Enc::Utf8 && dst != Enc::Utf8 && !(src == dst);
    let path = format!("{} to UTF-8 to {}", src.def().name, dst.def().name);
    match f {
        Failure::Raised(u) => u,
        Failure::NotFound(a, b) => {
            let c = enc_subclass(vm, "ConverterNotFoundError");
            vm.error(c, &format!("code converter not found ({a} to {b})"))
        }
        Failure::Invalid {
            src: s,
            dst: d,
            bytes,
            readagain,
            incomplete,
        } => {
            let msg = if incomplete {
                format!("incomplete {} on {}", dump(&bytes), s.def().name)
            } else if readagain.is_empty() {
                format!("{} on {}", dump(&bytes), s.def().name)
            } else {
                format!(
                    "{} followed by {} on {}",
                    dump(&bytes),
                    dump(&readagain),
                    s.def().name
                )
            };
            let c = enc_subclass(vm, "InvalidByteSequenceError");
            let e = vm.error(c, &msg);
            if let Unwind::Raise(x) = &e {
                let x = *x;
                set_common(vm, x, s, d);
                let eb = vm.str_from_bytes(bytes);
                Enc::Binary.set(eb);
                let rb = if readagain.is_empty() {
                    Value::NIL
                } else {
                    let rb = vm.str_from_bytes(readagain);
                    Enc::Binary.set(rb);
                    rb
                };
                vm.ivar_set_name(x, crate::intern!("__error_bytes"), eb);
                vm.ivar_set_name(x, crate::intern!("__readagain_bytes"), rb);
                vm.ivar_set_name(x, crate::intern!("__incomplete"), Value::bool(incomplete));
            }
            e
        }
        Failure::Undef { src: s, dst: d, ch } => {
            let shown = if s == Enc::Utf8 {
                let code = std::str::from_utf8(&ch)
                    .ok()
                    .and_then(|t| t.chars().next())
                    .map_or(0, |c| c as u32);
                format!("U+{code:04X}")
            } else {
                dump(&ch)
            };
            let msg = if via {
                format!("{shown} to {} in conversion from {path}", d.def().name)
            } else {
                format!("{shown} from {} to {}", s.def().name, d.def().name)
            };
            let c = enc_subclass(vm, "UndefinedConversionError");
            let e = vm.error(c, &msg);
            if let Unwind::Raise(x) = &e {
                let x = *x;
                set_common(vm, x, s, d);
                let ec = vm.str_from_bytes(ch);
                s.set(ec);
                vm.ivar_set_name(x, crate::intern!("__error_char"), ec);
            }
            e
        }
    }
}

fn set_common(vm: &mut Vm, x: Value, s: Enc, d: Enc) {
    let (sv, dv) = (enc_value(vm, s), enc_value(vm, d));
    vm.ivar_set_name(x, crate::intern!("__source_encoding"), sv);
    vm.ivar_set_name(x, crate::intern!("__destination_encoding"), dv);
}

/// Defines the conversion errors' readers.
pub fn init_errors(vm: &mut Vm) {
    for cname in ["UndefinedConversionError", "InvalidByteSequenceError"] {
        let c = enc_subclass(vm, cname);
        for (m, iv) in [
            ("source_encoding", "__source_encoding"),
            ("destination_encoding", "__destination_encoding"),
        ] {
            let _ = iv;
            let f: crate::interp::BuiltinFn = if m == "source_encoding" {
                |vm, s, _, _| Ok(vm.ivar_get_name(s, crate::intern!("__source_encoding")))
            } else {
                |vm, s, _, _| Ok(vm.ivar_get_name(s, crate::intern!("__destination_encoding")))
            };
            vm.def_builtin(c, m, 0, f);
        }
        vm.def_builtin(c, "source_encoding_name", 0, |vm, s, _, _| {
            let e = vm.ivar_get_name(s, crate::intern!("__source_encoding"));
            Ok(enc_of_value(vm, e).map_or(Value::NIL, |e| vm.str_new(e.def().name)))
        });
        vm.def_builtin(c, "destination_encoding_name", 0, |vm, s, _, _| {
            let e = vm.ivar_get_name(s, crate::intern!("__destination_encoding"));
            Ok(enc_of_value(vm, e).map_or(Value::NIL, |e| vm.str_new(e.def().name)))
        });
    }
    let u = enc_subclass(vm, "UndefinedConversionError");
    vm.def_builtin(u, "error_char", 0, |vm, s, _, _| {
        Ok(vm.ivar_get_name(s, crate::intern!("__error_char")))
    });
    let i = enc_subclass(vm, "InvalidByteSequenceError");
    vm.def_builtin(i, "error_bytes", 0, |vm, s, _, _| {
        Ok(vm.ivar_get_name(s, crate::intern!("__error_bytes")))
    });
    vm.def_builtin(i, "readagain_bytes", 0, |vm, s, _, _| {
        Ok(vm.ivar_get_name(s, crate::intern!("__readagain_bytes")))
    });
    vm.def_builtin(i, "incomplete_input?", 0, |vm, s, _, _| {
        Ok(Value::bool(
            vm.ivar_get_name(s, crate::intern!("__incomplete")).truthy(),
        ))
    });
    let s = crate::class::cls::STRING;
    vm.def_builtin(s, "encode", -1, |vm, s, a, _| {
        let (b, e) = encode_parts(vm, s, a)?;
        let v = vm.str_from_bytes(b);
        e.set(v);
        Ok(v)
    });
    vm.def_builtin(s, "encode!", -1, |vm, s, a, _| {
        crate::builtins::string::check_frozen_pub(vm, s)?;
        let (b, e) = encode_parts(vm, s, a)?;
        crate::builtins::string::set_bytes(vm, s, b)?;
        e.set(s);
        Ok(s)
    });
}

/// `encode(dst = default_internal, src = self.encoding, **opts)`: the
/// converted bytes and their encoding.
fn encode_parts(vm: &mut Vm, s: Value, a: &[Value]) -> Result<(Vec<u8>, Enc), Unwind> {
    let (pos, kw) = split_kw(vm, a);
    if pos.len() > 2 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..2)",
            pos.len()
        )));
    }
    let o = parse_opts(vm, kw)?;
    let src = match pos.get(1) {
        Some(v) => match target_arg(vm, *v)? {
            Target::Known(e) => e,
            Target::Unknown(n) => {
                let d = match pos.first() {
                    Some(v) => target_arg(vm, *v)?.name(),
                    None => String::new(),
                };
                return Err(failure_error(
                    vm,
                    Failure::NotFound(n, d),
                    Enc::Utf8,
                    Enc::Utf8,
                ));
            }
        },
        None => Enc::of(s),
    };
    let dst = match pos.first() {
        Some(v) => target_arg(vm, *v)?,
        None => match super::default_internal(vm) {
            Some(e) => Target::Known(e),
            None => Target::Known(src),
        },
    };
    let b = bytes(vm, s);
    match transcode(vm, &b, src, &dst, &o) {
        Ok(r) => Ok(r),
        Err(f) => {
            let d = match &dst {
                Target::Known(e) => *e,
                Target::Unknown(_) => Enc::Utf8,
            };
            Err(failure_error(vm, f, src, d))
        }
    }
}
