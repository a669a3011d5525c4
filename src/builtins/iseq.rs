//! `RubyVM::InstructionSequence`'s primitives: compiling source to one of
//! carmine's iseqs, running it at the top level, disassembling it, and the
//! method name of a sole call expression (carmine's `forwardable/impl`).
//! The class itself is in prelude/object.rb.

use crate::bytecode::IseqKind;
use crate::interp::{VResult, Vm};
use crate::value::ClassId;
use crate::value::{IseqId, Value, symbol};

use super::{int_arg, str_arg};

fn iseq_arg(vm: &mut Vm, v: Value) -> Result<IseqId, crate::object::Unwind> {
    let n = int_arg(vm, v)?;
    match u32::try_from(n) {
        Ok(i) if (i as usize) < vm.iseqs.len() && vm.iseqs[i as usize].is_some() => Ok(IseqId(i)),
        _ => Err(vm.arg_error("invalid instruction sequence")),
    }
}

/// `__compile(src, file, line)`: the compiled iseq's id (SyntaxError when
/// the source does not parse).
fn compile(
    vm: &mut Vm,
    _: Value,
    a: &[Value],
    _: Option<std::rc::Rc<crate::object::BlockArg>>,
) -> VResult {
    let src = str_arg(vm, a[0])?;
    let file = String::from_utf8_lossy(&str_arg(vm, a[1])?).into_owned();
    let line = int_arg(vm, a[2])?;
    let id = vm.compile_at(&src, &file, IseqKind::Top, line)?;
    Ok(Value::int(id.0 as i64))
}

/// The name of the method `src` calls, when it is one call expression.
fn sole_call(
    vm: &mut Vm,
    _: Value,
    a: &[Value],
    _: Option<std::rc::Rc<crate::object::BlockArg>>,
) -> VResult {
    let src = str_arg(vm, a[0])?;
    let r = ruby_prism::parse(&src);
    if let Some(e) = r.errors().next() {
        let msg = format!("<compiled>: {}", String::from_utf8_lossy(e.message()));
        return Err(vm.error(vm.e.syntax_error, &msg));
    }
    let node = r.node();
    let Some(prog) = node.as_program_node() else {
        return Ok(Value::NIL);
    };
    let body = prog.statements().body();
    if body.len() != 1 {
        return Ok(Value::NIL);
    }
    let Some(stmt) = body.iter().next() else {
        return Ok(Value::NIL);
    };
    Ok(match stmt.as_call_node() {
        Some(c) => {
            let name = String::from_utf8_lossy(c.name().as_slice()).into_owned();
            Value::symbol(symbol::intern(&name))
        }
        None => Value::NIL,
    })
}

pub fn init(vm: &mut Vm, rv: ClassId) {
    let is = vm.new_class(
        Some("InstructionSequence"),
        crate::class::cls::OBJECT,
        Some(rv),
    );
    vm.def_singleton_builtin(is, "__compile", 3, compile);
    vm.def_singleton_builtin(is, "__sole_call", 1, sole_call);
    vm.def_singleton_builtin(is, "__run", 1, |vm, _, a, _| {
        let id = iseq_arg(vm, a[0])?;
        vm.run_top(id)
    });
    vm.def_singleton_builtin(is, "__disasm", 1, |vm, _, a, _| {
        let id = iseq_arg(vm, a[0])?;
        let text = crate::bytecode::disasm::dump_all(vm, id);
        Ok(vm.str_new(&text))
    });
}
