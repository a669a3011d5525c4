//! Enumerator's native helpers for prelude/enumerator.rb: the
//! `with_index` / `each_with_index` iteration, whose per-element block is
//! CRuby's C function (`enumerator_with_index_i`) rather than a Ruby block
//! with a splat parameter.

use std::cell::Cell;
use std::rc::Rc;

use crate::interp::Vm;
use crate::object::{BlockArg, IndexedBlock};
use crate::value::{ClassId, sym};

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
