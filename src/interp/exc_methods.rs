//! Methods tied to the VM's own state: exception details
//! (`UncaughtThrowError`'s tag and value, `NoMatchingPatternKeyError`'s key
//! and matchee, `LocalJumpError`'s reason), `NameError#to_s` with CRuby
//! 3.1's error_highlight snippet, and `global_variables`/`__dir__`.

use crate::value::{Value, sym, symbol};

use super::Vm;

fn ivar(vm: &mut Vm, s: Value, name: &str) -> Value {
    vm.ivar_get_name(s, symbol::intern(name))
}

pub fn init(vm: &mut Vm) {
    let ute = vm.e.uncaught_throw_error;
    vm.def_builtin(ute, "tag", 0, |vm, s, _, _| Ok(ivar(vm, s, "tag")));
    vm.def_builtin(ute, "value", 0, |vm, s, _, _| Ok(ivar(vm, s, "value")));
    vm.def_private_builtin(
        crate::class::cls::KERNEL,
        "global_variables",
        0,
        |vm, _, _, _| {
            let mut names: Vec<String> = [
                "$&",
                "$`",
                "$'",
                "$+",
                "$=",
                "$stdin",
                "$stdout",
                "$>",
                "$stderr",
                "$,",
                "$<",
                "$\\",
                "$.",
                "$/",
                "$*",
                "$:",
                "$LOAD_PATH",
                "$VERBOSE",
                "$\"",
                "$LOADED_FEATURES",
                "$_",
                "$~",
                "$!",
                "$DEBUG",
                "$PROGRAM_NAME",
                "$0",
                "$@",
                "$?",
                "$$",
                "$;",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect();
            let mut extra: Vec<String> = vm
                .globals
                .keys()
                .chain(vm.global_aliases.keys())
                .map(|k| symbol::name(*k).to_string())
                .filter(|n| !names.contains(n))
                .collect();
            extra.sort();
            names.extend(extra);
            let items = names.iter().map(|n| vm.sym(n)).collect();
            Ok(vm.ary_new(items))
        },
    );
    vm.def_private_builtin(crate::class::cls::KERNEL, "__dir__", 0, |vm, _, _, _| {
        let Some(f) = vm.frames.last() else {
            return Ok(Value::NIL);
        };
        let file = f.iseq.file.to_string();
        if file.starts_with('<') || file == "-e" || file == "-" {
            return Ok(Value::NIL);
        }
        let abs = super::features::absolute_file(&file);
        let path = std::fs::canonicalize(&abs).unwrap_or(abs);
        let dir = path
            .parent()
            .map(|d| d.to_string_lossy().to_string())
            .unwrap_or_else(|| ".".into());
        Ok(vm.str_new(&dir))
    });
    let fe = vm.e.frozen_error;
    vm.def_builtin(fe, "receiver", 0, |vm, s, _, _| {
        if !vm.ivar_is_set(s, crate::intern!("recv")) {
            return Err(vm.arg_error("no receiver is available"));
        }
        Ok(ivar(vm, s, "recv"))
    });
    let le = vm.e.load_error;
    vm.def_builtin(le, "path", 0, |vm, s, _, _| Ok(ivar(vm, s, "path")));
    let lje = vm.e.local_jump_error;
    vm.def_builtin(lje, "reason", 0, |vm, s, _, _| Ok(ivar(vm, s, "reason")));
    vm.def_builtin(lje, "exit_value", 0, |vm, s, _, _| {
        Ok(ivar(vm, s, "exit_value"))
    });
    let ne = vm.e.name_error;
    vm.def_builtin(ne, "to_s", 0, name_error_to_s);
    let nmpk = vm.e.no_matching_pattern_key_error;
    vm.def_builtin(nmpk, "key", 0, |vm, s, _, _| Ok(ivar(vm, s, "key")));
    vm.def_builtin(nmpk, "matchee", 0, |vm, s, _, _| Ok(ivar(vm, s, "matchee")));
}

/// `NameError#to_s`: the message plus error_highlight's snippet, as
/// CRuby 3.1's prepended `ErrorHighlight::CoreExt#to_s` gives it.
fn name_error_to_s(
    vm: &mut Vm,
    s: Value,
    _: &[Value],
    _: Option<std::rc::Rc<crate::object::BlockArg>>,
) -> super::VResult {
    let m = vm.ivar_get_name(s, sym::IVAR_MESSAGE);
    let mut text = if m.is_nil() {
        vm.class_name(vm.real_class_of(s))
    } else if vm.is_string(m) {
        vm.string_lossy(m)
    } else {
        vm.to_s(m)?
    };
    let h = vm.ivar_get_name(s, symbol::intern(super::error::HIGHLIGHT_IVAR));
    if vm.is_string(h) {
        let h = vm.string_lossy(h);
        if !text.contains(&h) {
            text.push_str(&h);
        }
    } else if !m.is_nil() && vm.is_string(m) {
        return Ok(m);
    }
    Ok(vm.str_new(&text))
}
