//! Symbol: names, `inspect` quoting (CRuby's symname rules), comparison,
//! case mapping and the String-like readers (which go through String).

use crate::class::arity;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::BlockArg;
use crate::value::{SymbolId, Value, sym, symbol};

fn ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_' || !c.is_ascii()
}

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || !c.is_ascii()
}

fn is_ident(s: &str) -> bool {
    let mut it = s.chars();
    matches!(it.next(), Some(c) if ident_start(c)) && it.all(ident_char)
}

const OPERATORS: &[&str] = &[
    "+", "-", "*", "/", "%", "**", "==", "!=", "<", "<=", ">", ">=", "<=>", "===", "<<", ">>",
    "[]", "[]=", "!", "=~", "!~", "&", "|", "^", "~", "+@", "-@", "`",
];

/// Whether `:name` prints without quotes.
fn plain(name: &str) -> bool {
    if OPERATORS.contains(&name) {
        return true;
    }
    if let Some(r) = name.strip_prefix("@@") {
        return is_ident(r);
    }
    if let Some(r) = name.strip_prefix('@') {
        return is_ident(r);
    }
    if let Some(r) = name.strip_prefix('$') {
        return is_ident(r)
            || (r.chars().count() == 1 && "~*$?!@/\\;,.=:<>\"&`'+0_".contains(r))
            || (!r.is_empty() && r.bytes().all(|b| b.is_ascii_digit()))
            || r.strip_prefix('-')
                .is_some_and(|x| x.chars().count() == 1 && x.chars().all(ident_char));
    }
    let core = name
        .strip_suffix(['?', '!', '='])
        .filter(|c| !c.is_empty())
        .unwrap_or(name);
    is_ident(core)
}

/// `:sym.inspect`: quoted when not a plain identifier/operator.
pub fn inspect_sym(name: &str) -> String {
    if plain(name) {
        format!(":{name}")
    } else {
        // An all-ASCII name is a US-ASCII string: `\xHH` escapes.
        let b = name.as_bytes();
        format!(":{}", super::string::inspect_bytes(b, b.is_ascii()))
    }
}

fn name_of(vm: &Vm, s: Value) -> String {
    vm.symbol_name(s).unwrap_or_default()
}

/// Calls String#`m` on the symbol's name.
fn via_string(vm: &mut Vm, s: Value, m: &str, a: &[Value]) -> VResult {
    let st = vm.str_new(&name_of(vm, s));
    vm.push_root(st);
    let r = vm.funcall(st, symbol::intern(m), a, None);
    vm.temp_roots.pop();
    r
}

/// Calls String#`m` and interns the resulting string.
fn via_string_sym(vm: &mut Vm, s: Value, m: &str, a: &[Value]) -> VResult {
    let r = via_string(vm, s, m, a)?;
    Ok(Value::symbol(symbol::intern(&vm.string_lossy(r))))
}

/// A Symbol's name as a String: US-ASCII when it is ASCII only, as
/// CRuby's symbols are (rb_sym2str).
fn sym_str(vm: &mut Vm, name: &str) -> Value {
    if name.is_ascii() {
        super::string::ascii_str(vm, name)
    } else {
        vm.str_new(name)
    }
}

pub fn init(vm: &mut Vm) {
    let s = cls::SYMBOL;
    for n in ["to_s", "id2name"] {
        vm.def_builtin(s, n, 0, |vm, s, _, _| Ok(sym_str(vm, &name_of(vm, s))));
    }
    // The same frozen String every time (CRuby's `rb_sym2str`).
    vm.def_builtin(s, "name", 0, |vm, s, _, _| {
        let Some(id) = s.as_symbol() else {
            return Ok(vm.str_new(&name_of(vm, s)));
        };
        if let Some(&v) = vm.sym_names.get(&id) {
            return Ok(v);
        }
        let v = sym_str(vm, &name_of(vm, s));
        obj(v).freeze();
        vm.sym_names.insert(id, v);
        vm.literal_roots.push(v);
        Ok(v)
    });
    vm.def_builtin(s, "to_sym", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(s, "inspect", 0, |vm, s, _, _| {
        Ok(vm.str_new(&inspect_sym(&name_of(vm, s))))
    });
    vm.def_builtin(s, "to_proc", 0, |vm, s, _, _| {
        let b = std::rc::Rc::new(BlockArg::Symbol(s.as_symbol().unwrap()));
        Ok(vm.block_to_proc(&b))
    });
    for n in ["length", "size"] {
        vm.def_builtin(s, n, 0, |vm, s, _, _| {
            Ok(Value::int(name_of(vm, s).chars().count() as i64))
        });
    }
    vm.def_builtin(s, "empty?", 0, |vm, s, _, _| {
        Ok(Value::bool(name_of(vm, s).is_empty()))
    });
    // Identity, defined on Symbol itself as CRuby does (not Comparable's).
    vm.def_builtin(s, "==", 1, |_, s, a, _| Ok(Value::bool(s == a[0])));
    vm.def_builtin(s, "===", 1, |_, s, a, _| Ok(Value::bool(s == a[0])));
    vm.def_builtin(s, "<=>", 1, |vm, s, a, _| {
        match (vm.symbol_name(s), vm.symbol_name(a[0])) {
            (Some(x), Some(y)) => Ok(Value::int(x.cmp(&y) as i64)),
            _ => Ok(Value::NIL),
        }
    });
    vm.def_builtin(s, "casecmp", 1, |vm, s, a, _| {
        if !a[0].is_symbol() {
            return Ok(Value::NIL);
        }
        let o = vm.str_new(&name_of(vm, a[0]));
        via_string(vm, s, "casecmp", &[o])
    });
    vm.def_builtin(s, "casecmp?", 1, |vm, s, a, _| {
        if !a[0].is_symbol() {
            return Ok(Value::NIL);
        }
        let o = vm.str_new(&name_of(vm, a[0]));
        via_string(vm, s, "casecmp?", &[o])
    });
    for m in [
        "upcase",
        "downcase",
        "capitalize",
        "swapcase",
        "succ",
        "next",
    ] {
        let f: crate::interp::BuiltinFn = match m {
            "upcase" => |vm, s, a, _| via_string_sym(vm, s, "upcase", a),
            "downcase" => |vm, s, a, _| via_string_sym(vm, s, "downcase", a),
            "capitalize" => |vm, s, a, _| via_string_sym(vm, s, "capitalize", a),
            "swapcase" => |vm, s, a, _| via_string_sym(vm, s, "swapcase", a),
            _ => |vm, s, a, _| via_string_sym(vm, s, "succ", a),
        };
        let arity = if matches!(m, "succ" | "next") { 0 } else { -1 };
        vm.def_builtin(s, m, arity, f);
    }
    for m in ["[]", "slice"] {
        vm.def_builtin(s, m, arity::range(1, 2), |vm, s, a, _| {
            via_string(vm, s, "[]", a)
        });
    }
    vm.def_builtin(s, "start_with?", -1, |vm, s, a, _| {
        via_string(vm, s, "start_with?", a)
    });
    vm.def_builtin(s, "end_with?", -1, |vm, s, a, _| {
        via_string(vm, s, "end_with?", a)
    });
    vm.def_builtin(s, "=~", 1, |vm, s, a, _| via_string(vm, s, "=~", a));
    vm.def_builtin(s, "match", arity::range(1, 2), |vm, s, a, _| {
        via_string(vm, s, "match", a)
    });
    vm.def_builtin(s, "match?", arity::range(1, 2), |vm, s, a, _| {
        via_string(vm, s, "match?", a)
    });
    vm.def_builtin(s, "encoding", 0, |vm, s, _, _| {
        let n = name_of(vm, s);
        let e = if n.is_ascii() { "US-ASCII" } else { "UTF-8" };
        Ok(super::string::encoding_value(vm, e))
    });
    vm.def_singleton_builtin(s, "all_symbols", 0, |vm, _, _, _| {
        let v = (0..symbol::count())
            .filter_map(|i| {
                let id = SymbolId(i as u32);
                let n = symbol::name(id);
                (!n.is_empty()).then_some(Value::symbol(id))
            })
            .collect();
        Ok(vm.ary_new(v))
    });
    let _ = sym::AREF;
}
