//! Module and Class: definition-time methods (attr_*, include, prepend,
//! define_method, visibility, aliases, constants), reflection, Class.new
//! and object allocation. Each change reports to dispatch's invalidation.

use std::rc::Rc;

use super::object::block_required;
use super::{check_frozen, name_arg};
use crate::class::{AllocKind, ClassKind, MethodKind, Visibility, arity, cls};
use crate::dispatch::{Reason, lookup};
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, RHash, RString, Unwind};
use crate::value::{ClassId, SymbolId, Value, sym, symbol};

type B = Option<Rc<BlockArg>>;

fn this(vm: &mut Vm, s: Value) -> Result<ClassId, Unwind> {
    vm.as_class(s)
        .ok_or_else(|| vm.type_error("not a class/module"))
}

/// `this` for methods that change the class: FrozenError when frozen.
fn this_mut(vm: &mut Vm, s: Value) -> Result<ClassId, Unwind> {
    let c = this(vm, s)?;
    if vm.class_frozen(c) {
        return Err(vm.frozen_class_error(c));
    }
    Ok(c)
}

pub fn init(vm: &mut Vm) {
    let m = cls::MODULE;
    vm.def_builtin(m, "name", 0, |vm, s, _, _| {
        let c = this(vm, s)?;
        let Some(n) = vm.classes.get(c).name.clone() else {
            return Ok(Value::NIL);
        };
        // The same frozen String each time (until the name changes: an
        // anonymous module's when it is assigned to a constant).
        let key = crate::intern!("__name");
        let cached = vm.ivar_get_name(s, key);
        if vm.is_string(cached) && vm.string_bytes(cached) == n.as_bytes() {
            return Ok(cached);
        }
        let v = vm.str_new(&n);
        crate::gc::obj(v).freeze();
        vm.ivar_set_name(s, key, v);
        Ok(v)
    });
    vm.def_builtin(m, "to_s", 0, mod_to_s);
    vm.def_builtin(m, "inspect", 0, mod_to_s);
    vm.def_builtin(m, "===", 1, |vm, s, a, _| {
        let c = this(vm, s)?;
        let k = vm.class_of(a[0]);
        Ok(Value::bool(vm.classes.is_subclass_of(k, c)))
    });
    vm.def_builtin(m, "==", 1, |_, s, a, _| Ok(Value::bool(s == a[0])));
    vm.def_builtin(m, "<", 1, |vm, s, a, _| compare(vm, s, a[0], false));
    vm.def_builtin(m, "<=", 1, |vm, s, a, _| compare(vm, s, a[0], true));
    vm.def_builtin(m, "<=>", 1, |vm, s, a, _| {
        let Some(y) = vm.as_class(a[0]) else {
            return Ok(Value::NIL);
        };
        let x = this(vm, s)?;
        Ok(if x == y {
            Value::int(0)
        } else if vm.classes.is_subclass_of(x, y) {
            Value::int(-1)
        } else if vm.classes.is_subclass_of(y, x) {
            Value::int(1)
        } else {
            Value::NIL
        })
    });
    vm.def_builtin(m, ">", 1, |vm, s, a, _| compare(vm, a[0], s, false));
    vm.def_builtin(m, ">=", 1, |vm, s, a, _| compare(vm, a[0], s, true));
    vm.def_builtin(m, "ancestors", 0, |vm, s, _, _| {
        let c = this(vm, s)?;
        let a: Vec<Value> = vm
            .classes
            .ancestors(c)
            .iter()
            .map(|k| vm.class_value(*k))
            .collect();
        Ok(vm.ary_new(a))
    });
    vm.def_builtin(m, "included_modules", 0, |vm, s, _, _| {
        let c = this(vm, s)?;
        let a: Vec<Value> = vm
            .classes
            .ancestors(c)
            .iter()
            .filter(|k| vm.classes.is_module(**k))
            .map(|k| vm.class_value(*k))
            .collect();
        Ok(vm.ary_new(a))
    });
    vm.def_builtin(m, "include?", 1, |vm, s, a, _| {
        let c = this(vm, s)?;
        let Some(k) = vm.as_class(a[0]).filter(|k| vm.classes.is_module(*k)) else {
            let cn = super::type_name(vm, a[0]);
            return Err(vm.type_error(&format!("wrong argument type {cn} (expected Module)")));
        };
        Ok(Value::bool(
            c != k && vm.classes.is_module(k) && vm.classes.ancestors(c).contains(&k),
        ))
    });
    vm.def_builtin(m, "include", -2, |vm, s, a, _| {
        this(vm, s)?;
        for v in a.iter().rev() {
            if !vm.as_class(*v).is_some_and(|k| vm.classes.is_module(k)) {
                let cn = super::type_name(vm, *v);
                return Err(vm.type_error(&format!("wrong argument type {cn} (expected Module)")));
            }
            vm.funcall(*v, crate::intern!("append_features"), &[s], None)?;
            vm.funcall(*v, sym::INCLUDED, &[s], None)?;
        }
        Ok(s)
    });
    // The steps of include/prepend/extend a module may override (Singleton
    // undefines extend_object; a super call does the work).
    vm.def_private_builtin(m, "append_features", 1, |vm, s, a, _| {
        let (Some(k), Some(c)) = (vm.as_class(s), vm.as_class(a[0])) else {
            let cn = super::type_name(vm, a[0]);
            return Err(vm.type_error(&format!("wrong argument type {cn} (expected Class)")));
        };
        include_module(vm, c, k, false)?;
        Ok(s)
    });
    vm.def_private_builtin(m, "prepend_features", 1, |vm, s, a, _| {
        let (Some(k), Some(c)) = (vm.as_class(s), vm.as_class(a[0])) else {
            let cn = super::type_name(vm, a[0]);
            return Err(vm.type_error(&format!("wrong argument type {cn} (expected Class)")));
        };
        include_module(vm, c, k, true)?;
        Ok(s)
    });
    vm.def_private_builtin(m, "ruby2_keywords", -1, ruby2_keywords);
    vm.def_private_builtin(m, "extend_object", 1, |vm, s, a, _| {
        let Some(k) = vm.as_class(s) else {
            return Ok(a[0]);
        };
        super::object::frozen_singleton_check(vm, a[0])?;
        let sc = vm.singleton_class(a[0]);
        include_module(vm, sc, k, false)?;
        Ok(a[0])
    });
    vm.def_builtin(m, "prepend", -2, |vm, s, a, _| {
        this(vm, s)?;
        for v in a.iter().rev() {
            if !vm.as_class(*v).is_some_and(|k| vm.classes.is_module(k)) {
                let c = vm.class_name(vm.real_class_of(*v));
                return Err(vm.type_error(&format!("wrong argument type {c} (expected Module)")));
            }
            vm.funcall(*v, crate::intern!("prepend_features"), &[s], None)?;
            vm.funcall(*v, sym::PREPENDED, &[s], None)?;
        }
        Ok(s)
    });
    for hook in [
        "included",
        "extended",
        "prepended",
        "inherited",
        "method_added",
        "method_removed",
        "method_undefined",
    ] {
        vm.def_private_builtin(m, hook, 1, |_, _, _, _| Ok(Value::NIL));
    }
    vm.def_builtin(m, "attr_reader", -1, |vm, s, a, _| {
        attr(vm, s, a, true, false)
    });
    vm.def_builtin(m, "attr_writer", -1, |vm, s, a, _| {
        attr(vm, s, a, false, true)
    });
    vm.def_builtin(m, "attr_accessor", -1, |vm, s, a, _| {
        attr(vm, s, a, true, true)
    });
    vm.def_builtin(m, "attr", -1, attr_legacy);
    vm.def_builtin(m, "define_method", arity::range(1, 2), define_method);
    vm.def_builtin(m, "alias_method", 2, |vm, s, a, _| {
        let c = this_mut(vm, s)?;
        let new = name_arg(vm, a[0])?;
        let old = name_arg(vm, a[1])?;
        vm.alias_method(c, new, old)?;
        Ok(Value::symbol(new))
    });
    vm.def_builtin(m, "remove_method", -1, |vm, s, a, _| {
        let c = this(vm, s)?;
        for v in a {
            let n = name_arg(vm, *v)?;
            this_mut(vm, s)?;
            if !vm.classes.remove_method(c, n) {
                let cn = vm.class_name(c);
                let msg = format!("method `{}' not defined in {cn}", symbol::name(n));
                return Err(vm.name_error(&msg, n, s));
            }
            vm.invalidate_method(c, n, Reason::MethodRemoved);
            vm.method_hook(c, n, "removed")?;
        }
        Ok(s)
    });
    vm.def_builtin(m, "undef_method", -1, |vm, s, a, _| {
        let c = this(vm, s)?;
        for v in a {
            let n = name_arg(vm, *v)?;
            this_mut(vm, s)?;
            vm.undef_method(c, n)?;
        }
        Ok(s)
    });
    vm.def_private_builtin(m, "public", -1, |vm, s, a, _| {
        set_visibility(vm, s, a, Visibility::Public)
    });
    vm.def_private_builtin(m, "private", -1, |vm, s, a, _| {
        set_visibility(vm, s, a, Visibility::Private)
    });
    vm.def_private_builtin(m, "protected", -1, |vm, s, a, _| {
        set_visibility(vm, s, a, Visibility::Protected)
    });
    vm.def_private_builtin(m, "module_function", -1, |vm, s, a, _| {
        let c = this(vm, s)?;
        if !vm.classes.is_module(c) {
            return Err(vm.type_error("module_function must be called for modules"));
        }
        if a.is_empty() {
            vm.classes.get_mut(c).module_function = true;
            return Ok(Value::NIL);
        }
        for v in a {
            let n = name_arg(vm, *v)?;
            if let Some((mid, _)) = lookup::find_method(&vm.classes, c, n) {
                let kind = vm.classes.method(mid).kind.clone();
                let meta = vm.singleton_class(s);
                vm.add_method(meta, n, kind.clone(), Visibility::Public);
                vm.add_method(c, n, kind, Visibility::Private);
            } else {
                let cn = vm.class_name(c);
                let msg = format!("undefined method `{}' for module `{cn}'", symbol::name(n));
                return Err(vm.name_error(&msg, n, s));
            }
        }
        // As CRuby 3.1: the name, or the names given.
        Ok(match a {
            [one] => *one,
            _ => vm.ary_new(a.to_vec()),
        })
    });
    vm.def_builtin(m, "private_class_method", -1, |vm, s, a, _| {
        let meta = vm.singleton_class(s);
        let mv = vm.class_value(meta);
        set_visibility(vm, mv, a, Visibility::Private)?;
        Ok(Value::NIL)
    });
    vm.def_builtin(m, "public_class_method", -1, |vm, s, a, _| {
        let meta = vm.singleton_class(s);
        let mv = vm.class_value(meta);
        set_visibility(vm, mv, a, Visibility::Public)?;
        Ok(Value::NIL)
    });
    vm.def_builtin(m, "private_constant", -1, |vm, s, a, _| {
        let c = this(vm, s)?;
        for v in a {
            let n = name_arg(vm, *v)?;
            if !vm.classes.get(c).consts.contains_key(&n) && vm.autoload_path(c, n).is_none() {
                let cn = vm.class_name(c);
                let msg = format!("constant {cn}::{} not defined", symbol::name(n));
                return Err(vm.name_error(&msg, n, s));
            }
            vm.classes.get_mut(c).private_consts.push(n);
            let origin = vm.invalidation_origin();
            vm.dispatch
                .constant_changed(&vm.classes, c, n, Reason::ConstVisibility, &origin);
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(m, "public_constant", -1, |vm, s, a, _| {
        let c = this(vm, s)?;
        for v in a {
            let n = name_arg(vm, *v)?;
            if !vm.classes.get(c).consts.contains_key(&n) {
                let cn = vm.class_name(c);
                let msg = format!("constant {cn}::{} not defined", symbol::name(n));
                return Err(vm.name_error(&msg, n, s));
            }
            vm.classes.get_mut(c).private_consts.retain(|x| *x != n);
            let origin = vm.invalidation_origin();
            vm.dispatch
                .constant_changed(&vm.classes, c, n, Reason::ConstVisibility, &origin);
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(m, "instance_methods", -1, |vm, s, a, _| {
        instance_methods(vm, s, a, &[Visibility::Public, Visibility::Protected])
    });
    vm.def_builtin(m, "public_instance_methods", -1, |vm, s, a, _| {
        instance_methods(vm, s, a, &[Visibility::Public])
    });
    vm.def_builtin(m, "private_instance_methods", -1, |vm, s, a, _| {
        instance_methods(vm, s, a, &[Visibility::Private])
    });
    vm.def_builtin(m, "protected_instance_methods", -1, |vm, s, a, _| {
        instance_methods(vm, s, a, &[Visibility::Protected])
    });
    vm.def_builtin(m, "method_defined?", arity::range(1, 2), |vm, s, a, _| {
        method_defined(vm, s, a, &[Visibility::Public, Visibility::Protected])
    });
    vm.def_builtin(
        m,
        "public_method_defined?",
        arity::range(1, 2),
        |vm, s, a, _| method_defined(vm, s, a, &[Visibility::Public]),
    );
    vm.def_builtin(
        m,
        "private_method_defined?",
        arity::range(1, 2),
        |vm, s, a, _| method_defined(vm, s, a, &[Visibility::Private]),
    );
    vm.def_builtin(
        m,
        "protected_method_defined?",
        arity::range(1, 2),
        |vm, s, a, _| method_defined(vm, s, a, &[Visibility::Protected]),
    );
    vm.def_builtin(m, "instance_method", 1, |vm, s, a, _| {
        let c = this(vm, s)?;
        let n = name_arg(vm, a[0])?;
        match lookup::find_method(&vm.classes, c, n) {
            Some((mid, _)) => {
                let owner = vm.classes.method(mid).owner;
                Ok(vm.heap.alloc(
                    cls::UNBOUND_METHOD,
                    Body::Method(Box::new(crate::object::RMethod {
                        recv: Value::NIL,
                        method: mid,
                        name: n,
                        owner,
                        bound: false,
                        klass: c,
                        start: c,
                    })),
                ))
            }
            None => {
                let cn = vm.class_name(c);
                let kind = if vm.classes.is_module(c) {
                    "module"
                } else {
                    "class"
                };
                let msg = format!("undefined method `{}' for {kind} `{cn}'", symbol::name(n));
                Err(vm.name_error(&msg, n, s))
            }
        }
    });
    vm.def_builtin(m, "const_get", arity::range(1, 2), const_get);
    vm.def_builtin(
        m,
        "const_source_location",
        arity::range(1, 2),
        const_source_location,
    );
    vm.def_singleton_builtin(m, "nesting", 0, |vm, _, _, _| {
        let mut out = Vec::new();
        let mut cur = vm.frames.last().map(|f| f.cref.clone());
        while let Some(c) = cur {
            if c.parent.is_none() {
                break;
            }
            if c.def_only {
                cur = c.parent.clone();
                continue;
            }
            let v = vm.class_value(c.class);
            if out.last() != Some(&v) {
                out.push(v);
            }
            cur = c.parent.clone();
        }
        Ok(vm.ary_new(out))
    });
    vm.def_builtin(m, "const_set", 2, |vm, s, a, _| {
        let c = this(vm, s)?;
        if obj(s).is_frozen() {
            return Err(vm.frozen_error(s));
        }
        if vm.ractor_nonmain {
            vm.ractor_check_const_set(a[1])?;
        }
        let n = name_arg(vm, a[0])?;
        let name = symbol::name(n);
        check_const_part(vm, s, &name, &name, 1)?;
        vm.set_const(c, n, a[1]);
        Ok(a[1])
    });
    // rb_mod_const_defined: a name or a path (`A::B`, `::A`), each part
    // a valid constant name.
    vm.def_builtin(m, "const_defined?", arity::range(1, 2), |vm, s, a, _| {
        let mut c = this(vm, s)?;
        let inherit = a.get(1).is_none_or(|v| v.truthy());
        let (name, _) = const_name_arg(vm, a[0])?;
        let path = match name.strip_prefix("::") {
            Some(rest) => {
                c = cls::OBJECT;
                rest
            }
            None => name.as_str(),
        };
        let parts: Vec<&str> = path.split("::").collect();
        for (i, part) in parts.iter().enumerate() {
            check_const_part(vm, s, &name, part, parts.len())?;
            let n = symbol::intern(part);
            let defined = if !inherit {
                vm.classes.get(c).consts.contains_key(&n) || vm.autoload_path(c, n).is_some()
            } else {
                let owners = vm.autoload_owners(c);
                vm.const_in_ancestors(c, n).is_some() || vm.autoload_pending(&owners, n)
            };
            if !defined {
                return Ok(Value::FALSE);
            }
            if i + 1 < parts.len() {
                let v = const_get(vm, vm.class_value(c), &[Value::symbol(n)], None)?;
                c = match vm.as_class(v) {
                    Some(k) => k,
                    None => {
                        return Err(
                            vm.type_error(&format!("{name} does not refer to class/module"))
                        );
                    }
                };
            }
        }
        Ok(Value::TRUE)
    });
    vm.def_builtin(m, "autoload", 2, |vm, s, a, _| {
        let c = this(vm, s)?;
        autoload(vm, c, a)
    });
    vm.def_builtin(m, "autoload?", arity::range(1, 2), |vm, s, a, _| {
        let c = this(vm, s)?;
        autoload_query(vm, c, a)
    });
    vm.def_builtin(m, "constants", -1, constants);
    // `Module.constants`: with no argument, the constants reachable from
    // the top level (Object's).
    vm.def_singleton_builtin(m, "constants", -1, |vm, s, a, b| {
        if a.is_empty() {
            let o = vm.class_value(cls::OBJECT);
            return constants(vm, o, a, b);
        }
        constants(vm, s, a, b)
    });
    vm.def_private_builtin(m, "remove_const", 1, |vm, s, a, _| {
        let c = this(vm, s)?;
        let n = name_arg(vm, a[0])?;
        let name = symbol::name(n);
        check_const_part(vm, s, &name, &name, 1)?;
        match vm.classes.remove_const(c, n) {
            Some(v) => {
                let origin = vm.invalidation_origin();
                vm.dispatch
                    .constant_changed(&vm.classes, c, n, Reason::ConstRemoved, &origin);
                Ok(v)
            }
            // An autoload registration goes without loading the file.
            None if vm.autoloads.remove(&(c, n)).is_some() => Ok(Value::NIL),
            None => {
                let cn = vm.class_name(c);
                Err(vm.name_error(
                    &format!("constant {cn}::{} not defined", symbol::name(n)),
                    n,
                    s,
                ))
            }
        }
    });
    vm.def_builtin(m, "const_missing", 1, |vm, s, a, _| {
        let c = this(vm, s)?;
        let n = name_arg(vm, a[0])?;
        let msg = if c == cls::OBJECT {
            format!("uninitialized constant {}", symbol::name(n))
        } else {
            format!(
                "uninitialized constant {}::{}",
                vm.class_name(c),
                symbol::name(n)
            )
        };
        Err(vm.name_error(&msg, n, s))
    });
    vm.def_builtin(m, "class_variable_get", 1, |vm, s, a, _| {
        let c = this(vm, s)?;
        let n = cvar_name_arg(vm, s, a[0])?;
        vm.cvar_get(c, n)
    });
    vm.def_builtin(m, "class_variable_set", 2, |vm, s, a, _| {
        let c = this(vm, s)?;
        if obj(s).is_frozen() {
            return Err(vm.frozen_error(s));
        }
        let n = cvar_name_arg(vm, s, a[0])?;
        vm.cvar_set(c, n, a[1])?;
        Ok(a[1])
    });
    vm.def_builtin(m, "remove_class_variable", 1, |vm, s, a, _| {
        let c = this(vm, s)?;
        let n = name_arg(vm, a[0])?;
        match vm.classes.get_mut(c).cvars.remove(&n) {
            Some(v) => Ok(v),
            None => {
                let cn = vm.class_name(c);
                let msg = format!("class variable {} not defined for {cn}", symbol::name(n));
                Err(vm.name_error(&msg, n, s))
            }
        }
    });
    vm.def_builtin(m, "class_variables", -1, |vm, s, _, _| {
        let c = this(vm, s)?;
        let names: Vec<Value> = vm
            .classes
            .get(c)
            .cvars
            .keys()
            .map(|n| Value::symbol(*n))
            .collect();
        Ok(vm.ary_new(names))
    });
    vm.def_builtin(m, "class_variable_defined?", 1, |vm, s, a, _| {
        let c = this(vm, s)?;
        let n = cvar_name_arg(vm, s, a[0])?;
        Ok(Value::bool(
            vm.classes
                .ancestors(c)
                .iter()
                .any(|k| vm.classes.get(*k).cvars.contains_key(&n)),
        ))
    });
    vm.def_builtin(m, "class_eval", -1, class_eval);
    vm.def_builtin(m, "module_eval", -1, class_eval);
    vm.def_builtin(m, "class_exec", -1, class_exec);
    vm.def_builtin(m, "module_exec", -1, class_exec);
    vm.def_builtin(m, "freeze", 0, |vm, s, _, _| {
        vm.freeze_with_singleton(s);
        Ok(s)
    });
    vm.def_builtin(m, "hash", 0, |_, s, _, _| {
        Ok(Value::int((s.raw() >> 3) as i64 & 0xffff_ffff))
    });
    vm.def_builtin(m, "instance_variable_get", 1, |vm, s, a, _| {
        let n = super::object::ivar_name_arg(vm, s, a[0])?;
        Ok(vm.ivar_get_name(s, n))
    });
    vm.def_builtin(m, "refine", 1, refine);
    vm.def_private_builtin(m, "using", 1, using);
    vm.def_builtin(m, "included_in", 0, |vm, s, _, _| {
        let c = this(vm, s)?;
        let v: Vec<Value> = vm
            .classes
            .get(c)
            .includers
            .clone()
            .into_iter()
            .map(|k| vm.class_value(k))
            .collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(m, "singleton_class?", 0, |vm, s, _, _| {
        let c = this(vm, s)?;
        Ok(Value::bool(vm.classes.get(c).kind == ClassKind::Singleton))
    });
    vm.def_builtin(m, "module_function?", 0, |_, _, _, _| Ok(Value::FALSE));

    // What only a Module does (CRuby undefines them on Class).
    for name in [
        "append_features",
        "prepend_features",
        "extend_object",
        "module_function",
        "refine",
    ] {
        let _ = vm.undef_method(cls::CLASS, symbol::intern(name));
    }

    // The main object's own methods (CRuby's top_using, top_include, ...).
    let main = vm.main_obj;
    let ms = vm.singleton_class(main);
    vm.def_private_builtin(ms, "using", 1, using);
    vm.def_private_builtin(ms, "ruby2_keywords", -1, |vm, _, a, b| {
        let o = vm.class_value(cls::OBJECT);
        ruby2_keywords(vm, o, a, b)
    });
    vm.def_private_builtin(ms, "include", -2, |vm, _, a, b| {
        let o = vm.class_value(cls::OBJECT);
        vm.funcall(o, crate::intern!("include"), a, b)
    });
    // Without names: the top level's own visibility (per file).
    vm.def_private_builtin(ms, "public", -1, |vm, _, a, _| {
        if a.is_empty() {
            vm.top_visibility = Visibility::Public;
            return Ok(Value::NIL);
        }
        let o = vm.class_value(cls::OBJECT);
        set_visibility(vm, o, a, Visibility::Public)
    });
    vm.def_private_builtin(ms, "private", -1, |vm, _, a, _| {
        if a.is_empty() {
            vm.top_visibility = Visibility::Private;
            return Ok(Value::NIL);
        }
        let o = vm.class_value(cls::OBJECT);
        set_visibility(vm, o, a, Visibility::Private)
    });
    vm.def_private_builtin(ms, "define_method", -2, |vm, _, a, b| {
        let o = vm.class_value(cls::OBJECT);
        define_method(vm, o, a, b)
    });

    let c = cls::CLASS;
    vm.def_builtin(c, "new", -1, class_new_instance);
    // Every Class value carmine makes is initialized (Class.new builds it).
    vm.def_private_builtin(c, "initialize", -1, |vm, _, _, _| {
        Err(vm.type_error("already initialized class"))
    });
    vm.def_builtin(c, "allocate", 0, |vm, s, _, _| {
        // rb_undef_alloc_func classes (NilClass, Integer, Symbol, Proc...)
        if let Some(k) = vm.as_class(s)
            && matches!(vm.classes.get(k).alloc, AllocKind::None | AllocKind::Proc)
            && vm.classes.get(k).kind != ClassKind::Singleton
        {
            let n = vm.class_name(k);
            return Err(vm.type_error(&format!("allocator undefined for {n}")));
        }
        allocate(vm, s)
    });
    vm.def_builtin(c, "superclass", 0, |vm, s, _, _| {
        let c = this(vm, s)?;
        let mut sup = vm.classes.get(c).superclass;
        while let Some(k) = sup {
            if vm.classes.get(k).kind != ClassKind::Singleton
                || vm.classes.get(c).kind == ClassKind::Singleton
            {
                break;
            }
            sup = vm.classes.get(k).superclass;
        }
        Ok(sup.map(|k| vm.class_value(k)).unwrap_or(Value::NIL))
    });
    vm.def_builtin(c, "subclasses", 0, |vm, s, _, _| {
        let c = this(vm, s)?;
        let subs: Vec<ClassId> = vm
            .classes
            .get(c)
            .subclasses
            .iter()
            .rev()
            .copied()
            .filter(|k| vm.classes.get(*k).kind == ClassKind::Class)
            .collect();
        let v = subs.into_iter().map(|k| vm.class_value(k)).collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(c, "class", 0, |vm, s, _, _| {
        let c = this(vm, s)?;
        Ok(vm.class_value(if vm.classes.is_module(c) {
            cls::MODULE
        } else {
            cls::CLASS
        }))
    });
    vm.def_builtin(c, "instance_methods", -1, |vm, s, a, _| {
        instance_methods(vm, s, a, &[Visibility::Public, Visibility::Protected])
    });
    vm.def_singleton_builtin(c, "new", -1, class_new);
    vm.def_singleton_builtin(m, "new", -1, |vm, _, _, b| {
        let c = vm.new_module(None, None);
        let v = vm.class_value(c);
        if let Some(b) = b {
            class_exec(vm, v, &[v], Some(b))?;
        }
        Ok(v)
    });
}

/// Module#const_get(name, inherit = true), with `A::B` paths.
/// A valid constant name (one path part): an uppercase ASCII letter
/// first, then letters, digits, `_` or non-ASCII characters.
fn const_name_ok(part: &str) -> bool {
    part.starts_with(|ch: char| ch.is_ascii_uppercase())
        && part
            .chars()
            .all(|ch| ch.is_alphanumeric() || ch == '_' || !ch.is_ascii())
}

/// CRuby's "wrong constant name" NameError for an invalid part of a
/// constant path: the whole name when it has one part, else the part.
fn check_const_part(
    vm: &mut Vm,
    s: Value,
    name: &str,
    part: &str,
    parts: usize,
) -> Result<(), Unwind> {
    if const_name_ok(part) {
        return Ok(());
    }
    let shown = if parts == 1 { name } else { part };
    let n = symbol::intern(shown);
    Err(vm.name_error(&format!("wrong constant name {shown}"), n, s))
}

/// A constant name argument: a Symbol, or a String (or `to_str`);
/// whether it was a Symbol.
fn const_name_arg(vm: &mut Vm, v: Value) -> Result<(String, bool), Unwind> {
    if let Some(sy) = v.as_symbol() {
        return Ok((symbol::name(sy).to_string(), true));
    }
    if vm.is_string(v) {
        return Ok((vm.string_lossy(v), false));
    }
    if v.is_heap() && vm.respond_to(v, sym::TO_STR) {
        let b = super::str_arg(vm, v)?;
        return Ok((String::from_utf8_lossy(&b).into_owned(), false));
    }
    let d = vm.inspect(v)?;
    Err(vm.type_error(&format!("{d} is not a symbol nor a string")))
}

/// `Module#const_source_location`: `[file, line]` of the definition the
/// name reaches (as `const_get` would look it up), `[]` for one the VM or
/// its prelude made, nil when there is none.
fn const_source_location(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let c = this(vm, s)?;
    let inherit = a.get(1).is_none_or(|v| v.truthy());
    // A Symbol, or a String by `to_str` (StringValue's TypeError).
    let (name, is_sym) = match a[0].as_symbol() {
        Some(_) => const_name_arg(vm, a[0])?,
        None => {
            let b = super::str_arg(vm, a[0])?;
            (String::from_utf8_lossy(&b).into_owned(), false)
        }
    };
    if is_sym && name.contains("::") {
        let n = symbol::intern(&name);
        return Err(vm.name_error(&format!("wrong constant name {name}"), n, s));
    }
    let (mut cur, path) = match name.strip_prefix("::") {
        Some(rest) => (cls::OBJECT, rest.to_string()),
        None => (c, name.clone()),
    };
    let parts: Vec<&str> = path.split("::").collect();
    let (last, outer) = parts.split_last().unwrap_or((&"", &[]));
    if !outer.is_empty() {
        let prefix = outer.join("::");
        let p = vm.str_new(&prefix);
        let holder = const_get(vm, vm.class_value(cur), &[p], None)?;
        cur = match vm.as_class(holder) {
            Some(k) => k,
            None => {
                let d = vm.inspect(holder)?;
                return Err(vm.type_error(&format!("{d} does not refer to class/module")));
            }
        };
    }
    let valid = const_name_ok(last);
    if !valid {
        let n = symbol::intern(last);
        return Err(vm.name_error(&format!("wrong constant name {last}"), n, s));
    }
    let n = symbol::intern(last);
    let mut holders: Vec<ClassId> = if inherit {
        vm.classes.ancestors(cur).to_vec()
    } else {
        vec![cur]
    };
    if inherit && vm.classes.get(cur).kind == ClassKind::Module {
        holders.push(cls::OBJECT);
    }
    let Some(h) = holders
        .into_iter()
        .find(|h| vm.classes.get(*h).consts.contains_key(&n))
    else {
        return Ok(Value::NIL);
    };
    let site = vm.classes.get(h).const_sites.get(&n).cloned();
    let parsed = site
        .as_deref()
        .and_then(|st| st.rsplit_once(':'))
        .and_then(|(f, l)| {
            let line = l.parse::<i64>().ok()?;
            (!f.starts_with("<internal:")).then(|| (f.to_string(), line))
        });
    Ok(match parsed {
        Some((f, line)) => {
            let f = vm.str_new(&f);
            vm.ary_new(vec![f, Value::int(line)])
        }
        None => vm.ary_new(vec![]),
    })
}

fn const_get(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let c = this(vm, s)?;
    if a.len() > 2 {
        return Err(vm.argc_error(a.len(), 1, 2));
    }
    let inherit = a.get(1).is_none_or(|v| v.truthy());
    let (name, is_sym) = const_name_arg(vm, a[0])?;
    if is_sym && name.contains("::") {
        // A Symbol names one constant, never a path.
        let n = symbol::intern(&name);
        return Err(vm.name_error(&format!("wrong constant name {name}"), n, s));
    }
    let (mut cur, path) = match name.strip_prefix("::") {
        Some(rest) => (cls::OBJECT, rest.to_string()),
        None => (c, name.clone()),
    };
    let mut val = Value::NIL;
    let parts: Vec<&str> = path.split("::").collect();
    if parts.len() > 1 && parts.iter().any(|p| p.is_empty()) {
        // `Foo::` / `A::::B`: rejected as a whole before any lookup.
        let n = symbol::intern(&name);
        return Err(vm.name_error(&format!("wrong constant name {name}"), n, s));
    }
    for (i, part) in parts.iter().enumerate() {
        check_const_part(vm, s, &name, part, parts.len())?;
        if i > 0 && vm.as_class(val).is_none() {
            let d = vm.inspect(val)?;
            return Err(vm.type_error(&format!("{d} does not refer to class/module")));
        }
        if i > 0 {
            cur = vm.as_class(val).unwrap_or(cur);
        }
        let n = symbol::intern(part);
        let found = if inherit {
            // Object's through the ancestors, or for a module (not for
            // a BasicObject subclass).
            vm.const_in_ancestors(cur, n)
        } else {
            vm.classes.get(cur).consts.get(&n).copied()
        };
        val = match found {
            Some(v) => v,
            None => vm.const_missing(cur, n)?,
        };
    }
    Ok(val)
}

fn mod_to_s(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let c = this(vm, s)?;
    let n = vm.class_name(c);
    Ok(vm.str_new(&n))
}

fn compare(vm: &mut Vm, a: Value, b: Value, or_eq: bool) -> VResult {
    let x = this(vm, a)?;
    let Some(y) = vm.as_class(b) else {
        return Err(vm.type_error("compared with non class/module"));
    };
    if x == y {
        return Ok(Value::bool(or_eq));
    }
    if vm.classes.is_subclass_of(x, y) {
        return Ok(Value::TRUE);
    }
    if vm.classes.is_subclass_of(y, x) {
        return Ok(Value::FALSE);
    }
    Ok(Value::NIL)
}

/// `include`/`prepend`/`extend`: links `m` into `c` and invalidates.
pub fn include_module(vm: &mut Vm, c: ClassId, m: ClassId, prepend: bool) -> Result<(), Unwind> {
    if !vm.classes.is_module(m) {
        let cn = vm.class_name(m);
        let _ = cn;
        return Err(vm.type_error("wrong argument type Class (expected Module)"));
    }
    let cv = vm.class_value(c);
    if vm.classes.get(c).kind != ClassKind::Singleton && obj(cv).is_frozen() {
        return Err(vm.frozen_class_error(c));
    }
    if vm.classes.ancestors(m).contains(&c) {
        return Err(vm.arg_error(if prepend {
            "cyclic prepend detected"
        } else {
            "cyclic include detected"
        }));
    }
    let k = vm.classes.get_mut(c);
    let list = if prepend {
        &mut k.prepends
    } else {
        &mut k.includes
    };
    if list.contains(&m) {
        return Ok(());
    }
    list.push(m);
    // `c` is in `m`'s includers already only when `m` is in its other
    // list (both included and prepended): that list is short, `m`'s
    // includers may be every object ever extended with it.
    let in_other = if prepend { &k.includes } else { &k.prepends }.contains(&m);
    if !in_other {
        vm.classes.get_mut(m).includers.push(c);
    }
    let why = if vm.classes.get(c).kind == ClassKind::Singleton {
        Reason::Extend
    } else if prepend {
        Reason::Prepend
    } else {
        Reason::Include
    };
    vm.invalidate_ancestry(c, why);
    Ok(())
}

/// A class variable name argument: `@@` and an identifier, else NameError.
fn cvar_name_arg(vm: &mut Vm, s: Value, v: Value) -> Result<SymbolId, Unwind> {
    let n = name_arg(vm, v)?;
    let name = symbol::name(n);
    let ok = name.strip_prefix("@@").is_some_and(|r| {
        r.starts_with(|c: char| c.is_alphabetic() || c == '_' || !c.is_ascii())
            && r.chars()
                .all(|c| c.is_alphanumeric() || c == '_' || !c.is_ascii())
    });
    if !ok {
        let msg = format!("`{name}' is not allowed as a class variable name");
        return Err(super::object::name_error_for_arg(vm, &msg, n, s, v));
    }
    Ok(n)
}

/// `Module#constants`: the names of the constants (with `inherit`, of the
/// ancestors up to Object too), autoloads still pending included.
fn constants(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let c = this(vm, s)?;
    let inherit = a.first().is_none_or(|v| v.truthy());
    let list: Vec<ClassId> = if inherit {
        vm.classes.ancestors(c).to_vec()
    } else {
        vec![c]
    };
    let mut names: Vec<Value> = Vec::new();
    for k in list {
        if k == cls::OBJECT && c != cls::OBJECT {
            break;
        }
        let e = vm.classes.get(k);
        for n in &e.const_order {
            let v = Value::symbol(*n);
            if e.consts.contains_key(n) && !e.private_consts.contains(n) && !names.contains(&v) {
                names.push(v);
            }
        }
        // Registered for autoload: listed before they are loaded.
        let mut pending: Vec<SymbolId> = vm
            .autoloads
            .keys()
            .filter(|(o, _)| *o == k)
            .map(|(_, n)| *n)
            .collect();
        pending.sort_by_key(|n| n.0);
        for n in pending {
            let v = Value::symbol(n);
            if !names.contains(&v) {
                names.push(v);
            }
        }
    }
    Ok(vm.ary_new(names))
}

/// `Module#ruby2_keywords`: checks the names as CRuby does (NameError for
/// a missing method, warnings for one that takes keywords or no `*rest`),
/// then marks the method's body: keywords it collects into `*rest` become
/// a flagged Hash, which a later `f(*args)` passes as keywords again.
fn ruby2_keywords(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let c = this(vm, s)?;
    for v in a {
        let n = name_arg(vm, *v)?;
        let found = crate::dispatch::lookup::find_method(&vm.classes, c, n).or_else(|| {
            vm.classes
                .is_module(c)
                .then(|| crate::dispatch::lookup::find_method(&vm.classes, cls::OBJECT, n))
                .flatten()
        });
        let entry = found
            .map(|(m, _)| vm.classes.method(m).clone())
            .filter(|e| !matches!(e.kind, MethodKind::Undefined));
        let Some(e) = entry else {
            let cn = vm.class_name(c);
            let msg = format!("undefined method `{}' for class `{cn}'", symbol::name(n));
            return Err(vm.name_error(&msg, n, s));
        };
        let why = if e.owner != c {
            Some("can only set in method defining module")
        } else {
            match e.kind {
                MethodKind::Iseq { iseq, .. } => {
                    let p = &vm.iseq(iseq).params;
                    (p.rest.is_none() || !p.kw.is_empty() || p.kwrest.is_some()).then_some(
                        "method accepts keywords or method does not accept argument splat",
                    )
                }
                MethodKind::Bmethod(_) => None,
                _ => Some("method accepts keywords or method does not accept argument splat"),
            }
        };
        if let Some(why) = why {
            let loc = vm.current_location();
            let msg = format!(
                "{loc}: warning: Skipping set of ruby2_keywords flag for {} ({why})\n",
                symbol::name(n)
            );
            vm.emit_warning(&msg)?;
            continue;
        }
        // Its *rest keeps keywords as a flagged Hash from now on.
        let body = match e.kind {
            MethodKind::Iseq { iseq, .. } => Some(iseq),
            MethodKind::Bmethod(p) => match &*obj(p).body.borrow() {
                Body::Proc(rp) => Some(rp.block.iseq),
                _ => None,
            },
            _ => None,
        };
        if let Some(i) = body {
            vm.ruby2_kw_iseqs.insert(i);
        }
    }
    Ok(Value::NIL)
}

/// `Module#attr`: readers, or `attr name, true/false` (obsolete): a
/// reader, and a writer too when true.
fn attr_legacy(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    if a.len() == 2 && (a[1] == Value::TRUE || a[1] == Value::FALSE) {
        if vm.verbose() {
            vm.warn_deprecated("optional boolean argument is obsoleted")?;
        }
        return attr(vm, s, &a[..1], true, a[1] == Value::TRUE);
    }
    attr(vm, s, a, true, false)
}

fn attr(vm: &mut Vm, s: Value, a: &[Value], reader: bool, writer: bool) -> VResult {
    let c = this_mut(vm, s)?;
    let vis = vm.classes.get(c).default_visibility;
    let mut out = Vec::new();
    for v in a {
        let n = name_arg(vm, *v)?;
        let name = symbol::name(n);
        let iv = symbol::intern(&format!("@{name}"));
        if reader {
            vm.add_method(c, n, MethodKind::AttrReader(iv), vis);
            vm.method_hook(c, n, "added")?;
            out.push(Value::symbol(n));
        }
        if writer {
            let w = symbol::intern(&format!("{name}="));
            vm.add_method(c, w, MethodKind::AttrWriter(iv), vis);
            vm.method_hook(c, w, "added")?;
            out.push(Value::symbol(w));
        }
    }
    Ok(vm.ary_new(out))
}

pub fn define_method(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let c = this_mut(vm, s)?;
    let n = name_arg(vm, a[0])?;
    let body = match (a.get(1), b) {
        (Some(v), _) => *v,
        (None, Some(b)) => match &*b {
            BlockArg::Literal(blk) => vm.alloc_proc(blk.clone(), true),
            _ => vm.block_to_proc(&b),
        },
        (None, None) => return Err(vm.arg_error("tried to create Proc object without a block")),
    };
    // `private` governs a class body (and its blocks), not a method that
    // calls define_method (CRuby: no scope visibility in a method's frame).
    let in_method = vm.frames.last().is_some_and(|f| f.method.is_some());
    let vis = if (!in_method && vm.classes.get(c).default_visibility == Visibility::Private)
        || crate::interp::define::always_private(n)
    {
        Visibility::Private
    } else {
        Visibility::Public
    };
    let special =
        body.is_heap() && matches!(&*obj(body).body.borrow(), Body::Proc(p) if p.special.is_some());
    // A Method's or a Symbol's Proc has no block body: the method calls
    // it (its receiver stays the Method's).
    let body = if special {
        super::object::prelude_call(vm, "proc_method_body", &[body])?
    } else {
        body
    };
    let kind = if !body.is_heap() {
        None
    } else {
        match &*obj(body).body.borrow() {
            Body::Proc(p) if p.special.is_none() => Some(MethodKind::Bmethod(body)),
            Body::Method(m) => Some(vm.classes.method(m.method).kind.clone()),
            _ => None,
        }
    };
    // A method taken from a class binds only into its subclasses.
    let from = match body.is_heap().then(|| obj(body).body.borrow()).as_deref() {
        Some(Body::Method(m)) => Some(vm.classes.method(m.method).owner),
        _ => None,
    };
    if let Some(owner) = from
        && !vm.classes.is_module(owner)
        && !vm.classes.is_subclass_of(c, owner)
    {
        if vm.classes.is_singleton(owner) {
            return Err(vm.type_error("can't bind singleton method to a different class"));
        }
        let on = vm.class_name(owner);
        return Err(vm.type_error(&format!("bind argument must be a subclass of {on}")));
    }
    let Some(kind) = kind else {
        // (rb_obj_classname: "NilClass", not "nil".)
        let cn = vm.class_name(vm.real_class_of(body));
        return Err(vm.type_error(&format!(
            "wrong argument type {cn} (expected Proc/Method/UnboundMethod)"
        )));
    };
    vm.add_method(c, n, kind, vis);
    vm.method_hook(c, n, "added")?;
    Ok(Value::symbol(n))
}

fn set_visibility(vm: &mut Vm, s: Value, a: &[Value], vis: Visibility) -> VResult {
    let c = this(vm, s)?;
    if a.is_empty() {
        vm.classes.get_mut(c).default_visibility = vis;
        vm.classes.get_mut(c).module_function = false;
        return Ok(Value::NIL);
    }
    let names: Vec<Value> = if a.len() == 1 && vm.is_array(a[0]) {
        vm.array_items(a[0])
    } else {
        a.to_vec()
    };
    for v in &names {
        let n = name_arg(vm, *v)?;
        match vm.classes.get(c).methods.get(&n).copied() {
            Some(mid) => {
                let mut e = vm.classes.method(mid).clone();
                if e.visibility == vis {
                    continue;
                }
                e.visibility = vis;
                let id = vm.classes.add_method_entry(e);
                vm.classes.insert_method(c, n, id);
                vm.invalidate_method(c, n, Reason::Visibility);
            }
            None => {
                // An inherited method of that visibility already: nothing
                // to copy (CRuby adds no entry to the child).
                if lookup::find_method(&vm.classes, c, n).is_some_and(|(_, v)| v == vis) {
                    continue;
                }
                if lookup::find_method(&vm.classes, c, n).is_none()
                    && !(vm.classes.is_module(c)
                        && lookup::find_method(&vm.classes, cls::OBJECT, n).is_some())
                {
                    let cn = vm.class_name(c);
                    let kind = if vm.classes.is_module(c) {
                        "module"
                    } else {
                        "class"
                    };
                    let msg = format!("undefined method `{}' for {kind} `{cn}'", symbol::name(n));
                    return Err(vm.name_error(&msg, n, s));
                }
                vm.add_method(c, n, MethodKind::ZSuper, vis);
                vm.invalidate_method(c, n, Reason::Visibility);
            }
        }
    }
    Ok(if a.len() == 1 {
        a[0]
    } else {
        vm.ary_new(a.to_vec())
    })
}

fn instance_methods(vm: &mut Vm, s: Value, a: &[Value], vis: &[Visibility]) -> VResult {
    let c = this(vm, s)?;
    let inherit = a.first().is_none_or(|v| v.truthy());
    let names = method_names(vm, c, inherit, false, vis);
    Ok(vm.ary_new(names))
}

/// CRuby's class_instance_method_list: method names visible from `start`
/// with one of the visibilities `vis`. Without `recur`, stops after the
/// first class that is neither a singleton class nor a module (for object
/// lists, `obj_mode`) or after `start` itself (for Module#instance_methods).
pub fn method_names(
    vm: &mut Vm,
    start: ClassId,
    recur: bool,
    obj_mode: bool,
    vis: &[Visibility],
) -> Vec<Value> {
    let list: Vec<ClassId> = vm.classes.ancestors(start).to_vec();
    // Prepended modules come before the class itself in the ancestors.
    let start_ix = list.iter().position(|k| *k == start).unwrap_or(0);
    let mut names = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, k) in list.into_iter().enumerate() {
        // CRuby starts a non-recursive Module listing at the class's
        // origin: prepended modules' methods are not the class's own.
        if !recur && !obj_mode && i < start_ix {
            continue;
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
            if vis.contains(&e.visibility) && !matches!(e.kind, MethodKind::Undefined) {
                names.push(Value::symbol(n));
            }
        }
        if recur || i < start_ix {
            continue;
        }
        let kind = vm.classes.get(k).kind;
        if obj_mode && (kind == ClassKind::Singleton || kind == ClassKind::Module) {
            continue;
        }
        break;
    }
    names
}

/// `method_defined?` and friends; `inherit` false: `c`'s own methods only.
fn method_defined(vm: &mut Vm, s: Value, a: &[Value], vis: &[Visibility]) -> VResult {
    let c = this(vm, s)?;
    let n = name_arg(vm, a[0])?;
    let inherit = a.get(1).is_none_or(|v| v.truthy());
    let found = lookup::find_method(&vm.classes, c, n);
    let own = |vm: &Vm, m| {
        let e = vm.classes.method(m);
        e.owner == c || vm.classes.get(c).methods.get(&n) == Some(&m)
    };
    Ok(Value::bool(matches!(found,
        Some((m, v)) if vis.contains(&v) && (inherit || own(vm, m)))))
}

/// `class_exec`/`module_exec`: the block with the arguments, `def`s into
/// the receiver.
fn class_exec(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    if b.is_none() {
        return Err(vm.local_jump_error("no block given"));
    }
    eval_in(vm, s, a, b, true)
}

fn class_eval(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    eval_in(vm, s, a, b, false)
}

/// Runs `f` as a scope of its own for `s`'s default visibility: it starts
/// public, and what `private`/`module_function` say there ends with it
/// (CRuby keeps the visibility in the new cref of a class_eval).
fn fresh_visibility_scope(vm: &mut Vm, s: Value, f: impl FnOnce(&mut Vm) -> VResult) -> VResult {
    let Some(c) = vm.as_class(s) else {
        return f(vm);
    };
    let k = vm.classes.get_mut(c);
    let saved = (k.default_visibility, k.module_function);
    k.default_visibility = Visibility::Public;
    k.module_function = false;
    let r = f(vm);
    let k = vm.classes.get_mut(c);
    (k.default_visibility, k.module_function) = saved;
    r
}

/// `class_eval` (a string, or a block given no arguments) and `class_exec`
/// (`exec`: a block given the arguments).
fn eval_in(vm: &mut Vm, s: Value, a: &[Value], b: B, exec: bool) -> VResult {
    fresh_visibility_scope(vm, s, |vm| eval_in_scope(vm, s, a, b, exec))
}

/// The `(file, line)` of `instance_eval`/`class_eval`'s string form
/// (`a` = source, file, line): the file through `to_str`, the line
/// through `to_int`, as CRuby.
pub(crate) fn eval_file_line(vm: &mut Vm, a: &[Value]) -> Result<(String, i64), Unwind> {
    let file = match a.get(1) {
        Some(f) => String::from_utf8_lossy(&super::str_arg(vm, *f)?).into_owned(),
        None => "(eval)".to_string(),
    };
    let line = match a.get(2) {
        Some(l) => super::int_arg(vm, *l)?,
        None => 1,
    };
    Ok((file, line))
}

fn eval_in_scope(vm: &mut Vm, s: Value, a: &[Value], b: B, exec: bool) -> VResult {
    let fl = vm.passed_kw_flag(a);
    let c = this(vm, s)?;
    let Some(b) = b else {
        if a.is_empty() {
            return Err(vm.argc_error(0, 1, 3));
        }
        if a.len() > 3 {
            return Err(vm.argc_error(a.len(), 1, 3));
        }
        let src = super::str_arg(vm, a[0])?;
        let (file, line) = eval_file_line(vm, a)?;
        let parent = vm.frames.last().map(|f| f.cref.clone());
        let cref = crate::object::cref_new(c, parent);
        return super::binding::eval_with_self(vm, &src, &file, line, s, cref);
    };
    // Methods defined with `def` inside the block go to `c`: run the block
    // with a cref whose class is `c`.
    if !exec && !a.is_empty() {
        return Err(vm.argc_error(a.len(), 0, 0));
    }
    let b2 = rebase_block(vm, &b, c);
    let args: Vec<Value> = if a.is_empty() { vec![s] } else { a.to_vec() };
    vm.yield_block_with_fl(&b2, &args, Some(s), None, fl)
}

/// A copy of block `b` (a literal block or a block-made Proc) whose `def`s
/// go to class `c` (class_eval, instance_eval).
pub fn rebase_block(vm: &mut Vm, b: &Rc<BlockArg>, c: ClassId) -> Rc<BlockArg> {
    rebase_block_as(vm, b, c, false)
}

/// `rebase_block`; `no_singleton`: the receiver of `instance_eval` has no
/// singleton class, so `def` in the block raises.
pub fn rebase_block_as(
    vm: &mut Vm,
    b: &Rc<BlockArg>,
    c: ClassId,
    no_singleton: bool,
) -> Rc<BlockArg> {
    let cref = |parent: &crate::object::Cref| {
        if no_singleton {
            crate::object::cref_new_no_singleton(c, Some(parent.clone()), true)
        } else {
            crate::object::cref_new_def_only(c, Some(parent.clone()))
        }
    };
    match &**b {
        BlockArg::Literal(blk) => {
            let mut blk = blk.clone();
            blk.cref = cref(&blk.cref);
            Rc::new(BlockArg::Literal(blk))
        }
        BlockArg::Proc(p) => {
            // A non-lambda Proc's block runs like a literal block; lambdas
            // keep their own cref (their argument rules differ).
            let blk = match &*obj(*p).body.borrow() {
                Body::Proc(rp) if rp.special.is_none() && !rp.is_lambda => Some(rp.block.clone()),
                _ => None,
            };
            let _ = &vm;
            match blk {
                Some(mut blk) => {
                    blk.cref = cref(&blk.cref);
                    Rc::new(BlockArg::Literal(blk))
                }
                None => b.clone(),
            }
        }
        _ => b.clone(),
    }
}

fn refine(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let owner = this(vm, s)?;
    let Some(target) = vm.as_class(a[0]) else {
        return Err(vm.type_error("wrong argument type (expected Class or Module)"));
    };
    let b = block_required(vm, b)?;
    let existing = vm
        .classes
        .get(owner)
        .refinements
        .iter()
        .find(|(t, _)| *t == target)
        .map(|(_, r)| *r);
    let r = match existing {
        Some(r) => r,
        None => {
            let r = vm.new_module(None, None);
            let tn = vm.class_name(target);
            let on = vm.class_name(owner);
            vm.classes.get_mut(r).name = Some(format!("#<refinement:{tn}@{on}>"));
            vm.classes.get_mut(r).refined = Some(target);
            vm.classes.get_mut(owner).refinements.push((target, r));
            r
        }
    };
    let rv = vm.class_value(r);
    class_eval(vm, rv, &[], Some(b))?;
    if existing.is_some() {
        // Methods of an active refinement changed: refined call sites may
        // hold the old entries.
        let origin = vm.invalidation_origin();
        vm.dispatch
            .refinement_activated(&vm.classes, owner, &origin);
    }
    Ok(rv)
}

pub fn using(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    // CRuby's checks on the calling frame (a block in a method is in it).
    // They also keep a method frame's cref its method's: frames reuse it.
    let main = s == vm.main_obj;
    if let Some(f) = vm.frames.last() {
        let msg = if f.method.is_some() {
            Some(if main {
                "main.using is permitted only at toplevel"
            } else {
                "Module#using is not permitted in methods"
            })
        } else if !main && f.self_val != s {
            Some("Module#using is not called on self")
        } else {
            None
        };
        if let Some(msg) = msg {
            return Err(vm.runtime_error(msg));
        }
    }
    let Some(m) = vm.as_class(a[0]) else {
        return Err(vm.type_error("wrong argument type (expected Module)"));
    };
    let refs: Vec<ClassId> = vm
        .classes
        .get(m)
        .refinements
        .iter()
        .map(|(_, r)| *r)
        .collect();
    // Activate in the caller's lexical scope (the innermost Ruby frame) from
    // here on: like CRuby, the frame gets a copy of its cref, so methods and
    // blocks defined before `using` keep seeing the old refinements. From a
    // block, the scopes it was created in that share its cref (a class body
    // or the top level around `[R].each { |m| using m }`) get it too.
    if let Some(top) = vm.frames.len().checked_sub(1) {
        let old = vm.frames[top].cref.clone();
        let mut list = old.refinements.borrow().clone();
        for r in refs.iter().rev() {
            if !list.contains(r) {
                list.insert(0, *r);
            }
        }
        let new = Rc::new(crate::object::CrefNode {
            class: old.class,
            parent: old.parent.clone(),
            refinements: std::cell::RefCell::new(list),
            def_only: old.def_only,
            no_singleton: old.no_singleton,
        });
        let mut i = top;
        loop {
            let f = &mut vm.frames[i];
            if Rc::ptr_eq(&f.cref, &old) {
                f.cref = new.clone();
            }
            if !f.is_block {
                break;
            }
            let origin = f.origin;
            match (0..i).rev().find(|&j| vm.frames[j].id == origin) {
                Some(j) => i = j,
                None => break,
            }
        }
    }
    // Refining a core class may change what an optimized instruction
    // (opt_plus, opt_length...) must call: turn those fast paths off.
    if refs.iter().any(|r| {
        vm.classes
            .get(*r)
            .refined
            .is_some_and(|t| (t.0 as usize) < cls::COUNT as usize)
    }) {
        vm.dispatch.bop_redefined = u32::MAX;
    }
    let origin = vm.invalidation_origin();
    vm.dispatch.refinement_activated(&vm.classes, m, &origin);
    Ok(vm.main_obj)
}

/// `Class.new(superclass) { body }`.
fn class_new(vm: &mut Vm, _: Value, a: &[Value], b: B) -> VResult {
    let sup = match a.first() {
        Some(v) => match vm.as_class(*v) {
            Some(c) if !vm.classes.is_module(c) => c,
            _ => {
                let cn = super::type_name(vm, *v);
                return Err(vm.type_error(&format!(
                    "superclass must be an instance of Class (given an instance of {cn})"
                )));
            }
        },
        None => cls::OBJECT,
    };
    if sup == cls::CLASS {
        return Err(vm.type_error("can't make subclass of Class"));
    }
    if vm.classes.get(sup).kind == ClassKind::Singleton {
        return Err(vm.type_error("can't make subclass of singleton class"));
    }
    let c = vm.new_class(None, sup, None);
    let v = vm.class_value(c);
    let sv = vm.class_value(sup);
    vm.funcall(sv, sym::INHERITED, &[v], None)?;
    if let Some(b) = b {
        class_exec(vm, v, &[v], Some(b))?;
    }
    Ok(v)
}

pub fn allocate(vm: &mut Vm, s: Value) -> VResult {
    let c = this(vm, s)?;
    if vm.classes.get(c).kind == ClassKind::Singleton {
        return Err(vm.type_error("can't create instance of singleton class"));
    }
    let body = match vm.classes.get(c).alloc {
        AllocKind::Object => return Ok(vm.alloc_plain_object(c)),
        AllocKind::String => Body::String(RString::default()),
        AllocKind::Array => Body::Array(Vec::new()),
        AllocKind::Hash => Body::Hash(Box::new(RHash::new())),
        AllocKind::Range => Body::Range(Value::NIL, Value::NIL, false),
        AllocKind::Struct => return super::structs::allocate(vm, c),
        AllocKind::Regexp => return Ok(super::regexp::allocate(vm, c)),
        AllocKind::Proc | AllocKind::None => {
            let recv = vm.classes.get(c).obj;
            let desc = vm.describe_receiver(recv);
            return Err(vm.error(
                vm.e.no_method_error,
                &format!("undefined method `new' for {desc}"),
            ));
        }
    };
    Ok(vm.heap.alloc(c, body))
}

pub(crate) fn class_new_instance(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
    let kw = vm.kw_passed && a.last().is_some_and(|v| vm.hash_len(*v).is_some());
    let o = allocate(vm, s)?;
    vm.push_root(o);
    let r = vm.funcall_kw(o, sym::INITIALIZE, a, b, kw);
    vm.temp_roots.pop();
    r?;
    Ok(o)
}

pub fn dup_class(vm: &mut Vm, c: ClassId) -> VResult {
    if c == cls::BASIC_OBJECT {
        return Err(vm.type_error("can't copy the root class"));
    }
    let sup = vm.classes.get(c).superclass.unwrap_or(cls::OBJECT);
    let n = if vm.classes.is_module(c) {
        vm.new_module(None, None)
    } else {
        vm.new_class(None, sup, None)
    };
    // A copy of String/Array/... makes instances of the same kind.
    let alloc = vm.classes.get(c).alloc;
    vm.classes.get_mut(n).alloc = alloc;
    let methods: Vec<_> = vm
        .classes
        .get(c)
        .methods
        .iter()
        .map(|(k, v)| (*k, *v))
        .collect();
    for (name, m) in methods {
        let e = vm.classes.method(m).clone();
        vm.add_method(n, name, e.kind, e.visibility);
    }
    // Class-level state, as rb_mod_init_copy: the class's own instance
    // variables and its singleton class's methods (a Struct class's `new`
    // and members).
    let ivars = vm.classes.get(c).ivars.clone();
    vm.classes.get_mut(n).ivars = ivars;
    let meta = vm.classes.get(c).metaclass;
    if let Some(meta) = meta.filter(|&m| vm.classes.get(m).kind == ClassKind::Singleton) {
        let methods: Vec<_> = vm
            .classes
            .get(meta)
            .methods
            .iter()
            .map(|(k, v)| (*k, *v))
            .collect();
        // Modules the class was extended with stay in the copy's singleton
        // ancestry (rb_singleton_class_clone copies the chain).
        let extended = vm.classes.get(meta).includes.clone();
        if !methods.is_empty() || !extended.is_empty() {
            let nv = vm.class_value(n);
            let nm = vm.singleton_class(nv);
            for (name, m) in methods {
                let e = vm.classes.method(m).clone();
                vm.add_method(nm, name, e.kind, e.visibility);
            }
            for m in extended {
                include_module(vm, nm, m, false)?;
            }
        }
    }
    // Constants (and which are private) are copied too, as CRuby's
    // rb_mod_init_copy does.
    let (consts, order, private) = {
        let k = vm.classes.get(c);
        (
            k.consts.clone(),
            k.const_order.clone(),
            k.private_consts.clone(),
        )
    };
    let k = vm.classes.get_mut(n);
    k.consts = consts;
    k.const_order = order;
    k.private_consts = private;
    let incs = vm.classes.get(c).includes.clone();
    for m in incs {
        include_module(vm, n, m, false)?;
    }
    let _ = check_frozen;
    Ok(vm.class_value(n))
}

/// `autoload(name, path)` registered on `c` (Module#autoload, and
/// Kernel#autoload on the caller's lexical class).
pub(crate) fn autoload(vm: &mut Vm, c: ClassId, a: &[Value]) -> VResult {
    if vm.class_frozen(c) {
        return Err(vm.frozen_class_error(c));
    }
    let n = name_arg(vm, a[0])?;
    if !symbol::name(n).starts_with(|ch: char| ch.is_ascii_uppercase()) {
        let msg = format!("autoload must be constant name: {}", symbol::name(n));
        let cv = vm.class_value(c);
        return Err(vm.name_error(&msg, n, cv));
    }
    let path = super::path_arg(vm, a[1])?;
    if path.is_empty() {
        return Err(vm.arg_error("empty file name"));
    }
    vm.autoload_register(c, n, path);
    Ok(Value::NIL)
}

/// `autoload?(name, inherit = true)`: the feature `name` would load.
pub(crate) fn autoload_query(vm: &mut Vm, c: ClassId, a: &[Value]) -> VResult {
    let n = name_arg(vm, a[0])?;
    let owners = if a.get(1).is_none_or(|v| v.truthy()) {
        vm.classes.ancestors(c).to_vec()
    } else {
        vec![c]
    };
    let path = owners
        .iter()
        .find_map(|&o| vm.autoload_path(o, n).map(str::to_string));
    Ok(match path {
        Some(p) => vm.str_new(&p),
        None => Value::NIL,
    })
}
