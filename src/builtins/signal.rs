//! The primitives behind `Signal.trap` and `Process.kill`
//! (prelude/signal.rb): hooking a signal the program traps, taking the
//! signals that arrived, the system's default action, and kill(2). The
//! hooks only set flags (`Interrupts::traps`); the handlers run later, at
//! a safepoint in the program's code, a sleep or an IO wait
//! (`Vm::deliver_traps`).

use crate::object::Unwind;
use crate::value::Value;

use super::{Vm, int_arg};

type R<T> = Result<T, Unwind>;

fn signo_arg(vm: &mut Vm, v: Value) -> R<i32> {
    let n = int_arg(vm, v)?;
    match i32::try_from(n) {
        Ok(n) if (1..=64).contains(&n) => Ok(n),
        _ => Err(vm.arg_error(&format!("invalid signal number ({n})"))),
    }
}

/// kill(2) with CRuby's conventions: signal 0 tests, a negative signal
/// or pid names a process group, pid 0 the caller's group.
fn kill(signo: i64, pid: i64) -> std::io::Result<()> {
    use rustix::process::{Pid, Signal};
    let group = signo < 0 || pid < 0;
    let sig = signo.unsigned_abs();
    let target = Pid::from_raw(pid.unsigned_abs().min(i32::MAX as u64) as i32);
    let r = if sig == 0 {
        match target {
            Some(p) if group => rustix::process::test_kill_process_group(p),
            Some(p) => rustix::process::test_kill_process(p),
            None => rustix::process::test_kill_current_process_group(),
        }
    } else {
        let sig = i32::try_from(sig)
            .ok()
            .and_then(Signal::from_named_raw)
            .ok_or(rustix::io::Errno::INVAL)?;
        match target {
            Some(p) if group => rustix::process::kill_process_group(p, sig),
            Some(p) => rustix::process::kill_process(p, sig),
            None => rustix::process::kill_current_process_group(sig),
        }
    };
    r.map_err(Into::into)
}

pub fn init(vm: &mut Vm) {
    let m = vm.fileio_module;
    // The program handles `signo` itself (true) or leaves it to the
    // default action (false). The first time, the signal is hooked.
    // (0: EXIT, whose handler runs at exit.)
    vm.def_module_function(m, "signal_trap", 2, |vm, _, a, _| {
        let signo = match a[0].as_fixnum() {
            Some(0) => 0,
            _ => signo_arg(vm, a[0])?,
        };
        let ok = vm.interrupts.trap(signo, a[1].truthy());
        Ok(Value::bool(ok))
    });
    // A signal that arrived and is not yet handled (nil: none).
    vm.def_module_function(m, "signal_take", 0, |vm, _, _, _| {
        Ok(vm
            .interrupts
            .take_trap()
            .map_or(Value::NIL, |n| Value::int(n as i64)))
    });
    // Waits up to 0.1 s for `signo`, sent to this process, to arrive
    // (another thread of the process may run the hook).
    vm.def_module_function(m, "signal_await", 1, |vm, _, a, _| {
        let signo = signo_arg(vm, a[0])?;
        let end = std::time::Instant::now() + std::time::Duration::from_millis(100);
        while !vm.interrupts.arrived(signo) && std::time::Instant::now() < end {
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
        Ok(Value::NIL)
    });
    // The system's own action for `signo` (the process may end here).
    vm.def_module_function(m, "signal_default", 1, |vm, _, a, _| {
        let signo = signo_arg(vm, a[0])?;
        vm.flush();
        let _ = signal_hook::low_level::emulate_default_handler(signo);
        Ok(Value::NIL)
    });
    // nil, or the errno kill(2) failed with.
    vm.def_module_function(m, "kill", 2, |vm, _, a, _| {
        if vm.options.max_instructions.is_some() {
            // Untrusted code (and the fuzzer, which runs many programs in
            // one process) signals no process, itself included.
            let msg = "kill() function is unimplemented on this machine";
            return Err(vm.error(vm.e.not_implemented_error, msg));
        }
        let (signo, pid) = (int_arg(vm, a[0])?, int_arg(vm, a[1])?);
        if signo.unsigned_abs() > 64 {
            return Err(vm.arg_error(&format!("invalid signal number ({signo})")));
        }
        vm.flush();
        Ok(match kill(signo, pid) {
            Ok(()) => Value::NIL,
            Err(e) => Value::int(e.raw_os_error().unwrap_or(22) as i64),
        })
    });
}
