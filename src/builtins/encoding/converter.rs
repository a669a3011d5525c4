//! `Encoding::Converter`: a conversion between two encodings with fixed
//! options, converting whole strings (`convert`, `finish`) and keeping
//! the last failure (`last_error`).

use super::convert::{
    Failure, Opts, Target, failure_error, parse_opts, target_arg, transcode, transcode_in,
};
use super::{enc_of_value, enc_value};
use crate::builtins::string::{Enc, bytes, split_kw};
use crate::interp::{VResult, Vm};
use crate::object::Unwind;
use crate::value::{ClassId, Value};

/// `Encoding::Converter`'s flag constants (CRuby's values).
const CONSTANTS: [(&str, i64); 13] = [
    ("AFTER_OUTPUT", 131072),
    ("CRLF_NEWLINE_DECORATOR", 4096),
    ("CR_NEWLINE_DECORATOR", 8192),
    ("INVALID_MASK", 15),
    ("INVALID_REPLACE", 2),
    ("PARTIAL_INPUT", 65536),
    ("UNDEF_HEX_CHARREF", 48),
    ("UNDEF_MASK", 240),
    ("UNDEF_REPLACE", 32),
    ("UNIVERSAL_NEWLINE_DECORATOR", 256),
    ("XML_ATTR_CONTENT_DECORATOR", 32768),
    ("XML_ATTR_QUOTE_DECORATOR", 1048576),
    ("XML_TEXT_DECORATOR", 16384),
];

fn ivar(vm: &Vm, s: Value, name: &str) -> Value {
    vm.ivar_get_name(s, crate::value::symbol::intern(name))
}

fn endpoint(vm: &Vm, s: Value, name: &str) -> Option<Enc> {
    enc_of_value(vm, ivar(vm, s, name))
}

/// The ASCII-compatible encoding an ASCII-incompatible one converts
/// through (`Encoding::Converter.asciicompat_encoding`), or None.
fn asciicompat(e: Enc) -> Option<Enc> {
    if e.ascii_compatible() {
        return None;
    }
    match e.def().name {
        "ISO-2022-JP" | "CP50220" | "CP50221" => Enc::find("stateless-ISO-2022-JP"),
        "ISO-2022-JP-KDDI" => Enc::find("stateless-ISO-2022-JP-KDDI"),
        "UTF-7" | "IBM037" => None,
        _ => Some(Enc::Utf8),
    }
}

fn new(vm: &mut Vm, s: Value, a: &[Value], _: crate::builtins::string::B) -> VResult {
    let (pos, kw) = split_kw(vm, a);
    if pos.len() != 2 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 2..3)",
            pos.len()
        )));
    }
    let src = target_arg(vm, pos[0])?;
    let dst = target_arg(vm, pos[1])?;
    let (Target::Known(se), Target::Known(de)) = (&src, &dst) else {
        let name = |t: &Target| match t {
            Target::Known(e) => e.def().name.to_string(),
            Target::Unknown(n) => n.clone(),
        };
        let f = Failure::NotFound(name(&src), name(&dst));
        return Err(failure_error(vm, f, Enc::Utf8, Enc::Utf8));
    };
    let (se, de) = (*se, *de);
    if se == de || super::codec::codec(se).is_none() || super::codec::codec(de).is_none() {
        let f = Failure::NotFound(se.def().name.into(), de.def().name.into());
        return Err(failure_error(vm, f, se, de));
    }
    let o = parse_opts(vm, kw)?;
    let rep = match &o.replace {
        Some(r) => {
            let t: String = r.iter().collect();
            vm.str_new(&t)
        }
        None if de.unicode() => vm.str_new("\u{FFFD}"),
        None => {
            let v = vm.str_new("?");
            Enc::UsAscii.set(v);
            v
        }
    };
    vm.ivar_set_name(s, crate::intern!("__replacement"), rep);
    let (sv, dv) = (enc_value(vm, se), enc_value(vm, de));
    vm.ivar_set_name(s, crate::intern!("__src"), sv);
    vm.ivar_set_name(s, crate::intern!("__dst"), dv);
    vm.ivar_set_name(s, crate::intern!("__opts"), kw.unwrap_or(Value::NIL));
    vm.ivar_set_name(s, crate::intern!("__last_error"), Value::NIL);
    Ok(Value::NIL)
}

fn convert(vm: &mut Vm, s: Value, a: &[Value], _: crate::builtins::string::B) -> VResult {
    let (Some(se), Some(de)) = (endpoint(vm, s, "__src"), endpoint(vm, s, "__dst")) else {
        return Err(vm.type_error("uninitialized encoding converter"));
    };
    let b = crate::builtins::string::str_arg(vm, a[0])?;
    let o = conv_opts(vm, s)?;
    match transcode(vm, &b, se, &Target::Known(de), &o) {
        Ok((out, e)) => {
            let v = vm.str_from_bytes(out);
            e.set(v);
            Ok(v)
        }
        Err(f) => {
            let u = failure_error(vm, f, se, de);
            if let Unwind::Raise(x) = &u {
                vm.ivar_set_name(s, crate::intern!("__last_error"), *x);
            }
            Err(u)
        }
    }
}

/// The converter's options, with its current replacement.
fn conv_opts(vm: &mut Vm, s: Value) -> Result<Opts, Unwind> {
    let kw = ivar(vm, s, "__opts");
    let mut o = parse_opts(vm, if kw.is_nil() { None } else { Some(kw) })?;
    let r = ivar(vm, s, "__replacement");
    if vm.is_string(r) {
        let t = vm.string_lossy(r);
        o.replace = Some(t.chars().collect());
    }
    Ok(o)
}

/// `primitive_convert(src, dst, offset = nil, size = nil, partial_input:)`:
/// converts `src` onto the end of `dst`, removing what it consumed, and
/// returns why it stopped (a failure is kept for `last_error` and
/// `primitive_errinfo`, not raised).
fn primitive_convert(vm: &mut Vm, s: Value, a: &[Value], _: crate::builtins::string::B) -> VResult {
    let (pos, kw) = split_kw(vm, a);
    let (Some(se), Some(de)) = (endpoint(vm, s, "__src"), endpoint(vm, s, "__dst")) else {
        return Err(vm.type_error("uninitialized encoding converter"));
    };
    if pos.len() < 2 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 2..5)",
            pos.len()
        )));
    }
    let (src, dst) = (pos[0], pos[1]);
    let partial = match crate::builtins::string::kw_get(vm, kw, "partial_input")? {
        Some(v) => v.truthy(),
        None => pos
            .get(4)
            .and_then(|v| v.as_fixnum())
            .is_some_and(|f| f & 0x10000 != 0),
    };
    let pending = ivar(vm, s, "__pending");
    let mut input = if vm.is_string(pending) {
        bytes(vm, pending)
    } else {
        Vec::new()
    };
    if !src.is_nil() {
        input.extend(crate::builtins::string::str_arg(vm, src)?);
    }
    let o = conv_opts(vm, s)?;
    let (mut i, mut out) = (0, Vec::new());
    let r = transcode_in(vm, &input, se, &Target::Known(de), &o, &mut i, &mut out);
    let mut rest: Vec<u8> = Vec::new();
    let mut keep: Vec<u8> = Vec::new();
    let (status, info) = match r {
        Ok(_) => (
            if partial {
                "source_buffer_empty"
            } else {
                "finished"
            },
            None,
        ),
        Err(Failure::Invalid {
            incomplete: true, ..
        }) if partial => {
            keep = input[i..].to_vec();
            ("source_buffer_empty", None)
        }
        Err(f @ Failure::Invalid { .. }) => {
            let Failure::Invalid {
                bytes: ref eb,
                ref readagain,
                incomplete,
                ..
            } = f
            else {
                unreachable!()
            };
            let after = (i + eb.len() + readagain.len()).min(input.len());
            rest = input[after..].to_vec();
            keep = readagain.clone();
            let st = if incomplete {
                "incomplete_input"
            } else {
                "invalid_byte_sequence"
            };
            let info = (eb.clone(), readagain.clone());
            (st, Some((f, info)))
        }
        Err(f @ Failure::Undef { .. }) => {
            rest = input[i..].to_vec();
            let Failure::Undef { ch: ref c, .. } = f else {
                unreachable!()
            };
            let info = (c.clone(), Vec::new());
            ("undefined_conversion", Some((f, info)))
        }
        Err(f) => return Err(failure_error(vm, f, se, de)),
    };
    if !src.is_nil() && vm.is_string(src) {
        let r = vm.str_from_bytes(rest);
        crate::builtins::string::replace_bytes_pub(vm, src, r)?;
    }
    let kv = vm.str_from_bytes(keep);
    vm.ivar_set_name(s, crate::intern!("__pending"), kv);
    let mut d = bytes(vm, dst);
    d.extend_from_slice(&out);
    let dv = vm.str_from_bytes(d);
    crate::builtins::string::replace_bytes_pub(vm, dst, dv)?;
    de.set(dst);
    let sym = vm.sym(status);
    let (err, errinfo) = match info {
        Some((f, (eb, ra))) => {
            let (fs, fd) = match &f {
                Failure::Invalid { src, dst, .. } | Failure::Undef { src, dst, .. } => (*src, *dst),
                _ => (se, de),
            };
            let e = match failure_error(vm, f, se, de) {
                Unwind::Raise(x) => x,
                _ => Value::NIL,
            };
            let (n1, n2) = (vm.str_new(fs.def().name), vm.str_new(fd.def().name));
            let (b1, b2) = (vm.str_from_bytes(eb), vm.str_from_bytes(ra));
            Enc::Binary.set(b1);
            Enc::Binary.set(b2);
            (e, vec![sym, n1, n2, b1, b2])
        }
        None => (
            Value::NIL,
            vec![sym, Value::NIL, Value::NIL, Value::NIL, Value::NIL],
        ),
    };
    vm.ivar_set_name(s, crate::intern!("__last_error"), err);
    let ei = vm.ary_new(errinfo);
    vm.ivar_set_name(s, crate::intern!("__errinfo"), ei);
    Ok(sym)
}

pub fn init(vm: &mut Vm, e: ClassId) {
    let c = vm.new_class(Some("Converter"), crate::class::cls::OBJECT, Some(e));
    vm.def_builtin(c, "initialize", -1, new);
    vm.def_builtin(c, "convert", 1, convert);
    vm.def_builtin(c, "finish", 0, |vm, s, _, _| {
        let v = vm.str_new("");
        if let Some(d) = endpoint(vm, s, "__dst") {
            d.set(v);
        }
        Ok(v)
    });
    vm.def_builtin(c, "last_error", 0, |vm, s, _, _| {
        Ok(ivar(vm, s, "__last_error"))
    });
    vm.def_builtin(c, "source_encoding", 0, |vm, s, _, _| {
        Ok(ivar(vm, s, "__src"))
    });
    vm.def_builtin(c, "destination_encoding", 0, |vm, s, _, _| {
        Ok(ivar(vm, s, "__dst"))
    });
    vm.def_builtin(c, "replacement", 0, |vm, s, _, _| {
        Ok(ivar(vm, s, "__replacement"))
    });
    vm.def_builtin(c, "replacement=", 1, |vm, s, a, _| {
        crate::builtins::string::str_arg(vm, a[0])?;
        vm.ivar_set_name(s, crate::intern!("__replacement"), a[0]);
        Ok(a[0])
    });
    vm.def_builtin(c, "primitive_convert", -1, primitive_convert);
    vm.def_builtin(c, "primitive_errinfo", 0, |vm, s, _, _| {
        let v = ivar(vm, s, "__errinfo");
        if v.is_nil() {
            let sym = vm.sym("source_buffer_empty");
            return Ok(vm.ary_new(vec![sym, Value::NIL, Value::NIL, Value::NIL, Value::NIL]));
        }
        Ok(v)
    });
    for (name, val) in CONSTANTS {
        vm.classes
            .set_const(c, crate::value::symbol::intern(name), Value::int(val));
    }
    vm.def_builtin(c, "inspect", 0, |vm, s, _, _| {
        let n = |e: Option<Enc>| e.map_or("?", |e| e.def().name);
        let t = format!(
            "#<Encoding::Converter: {} to {}>",
            n(endpoint(vm, s, "__src")),
            n(endpoint(vm, s, "__dst"))
        );
        Ok(vm.str_new(&t))
    });
    vm.def_singleton_builtin(c, "asciicompat_encoding", 1, |vm, _, a, _| {
        let e = match target_arg(vm, a[0])? {
            Target::Known(e) => e,
            Target::Unknown(_) => return Ok(Value::NIL),
        };
        Ok(asciicompat(e).map_or(Value::NIL, |x| enc_value(vm, x)))
    });
}
