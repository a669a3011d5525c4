//! Exception methods tied to the VM's own errors: `UncaughtThrowError`'s
//! tag and value, `NoMatchingPatternKeyError`'s key and matchee, and
//! `NameError#to_s` with CRuby 3.1's error_highlight snippet.

use crate::value::{Value, symbol};

use super::Vm;

fn ivar(vm: &mut Vm, s: Value, name: &str) -> Value {
    vm.ivar_get_name(s, symbol::intern(name))
}

pub fn init(vm: &mut Vm) {
    let ute = vm.e.uncaught_throw_error;
    vm.def_builtin(ute, "tag", 0, |vm, s, _, _| Ok(ivar(vm, s, "@tag")));
    vm.def_builtin(ute, "value", 0, |vm, s, _, _| Ok(ivar(vm, s, "@value")));
    let nmpk = vm.e.no_matching_pattern_key_error;
    vm.def_builtin(nmpk, "key", 0, |vm, s, _, _| Ok(ivar(vm, s, "@key")));
    vm.def_builtin(nmpk, "matchee", 0, |vm, s, _, _| {
        Ok(ivar(vm, s, "@matchee"))
    });
}
