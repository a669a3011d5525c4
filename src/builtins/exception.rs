//! Exception and its subclasses' methods.

use crate::class::cls;
use crate::gc::obj;
use crate::interp::error_report::ReportStyle;
use crate::interp::{VResult, Vm};
use crate::object::{Body, Unwind};
use crate::value::{Value, sym, symbol};

pub fn init(vm: &mut Vm) {
    let e = cls::EXCEPTION;
    vm.def_builtin(e, "initialize", -1, |vm, s, a, _| {
        let m = a.first().copied().unwrap_or(Value::NIL);
        vm.ivar_set_name(s, sym::IVAR_MESSAGE, m);
        Ok(s)
    });
    vm.def_singleton_builtin(e, "exception", -1, |vm, s, a, b| {
        vm.funcall(s, sym::NEW, a, b)
    });
    vm.def_builtin(e, "exception", -1, |vm, s, a, _| {
        if a.is_empty() || a[0] == s {
            return Ok(s);
        }
        // A copy with the new message; the backtrace stays (CRuby's
        // exc_exception: rb_obj_clone).
        let c = super::object::dup(vm, s, false)?;
        vm.ivar_set_name(c, sym::IVAR_MESSAGE, a[0]);
        Ok(c)
    });
    vm.def_builtin(e, "to_s", 0, |vm, s, _, _| {
        let m = vm.ivar_get_name(s, sym::IVAR_MESSAGE);
        if m.is_nil() {
            let n = vm.class_name(vm.real_class_of(s));
            return Ok(vm.str_new(&n));
        }
        if vm.is_string(m) {
            return Ok(m);
        }
        let t = vm.to_s(m)?;
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(e, "message", 0, |vm, s, _, _| {
        vm.funcall(s, sym::TO_S, &[], None)
    });
    vm.def_builtin(e, "detailed_message", -1, |vm, s, _, _| {
        vm.funcall(s, sym::MESSAGE, &[], None)
    });
    vm.def_builtin(e, "full_message", -1, full_message);
    vm.def_builtin(e, "inspect", 0, |vm, s, _, _| {
        let c = vm.class_name(vm.real_class_of(s));
        // CRuby's inspect shows to_s, not message.
        let t = vm.funcall(s, sym::TO_S, &[], None)?;
        let m = vm.string_lossy(t);
        let t = if m.is_empty() {
            c
        } else {
            format!("#<{c}: {m}>")
        };
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(e, "backtrace", 0, |vm, s, _, _| {
        Ok(vm.exception_backtrace(s))
    });
    vm.def_builtin(e, "set_backtrace", 1, |vm, s, a, _| {
        let bt = check_backtrace(vm, a[0])?;
        vm.set_backtrace(s, bt);
        Ok(bt)
    });
    // The lines prelude/thread.rb makes Thread::Backtrace::Locations of:
    // the backtrace as `backtrace` holds it (without calling a redefined
    // `backtrace`); after set_backtrace, what it was given, where CRuby
    // keeps the raised locations.
    vm.def_builtin(e, "__backtrace_lines", 0, |vm, s, _, _| {
        Ok(vm.exception_backtrace(s))
    });
    vm.def_builtin(e, "cause", 0, |vm, s, _, _| {
        Ok(vm.ivar_get_name(s, sym::IVAR_CAUSE))
    });
    vm.def_builtin(e, "==", 1, |vm, s, a, _| {
        if s == a[0] {
            return Ok(Value::TRUE);
        }
        if vm.real_class_of(s) != vm.real_class_of(a[0]) {
            return Ok(Value::FALSE);
        }
        let (x, y) = (vm.exception_message(s), vm.exception_message(a[0]));
        if x != y {
            return Ok(Value::FALSE);
        }
        // exc_equal: the backtraces must match too.
        let bt = crate::intern!("backtrace");
        let bx = vm.funcall(s, bt, &[], None)?;
        vm.push_root(bx);
        let by = vm.funcall(a[0], bt, &[], None);
        vm.temp_roots.pop();
        let by = by?;
        Ok(Value::bool(
            bx == by || vm.funcall(bx, sym::EQ, &[by], None)?.truthy(),
        ))
    });
    let ne = vm.e.name_error;
    vm.def_builtin(ne, "name", 0, |vm, s, _, _| {
        Ok(vm.ivar_get_name(s, crate::intern!("name")))
    });
    vm.def_builtin(ne, "receiver", 0, |vm, s, _, _| {
        required_field(vm, s, "recv", "no receiver is available")
    });
    vm.def_builtin(ne, "initialize", -1, |vm, s, a, _| {
        let (pos, kw) = split_receiver_kw(vm, a);
        vm.ivar_set_name(
            s,
            sym::IVAR_MESSAGE,
            pos.first().copied().unwrap_or(Value::NIL),
        );
        vm.ivar_set_name(
            s,
            crate::intern!("name"),
            pos.get(1).copied().unwrap_or(Value::NIL),
        );
        if let Some(r) = kw {
            vm.ivar_set_name(s, crate::intern!("recv"), r);
        }
        Ok(Value::NIL)
    });
    let nme = vm.e.no_method_error;
    vm.def_builtin(nme, "initialize", -1, |vm, s, a, _| {
        let (pos, kw) = split_receiver_kw(vm, a);
        vm.ivar_set_name(
            s,
            sym::IVAR_MESSAGE,
            pos.first().copied().unwrap_or(Value::NIL),
        );
        vm.ivar_set_name(
            s,
            crate::intern!("name"),
            pos.get(1).copied().unwrap_or(Value::NIL),
        );
        let args = match pos.get(2) {
            Some(v) => *v,
            None => vm.ary_new(vec![]),
        };
        vm.ivar_set_name(s, crate::intern!("args"), args);
        if let Some(r) = kw {
            vm.ivar_set_name(s, crate::intern!("recv"), r);
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(nme, "args", 0, |vm, s, _, _| {
        let v = vm.ivar_get_name(s, crate::intern!("args"));
        if v.is_nil() {
            return Ok(vm.ary_new(vec![]));
        }
        Ok(v)
    });
    vm.def_builtin(nme, "private_call?", 0, |vm, s, _, _| {
        let v = vm.ivar_get_name(s, symbol::intern(crate::interp::error::PRIVATE_CALL_IVAR));
        Ok(Value::bool(v.truthy()))
    });
    // Computed on the first call from the raising iseq, then kept (the
    // same Array each time, as CRuby's).
    vm.def_builtin(ne, "local_variables", 0, |vm, s, _, _| {
        let slot = symbol::intern(crate::interp::error::ISEQ_IVAR);
        let id = vm.ivar_get_name(s, slot);
        if id.is_heap() {
            return Ok(id);
        }
        let iseq = id
            .as_fixnum()
            .and_then(|i| vm.iseqs.get(i as usize).copied().flatten());
        let names = match iseq {
            Some(iseq) => vm
                .scope_locals(iseq)
                .into_iter()
                .map(|(n, ..)| Value::symbol(n))
                .collect(),
            None => Vec::new(),
        };
        let names = vm.ary_new(names);
        vm.ivar_set_name(s, slot, names);
        Ok(names)
    });
    let ke = vm.e.key_error;
    vm.def_builtin(ke, "key", 0, |vm, s, _, _| {
        required_field(vm, s, "key", "no key is available")
    });
    vm.def_builtin(ke, "receiver", 0, |vm, s, _, _| {
        required_field(vm, s, "recv", "no receiver is available")
    });
    let se = vm.e.system_exit;
    // SystemExit.new([status], [message]): status true/false/Integer first.
    vm.def_builtin(se, "initialize", -1, |vm, s, a, _| {
        let mut rest = a;
        let mut status = 0i64;
        if let Some(&v) = a.first() {
            if v == Value::TRUE {
                rest = &a[1..];
            } else if v == Value::FALSE {
                status = 1;
                rest = &a[1..];
            } else if let Some(n) = v.as_fixnum() {
                status = n;
                rest = &a[1..];
            }
        }
        if rest.len() > 1 {
            return Err(vm.arg_error(&format!(
                "wrong number of arguments (given {}, expected 0..2)",
                a.len()
            )));
        }
        // No message: the class name, as CRuby (`exit` passes "exit").
        let m = rest.first().copied().unwrap_or(Value::NIL);
        vm.ivar_set_name(s, sym::IVAR_MESSAGE, m);
        vm.ivar_set_name(s, crate::intern!("status"), Value::int(status));
        Ok(Value::NIL)
    });
    vm.def_builtin(se, "status", 0, |vm, s, _, _| {
        let v = vm.ivar_get_name(s, crate::intern!("status"));
        Ok(if v.is_nil() { Value::int(0) } else { v })
    });
    vm.def_builtin(se, "success?", 0, |vm, s, _, _| {
        let v = vm.ivar_get_name(s, crate::intern!("status"));
        Ok(Value::bool(v.is_nil() || v == Value::int(0)))
    });
    let si = vm.e.stop_iteration;
    vm.def_builtin(si, "result", 0, |vm, s, _, _| {
        Ok(vm.ivar_get_name(s, crate::intern!("result")))
    });
}

/// Splits a trailing `receiver:` keyword Hash off NameError.new's arguments.
/// `full_message(highlight: false, order: :top)` (the defaults when
/// stderr is not a terminal; CRuby 3.1 defaults to :top either way).
fn full_message(
    vm: &mut Vm,
    s: Value,
    a: &[Value],
    _: Option<std::rc::Rc<crate::object::BlockArg>>,
) -> VResult {
    let (pos, kw) = super::string::split_kw(vm, a);
    if !pos.is_empty() {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0)",
            pos.len()
        )));
    }
    let mut style = ReportStyle {
        here: true,
        ..ReportStyle::default()
    };
    if let Some(h) = super::string::kw_get(vm, kw, "highlight")? {
        match h {
            Value::TRUE => style.highlight = true,
            Value::FALSE | Value::NIL => {}
            v => {
                let shown = vm.inspect(v)?;
                return Err(vm.arg_error(&format!("expected true or false as highlight: {shown}")));
            }
        }
    }
    if let Some(o) = super::string::kw_get(vm, kw, "order")? {
        if !o.is_symbol() && !vm.is_string(o) {
            let shown = vm.inspect(o)?;
            return Err(vm.type_error(&format!("{shown} is not a symbol nor a string")));
        }
        match vm.to_s(o)?.as_str() {
            "bottom" => style.reverse = true,
            "top" => {}
            _ => {
                let shown = vm.inspect(o)?;
                return Err(vm.arg_error(&format!("expected :top or :bottom as order: {shown}")));
            }
        }
    }
    let t = vm.exception_report(s, style);
    // CRuby builds the report in an ASCII-8BIT String.
    Ok(super::ext::binary_str(vm, t.into_bytes()))
}

fn split_receiver_kw(vm: &mut Vm, a: &[Value]) -> (Vec<Value>, Option<Value>) {
    if let Some(last) = a.last()
        && last.is_heap()
        && matches!(
            &*crate::gc::obj(*last).body.borrow(),
            crate::object::Body::Hash(_)
        )
    {
        let pairs = vm.hash_pairs(*last);
        let rk = vm.sym("receiver");
        if pairs.len() == 1 && pairs[0].0 == rk {
            return (a[..a.len() - 1].to_vec(), Some(pairs[0].1));
        }
    }
    (a.to_vec(), None)
}

/// An exception's field (`NameError#receiver`, `KeyError#key`...): an
/// ArgumentError when the raiser never set it, as CRuby's.
fn required_field(vm: &mut Vm, s: Value, ivar: &str, missing: &str) -> VResult {
    let n = symbol::intern(ivar);
    if !vm.ivar_is_set(s, n) {
        return Err(vm.arg_error(missing));
    }
    Ok(vm.ivar_get_name(s, n))
}

/// A backtrace `set_backtrace` or `raise` accepts: nil, an Array of
/// Strings, or one String (made an Array); TypeError otherwise.
pub fn check_backtrace(vm: &mut Vm, bt: Value) -> Result<Value, Unwind> {
    if bt.is_nil() {
        return Ok(bt);
    }
    if vm.is_string(bt) {
        return Ok(vm.ary_new(vec![bt]));
    }
    let is_array = bt.is_heap() && matches!(&*obj(bt).body.borrow(), Body::Array(_));
    if is_array && vm.array_items(bt).iter().all(|v| vm.is_string(*v)) {
        return Ok(bt);
    }
    Err(vm.type_error("backtrace must be Array of String"))
}
