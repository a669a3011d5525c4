//! BasicObject, Object's public Kernel methods, NilClass, TrueClass,
//! FalseClass.

use std::rc::Rc;

use super::{check_frozen, name_arg};
use crate::class::{ClassKind, MethodKind, Visibility, cls};
use crate::dispatch::{Reason, lookup};
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, RMethod};
use crate::value::{Value, sym, symbol};

type B = Option<Rc<BlockArg>>;

pub fn init(vm: &mut Vm) {
    let bo = cls::BASIC_OBJECT;
    vm.def_builtin(bo, "initialize", -1, |_, _, _, _| Ok(Value::NIL));
    vm.def_private_builtin(bo, "initialize", -1, |_, _, _, _| Ok(Value::NIL));
    vm.def_builtin(bo, "==", 1, |_, s, a, _| Ok(Value::bool(s == a[0])));
    vm.def_builtin(bo, "equal?", 1, |_, s, a, _| Ok(Value::bool(s == a[0])));
    vm.def_builtin(bo, "!", 0, |_, s, _, _| Ok(Value::bool(!s.truthy())));
    vm.def_builtin(bo, "!=", 1, |vm, s, a, _| {
        Ok(Value::bool(
            !vm.funcall(s, sym::EQ, &[a[0]], None)?.truthy(),
        ))
    });
    vm.def_builtin(bo, "__id__", 0, object_id);
    vm.def_builtin(bo, "__send__", -2, send);
    vm.def_builtin(bo, "instance_eval", -1, instance_eval);
    vm.def_builtin(bo, "instance_exec", -1, instance_exec);
    vm.def_private_builtin(bo, "method_missing", -2, method_missing);
    vm.def_private_builtin(bo, "singleton_method_added", 1, |_, _, _, _| Ok(Value::NIL));

    let k = cls::KERNEL;
    vm.def_builtin(k, "class", 0, |vm, s, _, _| {
        Ok(vm.class_value(vm.real_class_of(s)))
    });
    vm.def_builtin(k, "singleton_class", 0, |vm, s, _, _| {
        let c = vm.singleton_class(s);
        Ok(vm.class_value(c))
    });
    vm.def_builtin(k, "frozen?", 0, |_, s, _, _| {
        Ok(Value::bool(!s.is_heap() || obj(s).is_frozen()))
    });
    vm.def_builtin(k, "freeze", 0, |_, s, _, _| {
        if s.is_heap() {
            obj(s).freeze();
        }
        Ok(s)
    });
    vm.def_builtin(k, "nil?", 0, |_, s, _, _| Ok(Value::bool(s.is_nil())));
    vm.def_builtin(k, "===", 1, |vm, s, a, _| {
        if s == a[0] {
            return Ok(Value::TRUE);
        }
        Ok(Value::bool(vm.funcall(s, sym::EQ, &[a[0]], None)?.truthy()))
    });
    vm.def_builtin(k, "=~", 1, |_, _, _, _| Ok(Value::NIL));
    vm.def_builtin(k, "!~", 1, |vm, s, a, _| {
        let r = vm.funcall(s, crate::value::sym::MATCH, a, None)?;
        Ok(Value::bool(!r.truthy()))
    });
    vm.def_builtin(k, "<=>", 1, |vm, s, a, _| {
        if s == a[0] || vm.funcall(s, sym::EQ, &[a[0]], None)?.truthy() {
            return Ok(Value::int(0));
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(k, "eql?", 1, |_, s, a, _| Ok(Value::bool(s == a[0])));
    vm.def_builtin(k, "hash", 0, |_, s, _, _| {
        Ok(Value::int((s.raw() >> 3) as i64 & 0x3fff_ffff_ffff))
    });
    vm.def_builtin(k, "object_id", 0, object_id);
    vm.def_builtin(k, "to_s", 0, |vm, s, _, _| {
        let t = if s == vm.main_obj {
            "main".to_string()
        } else {
            vm.any_to_s(s)
        };
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(k, "inspect", 0, inspect);
    vm.def_builtin(k, "is_a?", 1, is_a);
    vm.def_builtin(k, "kind_of?", 1, is_a);
    vm.def_builtin(k, "instance_of?", 1, |vm, s, a, _| {
        match vm.as_class(a[0]) {
            Some(c) => Ok(Value::bool(vm.real_class_of(s) == c)),
            None => Err(vm.type_error("class or module required")),
        }
    });
    vm.def_builtin(k, "respond_to?", -2, respond_to);
    vm.def_builtin(k, "send", -2, send);
    vm.def_builtin(k, "public_send", -2, public_send);
    vm.def_builtin(k, "method", 1, method);
    vm.def_builtin(k, "methods", -1, |vm, s, _, _| {
        let c = vm.class_of(s);
        let mut names = Vec::new();
        for a in vm.classes.ancestors(c).iter() {
            for (n, m) in vm.classes.get(*a).methods.iter() {
                let e = vm.classes.method(*m);
                if e.visibility != Visibility::Private
                    && !matches!(e.kind, MethodKind::Undefined)
                    && !names.contains(n)
                {
                    names.push(*n);
                }
            }
        }
        let v = names.into_iter().map(Value::symbol).collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(k, "singleton_methods", -1, |vm, s, _, _| {
        let c = vm.class_of(s);
        let mut names = Vec::new();
        if vm.classes.get(c).kind == ClassKind::Singleton {
            for (n, m) in vm.classes.get(c).methods.iter() {
                if vm.classes.method(*m).visibility != Visibility::Private {
                    names.push(Value::symbol(*n));
                }
            }
        }
        Ok(vm.ary_new(names))
    });
    vm.def_builtin(k, "instance_variables", 0, |vm, s, _, _| {
        let v = vm
            .ivar_list(s)
            .into_iter()
            .map(|(n, _)| Value::symbol(n))
            .collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(k, "instance_variable_get", 1, |vm, s, a, _| {
        let n = name_arg(vm, a[0])?;
        Ok(vm.ivar_get_name(s, n))
    });
    vm.def_builtin(k, "instance_variable_set", 2, |vm, s, a, _| {
        let n = name_arg(vm, a[0])?;
        check_frozen(vm, s)?;
        vm.ivar_set_name(s, n, a[1]);
        Ok(a[1])
    });
    vm.def_builtin(k, "instance_variable_defined?", 1, |vm, s, a, _| {
        let n = name_arg(vm, a[0])?;
        Ok(Value::bool(vm.ivar_list(s).iter().any(|(k, _)| *k == n)))
    });
    vm.def_builtin(k, "remove_instance_variable", 1, |vm, s, a, _| {
        let n = name_arg(vm, a[0])?;
        let v = vm.ivar_get_name(s, n);
        if s.is_heap() {
            let c = obj(s).class.get();
            if let Some(slot) = vm.classes.ivar_slot_lookup(c, n)
                && let Body::Object(iv) = &mut *obj(s).body.borrow_mut()
                && (slot as usize) < iv.len()
            {
                iv[slot as usize] = Value::UNDEF;
            }
        }
        Ok(v)
    });
    vm.def_builtin(k, "dup", 0, |vm, s, _, _| dup(vm, s, false));
    vm.def_builtin(k, "clone", -1, |vm, s, a, _| {
        let freeze = a
            .first()
            .map(|h| vm.hash_pairs(*h))
            .and_then(|p| p.first().map(|(_, v)| *v));
        let c = dup(vm, s, true)?;
        if freeze == Some(Value::FALSE) && c.is_heap() {
            obj(c)
                .flags
                .set(obj(c).flags.get() & !crate::object::FLAG_FROZEN);
        }
        Ok(c)
    });
    vm.def_builtin(k, "itself", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(k, "tap", 0, |vm, s, _, b| {
        let b = block_required(vm, b)?;
        vm.yield_block(&b, &[s])?;
        Ok(s)
    });
    vm.def_builtin(k, "then", 0, |vm, s, _, b| {
        let b = block_required(vm, b)?;
        vm.yield_block(&b, &[s])
    });
    vm.def_builtin(k, "yield_self", 0, |vm, s, _, b| {
        let b = block_required(vm, b)?;
        vm.yield_block(&b, &[s])
    });
    vm.def_builtin(k, "extend", -2, |vm, s, a, _| {
        for m in a.iter().rev() {
            let Some(mc) = vm.as_class(*m) else {
                return Err(vm.type_error("wrong argument type (expected Module)"));
            };
            let sc = vm.singleton_class(s);
            super::module::include_module(vm, sc, mc, false)?;
            vm.funcall(*m, sym::EXTENDED, &[s], None)?;
        }
        Ok(s)
    });
    vm.def_builtin(k, "define_singleton_method", -2, |vm, s, a, b| {
        let sc = vm.singleton_class(s);
        let scv = vm.class_value(sc);
        super::module::define_method(vm, scv, a, b)
    });
    vm.def_builtin(k, "singleton_method", 1, method);
    vm.def_builtin(k, "public_method", 1, method);
    vm.def_builtin(k, "display", 0, |vm, s, _, _| {
        let b = vm.value_to_bytes(s)?;
        vm.write_out(&b);
        Ok(Value::NIL)
    });
    vm.def_builtin(k, "enum_for", -1, enum_for);
    vm.def_builtin(k, "to_enum", -1, enum_for);

    let n = cls::NIL;
    vm.def_builtin(n, "to_s", 0, |vm, _, _, _| Ok(vm.str_new("")));
    vm.def_builtin(n, "to_a", 0, |vm, _, _, _| Ok(vm.ary_new(vec![])));
    vm.def_builtin(n, "to_h", 0, |vm, _, _, _| Ok(vm.new_hash()));
    vm.def_builtin(n, "to_i", 0, |_, _, _, _| Ok(Value::int(0)));
    vm.def_builtin(n, "to_f", 0, |vm, _, _, _| Ok(vm.float_new(0.0)));
    vm.def_builtin(n, "inspect", 0, |vm, _, _, _| Ok(vm.str_new("nil")));
    vm.def_builtin(n, "&", 1, |_, _, _, _| Ok(Value::FALSE));
    vm.def_builtin(n, "|", 1, |_, _, a, _| Ok(Value::bool(a[0].truthy())));
    let t = cls::TRUE;
    vm.def_builtin(t, "to_s", 0, |vm, _, _, _| Ok(vm.str_new("true")));
    vm.def_builtin(t, "inspect", 0, |vm, _, _, _| Ok(vm.str_new("true")));
    vm.def_builtin(t, "&", 1, |_, _, a, _| Ok(Value::bool(a[0].truthy())));
    vm.def_builtin(t, "|", 1, |_, _, _, _| Ok(Value::TRUE));
    vm.def_builtin(t, "^", 1, |_, _, a, _| Ok(Value::bool(!a[0].truthy())));
    let f = cls::FALSE;
    vm.def_builtin(f, "to_s", 0, |vm, _, _, _| Ok(vm.str_new("false")));
    vm.def_builtin(f, "inspect", 0, |vm, _, _, _| Ok(vm.str_new("false")));
    vm.def_builtin(f, "&", 1, |_, _, _, _| Ok(Value::FALSE));
    vm.def_builtin(f, "|", 1, |_, _, a, _| Ok(Value::bool(a[0].truthy())));
    vm.def_builtin(f, "^", 1, |_, _, a, _| Ok(Value::bool(a[0].truthy())));
}

pub fn block_required(vm: &mut Vm, b: B) -> Result<Rc<BlockArg>, crate::object::Unwind> {
    match b {
        Some(b) => Ok(b),
        None => Err(vm.local_jump_error("no block given (yield)")),
    }
}

fn object_id(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    if let Some(n) = s.as_fixnum() {
        return Ok(Value::int(2 * n + 1));
    }
    if !s.is_heap() {
        return Ok(Value::int((s.raw() >> 1) as i64 & 0xffff_ffff));
    }
    let key = s.raw();
    if let Some(id) = vm.object_ids.get(&key) {
        return Ok(Value::int(*id as i64));
    }
    vm.object_id_counter += 8;
    let id = vm.object_id_counter;
    vm.object_ids.insert(key, id);
    Ok(Value::int(id as i64))
}

fn inspect(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    if s == vm.main_obj {
        return Ok(vm.str_new("main"));
    }
    let ivars = vm.ivar_list(s);
    let base = vm.any_to_s(s);
    if ivars.is_empty() || vm.as_class(s).is_some() {
        let r = vm.funcall(s, sym::TO_S, &[], None)?;
        return Ok(r);
    }
    let mut out = base.trim_end_matches('>').to_string();
    for (i, (n, v)) in ivars.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        out.push_str(&symbol::name(*n));
        out.push('=');
        out.push_str(&vm.inspect(*v)?);
    }
    out.push('>');
    Ok(vm.str_new(&out))
}

fn is_a(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    match vm.as_class(a[0]) {
        Some(c) => {
            let sc = vm.class_of(s);
            Ok(Value::bool(vm.classes.is_subclass_of(sc, c)))
        }
        None => Err(vm.type_error("class or module required")),
    }
}

fn respond_to(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let n = name_arg(vm, a[0])?;
    let include_private = a.get(1).is_some_and(|v| v.truthy());
    let c = vm.class_of(s);
    let r = vm.dispatch.resolve(&mut vm.classes, c, n);
    if r.method.is_some() && (include_private || r.visibility == Visibility::Public) {
        return Ok(Value::TRUE);
    }
    let rm = vm.funcall(
        s,
        sym::RESPOND_TO_MISSING,
        &[Value::symbol(n), Value::bool(include_private)],
        None,
    )?;
    Ok(Value::bool(rm.truthy()))
}

fn send(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    if a.is_empty() {
        return Err(vm.arg_error("no method name given"));
    }
    let n = name_arg(vm, a[0])?;
    vm.dispatch.counters.ccf_send += 1;
    vm.funcall(s, n, &a[1..], b)
}

fn public_send(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    if a.is_empty() {
        return Err(vm.arg_error("no method name given"));
    }
    let n = name_arg(vm, a[0])?;
    vm.dispatch.counters.ccf_send += 1;
    vm.call_method_public(s, n, &a[1..], b)
}

fn method(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let n = name_arg(vm, a[0])?;
    let c = vm.class_of(s);
    match lookup::find_method(&vm.classes, c, n) {
        Some((m, _)) => {
            let owner = vm.classes.method(m).owner;
            Ok(vm.heap.alloc(
                cls::METHOD,
                Body::Method(Box::new(RMethod {
                    recv: s,
                    method: m,
                    name: n,
                    owner,
                    bound: true,
                })),
            ))
        }
        None => {
            let desc = vm.describe_receiver(s);
            let cname = vm.class_name(vm.real_class_of(s));
            let _ = desc;
            let msg = format!("undefined method `{}' for class `{cname}'", symbol::name(n));
            Err(vm.name_error(&msg, n, s))
        }
    }
}

fn method_missing(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let n = a
        .first()
        .and_then(|v| v.as_symbol())
        .unwrap_or(sym::METHOD_MISSING);
    Err(vm.no_method_error(n, s, 0))
}

fn instance_eval(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let Some(b) = b else {
        if !a.is_empty() {
            return Err(vm.runtime_error("carmine: instance_eval with a string is not supported"));
        }
        return Err(vm.arg_error("wrong number of arguments (given 0, expected 1..3)"));
    };
    with_cref_of(vm, s, |vm| vm.yield_block_with(&b, &[s], Some(s), None), &b)
}

fn instance_exec(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let b = block_required(vm, b)?;
    with_cref_of(vm, s, |vm| vm.yield_block_with(&b, a, Some(s), None), &b)
}

/// Runs `f` with a block whose `def` target is the singleton class of `s`
/// (instance_eval) — approximated by using the block's own cref.
fn with_cref_of(
    vm: &mut Vm,
    _s: Value,
    f: impl FnOnce(&mut Vm) -> VResult,
    _b: &Rc<BlockArg>,
) -> VResult {
    f(vm)
}

pub fn dup(vm: &mut Vm, s: Value, keep_frozen: bool) -> VResult {
    if !s.is_heap() {
        return Ok(s);
    }
    let o = obj(s);
    let body = match &*o.body.borrow() {
        Body::Object(iv) => Body::Object(iv.clone()),
        Body::String(st) => Body::String(st.clone()),
        Body::Array(a) => Body::Array(a.clone()),
        Body::Hash(h) => Body::Hash(h.clone()),
        Body::Range(a, b, c) => Body::Range(*a, *b, *c),
        Body::Float(_) | Body::Bignum(_) => return Ok(s),
        Body::Proc(p) => Body::Proc(Box::new(crate::object::RProc {
            block: p.block.clone(),
            is_lambda: p.is_lambda,
            special: p.special.clone(),
        })),
        Body::Class(c) => {
            let c = *c;
            return super::module::dup_class(vm, c);
        }
        _ => return Ok(s),
    };
    let real = vm.classes.real_class(o.class.get());
    let cls_id = if keep_frozen { o.class.get() } else { real };
    let n = vm.heap.alloc(real, body);
    if keep_frozen && cls_id != real {
        // clone keeps singleton methods: copy them into a fresh singleton class.
        let sc = vm.singleton_class(n);
        let methods: Vec<_> = vm
            .classes
            .get(cls_id)
            .methods
            .iter()
            .map(|(k, v)| (*k, *v))
            .collect();
        for (name, m) in methods {
            let e = vm.classes.method(m).clone();
            vm.add_method(sc, name, e.kind, e.visibility);
        }
        let incs = vm.classes.get(cls_id).includes.clone();
        for m in incs {
            super::module::include_module(vm, sc, m, false)?;
        }
    }
    if keep_frozen && o.is_frozen() {
        obj(n).freeze();
    }
    vm.funcall(n, sym::INITIALIZE_COPY, &[s], None)?;
    let _ = Reason::MethodDefined;
    Ok(n)
}

fn enum_for(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let meth = a
        .first()
        .copied()
        .unwrap_or_else(|| Value::symbol(sym::EACH));
    let args = vm.ary_new(a.iter().skip(1).copied().collect());
    let en = vm
        .classes
        .get(crate::class::cls::OBJECT)
        .consts
        .get(&symbol::intern("Enumerator"))
        .copied();
    match en {
        Some(e) => vm.funcall(e, sym::NEW, &[s, meth, args], None),
        None => Err(vm.runtime_error("carmine: Enumerator is not available")),
    }
}
