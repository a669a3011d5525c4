//! Enumerator's native helpers for prelude/enumerator.rb: the
//! `with_index` / `each_with_index` iteration, whose per-element block is
//! CRuby's C function (`enumerator_with_index_i`) rather than a Ruby block
//! with a splat parameter; `Enumerator#each` without arguments.

use std::cell::Cell;
use std::rc::Rc;

use crate::gc::obj;
use crate::interp::Vm;
use crate::object::{BlockArg, Body, IndexedBlock};
use crate::value::{ClassId, Value, sym};

/// `RubyVM::Prelude.each_indexed(enum, start) { |packed, i| }`: runs
/// `enum.each` with a block that yields each element (several values
/// packed into an Array) and an index counting up from the Fixnum
/// `start`; returns what `each` returns.
pub fn init(vm: &mut Vm, prelude: ClassId) {
    vm.def_singleton_builtin(prelude, "each_indexed", 2, |vm, _, a, b| {
        let Some(inner) = b else {
            return Err(vm.arg_error("each_indexed: no block given"));
        };
        let Some(start) = a[1].as_fixnum() else {
            return Err(vm.type_error("each_indexed: Fixnum start expected"));
        };
        let block = BlockArg::Indexed(Rc::new(IndexedBlock {
            inner,
            next: Cell::new(start),
        }));
        vm.funcall(a[0], sym::EACH, &[], Some(Rc::new(block)))
    });
}

/// After the prelude defined Enumerator: its native `each`.
pub fn after_prelude(vm: &mut Vm) {
    let Some(c) = vm
        .classes
        .get(crate::class::cls::OBJECT)
        .consts
        .get(&crate::intern!("Enumerator"))
        .copied()
        .and_then(|v| vm.as_class(v))
    else {
        return;
    };
    vm.def_builtin(c, "each", -1, each);
}

/// `Enumerator#each`: with a block and no arguments, calls the wrapped
/// method (`@receiver.__send__(@method, *@args, &block)`, as CRuby's
/// enumerator_block_call) without the Ruby frame, splats and keyword Hash
/// of the general form (`__each` in prelude/enumerator.rb), which
/// handles the rest.
fn each(vm: &mut Vm, s: Value, a: &[Value], b: Option<Rc<BlockArg>>) -> crate::interp::VResult {
    let fl = vm.passed_kw_flag(a);
    if let Some(b) = b.as_ref().filter(|_| a.is_empty()) {
        let recv = vm.ivar_get_name(s, crate::intern!("@receiver"));
        let meth = vm.ivar_get_name(s, crate::intern!("@method"));
        let args = vm.ivar_get_name(s, crate::intern!("@args"));
        let kw = vm.ivar_get_name(s, crate::intern!("@kw"));
        let kw_empty = match kw.is_heap().then(|| obj(kw)) {
            Some(o) => matches!(&*o.body.borrow(), Body::Hash(t) if t.live == 0),
            None => false,
        };
        if let (Some(m), true, true) = (meth.as_symbol(), kw_empty, vm.is_array(args)) {
            let items = vm.array_items(args);
            return vm.call_refined(recv, m, &items, Some(b.clone()), true);
        }
    }
    vm.funcall_kw(s, crate::intern!("__each"), a, b, fl != 0)
}
