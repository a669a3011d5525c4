//! `etc.so`'s native half: `Etc.nprocessors` (the CPUs this process may
//! run on, as CRuby's sched_getaffinity count). The Ruby half
//! (`lib/ext/etc.rb`) reads the user and group databases and `uname`.

use std::rc::Rc;

use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Unwind};
use crate::value::Value;

fn nprocessors(_: &mut Vm, _: Value, _: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let n = std::thread::available_parallelism().map_or(1, |n| n.get());
    Ok(Value::int(n as i64))
}

pub fn init(vm: &mut Vm) -> Result<(), Unwind> {
    let etc = vm.new_module(Some("Etc"), Some(cls::OBJECT));
    vm.def_module_function(etc, "nprocessors", 0, nprocessors);
    Ok(())
}
