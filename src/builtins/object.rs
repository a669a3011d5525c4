//! BasicObject, Object's public Kernel methods, NilClass, TrueClass,
//! FalseClass.

use std::rc::Rc;

use super::{check_frozen, name_arg};
use crate::class::{ClassKind, MethodKind, Visibility, arity, cls};
use crate::dispatch::{Reason, bop, lookup};
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, RMethod};
use crate::value::{Value, sym, symbol};

type B = Option<Rc<BlockArg>>;

pub fn init(vm: &mut Vm) {
    let bo = cls::BASIC_OBJECT;
    // CRuby's rb_obj_dummy0: `Object.new(1)` is an ArgumentError.
    vm.def_private_builtin(bo, "initialize", 0, |_, _, _, _| Ok(Value::NIL));
    vm.def_builtin(bo, "==", 1, |_, s, a, _| Ok(Value::bool(s == a[0])));
    vm.def_builtin(bo, "equal?", 1, |_, s, a, _| Ok(Value::bool(s == a[0])));
    vm.def_builtin(bo, "!", 0, |_, s, _, _| Ok(Value::bool(!s.truthy())));
    vm.def_builtin(bo, "!=", 1, |vm, s, a, _| {
        Ok(Value::bool(
            !vm.funcall(s, sym::EQ, &[a[0]], None)?.truthy(),
        ))
    });
    vm.def_builtin(bo, "__id__", 0, object_id);
    vm.def_builtin(bo, "__send__", -1, send);
    vm.def_builtin(bo, "instance_eval", -1, instance_eval);
    vm.def_builtin(bo, "instance_exec", -1, instance_exec);
    vm.def_private_builtin(bo, "method_missing", -2, method_missing);
    for hook in [
        "singleton_method_added",
        "singleton_method_removed",
        "singleton_method_undefined",
    ] {
        vm.def_private_builtin(bo, hook, 1, |_, _, _, _| Ok(Value::NIL));
    }

    let k = cls::KERNEL;
    vm.def_builtin(k, "class", 0, |vm, s, _, _| {
        Ok(vm.class_value(vm.real_class_of(s)))
    });
    vm.def_builtin(k, "singleton_class", 0, |vm, s, _, _| {
        if no_singleton(s) {
            return Err(vm.type_error("can't define singleton"));
        }
        let c = vm.singleton_class(s);
        Ok(vm.class_value(c))
    });
    vm.def_builtin(k, "frozen?", 0, |_, s, _, _| {
        Ok(Value::bool(!s.is_heap() || obj(s).is_frozen()))
    });
    vm.def_builtin(k, "freeze", 0, |vm, s, _, _| {
        if s.is_heap() {
            vm.freeze_with_singleton(s);
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
        Ok(Value::int(crate::interp::identity_hash(s)))
    });
    vm.key_methods.kernel_hash = vm.classes.get(k).methods.get(&sym::HASH).copied();
    vm.key_methods.kernel_eql = vm.classes.get(k).methods.get(&sym::EQL).copied();
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
    vm.def_builtin(k, "respond_to?", arity::range(1, 2), respond_to);
    vm.def_builtin(k, "send", -1, send);
    vm.def_builtin(k, "public_send", -1, public_send);
    vm.def_builtin(k, "method", 1, method);
    vm.def_builtin(k, "methods", -1, |vm, s, a, _| {
        if a.first().is_some_and(|v| !v.truthy()) {
            return singleton_methods(vm, s, &[Value::FALSE], None);
        }
        let c = vm.class_of(s);
        let v = super::module::method_names(
            vm,
            c,
            true,
            true,
            &[Visibility::Public, Visibility::Protected],
        );
        Ok(vm.ary_new(v))
    });
    for (name, vis) in [
        ("public_methods", Visibility::Public),
        ("private_methods", Visibility::Private),
        ("protected_methods", Visibility::Protected),
    ] {
        let f: crate::interp::BuiltinFn = match vis {
            Visibility::Public => |vm, s, a, _| obj_methods(vm, s, a, Visibility::Public),
            Visibility::Private => |vm, s, a, _| obj_methods(vm, s, a, Visibility::Private),
            _ => |vm, s, a, _| obj_methods(vm, s, a, Visibility::Protected),
        };
        vm.def_builtin(k, name, -1, f);
    }
    vm.def_builtin(k, "singleton_methods", -1, singleton_methods);
    vm.def_builtin(k, "instance_variables", 0, |vm, s, _, _| {
        let v = vm
            .ivar_list(s)
            .into_iter()
            // A Struct's values Array is an implementation detail.
            .filter(|&(n, _)| n != sym::STRUCT_VALUES)
            .map(|(n, _)| Value::symbol(n))
            .collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(k, "instance_variable_get", 1, |vm, s, a, _| {
        let n = ivar_name_arg(vm, s, a[0])?;
        if vm.ractor_nonmain {
            vm.ractor_check_ivar(s, n)?;
        }
        Ok(vm.ivar_get_name(s, n))
    });
    vm.def_builtin(k, "instance_variable_set", 2, |vm, s, a, _| {
        let n = ivar_name_arg(vm, s, a[0])?;
        if vm.ractor_nonmain && vm.as_class(s).is_none() {
            vm.ractor_check_ivar(s, n)?;
        }
        if !s.is_heap() {
            // Immediates are always frozen.
            let c = vm.class_name(vm.real_class_of(s));
            let d = vm.inspect(s)?;
            return Err(vm.error(vm.e.frozen_error, &format!("can't modify frozen {c}: {d}")));
        }
        check_frozen(vm, s)?;
        vm.ivar_set_name(s, n, a[1]);
        Ok(a[1])
    });
    vm.def_builtin(k, "instance_variable_defined?", 1, |vm, s, a, _| {
        let n = ivar_name_arg(vm, s, a[0])?;
        Ok(Value::bool(vm.ivar_list(s).iter().any(|(k, _)| *k == n)))
    });
    vm.def_builtin(k, "remove_instance_variable", 1, |vm, s, a, _| {
        let n = ivar_name_arg(vm, s, a[0])?;
        check_frozen(vm, s)?;
        if !vm.ivar_list(s).iter().any(|(k, _)| *k == n) {
            let msg = format!("instance variable {} not defined", symbol::name(n));
            return Err(vm.name_error(&msg, n, s));
        }
        if let Some(c) = vm.as_class(s) {
            return Ok(vm.classes.get_mut(c).ivars.remove(&n).unwrap_or(Value::NIL));
        }
        let v = vm.ivar_get_name(s, n);
        if let Some(ivs) = vm.generic_ivars.get_mut(&s.raw()) {
            ivs.retain(|(k, _)| *k != n);
        }
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
    vm.def_builtin(k, "clone", -1, clone);
    vm.def_private_builtin(k, "initialize_copy", 1, |vm, s, a, _| {
        if s == a[0] {
            return Ok(s);
        }
        check_frozen(vm, s)?;
        if vm.real_class_of(s) != vm.real_class_of(a[0]) {
            return Err(vm.type_error("initialize_copy should take same class object"));
        }
        Ok(s)
    });
    vm.def_private_builtin(k, "initialize_dup", 1, |vm, s, a, _| {
        vm.funcall(s, sym::INITIALIZE_COPY, &[a[0]], None)?;
        Ok(s)
    });
    vm.def_private_builtin(k, "initialize_clone", -2, |vm, s, a, _| {
        if a.len() > 2 {
            return Err(vm.argc_error(a.len(), 1, 1));
        }
        if let Some(h) = a.get(1) {
            clone_freeze_arg(vm, *h)?;
        }
        vm.funcall(s, sym::INITIALIZE_COPY, &[a[0]], None)?;
        Ok(s)
    });
    vm.def_builtin(k, "itself", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(k, "tap", 0, |vm, s, _, b| {
        let b = block_required(vm, b)?;
        vm.yield_block(&b, &[s])?;
        Ok(s)
    });
    vm.def_builtin(k, "then", 0, |vm, s, _, b| {
        let Some(b) = b else {
            let m = vm.sym("then");
            return vm.funcall(s, crate::intern!("enum_for"), &[m], None);
        };
        vm.yield_block(&b, &[s])
    });
    vm.def_builtin(k, "yield_self", 0, |vm, s, _, b| {
        let Some(b) = b else {
            let m = vm.sym("yield_self");
            return vm.funcall(s, crate::intern!("enum_for"), &[m], None);
        };
        vm.yield_block(&b, &[s])
    });
    vm.def_builtin(k, "extend", -2, |vm, s, a, _| {
        for m in a.iter().rev() {
            if vm.as_class(*m).is_none() {
                let c = vm.class_name(vm.real_class_of(*m));
                return Err(vm.type_error(&format!("wrong argument type {c} (expected Module)")));
            }
            vm.funcall(*m, crate::intern!("extend_object"), &[s], None)?;
            vm.funcall(*m, sym::EXTENDED, &[s], None)?;
        }
        Ok(s)
    });
    vm.def_builtin(
        k,
        "define_singleton_method",
        arity::range(1, 2),
        |vm, s, a, b| {
            if no_singleton(s) {
                return Err(vm.type_error("can't define singleton"));
            }
            frozen_singleton_check(vm, s)?;
            let sc = vm.singleton_class(s);
            let scv = vm.class_value(sc);
            super::module::define_method(vm, scv, a, b)
        },
    );
    vm.def_builtin(k, "singleton_method", 1, singleton_method);
    vm.def_builtin(k, "public_method", 1, |vm, s, a, _| {
        method_obj(vm, s, a[0], true)
    });
    vm.def_builtin(k, "display", arity::range(0, 1), |vm, s, a, _| {
        if let Some(&port) = a.first() {
            vm.funcall(port, crate::intern!("write"), &[s], None)?;
            return Ok(Value::NIL);
        }
        let b = vm.value_to_bytes(s)?;
        vm.write_out(&b);
        Ok(Value::NIL)
    });
    vm.def_builtin(k, "enum_for", -1, enum_for);
    vm.def_builtin(k, "to_enum", -1, enum_for);

    let n = cls::NIL;
    vm.def_builtin(n, "to_s", 0, |vm, _, _, _| {
        // The same frozen String every time (Ruby 2.7+).
        Ok(super::string::frozen_literal(vm, ""))
    });
    vm.def_builtin(n, "to_a", 0, |vm, _, _, _| Ok(vm.ary_new(vec![])));
    vm.def_builtin(n, "to_h", 0, |vm, _, _, _| Ok(vm.new_hash()));
    vm.def_builtin(n, "to_i", 0, |_, _, _, _| Ok(Value::int(0)));
    vm.def_builtin(n, "to_f", 0, |vm, _, _, _| Ok(vm.float_new(0.0)));
    vm.def_builtin(n, "inspect", 0, |vm, _, _, _| Ok(vm.str_new("nil")));
    vm.def_builtin(n, "&", 1, |_, _, _, _| Ok(Value::FALSE));
    vm.def_builtin(n, "|", 1, |_, _, a, _| Ok(Value::bool(a[0].truthy())));
    let t = cls::TRUE;
    vm.def_builtin(t, "to_s", 0, |vm, _, _, _| {
        // The same frozen String every time (Ruby 2.7+).
        Ok(super::string::frozen_literal(vm, "true"))
    });
    vm.def_builtin(t, "inspect", 0, |vm, _, _, _| Ok(vm.str_new("true")));
    vm.def_builtin(t, "&", 1, |_, _, a, _| Ok(Value::bool(a[0].truthy())));
    vm.def_builtin(t, "|", 1, |_, _, _, _| Ok(Value::TRUE));
    vm.def_builtin(t, "^", 1, |_, _, a, _| Ok(Value::bool(!a[0].truthy())));
    let f = cls::FALSE;
    vm.def_builtin(f, "to_s", 0, |vm, _, _, _| {
        // The same frozen String every time (Ruby 2.7+).
        Ok(super::string::frozen_literal(vm, "false"))
    });
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

/// An instance variable name argument, checked like CRuby's
/// rb_check_id + rb_is_instance_id.
pub fn ivar_name_arg(
    vm: &mut Vm,
    s: Value,
    v: Value,
) -> Result<crate::value::SymbolId, crate::object::Unwind> {
    let n = name_arg(vm, v)?;
    let name = symbol::name(n);
    let ok = name
        .strip_prefix('@')
        .and_then(|r| r.chars().next().map(|c| (c, r)))
        .is_some_and(|(c, r)| {
            (c.is_alphabetic() || c == '_' || !c.is_ascii())
                && r.chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || !c.is_ascii())
        });
    if !ok {
        let msg = format!("`{name}' is not allowed as an instance variable name");
        return Err(name_error_for_arg(vm, &msg, n, s, v));
    }
    Ok(n)
}

/// A NameError for a bad name argument: `NameError#name` is the argument
/// itself when it was a String, as CRuby.
#[cold]
pub fn name_error_for_arg(
    vm: &mut Vm,
    msg: &str,
    n: crate::value::SymbolId,
    recv: Value,
    arg: Value,
) -> crate::object::Unwind {
    let e = vm.name_error(msg, n, recv);
    if let crate::object::Unwind::Raise(ex) = e
        && vm.is_string(arg)
    {
        vm.ivar_set_name(ex, crate::intern!("name"), arg);
    }
    e
}

fn obj_methods(vm: &mut Vm, s: Value, a: &[Value], vis: Visibility) -> VResult {
    let recur = a.first().is_none_or(|v| v.truthy());
    let c = vm.class_of(s);
    let v = super::module::method_names(vm, c, recur, true, &[vis]);
    Ok(vm.ary_new(v))
}

/// Kernel#singleton_methods(all = true): the singleton class's public and
/// protected methods, plus (with `all`) those of extended modules and, for
/// classes, of the superclasses' singleton classes.
fn singleton_methods(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let all = a.first().is_none_or(|v| v.truthy());
    let c = vm.class_of(s);
    if vm.classes.get(c).kind != ClassKind::Singleton {
        return Ok(vm.ary_new(vec![]));
    }
    let list: Vec<_> = vm.classes.ancestors(c).to_vec();
    let start_ix = list.iter().position(|k| *k == c).unwrap_or(0);
    let mut names = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, k) in list.into_iter().enumerate() {
        let kind = vm.classes.get(k).kind;
        if i > start_ix && !all {
            break;
        }
        if kind == ClassKind::Class {
            break;
        }
        let mut entries: Vec<_> = vm
            .classes
            .get(k)
            .methods
            .iter()
            .map(|(n, m)| (*n, *m))
            .collect();
        entries.sort_by_key(|(_, m)| m.0);
        for (n, mid) in entries {
            if !seen.insert(n) {
                continue;
            }
            let e = vm.classes.method(mid);
            if e.visibility != Visibility::Private && !matches!(e.kind, MethodKind::Undefined) {
                names.push(Value::symbol(n));
            }
        }
    }
    Ok(vm.ary_new(names))
}

/// The `object_id` of an immediate that is not a Fixnum (nil, true,
/// false, Symbols, flonums): computed from its bits, never stored.
pub(crate) fn immediate_object_id(v: Value) -> i64 {
    (v.raw() >> 1) as i64 & 0xffff_ffff
}

fn object_id(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    if let Some(n) = s.as_fixnum() {
        return Ok(Value::int(2 * n + 1));
    }
    if !s.is_heap() {
        return Ok(Value::int(immediate_object_id(s)));
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
    if vm.as_class(s).is_some() {
        let r = vm.funcall(s, sym::TO_S, &[], None)?;
        return Ok(r);
    }
    if ivars.is_empty() {
        return Ok(vm.str_new(&base));
    }
    let mut out = base.trim_end_matches('>').to_string();
    // An object already being inspected further up prints as `#<C:0x... ...>`.
    let body = crate::builtins::array::inspect_guard(vm, s, |vm| {
        let mut body = String::new();
        for (i, (n, v)) in ivars.iter().enumerate() {
            body.push_str(if i == 0 { " " } else { ", " });
            body.push_str(&symbol::name(*n));
            body.push('=');
            body.push_str(&vm.inspect(*v)?);
        }
        Ok(body)
    })?;
    out.push_str(body.as_deref().unwrap_or(" ..."));
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
    let n = match a[0].as_symbol() {
        Some(n) => n,
        None => name_arg(vm, a[0])?,
    };
    let include_private = a.get(1).is_some_and(|v| v.truthy());
    let c = vm.class_of(s);
    let refs = vm.active_refinements();
    let r = if refs.is_empty() {
        vm.dispatch.resolve(&mut vm.classes, c, n)
    } else {
        lookup::resolve_uncached(&mut vm.classes, c, n, &refs).0
    };
    if r.method.is_some() && (include_private || r.visibility == Visibility::Public) {
        return Ok(Value::TRUE);
    }
    // The prelude's respond_to_missing? answers false: no call. With none
    // at all (removed from Kernel) the answer is false too, as in CRuby.
    // While no other has been defined (nor Kernel's removed), that is
    // known without a lookup.
    if refs.is_empty() && vm.dispatch.bop_ok(bop::RESPOND_TO_MISSING) {
        return Ok(Value::FALSE);
    }
    if refs.is_empty() {
        let rtm = vm
            .dispatch
            .resolve(&mut vm.classes, c, sym::RESPOND_TO_MISSING);
        if rtm.method.is_none() || rtm.method == vm.default_respond_to_missing {
            return Ok(Value::FALSE);
        }
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
    let kw = vm.kw_passed && a.len() > 1;
    let n = name_arg(vm, a[0])?;
    vm.dispatch.counters.ccf_send += 1;
    let fl = if kw {
        crate::dispatch::flags::KWARGS
    } else {
        0
    };
    vm.call_refined_fl(s, n, &a[1..], b, true, fl)
}

fn public_send(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    if a.is_empty() {
        return Err(vm.arg_error("no method name given"));
    }
    let kw = vm.kw_passed && a.len() > 1;
    let n = name_arg(vm, a[0])?;
    vm.dispatch.counters.ccf_send += 1;
    let fl = if kw {
        crate::dispatch::flags::KWARGS
    } else {
        0
    };
    vm.call_refined_fl(s, n, &a[1..], b, false, fl)
}

fn method(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    method_obj(vm, s, a[0], false)
}

fn new_method_value(
    vm: &mut Vm,
    s: Value,
    m: crate::value::MethodId,
    n: crate::value::SymbolId,
) -> Value {
    let owner = vm.classes.method(m).owner;
    let klass = vm.class_of(s);
    vm.heap.alloc(
        cls::METHOD,
        Body::Method(Box::new(RMethod {
            recv: s,
            method: m,
            name: n,
            owner,
            bound: true,
            klass,
            start: klass,
        })),
    )
}

/// `undefined method `x' for class `C'` (rb_method_name_error).
fn method_name_error(vm: &mut Vm, s: Value, n: crate::value::SymbolId) -> crate::object::Unwind {
    let c = vm.class_of(s);
    let msg = if vm.classes.get(c).kind == ClassKind::Singleton && vm.classes.get(c).attached == s {
        let d = vm.inspect(s).unwrap_or_default();
        format!("undefined singleton method `{}' for {d}", symbol::name(n))
    } else {
        let real = vm.real_class_of(s);
        let kind = if vm.classes.is_module(real) {
            "module"
        } else {
            "class"
        };
        let cname = vm.class_name(real);
        format!(
            "undefined method `{}' for {kind} `{cname}'",
            symbol::name(n)
        )
    };
    vm.name_error(&msg, n, s)
}

fn method_obj(vm: &mut Vm, s: Value, name: Value, public_only: bool) -> VResult {
    let n = name_arg(vm, name)?;
    let c = vm.class_of(s);
    match lookup::find_method(&vm.classes, c, n) {
        Some((m, vis)) => {
            if public_only && vis != Visibility::Public {
                let kind = if vm.classes.is_module(c) {
                    "module"
                } else {
                    "class"
                };
                let cname = vm.class_name(c);
                let v = if vis == Visibility::Private {
                    "private"
                } else {
                    "protected"
                };
                let msg = format!("method `{}' for {kind} `{cname}' is {v}", symbol::name(n));
                return Err(vm.name_error(&msg, n, s));
            }
            Ok(new_method_value(vm, s, m, n))
        }
        None => {
            let rm = vm.funcall(
                s,
                sym::RESPOND_TO_MISSING,
                &[Value::symbol(n), Value::bool(!public_only)],
                None,
            )?;
            if !rm.truthy() {
                return Err(method_name_error(vm, s, n));
            }
            let pr = prelude_call(vm, "method_missing_proc", &[Value::symbol(n)])?;
            let owner = vm.real_class_of(s);
            let m = vm.classes.add_method_entry(crate::class::MethodEntry {
                name: n,
                original_name: n,
                owner,
                visibility: Visibility::Public,
                kind: MethodKind::Bmethod(pr),
                is_alias: false,
            });
            Ok(new_method_value(vm, s, m, n))
        }
    }
}

fn singleton_method(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let n = name_arg(vm, a[0])?;
    let c = vm.class_of(s);
    if vm.classes.get(c).kind == ClassKind::Singleton
        && let Some(m) = vm.classes.get(c).methods.get(&n).copied()
        && !matches!(vm.classes.method(m).kind, MethodKind::Undefined)
    {
        return Ok(new_method_value(vm, s, m, n));
    }
    let d = vm.inspect(s)?;
    let msg = format!("undefined singleton method `{}' for {d}", symbol::name(n));
    Err(vm.name_error(&msg, n, s))
}

/// Calls `RubyVM::Prelude.<name>(*args)` (helpers written in Ruby).
pub fn prelude_call(vm: &mut Vm, name: &str, args: &[Value]) -> VResult {
    let rv = vm
        .classes
        .get(cls::OBJECT)
        .consts
        .get(&crate::intern!("RubyVM"))
        .copied();
    let pm = rv.and_then(|r| vm.as_class(r)).and_then(|r| {
        vm.classes
            .get(r)
            .consts
            .get(&crate::intern!("Prelude"))
            .copied()
    });
    match pm {
        Some(p) => vm.funcall(p, symbol::intern(name), args, None),
        None => Err(vm.runtime_error("carmine: RubyVM::Prelude is not loaded")),
    }
}

fn method_missing(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let n = a
        .first()
        .and_then(|v| v.as_symbol())
        .unwrap_or(sym::METHOD_MISSING);
    let fl = match vm.mm_reason.take() {
        Some((m, fl)) if m == n => fl,
        _ => 0,
    };
    let e = vm.no_method_error(n, s, fl);
    if let crate::object::Unwind::Raise(ex) = &e {
        let args = vm.ary_new(a.iter().skip(1).copied().collect());
        vm.ivar_set_name(*ex, crate::intern!("args"), args);
    }
    Err(e)
}

fn instance_eval(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let Some(b) = b else {
        if a.is_empty() {
            return Err(vm.argc_error(0, 1, 3));
        }
        if a.len() > 3 {
            return Err(vm.argc_error(a.len(), 1, 3));
        }
        let src = super::str_arg(vm, a[0])?;
        let (file, line) = super::module::eval_file_line(vm, a)?;
        let (target, none) = eval_class(vm, s);
        let parent = vm.frames.last().map(|f| f.cref.clone());
        let cref = if none {
            crate::object::cref_new_no_singleton(target, parent, false)
        } else {
            crate::object::cref_new(target, parent)
        };
        return super::binding::eval_with_self(vm, &src, &file, line, s, cref);
    };
    if !a.is_empty() {
        return Err(vm.argc_error(a.len(), 0, 0));
    }
    let b = with_def_target(vm, s, &b);
    vm.yield_block_with(&b, &[s], Some(s), None)
}

fn instance_exec(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let Some(b) = b else {
        return Err(vm.local_jump_error("no block given (yield)"));
    };
    let fl = vm.passed_kw_flag(a);
    let b = with_def_target(vm, s, &b);
    vm.yield_block_with_fl(&b, a, Some(s), None, fl)
}

/// Where `def` goes inside `instance_eval`: the receiver's singleton class
/// (nil, true, false: their class); true with the receiver's class for
/// values that cannot have one (where `def` raises).
fn eval_class(vm: &mut Vm, s: Value) -> (crate::value::ClassId, bool) {
    if no_singleton(s) {
        return (vm.real_class_of(s), true);
    }
    (vm.singleton_class(s), false)
}

/// A copy of literal block `b` whose `def`s define singleton methods of `s`.
fn with_def_target(vm: &mut Vm, s: Value, b: &Rc<BlockArg>) -> Rc<BlockArg> {
    match &**b {
        BlockArg::Literal(_) | BlockArg::Proc(_) => {
            let (target, none) = eval_class(vm, s);
            super::module::rebase_block_as(vm, b, target, none)
        }
        _ => b.clone(),
    }
}

/// The `freeze:` keyword of `clone`/`initialize_clone`: Some(true/false) or
/// None for nil (keep the receiver's state).
fn clone_freeze_arg(vm: &mut Vm, h: Value) -> Result<Option<bool>, crate::object::Unwind> {
    let mut freeze = None;
    let pairs = if h.is_heap() && matches!(&*obj(h).body.borrow(), Body::Hash(_)) {
        vm.hash_pairs(h)
    } else {
        return Err(vm.argc_error(2, 1, 1));
    };
    for (k, v) in pairs {
        if k != vm.sym("freeze") {
            let ks = vm.inspect(k)?;
            let ks = ks.trim_start_matches(':').to_string();
            return Err(vm.arg_error(&format!("unknown keyword: :{ks}")));
        }
        freeze = if v == Value::TRUE {
            Some(true)
        } else if v == Value::FALSE {
            Some(false)
        } else if v.is_nil() {
            None
        } else {
            let c = super::type_name(vm, v);
            return Err(vm.arg_error(&format!("unexpected value for freeze: {c}")));
        };
    }
    Ok(freeze)
}

fn clone(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    if a.len() > 1 {
        return Err(vm.argc_error(a.len(), 0, 0));
    }
    let freeze = match a.first() {
        Some(h) => clone_freeze_arg(vm, *h)?,
        None => None,
    };
    if !s.is_heap() || matches!(&*obj(s).body.borrow(), Body::Float(_) | Body::Bignum(_)) {
        if freeze == Some(false) {
            let c = vm.class_name(vm.real_class_of(s));
            return Err(vm.arg_error(&format!("can't unfreeze {c}")));
        }
        return Ok(s);
    }
    let n = copy_object(vm, s, true)?;
    let root = vm.roots_len();
    vm.push_root(n);
    let r = match (freeze, a.first()) {
        (Some(_), Some(h)) => {
            vm.funcall_kw(n, crate::intern!("initialize_clone"), &[s, *h], None, true)
        }
        _ => vm.funcall(n, crate::intern!("initialize_clone"), &[s], None),
    };
    vm.truncate_roots(root);
    r?;
    let frozen = match freeze {
        Some(f) => f,
        None => obj(s).is_frozen(),
    };
    if frozen {
        vm.freeze_with_singleton(n);
    }
    Ok(n)
}

pub fn dup(vm: &mut Vm, s: Value, _keep: bool) -> VResult {
    if !s.is_heap() || matches!(&*obj(s).body.borrow(), Body::Float(_) | Body::Bignum(_)) {
        return Ok(s);
    }
    let n = copy_object(vm, s, false)?;
    let root = vm.roots_len();
    vm.push_root(n);
    let r = vm.funcall(n, crate::intern!("initialize_dup"), &[s], None);
    vm.truncate_roots(root);
    r?;
    Ok(n)
}

/// A shallow copy of `s`'s body (and for clone, its singleton class), not yet
/// initialized by `initialize_copy`. A String, Array or Hash starts empty,
/// as CRuby's `rb_obj_alloc` does: their `initialize_copy` (`replace`)
/// copies the contents, once, and a subclass overriding it without `super`
/// gets an empty copy, as on CRuby.
fn copy_object(vm: &mut Vm, s: Value, with_singleton: bool) -> VResult {
    let o = obj(s);
    let cur = o.class.get();
    let real = vm.classes.real_class(cur);
    let filled_by = |vm: &Vm, base| vm.classes.is_subclass_of(real, base);
    let body = match &*o.body.borrow() {
        Body::Object(iv) => Body::Object(iv.clone()),
        Body::String(_) if filled_by(vm, cls::STRING) => Body::String(Default::default()),
        Body::String(st) => Body::String(st.clone()),
        Body::Array(_) if filled_by(vm, cls::ARRAY) => Body::Array(Vec::new()),
        Body::Array(a) => Body::Array(a.clone()),
        Body::Hash(_) if filled_by(vm, cls::HASH) => {
            Body::Hash(Box::new(crate::object::RHash::new()))
        }
        Body::Hash(h) => Body::Hash(h.clone()),
        Body::Range(a, b, c) => Body::Range(*a, *b, *c),
        // CRuby does not copy a WeakMap's table.
        Body::WeakMap(_) => Body::WeakMap(Box::default()),
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
    let n = vm.heap.alloc(real, body);
    vm.copy_generic_ivars(s, n);
    if with_singleton && cur != real {
        // clone keeps singleton methods: copy them into a fresh singleton class.
        let sc = vm.singleton_class(n);
        let methods: Vec<_> = vm
            .classes
            .get(cur)
            .methods
            .iter()
            .map(|(k, v)| (*k, *v))
            .collect();
        for (name, m) in methods {
            let e = vm.classes.method(m).clone();
            vm.add_method(sc, name, e.kind, e.visibility);
        }
        let incs = vm.classes.get(cur).includes.clone();
        for m in incs {
            super::module::include_module(vm, sc, m, false)?;
        }
        // and its constants (`class << o; X = 1; end`), as rb_singleton_class_clone
        let consts: Vec<_> = vm
            .classes
            .get(cur)
            .consts
            .iter()
            .map(|(k, v)| (*k, *v))
            .collect();
        for (name, v) in consts {
            vm.classes.set_const(sc, name, v);
        }
    }
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
        .get(&crate::intern!("Enumerator"))
        .copied();
    match en {
        Some(e) => vm.funcall(e, sym::NEW, &[s, meth, args], None),
        None => Err(vm.runtime_error("carmine: Enumerator is not available")),
    }
}

/// Integers, Floats and Symbols have no singleton class (nil, true and
/// false use NilClass, TrueClass, FalseClass).
pub fn no_singleton(s: Value) -> bool {
    if s.is_heap() {
        matches!(&*obj(s).body.borrow(), Body::Float(_) | Body::Bignum(_))
    } else {
        !(s.is_nil() || s == Value::TRUE || s == Value::FALSE)
    }
}

/// Adding to the singleton class of a frozen object (`def o.x`,
/// `define_singleton_method`, `extend`).
pub(crate) fn frozen_singleton_check(vm: &mut Vm, s: Value) -> Result<(), crate::object::Unwind> {
    if s.is_heap() && obj(s).is_frozen() {
        return Err(vm.frozen_singleton_error(s));
    }
    Ok(())
}
