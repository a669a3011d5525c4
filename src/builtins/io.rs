//! IO: `$stdout`, `$stderr`, `STDOUT`, `STDERR` with write/puts/print.

use crate::class::cls;
use crate::interp::Vm;
use crate::object::Body;
use crate::value::{Value, symbol};

fn fd(vm: &Vm, s: Value) -> i64 {
    vm.ivar_get_name(s, crate::intern!("@fd"))
        .as_fixnum()
        .unwrap_or(1)
}

/// Writes to standard output or error; standard input is not opened for
/// writing (IOError, as CRuby).
fn write(vm: &mut Vm, s: Value, b: &[u8]) -> Result<(), crate::object::Unwind> {
    match fd(vm, s) {
        0 => Err(not_writable(vm)),
        2 => {
            vm.write_err(b);
            Ok(())
        }
        _ => {
            vm.write_out(b);
            Ok(())
        }
    }
}

#[cold]
fn not_writable(vm: &mut Vm) -> crate::object::Unwind {
    let c = super::ext::class_at(vm, "IOError").unwrap_or(cls::OBJECT);
    vm.error(c, "not opened for writing")
}

pub fn init(vm: &mut Vm) {
    let io = vm.new_class(Some("IO"), cls::OBJECT, Some(cls::OBJECT));
    vm.io_class = io;
    vm.def_builtin(io, "write", -1, |vm, s, a, _| {
        let mut n = 0;
        for v in a {
            let b = vm.value_to_bytes(*v)?;
            n += b.len();
            write(vm, s, &b)?;
        }
        Ok(Value::int(n as i64))
    });
    vm.def_builtin(io, "putc", 1, |vm, s, a, _| {
        let b = putc_byte(vm, a[0])?;
        write(vm, s, &b)?;
        Ok(a[0])
    });
    vm.def_builtin(io, "print", -1, |vm, s, a, _| {
        for v in super::kernel::print_parts(vm, a) {
            let b = vm.value_to_bytes(v)?;
            write(vm, s, &b)?;
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(io, "<<", 1, |vm, s, a, _| {
        let b = vm.value_to_bytes(a[0])?;
        write(vm, s, &b)?;
        Ok(s)
    });
    vm.def_builtin(io, "puts", -1, |vm, s, a, _| {
        let mut out = Vec::new();
        super::kernel::puts_into(vm, a, &mut out)?;
        write(vm, s, &out)?;
        Ok(Value::NIL)
    });
    vm.def_builtin(io, "printf", -1, |vm, s, a, _| {
        let r = super::string::format(vm, a)?;
        let b = vm.string_bytes(r);
        write(vm, s, &b)?;
        Ok(Value::NIL)
    });
    vm.def_builtin(io, "flush", 0, |vm, s, _, _| {
        vm.flush();
        Ok(s)
    });
    // Standard error is always synchronous; standard output when set so.
    vm.def_builtin(io, "sync", 0, |vm, s, _, _| {
        Ok(Value::bool(fd(vm, s) != 1 || vm.stdout_sync))
    });
    vm.def_builtin(io, "sync=", 1, |vm, s, a, _| {
        if fd(vm, s) == 1 {
            vm.stdout_sync = a[0].truthy();
            vm.flush();
        }
        Ok(a[0])
    });
    vm.def_builtin(io, "fileno", 0, |vm, s, _, _| Ok(Value::int(fd(vm, s))));
    vm.def_builtin(io, "tty?", 0, |_, _, _, _| Ok(Value::FALSE));
    vm.def_builtin(io, "isatty", 0, |_, _, _, _| Ok(Value::FALSE));
    for (name, gname, n) in [("STDOUT", "$stdout", 1), ("STDERR", "$stderr", 2)] {
        let o = vm.heap.alloc(io, Body::Object(Vec::new()));
        vm.ivar_set_name(o, crate::intern!("@fd"), Value::int(n));
        vm.classes.set_const(cls::OBJECT, symbol::intern(name), o);
        vm.globals.insert(symbol::intern(gname), o);
    }
    let stdin = vm.heap.alloc(io, Body::Object(Vec::new()));
    vm.ivar_set_name(stdin, crate::intern!("@fd"), Value::int(0));
    vm.classes
        .set_const(cls::OBJECT, crate::intern!("STDIN"), stdin);
    vm.globals.insert(crate::intern!("$stdin"), stdin);
}

/// What `putc(x)` writes: a String's first character, or an Integer's low byte.
pub fn putc_byte(vm: &mut Vm, v: Value) -> Result<Vec<u8>, crate::object::Unwind> {
    if vm.is_string(v) {
        let st = vm.string_lossy(v);
        return Ok(st
            .chars()
            .next()
            .map(|c| c.to_string().into_bytes())
            .unwrap_or_default());
    }
    let n = super::int_arg(vm, v)?;
    Ok(vec![(n & 0xff) as u8])
}
