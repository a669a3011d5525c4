//! Float.

use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::Body;
use crate::value::Value;

/// A Float's value (flonum or heap float).
pub fn to_f64_strict(v: Value) -> Option<f64> {
    if v.is_flonum() {
        return Some(v.flonum_value());
    }
    if v.is_heap()
        && let Body::Float(f) = &*obj(v).body.borrow()
    {
        return Some(*f);
    }
    None
}

/// Float or Integer as f64.
pub fn to_f64(v: Value) -> Option<f64> {
    to_f64_strict(v).or_else(|| {
        use num_traits::ToPrimitive;
        super::integer::to_big(v).and_then(|b| b.to_f64())
    })
}

pub fn num_f64(v: Value) -> f64 {
    to_f64(v).unwrap_or(f64::NAN)
}

/// Ruby's Float#to_s.
pub fn fmt(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    let abs = f.abs();
    if (1e-4..1e16).contains(&abs) {
        let s = format!("{f}");
        if s.contains('.') { s } else { format!("{s}.0") }
    } else {
        let s = format!("{f:e}");
        let (m, e) = s.split_once('e').unwrap();
        let m = if m.contains('.') {
            m.to_string()
        } else {
            format!("{m}.0")
        };
        let e: i32 = e.parse().unwrap_or(0);
        format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
    }
}

pub fn float_op(vm: &mut Vm, x: f64, y: f64, op: &str) -> VResult {
    let r = match op {
        "+" => x + y,
        "-" => x - y,
        "*" => x * y,
        "/" => x / y,
        "%" | "modulo" => {
            let m = x % y;
            if m != 0.0 && (m < 0.0) != (y < 0.0) {
                m + y
            } else {
                m
            }
        }
        "**" => x.powf(y),
        "div" => {
            if y == 0.0 {
                return Err(vm.error(vm.e.zero_division_error, "divided by 0"));
            }
            let q = vm_float(vm, (x / y).floor());
            return super::integer::kernel_integer(vm, q, None);
        }
        _ => return Err(vm.type_error("unsupported float op")),
    };
    Ok(vm.float_new(r))
}

fn vm_float(vm: &mut Vm, f: f64) -> Value {
    vm.float_new(f)
}

fn other_f64(vm: &mut Vm, o: Value, op: &str) -> Result<f64, crate::object::Unwind> {
    match to_f64(o) {
        Some(f) => Ok(f),
        None => {
            if matches!(op, "<" | ">" | "<=" | ">=") {
                let s = if o.is_nil() || !o.is_heap() && !o.is_symbol() {
                    super::type_name(vm, o)
                } else {
                    vm.class_name(vm.real_class_of(o))
                };
                return Err(vm.arg_error(&format!("comparison of Float with {s} failed")));
            }
            let cn = super::type_name(vm, o);
            Err(vm.type_error(&format!("{cn} can't be coerced into Float")))
        }
    }
}

pub fn init(vm: &mut Vm) {
    let f = cls::FLOAT;
    for op in ["+", "-", "*", "/", "%", "**", "modulo"] {
        let id = vm.register_builtin(match op {
            "+" => |vm, s, a, _| {
                let y = other_f64(vm, a[0], "+")?;
                float_op(vm, num_f64(s), y, "+")
            },
            "-" => |vm, s, a, _| {
                let y = other_f64(vm, a[0], "-")?;
                float_op(vm, num_f64(s), y, "-")
            },
            "*" => |vm, s, a, _| {
                let y = other_f64(vm, a[0], "*")?;
                float_op(vm, num_f64(s), y, "*")
            },
            "/" => |vm, s, a, _| {
                let y = other_f64(vm, a[0], "/")?;
                float_op(vm, num_f64(s), y, "/")
            },
            "**" => |vm, s, a, _| {
                let y = other_f64(vm, a[0], "**")?;
                float_op(vm, num_f64(s), y, "**")
            },
            _ => |vm, s, a, _| {
                let y = other_f64(vm, a[0], "%")?;
                float_op(vm, num_f64(s), y, "%")
            },
        });
        vm.add_method(
            f,
            crate::value::symbol::intern(op),
            crate::class::MethodKind::Builtin { func: id, arity: 1 },
            crate::class::Visibility::Public,
        );
    }
    vm.def_builtin(f, "<", 1, |vm, s, a, _| {
        Ok(Value::bool(num_f64(s) < other_f64(vm, a[0], "<")?))
    });
    vm.def_builtin(f, "<=", 1, |vm, s, a, _| {
        Ok(Value::bool(num_f64(s) <= other_f64(vm, a[0], "<=")?))
    });
    vm.def_builtin(f, ">", 1, |vm, s, a, _| {
        Ok(Value::bool(num_f64(s) > other_f64(vm, a[0], ">")?))
    });
    vm.def_builtin(f, ">=", 1, |vm, s, a, _| {
        Ok(Value::bool(num_f64(s) >= other_f64(vm, a[0], ">=")?))
    });
    vm.def_builtin(f, "==", 1, |_, s, a, _| {
        Ok(Value::bool(to_f64(a[0]) == Some(num_f64(s))))
    });
    vm.def_builtin(f, "eql?", 1, |_, s, a, _| {
        Ok(Value::bool(to_f64_strict(a[0]) == Some(num_f64(s))))
    });
    vm.def_builtin(f, "<=>", 1, |_, s, a, _| {
        Ok(
            match to_f64(a[0]).and_then(|y| num_f64(s).partial_cmp(&y)) {
                Some(o) => Value::int(o as i64),
                None => Value::NIL,
            },
        )
    });
    vm.def_builtin(f, "-@", 0, |vm, s, _, _| Ok(vm.float_new(-num_f64(s))));
    vm.def_builtin(f, "to_s", 0, |vm, s, _, _| Ok(vm.str_new(&fmt(num_f64(s)))));
    vm.def_builtin(f, "inspect", 0, |vm, s, _, _| {
        Ok(vm.str_new(&fmt(num_f64(s))))
    });
    vm.def_builtin(f, "to_f", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(f, "hash", 0, |vm, s, _, _| {
        Ok(Value::int((vm.hash_of(s)? >> 2) as i64))
    });
    vm.def_builtin(f, "to_i", 0, |vm, s, _, _| {
        super::integer::kernel_integer(vm, s, None)
    });
    vm.def_builtin(f, "to_int", 0, |vm, s, _, _| {
        super::integer::kernel_integer(vm, s, None)
    });
    vm.def_builtin(f, "truncate", -1, |vm, s, _, _| {
        super::integer::kernel_integer(vm, s, None)
    });
    vm.def_builtin(f, "floor", -1, |vm, s, a, _| {
        round_with(vm, s, a, f64::floor)
    });
    vm.def_builtin(f, "ceil", -1, |vm, s, a, _| round_with(vm, s, a, f64::ceil));
    vm.def_builtin(f, "round", -1, |vm, s, a, _| {
        round_with(vm, s, a, round_half_up)
    });
    vm.def_builtin(
        f,
        "abs",
        0,
        |vm, s, _, _| Ok(vm.float_new(num_f64(s).abs())),
    );
    vm.def_builtin(f, "nan?", 0, |_, s, _, _| {
        Ok(Value::bool(num_f64(s).is_nan()))
    });
    vm.def_builtin(f, "infinite?", 0, |_, s, _, _| {
        let x = num_f64(s);
        Ok(if x.is_infinite() {
            Value::int(if x > 0.0 { 1 } else { -1 })
        } else {
            Value::NIL
        })
    });
    vm.def_builtin(f, "finite?", 0, |_, s, _, _| {
        Ok(Value::bool(num_f64(s).is_finite()))
    });
    vm.def_builtin(f, "zero?", 0, |_, s, _, _| {
        Ok(Value::bool(num_f64(s) == 0.0))
    });
    vm.def_builtin(f, "positive?", 0, |_, s, _, _| {
        Ok(Value::bool(num_f64(s) > 0.0))
    });
    vm.def_builtin(f, "negative?", 0, |_, s, _, _| {
        Ok(Value::bool(num_f64(s) < 0.0))
    });
    vm.def_builtin(f, "divmod", 1, |vm, s, a, _| {
        let (x, y) = (num_f64(s), other_f64(vm, a[0], "divmod")?);
        if y == 0.0 {
            return Err(vm.error(vm.e.zero_division_error, "divided by 0"));
        }
        let q = (x / y).floor();
        let qv =
            super::integer::kernel_integer(vm, Value::flonum(q).unwrap_or(Value::int(0)), None)?;
        let m = float_op(vm, x, y, "%")?;
        Ok(vm.ary_new(vec![qv, m]))
    });
    vm.def_builtin(f, "coerce", 1, |vm, s, a, _| {
        let y = vm.float_new(num_f64(a[0]));
        Ok(vm.ary_new(vec![y, s]))
    });
    vm.def_builtin(f, "fdiv", 1, |vm, s, a, _| {
        Ok(vm.float_new(num_f64(s) / num_f64(a[0])))
    });
    vm.def_builtin(f, "quo", 1, |vm, s, a, _| {
        Ok(vm.float_new(num_f64(s) / num_f64(a[0])))
    });
    let inf = vm.float_new(f64::INFINITY);
    let nan = vm.float_new(f64::NAN);
    let eps = vm.float_new(f64::EPSILON);
    let max = vm.float_new(f64::MAX);
    let min = vm.float_new(f64::MIN_POSITIVE);
    for (n, v) in [
        ("INFINITY", inf),
        ("NAN", nan),
        ("EPSILON", eps),
        ("MAX", max),
        ("MIN", min),
    ] {
        vm.classes.set_const(f, crate::value::symbol::intern(n), v);
    }
    vm.classes
        .set_const(f, crate::value::symbol::intern("DIG"), Value::int(15));
}

fn round_half_up(x: f64) -> f64 {
    x.round()
}

fn round_with(vm: &mut Vm, s: Value, a: &[Value], f: fn(f64) -> f64) -> VResult {
    let x = num_f64(s);
    let nd = a.first().and_then(|v| v.as_fixnum()).unwrap_or(0);
    if nd > 0 {
        let m = 10f64.powi(nd as i32);
        let r = f((x * m).abs()) / m * x.signum();
        let r = if f(1.5) == 2.0 && f(-1.5) == -2.0 {
            (x * m).round() / m
        } else {
            f(x * m) / m
        };
        let _ = r;
        let r2 = f(x * m) / m;
        return Ok(vm.float_new(if r2.is_finite() { r2 } else { x }));
    }
    if !x.is_finite() {
        return Err(vm.error(vm.e.float_domain_error, &fmt(x)));
    }
    let r = f(x);
    let v = Value::flonum(r).unwrap_or_else(|| vm.float_new(r));
    super::integer::kernel_integer(vm, v, None)
}

pub fn kernel_float(vm: &mut Vm, v: Value, _opts: Option<Value>) -> VResult {
    if let Some(f) = to_f64(v) {
        return Ok(vm.float_new(f));
    }
    if vm.is_string(v) {
        return super::string::str_to_float(vm, v);
    }
    if v.is_nil() {
        return Err(vm.type_error("can't convert nil into Float"));
    }
    vm.funcall(v, crate::value::symbol::intern("to_f"), &[], None)
}
