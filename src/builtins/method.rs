//! Method and UnboundMethod: a method entry with the receiver it is
//! bound to (or none), the class its lookup started at (`klass`, shown by
//! `inspect` and compared by `==`) and the ancestry `super_method` walks.

use crate::class::{ClassKind, Visibility, cls};
use crate::gc::obj;
use crate::interp::Vm;
use crate::object::{BlockArg, Body, RMethod};
use crate::value::{ClassId, Value, symbol};

pub fn init(vm: &mut Vm) {
    let m = cls::METHOD;
    vm.def_builtin(m, "call", -1, |vm, s, a, b| {
        let fl = vm.passed_kw_flag(a);
        vm.call_method_object_fl(s, a, b, fl)
    });
    for name in ["[]", "==="] {
        vm.def_builtin(m, name, -1, |vm, s, a, b| {
            let fl = vm.passed_kw_flag(a);
            vm.call_method_object_fl(s, a, b, fl)
        });
    }
    vm.def_builtin(m, "to_proc", 0, |vm, s, _, _| {
        let b = std::rc::Rc::new(BlockArg::Method(s));
        Ok(vm.block_to_proc(&b))
    });
    for c in [cls::METHOD, cls::UNBOUND_METHOD] {
        vm.def_builtin(c, "name", 0, |_, s, _, _| Ok(Value::symbol(rm(s).name)));
        vm.def_builtin(c, "original_name", 0, |vm, s, _, _| {
            Ok(Value::symbol(vm.classes.method(rm(s).method).original_name))
        });
        for eq in ["==", "eql?"] {
            vm.def_builtin(c, eq, 1, |vm, s, a, _| {
                let o = a[0];
                if !o.is_heap() || vm.class_of(o) != vm.class_of(s) {
                    return Ok(Value::FALSE);
                }
                if !matches!(&*obj(o).body.borrow(), Body::Method(_)) {
                    return Ok(Value::FALSE);
                }
                let (x, y) = (rm(s), rm(o));
                let same_def = x.method == y.method || {
                    let (ex, ey) = (vm.classes.method(x.method), vm.classes.method(y.method));
                    ex.owner == ey.owner
                        && ex.original_name == ey.original_name
                        && ex.kind.label() == ey.kind.label()
                };
                Ok(Value::bool(
                    x.recv == y.recv && x.bound == y.bound && x.klass == y.klass && same_def,
                ))
            });
        }
        vm.def_builtin(c, "hash", 0, |vm, s, _, _| {
            let r = rm(s);
            let orig = vm.classes.method(r.method).original_name;
            let h = (r.recv.raw() >> 3) ^ ((orig.0 as u64) << 7) ^ (r.owner.0 as u64);
            Ok(Value::int((h & 0x3fff_ffff_ffff) as i64))
        });
        vm.def_builtin(c, "owner", 0, |vm, s, _, _| Ok(vm.class_value(rm(s).owner)));
        vm.def_builtin(c, "arity", 0, |vm, s, _, _| {
            Ok(Value::int(method_arity(vm, rm(s).method)))
        });
        vm.def_builtin(c, "parameters", 0, |vm, s, _, _| {
            method_parameters(vm, rm(s).method)
        });
        for name in ["inspect", "to_s"] {
            vm.def_builtin(c, name, 0, |vm, s, _, _| {
                let t = inspect(vm, s)?;
                Ok(vm.str_new(&t))
            });
        }
        vm.def_builtin(c, "source_location", 0, |vm, s, _, _| {
            match location(vm, rm(s).method) {
                Some((file, line)) => {
                    let f = vm.str_new(&file);
                    Ok(vm.ary_new(vec![f, Value::int(line)]))
                }
                None => Ok(Value::NIL),
            }
        });
        vm.def_builtin(c, "super_method", 0, |vm, s, _, _| super_method(vm, s));
        // (Ruby 3.1 only: removed in 3.2.)
        vm.def_builtin(c, "public?", 0, |vm, s, _, _| {
            Ok(Value::bool(visibility(vm, s) == Visibility::Public))
        });
        vm.def_builtin(c, "private?", 0, |vm, s, _, _| {
            Ok(Value::bool(visibility(vm, s) == Visibility::Private))
        });
        vm.def_builtin(c, "protected?", 0, |vm, s, _, _| {
            Ok(Value::bool(visibility(vm, s) == Visibility::Protected))
        });
        vm.def_builtin(c, "dup", 0, |vm, s, _, _| Ok(copy(vm, s)));
        vm.def_builtin(c, "clone", 0, |vm, s, _, _| {
            let c = copy(vm, s);
            if obj(s).is_frozen() {
                obj(c).freeze();
            }
            Ok(c)
        });
    }
    vm.def_builtin(m, "receiver", 0, |_, s, _, _| Ok(rm(s).recv));
    vm.def_builtin(m, "unbind", 0, |vm, s, _, _| {
        let r = rm(s);
        Ok(vm.heap.alloc(
            cls::UNBOUND_METHOD,
            Body::Method(Box::new(RMethod {
                recv: Value::NIL,
                bound: false,
                ..r
            })),
        ))
    });
    let u = cls::UNBOUND_METHOD;
    vm.def_builtin(u, "bind", 1, |vm, s, a, _| {
        let r = rm(s);
        check_bind(vm, &r, a[0])?;
        let klass = vm.class_of(a[0]);
        Ok(vm.heap.alloc(
            cls::METHOD,
            Body::Method(Box::new(RMethod {
                recv: a[0],
                bound: true,
                klass,
                start: klass,
                ..r
            })),
        ))
    });
    vm.def_builtin(u, "bind_call", -2, |vm, s, a, b| {
        let r = rm(s);
        check_bind(vm, &r, a[0])?;
        let fl = vm.passed_kw_flag(&a[1..]);
        vm.call_method_id_fl(r.method, a[0], &a[1..], b, fl)
    });
}

fn visibility(vm: &Vm, s: Value) -> Visibility {
    vm.classes.method(rm(s).method).visibility
}

/// convert_umethod_to_method_components: a module's method binds to
/// anything; a class's only to its instances, a singleton's only to
/// its object.
fn check_bind(vm: &mut Vm, r: &RMethod, recv: Value) -> Result<(), crate::object::Unwind> {
    if vm.classes.is_module(r.owner) {
        return Ok(());
    }
    let rc = vm.class_of(recv);
    if vm.classes.is_subclass_of(rc, r.owner) {
        return Ok(());
    }
    if vm.classes.get(r.owner).kind == ClassKind::Singleton {
        return Err(vm.type_error("singleton method called for a different object"));
    }
    let on = vm.class_name(r.owner);
    Err(vm.type_error(&format!("bind argument must be an instance of {on}")))
}

fn rm(s: Value) -> RMethod {
    match &*obj(s).body.borrow() {
        Body::Method(m) => **m,
        _ => unreachable!("method body"),
    }
}

/// A new Method/UnboundMethod of `s`'s class holding the same method.
fn copy(vm: &mut Vm, s: Value) -> Value {
    let c = vm.real_class_of(s);
    vm.heap.alloc(c, Body::Method(Box::new(rm(s))))
}

/// method_super_method: the next definition of the method's original name
/// after its owner in the ancestry it was found in; its `klass` is the
/// new owner (CRuby shows `B#y`, not `C(B)#y`).
fn super_method(vm: &mut Vm, s: Value) -> crate::interp::VResult {
    let r = rm(s);
    let orig = vm.classes.method(r.method).original_name;
    let res = crate::dispatch::lookup::resolve_super(&mut vm.classes, r.start, r.owner, orig, &[]);
    let Some(mid) = res.method else {
        return Ok(Value::NIL);
    };
    let owner = vm.classes.method(mid).owner;
    let c = if r.bound {
        cls::METHOD
    } else {
        cls::UNBOUND_METHOD
    };
    Ok(vm.heap.alloc(
        c,
        Body::Method(Box::new(RMethod {
            method: mid,
            owner,
            klass: owner,
            ..r
        })),
    ))
}

/// Where a method was defined: its iseq's (or its block's) first line.
fn location(vm: &Vm, mid: crate::value::MethodId) -> Option<(String, i64)> {
    let iseq = match &vm.classes.method(mid).kind {
        crate::class::MethodKind::Iseq { iseq, .. } => *iseq,
        crate::class::MethodKind::Bmethod(p) => match &*obj(*p).body.borrow() {
            Body::Proc(pr) if pr.special.is_none() => pr.block.iseq,
            _ => return None,
        },
        _ => return None,
    };
    let i = vm.iseq(iseq);
    if i.file.starts_with("<internal:") {
        return None;
    }
    Some((i.file.to_string(), i.first_line as i64))
}

/// method_inspect (CRuby 3.1): `#<Method: Recv(Owner)#name(params) file:line>`,
/// `.name` for a singleton method, `name(original)` for an alias.
fn inspect(vm: &mut Vm, s: Value) -> Result<String, crate::object::Unwind> {
    let r = rm(s);
    let mut out = String::from(if r.bound {
        "#<Method: "
    } else {
        "#<UnboundMethod: "
    });
    let mut sharp = "#";
    let owner_v = vm.class_value(r.owner);
    if vm.classes.get(r.owner).kind == ClassKind::Singleton {
        let v = vm.classes.get(r.owner).attached;
        if !r.bound {
            out += &vm.inspect(owner_v)?;
        } else if r.recv == v {
            out += &vm.inspect(v)?;
            sharp = ".";
        } else {
            out += &vm.inspect(r.recv)?;
            out += "(";
            out += &vm.inspect(v)?;
            out += ")";
            sharp = ".";
        }
    } else {
        let mut mk: ClassId = r.klass;
        if vm.classes.get(mk).kind == ClassKind::Singleton {
            let v = vm.classes.get(mk).attached;
            if vm.as_class(v).is_none() {
                mk = vm.real_class_of(v);
            }
        }
        let mk_v = vm.class_value(mk);
        out += &vm.inspect(mk_v)?;
        if mk != r.owner {
            out += "(";
            out += &vm.inspect(owner_v)?;
            out += ")";
        }
    }
    out += sharp;
    out += &symbol::name(r.name);
    let orig = vm.classes.method(r.method).original_name;
    if orig != r.name {
        out += &format!("({})", symbol::name(orig));
    }
    out += &format!("({})", params_text(vm, r.method)?);
    if let Some((file, line)) = location(vm, r.method) {
        out += &format!(" {file}:{line}");
    }
    out.push('>');
    Ok(out)
}

/// The parameter list as method_inspect writes it: `a, b=..., *r, k:,
/// o: ..., **kw, &blk`, `_` for unnamed, `...` for forwarding.
fn params_text(vm: &mut Vm, mid: crate::value::MethodId) -> Result<String, crate::object::Unwind> {
    let params = method_parameters(vm, mid)?;
    let mut out = String::new();
    let mut forwarding = false;
    let items = vm.array_items(params);
    for (i, p) in items.iter().enumerate() {
        let pair = vm.array_items(*p);
        let kind = pair.first().and_then(|k| k.as_symbol()).map(symbol::name);
        let kind = kind.as_deref().unwrap_or("");
        let given = pair
            .get(1)
            .and_then(|n| n.as_symbol())
            .map(|n| symbol::name(n).to_string());
        let name = given.clone().unwrap_or_else(|| {
            match kind {
                "req" | "opt" => "_",
                "block" => "block",
                "nokey" => "nil",
                _ => "",
            }
            .to_string()
        });
        match kind {
            "req" => out += &name,
            "opt" => out += &format!("{name}=..."),
            "keyreq" => out += &format!("{name}:"),
            "key" => out += &format!("{name}: ..."),
            "rest" if given.as_deref() == Some("*") => {
                forwarding = true;
                out += "...";
            }
            "rest" => out += &format!("*{name}"),
            "keyrest" if given.as_deref() == Some("**") && i > 0 => {
                out.truncate(out.len().saturating_sub(2));
            }
            "keyrest" if given.as_deref() == Some("**") => {}
            "keyrest" => out += &format!("**{name}"),
            "block" if given.as_deref() == Some("&") => {
                if forwarding {
                    out.truncate(out.len().saturating_sub(2));
                } else {
                    out += "...";
                }
            }
            "block" => out += &format!("&{name}"),
            "nokey" => out += "**nil",
            _ => {}
        }
        if i + 1 < items.len() {
            out += ", ";
        }
    }
    Ok(out)
}

/// A core method written in Ruby (prelude/) stands for one of CRuby's C
/// functions: its arity is its required count when that is all it takes,
/// else -1 (Some(None)). None for a program's own method.
fn internal_c_arity(i: &crate::bytecode::Iseq) -> Option<Option<u32>> {
    if !i.file.starts_with("<internal:") {
        return None;
    }
    let p = &i.params;
    let fixed =
        p.opt == 0 && p.rest.is_none() && p.post == 0 && p.kw.is_empty() && p.kwrest.is_none();
    Some(fixed.then_some(p.lead))
}

/// A C function's parameters: `[[:req]] * n`, or `[[:rest]]` for (argc, argv).
fn c_params(vm: &mut Vm, req: Option<u32>) -> crate::interp::VResult {
    let (kind, n) = match req {
        Some(n) => ("req", n),
        None => ("rest", 1),
    };
    let mut out = Vec::new();
    for _ in 0..n {
        let k = vm.sym(kind);
        out.push(vm.ary_new(vec![k]));
    }
    Ok(vm.ary_new(out))
}

pub fn method_arity(vm: &Vm, m: crate::value::MethodId) -> i64 {
    match &vm.classes.method(m).kind {
        crate::class::MethodKind::Iseq { iseq, .. } => {
            let i = vm.iseq(*iseq);
            match internal_c_arity(i) {
                Some(Some(n)) => n as i64,
                Some(None) => -1,
                None => i.params.arity() as i64,
            }
        }
        crate::class::MethodKind::Builtin { arity, .. } => {
            crate::class::arity::reported(*arity) as i64
        }
        crate::class::MethodKind::AttrReader(_) | crate::class::MethodKind::StructRef(_) => 0,
        crate::class::MethodKind::AttrWriter(_) | crate::class::MethodKind::StructSet(_) => 1,
        crate::class::MethodKind::Bmethod(p) => match &*obj(*p).body.borrow() {
            Body::Proc(pr) => vm.iseq(pr.block.iseq).params.arity() as i64,
            _ => -1,
        },
        _ => -1,
    }
}

/// `Method#parameters` of method `mid` (also `TracePoint#parameters`).
pub fn method_parameters(vm: &mut Vm, mid: crate::value::MethodId) -> crate::interp::VResult {
    match &vm.classes.method(mid).kind {
        crate::class::MethodKind::Iseq { iseq, .. } => {
            let i = vm.iseq(*iseq);
            if let Some(req) = internal_c_arity(i) {
                return c_params(vm, req);
            }
            super::proc::params_list(vm, i, false)
        }
        crate::class::MethodKind::Bmethod(p) => {
            let p = *p;
            let iseq = match &*obj(p).body.borrow() {
                Body::Proc(pr) => Some(pr.block.iseq),
                _ => None,
            };
            match iseq {
                Some(iseq) => {
                    let i = vm.iseq(iseq);
                    super::proc::params_list(vm, i, false)
                }
                None => Ok(vm.ary_new(vec![])),
            }
        }
        crate::class::MethodKind::AttrWriter(_) => {
            let k = vm.sym("req");
            let one = vm.ary_new(vec![k]);
            Ok(vm.ary_new(vec![one]))
        }
        crate::class::MethodKind::StructSet(_) => {
            let (k, n) = (vm.sym("req"), vm.sym("_"));
            let one = vm.ary_new(vec![k, n]);
            Ok(vm.ary_new(vec![one]))
        }
        crate::class::MethodKind::Builtin { arity, .. } => {
            let arity = *arity;
            if arity >= 0 {
                return c_params(vm, Some(arity as u32));
            }
            let mut out = Vec::new();
            if crate::class::arity::decode_range(arity).is_some() {
                // A C function taking (argc, argv), as CRuby shows it.
                let k = vm.sym("rest");
                out.push(vm.ary_new(vec![k]));
                return Ok(vm.ary_new(out));
            }
            let req = if arity >= 0 { arity } else { -arity - 1 };
            for _ in 0..req {
                let k = vm.sym("req");
                out.push(vm.ary_new(vec![k]));
            }
            if arity < 0 {
                let k = vm.sym("rest");
                out.push(vm.ary_new(vec![k]));
            }
            Ok(vm.ary_new(out))
        }
        _ => Ok(vm.ary_new(vec![])),
    }
}
