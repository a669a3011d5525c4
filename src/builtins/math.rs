//! Math and ENV.

use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::value::{Value, symbol};

fn arg(vm: &mut Vm, v: Value) -> Result<f64, crate::object::Unwind> {
    match super::float::to_f64(v) {
        Some(f) => Ok(f),
        None => {
            let cn = super::type_name(vm, v);
            Err(vm.type_error(&format!("can't convert {cn} into Float")))
        }
    }
}

fn domain(vm: &mut Vm, name: &str) -> crate::object::Unwind {
    let e = vm
        .classes
        .get(cls::OBJECT)
        .consts
        .get(&symbol::intern("Math"))
        .copied();
    let c = e
        .and_then(|m| vm.as_class(m))
        .and_then(|m| {
            vm.classes
                .get(m)
                .consts
                .get(&symbol::intern("DomainError"))
                .copied()
        })
        .and_then(|d| vm.as_class(d))
        .unwrap_or(vm.e.argument_error);
    vm.error(
        c,
        &format!("Numerical argument is out of domain - \"{name}\""),
    )
}

macro_rules! unary {
    ($vm:expr, $m:expr, $name:literal, $f:expr) => {
        $vm.def_module_function($m, $name, 1, |vm, _, a, _| -> VResult {
            let x = arg(vm, a[0])?;
            let f: fn(f64) -> Option<f64> = $f;
            match f(x) {
                Some(r) => Ok(vm.float_new(r)),
                None => Err(domain(vm, $name)),
            }
        });
    };
}

pub fn init(vm: &mut Vm) {
    let m = vm.new_module(Some("Math"), Some(cls::OBJECT));
    let se = vm.e.standard_error;
    let _ = se;
    vm.new_class(Some("DomainError"), vm.e.argument_error, Some(m));
    let pi = vm.float_new(std::f64::consts::PI);
    let e = vm.float_new(std::f64::consts::E);
    vm.classes.set_const(m, symbol::intern("PI"), pi);
    vm.classes.set_const(m, symbol::intern("E"), e);
    unary!(vm, m, "sqrt", |x| if x < 0.0 {
        None
    } else {
        Some(x.sqrt())
    });
    unary!(vm, m, "cbrt", |x| Some(x.cbrt()));
    unary!(vm, m, "sin", |x| Some(x.sin()));
    unary!(vm, m, "cos", |x| Some(x.cos()));
    unary!(vm, m, "tan", |x| Some(x.tan()));
    unary!(vm, m, "asin", |x| if x.abs() > 1.0 {
        None
    } else {
        Some(x.asin())
    });
    unary!(vm, m, "acos", |x| if x.abs() > 1.0 {
        None
    } else {
        Some(x.acos())
    });
    unary!(vm, m, "atan", |x| Some(x.atan()));
    unary!(vm, m, "exp", |x| Some(x.exp()));
    unary!(vm, m, "log2", |x| if x < 0.0 {
        None
    } else {
        Some(x.log2())
    });
    unary!(vm, m, "log10", |x| if x < 0.0 {
        None
    } else {
        Some(x.log10())
    });
    unary!(vm, m, "sinh", |x| Some(x.sinh()));
    unary!(vm, m, "cosh", |x| Some(x.cosh()));
    unary!(vm, m, "tanh", |x| Some(x.tanh()));
    vm.def_module_function(m, "log", -2, |vm, _, a, _| {
        let x = arg(vm, a[0])?;
        if x < 0.0 {
            return Err(domain(vm, "log"));
        }
        let r = match a.get(1) {
            Some(b) => {
                let b = arg(vm, *b)?;
                x.ln() / b.ln()
            }
            None => x.ln(),
        };
        Ok(vm.float_new(r))
    });
    vm.def_module_function(m, "atan2", 2, |vm, _, a, _| {
        let (y, x) = (arg(vm, a[0])?, arg(vm, a[1])?);
        Ok(vm.float_new(y.atan2(x)))
    });
    vm.def_module_function(m, "hypot", 2, |vm, _, a, _| {
        let (y, x) = (arg(vm, a[0])?, arg(vm, a[1])?);
        Ok(vm.float_new(y.hypot(x)))
    });
    vm.def_module_function(m, "pow", 2, |vm, _, a, _| {
        let (y, x) = (arg(vm, a[0])?, arg(vm, a[1])?);
        Ok(vm.float_new(y.powf(x)))
    });

    // ENV: a plain object with the common Hash-like readers.
    let env_obj = vm
        .heap
        .alloc(cls::OBJECT, crate::object::Body::Object(Vec::new()));
    vm.classes
        .set_const(cls::OBJECT, symbol::intern("ENV"), env_obj);
    let sc = vm.singleton_class(env_obj);
    vm.def_builtin(sc, "[]", 1, |vm, _, a, _| {
        let k = vm.to_s(a[0])?;
        Ok(match std::env::var(&k) {
            Ok(v) => vm.str_new(&v),
            Err(_) => Value::NIL,
        })
    });
    vm.def_builtin(sc, "fetch", -2, |vm, _, a, b| {
        let k = vm.to_s(a[0])?;
        match std::env::var(&k) {
            Ok(v) => Ok(vm.str_new(&v)),
            Err(_) => {
                if let Some(b) = b {
                    return vm.yield_block(&b, &[a[0]]);
                }
                if let Some(d) = a.get(1) {
                    return Ok(*d);
                }
                let ks = vm.inspect(a[0])?;
                Err(vm.error(vm.e.key_error, &format!("key not found: {ks}")))
            }
        }
    });
    vm.def_builtin(sc, "key?", 1, |vm, _, a, _| {
        let k = vm.to_s(a[0])?;
        Ok(Value::bool(std::env::var(&k).is_ok()))
    });
    vm.def_builtin(sc, "include?", 1, |vm, _, a, _| {
        let k = vm.to_s(a[0])?;
        Ok(Value::bool(std::env::var(&k).is_ok()))
    });
    vm.def_builtin(sc, "to_h", 0, |vm, _, _, _| {
        let h = vm.new_hash();
        let mut vars: Vec<(String, String)> = std::env::vars().collect();
        vars.sort();
        for (k, v) in vars {
            let (k, v) = (vm.str_new(&k), vm.str_new(&v));
            vm.hash_aset(h, k, v)?;
        }
        Ok(h)
    });
    vm.def_builtin(sc, "inspect", 0, |vm, _, _, _| Ok(vm.str_new("ENV")));
}
