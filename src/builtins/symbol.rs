//! Symbol.

use crate::class::cls;
use crate::interp::Vm;
use crate::object::BlockArg;
use crate::value::{Value, symbol};

/// `:sym.inspect`: quoted when not a plain identifier/operator.
pub fn inspect_sym(name: &str) -> String {
    let plain = {
        let mut c = name.chars();
        match c.next() {
            Some(f) if f.is_alphabetic() || f == '_' => {
                let rest: String = c.collect();
                let core = rest.trim_end_matches(['?', '!', '=']);
                core.chars().all(|ch| ch.is_alphanumeric() || ch == '_')
                    && rest.len() - core.len() <= 1
            }
            Some('@') => {
                name.len() > 1
                    && name
                        .trim_start_matches('@')
                        .chars()
                        .all(|ch| ch.is_alphanumeric() || ch == '_')
                    && !name[name.len() - 1..].starts_with('@')
            }
            Some('$') => name.len() > 1,
            _ => matches!(
                name,
                "+" | "-"
                    | "*"
                    | "/"
                    | "%"
                    | "**"
                    | "=="
                    | "!="
                    | "<"
                    | "<="
                    | ">"
                    | ">="
                    | "<=>"
                    | "==="
                    | "<<"
                    | ">>"
                    | "[]"
                    | "[]="
                    | "!"
                    | "=~"
                    | "!~"
                    | "&"
                    | "|"
                    | "^"
                    | "~"
                    | "+@"
                    | "-@"
            ),
        }
    };
    if plain {
        format!(":{name}")
    } else {
        format!(":{}", super::string::inspect_str(name.as_bytes()))
    }
}

pub fn init(vm: &mut Vm) {
    let s = cls::SYMBOL;
    vm.def_builtin(s, "to_s", 0, |vm, s, _, _| {
        Ok(vm.str_new(&vm.symbol_name(s).unwrap_or_default()))
    });
    vm.def_builtin(s, "id2name", 0, |vm, s, _, _| {
        Ok(vm.str_new(&vm.symbol_name(s).unwrap_or_default()))
    });
    vm.def_builtin(s, "name", 0, |vm, s, _, _| {
        Ok(vm.str_new(&vm.symbol_name(s).unwrap_or_default()))
    });
    vm.def_builtin(s, "to_sym", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(s, "inspect", 0, |vm, s, _, _| {
        Ok(vm.str_new(&inspect_sym(&vm.symbol_name(s).unwrap_or_default())))
    });
    vm.def_builtin(s, "to_proc", 0, |vm, s, _, _| {
        let b = std::rc::Rc::new(BlockArg::Symbol(s.as_symbol().unwrap()));
        Ok(vm.block_to_proc(&b))
    });
    vm.def_builtin(s, "length", 0, |vm, s, _, _| {
        Ok(Value::int(
            vm.symbol_name(s).unwrap_or_default().chars().count() as i64,
        ))
    });
    vm.def_builtin(s, "size", 0, |vm, s, _, _| {
        Ok(Value::int(
            vm.symbol_name(s).unwrap_or_default().chars().count() as i64,
        ))
    });
    vm.def_builtin(s, "<=>", 1, |vm, s, a, _| {
        match (vm.symbol_name(s), vm.symbol_name(a[0])) {
            (Some(x), Some(y)) => Ok(Value::int(x.cmp(&y) as i64)),
            _ => Ok(Value::NIL),
        }
    });
    vm.def_builtin(s, "upcase", 0, |vm, s, _, _| {
        Ok(Value::symbol(symbol::intern(
            &vm.symbol_name(s).unwrap_or_default().to_uppercase(),
        )))
    });
    vm.def_builtin(s, "downcase", 0, |vm, s, _, _| {
        Ok(Value::symbol(symbol::intern(
            &vm.symbol_name(s).unwrap_or_default().to_lowercase(),
        )))
    });
    vm.def_builtin(s, "[]", -2, |vm, s, a, _| {
        let st = vm.str_new(&vm.symbol_name(s).unwrap_or_default());
        vm.funcall(st, crate::value::sym::AREF, a, None)
    });
    vm.def_singleton_builtin(s, "all_symbols", 0, |vm, _, _, _| Ok(vm.ary_new(vec![])));
}
