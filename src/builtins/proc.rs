//! Proc, Method and UnboundMethod.

use crate::class::cls;
use crate::gc::obj;
use crate::interp::Vm;
use crate::object::{BlockArg, Body};
use crate::value::{Value, symbol};

pub fn init(vm: &mut Vm) {
    let p = cls::PROC;
    for name in ["call", "()", "yield", "===", "[]"] {
        vm.def_builtin(p, name, -1, |vm, s, a, b| {
            let fl = vm.passed_kw_flag(a);
            vm.call_proc_with_fl(s, a, None, b, fl)
        });
    }
    vm.def_builtin(p, "to_proc", 0, |_, s, _, _| Ok(s));
    // proc_new: a subclass gets a Proc of its own (a copy of a passed
    // Proc), then `initialize` runs with the arguments and the block.
    vm.def_singleton_builtin(p, "new", -1, |vm, s, a, b| {
        let Some(b) = b else {
            return Err(vm.arg_error("tried to create Proc object without a block"));
        };
        let pr = vm.block_to_proc(&b);
        let Some(c) = vm.as_class(s) else {
            return Ok(pr);
        };
        if c == cls::PROC && a.is_empty() {
            return Ok(pr);
        }
        let pr = if vm.class_of(pr) == c {
            pr
        } else {
            let d = vm.funcall(pr, crate::intern!("dup"), &[], None)?;
            obj(d).class.set(c);
            d
        };
        vm.push_root(pr);
        let kw = vm.passed_kw_flag(a) != 0;
        let r = vm.funcall_kw(pr, crate::intern!("initialize"), a, Some(b), kw);
        vm.temp_roots.pop();
        r.map(|_| pr)
    });
    vm.def_builtin(p, "source_location", 0, |vm, s, _, _| {
        let found = match &*obj(s).body.borrow() {
            Body::Proc(p) => match p.special.as_deref() {
                None => Ok(p.block.iseq),
                Some(BlockArg::Method(m)) => Err(Some(*m)),
                Some(_) => Err(None),
            },
            _ => Err(None),
        };
        let iseq = match found {
            Ok(i) => i,
            // A Method's Proc is where the method is.
            Err(Some(m)) => return vm.funcall(m, crate::intern!("source_location"), &[], None),
            Err(None) => return Ok(Value::NIL),
        };
        let i = vm.iseq(iseq);
        let f = vm.str_new(&i.file);
        Ok(vm.ary_new(vec![f, Value::int(i.first_line as i64)]))
    });
    for name in ["to_s", "inspect"] {
        vm.def_builtin(p, name, 0, |vm, s, _, _| {
            let t = proc_to_s(vm, s);
            let v = vm.str_new(&t);
            crate::builtins::string::Enc::Binary.set(v);
            Ok(v)
        });
    }
    // Equal: the same Proc, or a copy of it (same block, same closure).
    for name in ["==", "eql?"] {
        vm.def_builtin(p, name, 1, |_, s, a, _| {
            let o = a[0];
            if s == o {
                return Ok(Value::TRUE);
            }
            if !o.is_heap() {
                return Ok(Value::FALSE);
            }
            let (x, y) = (obj(s).body.borrow(), obj(o).body.borrow());
            Ok(Value::bool(match (&*x, &*y) {
                (Body::Proc(x), Body::Proc(y)) => {
                    x.special.is_none()
                        && y.special.is_none()
                        && x.is_lambda == y.is_lambda
                        && x.block.iseq == y.block.iseq
                        && x.block.env == y.block.env
                        && x.block.home == y.block.home
                        && x.block.origin == y.block.origin
                        && x.block.self_val == y.block.self_val
                }
                _ => false,
            }))
        });
    }
    vm.def_builtin(p, "lambda?", 0, |_, s, _, _| match &*obj(s).body.borrow() {
        Body::Proc(p) => Ok(Value::bool(p.is_lambda)),
        _ => Ok(Value::FALSE),
    });
    vm.def_builtin(p, "arity", 0, |vm, s, _, _| {
        let (iseq, lambda, special) = match &*obj(s).body.borrow() {
            Body::Proc(p) => (p.block.iseq, p.is_lambda, p.special.is_some()),
            _ => return Ok(Value::int(-1)),
        };
        if special {
            if let Body::Proc(p) = &*obj(s).body.borrow()
                && let Some(BlockArg::Method(m)) = p.special.as_deref()
                && let Body::Method(rm) = &*obj(*m).body.borrow()
            {
                return Ok(Value::int(super::method::method_arity(vm, rm.method)));
            }
            // Symbol#to_proc: a lambda taking |recv, *args|.
            let _ = lambda;
            return Ok(Value::int(-2));
        }
        let i = vm.iseq(iseq);
        let pr = &i.params;
        if lambda {
            return Ok(Value::int(pr.arity() as i64));
        }
        // CRuby: a proc's arity is its minimum unless it takes a rest.
        let req = pr.required() as i64 + pr.kw.iter().any(|k| k.2) as i64;
        Ok(Value::int(if pr.rest.is_some() { -req - 1 } else { req }))
    });
    vm.def_builtin(p, "parameters", 0, |vm, s, _, _| {
        let (iseq, lambda) = match &*obj(s).body.borrow() {
            Body::Proc(p) => (p.block.iseq, p.is_lambda),
            _ => return Ok(Value::NIL),
        };
        let i = vm.iseq(iseq);
        params_list(vm, i, !lambda)
    });
    // A Binding of the scope the block was written in: its self and the
    // locals of its enclosing scopes (a snapshot of their values).
    vm.def_builtin(p, "binding", 0, |vm, s, _, _| {
        let (iseq, env, blk) = match &*obj(s).body.borrow() {
            Body::Proc(p) if p.special.is_none() => (p.block.iseq, p.block.env, p.block.clone()),
            _ => return Err(vm.arg_error("Can't create Binding from C level Proc")),
        };
        let (mut names, mut vals) = (Vec::new(), Vec::new());
        let (mut scope, mut env) = (vm.iseq(iseq).parent, env);
        while let Some(id) = scope {
            let i = vm.iseq(id);
            let env_vals = match env.is_heap().then(|| obj(env)) {
                Some(o) => match &*o.body.borrow() {
                    Body::Env(e) => {
                        let vals = e.vals.clone();
                        env = e.parent;
                        vals
                    }
                    _ => Vec::new(),
                },
                None => Vec::new(),
            };
            for (k, &n) in i.local_names.iter().enumerate() {
                // (Unnamed locals: anonymous parameters, temporaries.)
                if n.0 == u32::MAX {
                    continue;
                }
                let name = symbol::name(n);
                let plain = name.starts_with(|c: char| c.is_alphabetic() || c == '_');
                if plain && !names.contains(&Value::symbol(n)) {
                    names.push(Value::symbol(n));
                    vals.push(env_vals.get(k).copied().unwrap_or(Value::NIL));
                }
            }
            scope = i.parent;
        }
        let n = vals.len();
        for v in &vals {
            vm.push_root(*v);
        }
        let r = super::binding::proc_binding(vm, &blk, names, vals);
        vm.temp_roots.truncate(vm.temp_roots.len() - n);
        r
    });
}

pub fn params_list(
    vm: &mut Vm,
    i: &crate::bytecode::Iseq,
    is_proc: bool,
) -> crate::interp::VResult {
    let p = &i.params;
    let mut out = Vec::new();
    let name = |idx: u32| i.local_names.get(idx as usize).copied();
    let mk = |vm: &mut Vm, kind: &str, n: Option<crate::value::SymbolId>| {
        let k = vm.sym(kind);
        match n {
            Some(n) if n.0 != u32::MAX => vm.ary_new(vec![k, Value::symbol(n)]),
            _ => vm.ary_new(vec![k]),
        }
    };
    // A destructuring parameter `(a, b)` has no name: a proc reports it
    // as `[:opt, nil]`, a method or lambda as `[:req]` (CRuby 3.1).
    let positional = |vm: &mut Vm, n: Option<crate::value::SymbolId>| {
        let unnamed = n.is_none_or(|n| n.0 == u32::MAX);
        if is_proc && unnamed {
            let k = vm.sym("opt");
            vm.ary_new(vec![k, Value::NIL])
        } else {
            mk(vm, if is_proc { "opt" } else { "req" }, n)
        }
    };
    // Anonymous `*` / `**` have no name, unless they come from `...`.
    let anon = |n: Option<crate::value::SymbolId>, a: crate::value::SymbolId| {
        if !p.forward && n == Some(a) { None } else { n }
    };
    for j in 0..p.lead {
        let v = positional(vm, name(j));
        out.push(v);
    }
    for j in 0..p.opt {
        let v = mk(vm, "opt", name(p.lead + j));
        out.push(v);
    }
    if let Some(r) = p.rest {
        let v = mk(vm, "rest", anon(name(r), crate::value::sym::ANON_REST));
        out.push(v);
    }
    for j in 0..p.post {
        let v = positional(vm, name(p.post_start + j));
        out.push(v);
    }
    for (n, _, req) in p.kw.clone() {
        let v = mk(vm, if req { "keyreq" } else { "key" }, Some(n));
        out.push(v);
    }
    if let Some(k) = p.kwrest {
        let v = mk(vm, "keyrest", anon(name(k), crate::value::sym::ANON_KWREST));
        out.push(v);
    }
    if p.no_kw {
        let v = mk(vm, "nokey", None);
        out.push(v);
    }
    if let Some(b) = p.block {
        let v = mk(vm, "block", name(b));
        out.push(v);
    }
    Ok(vm.ary_new(out))
}

/// CRuby's Proc#to_s: `#<Proc:0x... file:line (lambda)>`, `(&:sym)` for
/// a Symbol's Proc, no location for a Method's.
fn proc_to_s(vm: &Vm, s: Value) -> String {
    let base = vm.any_to_s(s);
    let base = base.trim_end_matches('>');
    let (lambda, what) = match &*obj(s).body.borrow() {
        Body::Proc(p) => (
            p.is_lambda,
            match p.special.as_deref() {
                None => {
                    let i = vm.iseq(p.block.iseq);
                    format!(" {}:{}", i.file, i.first_line)
                }
                Some(BlockArg::Symbol(n)) => format!("(&:{})", symbol::name(*n)),
                Some(_) => String::new(),
            },
        ),
        _ => (false, String::new()),
    };
    let lam = if lambda { " (lambda)" } else { "" };
    format!("{base}{what}{lam}>")
}
