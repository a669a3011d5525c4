//! `Encoding::Converter`: a conversion between two encodings with fixed
//! options, converting whole strings (`convert`, `finish`) and keeping
//! the last failure (`last_error`).

use super::convert::{Failure, Target, failure_error, parse_opts, target_arg, transcode};
use super::{enc_of_value, enc_value};
use crate::builtins::string::{Enc, bytes, split_kw};
use crate::interp::{VResult, Vm};
use crate::object::Unwind;
use crate::value::{ClassId, Value};

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
    if se != de && (super::codec::codec(se).is_none() || super::codec::codec(de).is_none()) {
        let f = Failure::NotFound(se.def().name.into(), de.def().name.into());
        return Err(failure_error(vm, f, se, de));
    }
    parse_opts(vm, kw)?;
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
    let kw = ivar(vm, s, "__opts");
    let o = parse_opts(vm, if kw.is_nil() { None } else { Some(kw) })?;
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
        let uni = endpoint(vm, s, "__dst").is_some_and(|d| d.unicode());
        Ok(vm.str_new(if uni { "\u{FFFD}" } else { "?" }))
    });
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
    let _ = bytes;
}
