//! `format`/`sprintf`/`String#%`: feeds VM values to the
//! `support::sprintf` engine (converting with `to_s`, `inspect`,
//! `Integer()`, `Float()`, `to_int` as each directive needs) and turns its
//! errors into Ruby exceptions.

use super::{Enc, incompatible};
use crate::builtins::{float, integer, type_name};
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Body, Unwind};
use crate::support::sprintf::{self, ArgNeed, ArgSource, FmtArg, FormatError};
use crate::value::{Value, sym};

struct Source<'a> {
    vm: &'a mut Vm,
    args: &'a [Value],
    /// The result's encoding so far (rb_str_format's `rb_enc_check` on
    /// each `%s`/`%p` string) and whether the result is still ASCII only.
    enc: Enc,
    ascii: bool,
    /// A VM exception raised while converting an argument.
    raised: Option<Unwind>,
    /// The `%<name>` key the Hash lacked, and the Hash: the KeyError's
    /// `key` and `receiver` (did_you_mean suggests from them).
    missing_key: Option<(Value, Value)>,
}

/// Marks a FormatError that stands for `Source::raised`.
const RAISED: &str = "<raised>";

impl Source<'_> {
    fn fail(&mut self, e: Unwind) -> FormatError {
        self.raised = Some(e);
        FormatError {
            class: RAISED,
            message: String::new(),
        }
    }

    fn convert(&mut self, v: Value, need: ArgNeed) -> Result<FmtArg, FormatError> {
        let r = match need {
            ArgNeed::Str | ArgNeed::Inspect => self.text(v, need),
            ArgNeed::Char if self.vm.is_string(v) => self.text(v, need),
            _ => convert(self.vm, v, need),
        };
        r.map_err(|e| self.fail(e))
    }

    /// A `%s`/`%p` (or `%c` String) argument's bytes, its encoding
    /// checked against the result's.
    fn text(&mut self, v: Value, need: ArgNeed) -> Result<FmtArg, Unwind> {
        let vm = &mut *self.vm;
        let (bytes, enc) = if need == ArgNeed::Inspect {
            (vm.inspect(v)?.into_bytes(), Enc::Utf8)
        } else {
            let s = vm.to_s_value(v)?;
            (vm.string_bytes(s), Enc::of(s))
        };
        if !bytes.is_ascii() {
            if self.ascii {
                self.enc = enc;
                self.ascii = false;
            } else if enc != self.enc {
                return Err(incompatible(self.vm, self.enc, enc));
            }
        }
        Ok(FmtArg::Bytes(bytes, !enc.bytewise()))
    }
}

fn int_fmt(v: Value) -> Option<FmtArg> {
    if let Some(n) = v.as_fixnum() {
        return Some(FmtArg::Int(n));
    }
    if v.is_heap()
        && let Body::Bignum(b) = &*obj(v).body.borrow()
    {
        return Some(FmtArg::Big((**b).clone()));
    }
    None
}

fn convert(vm: &mut Vm, v: Value, need: ArgNeed) -> Result<FmtArg, Unwind> {
    match need {
        ArgNeed::Int => {
            if let Some(i) = int_fmt(v) {
                return Ok(i);
            }
            if let Some(f) = float::to_f64_strict(v) {
                return Ok(FmtArg::Float(f));
            }
            if vm.is_string(v) {
                return Ok(FmtArg::Str(vm.string_lossy(v)));
            }
            let r = integer::kernel_integer(vm, v, None)?;
            Ok(int_fmt(r).unwrap_or(FmtArg::Int(0)))
        }
        ArgNeed::Float => {
            if let Some(i) = int_fmt(v) {
                return Ok(i);
            }
            if let Some(f) = float::to_f64_strict(v) {
                return Ok(FmtArg::Float(f));
            }
            if vm.is_string(v) {
                return Ok(FmtArg::Str(vm.string_lossy(v)));
            }
            let r = float::kernel_float(vm, v, None)?;
            Ok(FmtArg::Float(float::to_f64(r).unwrap_or(0.0)))
        }
        ArgNeed::Str => Ok(FmtArg::Str(vm.to_s(v)?)),
        ArgNeed::Inspect => Ok(FmtArg::Str(vm.inspect(v)?)),
        ArgNeed::Char => {
            if let Some(i) = int_fmt(v) {
                return Ok(i);
            }
            if vm.is_string(v) {
                return Ok(FmtArg::Str(vm.string_lossy(v)));
            }
            if let Some(f) = float::to_f64_strict(v) {
                return Ok(FmtArg::Int(f as i64));
            }
            if v.is_heap() && vm.respond_to(v, sym::TO_STR) {
                let b = crate::builtins::str_arg(vm, v)?;
                return Ok(FmtArg::Str(String::from_utf8_lossy(&b).into_owned()));
            }
            let n = crate::builtins::int_arg(vm, v)?;
            Ok(FmtArg::Int(n))
        }
        ArgNeed::Width => {
            if let Some(i) = int_fmt(v) {
                return Ok(i);
            }
            if let Some(f) = float::to_f64_strict(v) {
                return Ok(FmtArg::Float(f));
            }
            if v.is_nil() {
                return Err(vm.type_error("no implicit conversion from nil to integer"));
            }
            if !v.is_heap() || !vm.respond_to(v, sym::TO_INT) {
                let t = type_name(vm, v);
                return Err(vm.type_error(&format!("no implicit conversion of {t} into Integer")));
            }
            let r = vm.funcall(v, sym::TO_INT, &[], None)?;
            Ok(int_fmt(r).unwrap_or(FmtArg::Int(0)))
        }
    }
}

impl ArgSource for Source<'_> {
    fn nth(&mut self, n: usize, need: ArgNeed) -> Result<FmtArg, FormatError> {
        match self.args.get(n).copied() {
            Some(v) => self.convert(v, need),
            None => Err(FormatError::too_few_arguments()),
        }
    }

    fn named(&mut self, name: &str, need: ArgNeed) -> Result<FmtArg, FormatError> {
        let h = match self.args {
            [h] if self.vm.hash_len(*h).is_some() => *h,
            _ => return Err(FormatError::one_hash_required()),
        };
        let k = self.vm.sym(name);
        let v = match self.vm.hash_get(h, k) {
            Ok(Some(v)) => v,
            Ok(None) => {
                // The hash's default (default proc or value), like CRuby.
                match crate::builtins::hash::hash_fetch_default(self.vm, h, k) {
                    Ok(v) if v.is_nil() => {
                        self.missing_key = Some((k, h));
                        return Err(FormatError::key_not_found());
                    }
                    Ok(v) => v,
                    Err(e) => return Err(self.fail(e)),
                }
            }
            Err(e) => return Err(self.fail(e)),
        };
        self.convert(v, need)
    }
}

/// `format(fmt, *args)` (Kernel#format, sprintf, printf and String#%).
pub fn format(vm: &mut Vm, a: &[Value]) -> VResult {
    if a.is_empty() {
        return Err(vm.argc_error(0, 1, usize::MAX));
    }
    let fb = crate::builtins::str_arg(vm, a[0])?;
    let fenc = if vm.is_string(a[0]) {
        Enc::of(a[0])
    } else {
        Enc::Utf8
    };
    let mut src = Source {
        vm,
        args: &a[1..],
        enc: fenc,
        ascii: fb.is_ascii(),
        raised: None,
        missing_key: None,
    };
    let r = sprintf::format(&fb, &mut src, fenc.bytewise());
    let raised = src.raised.take();
    let missing_key = src.missing_key.take();
    let enc = src.enc;
    match r {
        Ok(s) => {
            let v = vm.str_from_bytes(s);
            if enc != Enc::Utf8 {
                enc.set(v);
            }
            Ok(v)
        }
        Err(e) if e.class == RAISED => Err(raised.expect("raised error")),
        Err(e) => {
            let c = match e.class {
                "KeyError" => vm.e.key_error,
                "RangeError" => vm.e.range_error,
                "TypeError" => vm.e.type_error,
                _ => vm.e.argument_error,
            };
            let err = vm.error(c, &e.message);
            if let (Unwind::Raise(ex), Some((key, h))) = (&err, missing_key) {
                vm.ivar_set_name(*ex, crate::intern!("key"), key);
                vm.ivar_set_name(*ex, crate::intern!("recv"), h);
            }
            Err(err)
        }
    }
}
