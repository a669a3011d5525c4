//! `io/console.so`'s native half: the terminal calls of CRuby's console.c
//! (window size, termios modes, queue flushes, opening `/dev/tty`) on
//! rustix, as module functions of `RubyVM::Console` taking a descriptor.
//! Each answers an Integer errno on failure; the Ruby half
//! (`lib/ext/io_console.rb`) raises it as console.c does (with or without
//! the IO's path) and defines the IO methods.

use std::cell::RefCell;
use std::collections::HashMap;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd};
use std::rc::Rc;

use rustix::termios::{
    self, InputModes, LocalModes, OptionalActions, OutputModes, QueueSelector, Termios, Winsize,
};

use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Unwind};
use crate::value::Value;

thread_local! {
    /// The modes saved by `push` (a block form: `raw { }`), per descriptor.
    static SAVED: RefCell<HashMap<i32, Vec<Termios>>> = RefCell::new(HashMap::new());
}

/// Runs `f` on descriptor `fd`: the standard streams, or one this Vm
/// opened (pipes, devices, `/dev/tty`). EBADF for any other.
fn with_fd<T>(
    vm: &Vm,
    fd: i32,
    f: impl FnOnce(BorrowedFd<'_>) -> rustix::io::Result<T>,
) -> rustix::io::Result<T> {
    match fd {
        0 => f(std::io::stdin().as_fd()),
        1 => f(std::io::stdout().as_fd()),
        2 => f(std::io::stderr().as_fd()),
        _ => match vm.pipes.fds.get(&fd) {
            Some(file) => f(file.as_fd()),
            None => Err(rustix::io::Errno::BADF),
        },
    }
}

fn fd_arg(vm: &mut Vm, v: Value) -> Result<i32, Unwind> {
    let n = super::super::int_arg(vm, v)?;
    i32::try_from(n).map_err(|_| vm.arg_error("bad file descriptor"))
}

fn errno(e: rustix::io::Errno) -> Value {
    Value::int(e.raw_os_error() as i64)
}

/// How a mode name changes a terminal's settings (console.c's set_rawmode,
/// set_cookedmode, set_noecho, set_echo).
fn apply(t: &mut Termios, mode: &str) {
    match mode {
        // cfmakeraw; `raw(intr: true)` keeps the signal keys.
        "raw" => t.make_raw(),
        "raw_intr" => {
            t.make_raw();
            t.local_modes |= LocalModes::ISIG;
            t.input_modes |= InputModes::BRKINT;
        }
        "cooked" => {
            t.input_modes |= InputModes::BRKINT | InputModes::ISTRIP | InputModes::ICRNL;
            t.input_modes |= InputModes::IXON;
            t.output_modes |= OutputModes::OPOST;
            t.local_modes |=
                LocalModes::ECHO | LocalModes::ECHOE | LocalModes::ECHOK | LocalModes::ECHONL;
            t.local_modes |= LocalModes::ICANON | LocalModes::ISIG | LocalModes::IEXTEN;
        }
        "noecho" => {
            t.local_modes &=
                !(LocalModes::ECHO | LocalModes::ECHOE | LocalModes::ECHOK | LocalModes::ECHONL);
        }
        _ => {
            t.local_modes |= LocalModes::ECHO | LocalModes::ECHOE | LocalModes::ECHOK;
            t.local_modes |= LocalModes::ECHONL;
        }
    }
}

fn set_mode(vm: &Vm, fd: i32, mode: &str, save: bool) -> rustix::io::Result<()> {
    with_fd(vm, fd, |b| {
        let old = termios::tcgetattr(b)?;
        let mut t = old.clone();
        apply(&mut t, mode);
        termios::tcsetattr(b, OptionalActions::Now, &t)?;
        if save {
            SAVED.with(|s| s.borrow_mut().entry(fd).or_default().push(old));
        }
        Ok(())
    })
}

/// `mode(fd, name, save)`: nil, or an errno.
fn mode(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let fd = fd_arg(vm, a[0])?;
    let name = String::from_utf8_lossy(&super::super::str_arg(vm, a[1])?).into_owned();
    Ok(match set_mode(vm, fd, &name, a[2].truthy()) {
        Ok(()) => Value::NIL,
        Err(e) => errno(e),
    })
}

/// `restore(fd)`: puts back the mode the last `mode(fd, _, true)` saved.
fn restore(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let fd = fd_arg(vm, a[0])?;
    let Some(old) = SAVED.with(|s| s.borrow_mut().get_mut(&fd).and_then(Vec::pop)) else {
        return Ok(Value::NIL);
    };
    Ok(
        match with_fd(vm, fd, |b| {
            termios::tcsetattr(b, OptionalActions::Now, &old)
        }) {
            Ok(()) => Value::NIL,
            Err(e) => errno(e),
        },
    )
}

/// `echo_p(fd)`: true/false, or an errno.
fn echo_p(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let fd = fd_arg(vm, a[0])?;
    Ok(match with_fd(vm, fd, |b| termios::tcgetattr(b)) {
        Ok(t) => Value::bool(t.local_modes.contains(LocalModes::ECHO)),
        Err(e) => errno(e),
    })
}

/// `winsize(fd)`: [rows, columns], or an errno.
fn winsize(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let fd = fd_arg(vm, a[0])?;
    Ok(match with_fd(vm, fd, |b| termios::tcgetwinsize(b)) {
        Ok(w) => vm.ary_new(vec![
            Value::int(w.ws_row as i64),
            Value::int(w.ws_col as i64),
        ]),
        Err(e) => errno(e),
    })
}

/// `set_winsize(fd, rows, cols, xpixel, ypixel)`: nil, or an errno.
fn set_winsize(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let fd = fd_arg(vm, a[0])?;
    let mut n = [0u16; 4];
    for (slot, v) in n.iter_mut().zip(&a[1..5]) {
        let i = super::super::int_arg(vm, *v)?;
        let Ok(u) = u16::try_from(i) else {
            let range = super::class_at(vm, "RangeError").unwrap_or(crate::class::cls::OBJECT);
            let msg = format!("integer {i} too big to convert to `unsigned short'");
            return Err(vm.error(range, &msg));
        };
        *slot = u;
    }
    let w = Winsize {
        ws_row: n[0],
        ws_col: n[1],
        ws_xpixel: n[2],
        ws_ypixel: n[3],
    };
    Ok(match with_fd(vm, fd, |b| termios::tcsetwinsize(b, w)) {
        Ok(()) => Value::NIL,
        Err(e) => errno(e),
    })
}

/// `flush(fd, which)`: tcflush with 0 input, 1 output, 2 both.
fn flush(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let fd = fd_arg(vm, a[0])?;
    let q = match super::super::int_arg(vm, a[1])? {
        0 => QueueSelector::IFlush,
        1 => QueueSelector::OFlush,
        _ => QueueSelector::IOFlush,
    };
    Ok(match with_fd(vm, fd, |b| termios::tcflush(b, q)) {
        Ok(()) => Value::NIL,
        Err(e) => errno(e),
    })
}

/// `open_tty`: a descriptor on `/dev/tty`, or nil (no controlling
/// terminal), as console.c's `IO.console`.
fn open_tty(vm: &mut Vm, _: Value, _: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    match std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/tty")
    {
        Ok(f) => {
            let fd = f.as_raw_fd();
            vm.pipes.fds.insert(fd, f);
            Ok(Value::int(fd as i64))
        }
        Err(_) => Ok(Value::NIL),
    }
}

pub fn init(vm: &mut Vm) -> Result<(), Unwind> {
    let rubyvm = super::class_at(vm, "RubyVM");
    let m = vm.new_module(Some("Console"), rubyvm);
    vm.def_module_function(m, "mode", 3, mode);
    vm.def_module_function(m, "restore", 1, restore);
    vm.def_module_function(m, "echo_p", 1, echo_p);
    vm.def_module_function(m, "winsize", 1, winsize);
    vm.def_module_function(m, "set_winsize", 5, set_winsize);
    vm.def_module_function(m, "flush", 2, flush);
    vm.def_module_function(m, "open_tty", 0, open_tty);
    Ok(())
}
