//! Pipes and processes: `IO.pipe`'s file descriptors (kept here, in
//! non-blocking mode), reads and writes that never block, `poll` (which the
//! prelude waits on through the thread scheduler, so one thread reading a
//! pipe lets the others run), `fork` and `waitpid`. prelude/io.rb builds
//! `IO.pipe`, `IO.select`, `Process.fork`/`wait` on these `RubyVM::FileIO`
//! functions.

use std::collections::HashMap;
use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd};
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec};

use crate::interp::Vm;
use crate::interp::error::AtExit;
use crate::object::Unwind;
use crate::value::Value;

type R<T> = Result<T, Unwind>;

/// The longest single wait in `poll`: Ctrl-C is noticed between two.
const POLL_SLICE: Duration = Duration::from_millis(50);

fn fd_arg(vm: &mut Vm, v: Value) -> R<i32> {
    let n = super::int_arg(vm, v)?;
    i32::try_from(n).map_err(|_| vm.arg_error("bad file descriptor"))
}

#[cold]
fn ebadf(vm: &mut Vm, what: &str) -> Unwind {
    let e = std::io::Error::from_raw_os_error(rustix::io::Errno::BADF.raw_os_error());
    super::file::errno(vm, &e, what)
}

/// A new pipe's two ends, non-blocking and closed on exec.
fn pipe(vm: &mut Vm) -> std::io::Result<(i32, i32)> {
    let (r, w) = rustix::pipe::pipe_with(rustix::pipe::PipeFlags::CLOEXEC)?;
    for fd in [&r, &w] {
        let fl = rustix::fs::fcntl_getfl(fd)?;
        rustix::fs::fcntl_setfl(fd, fl | rustix::fs::OFlags::NONBLOCK)?;
    }
    let (rn, wn) = (r.as_raw_fd(), w.as_raw_fd());
    vm.pipes.fds.insert(rn, File::from(r));
    vm.pipes.fds.insert(wn, File::from(w));
    Ok((rn, wn))
}

/// Which of `reads` / `writes` are ready, waiting at most `timeout`
/// (None: until one is). Descriptors 0-2 are the process's own.
fn poll(
    vm: &mut Vm,
    reads: &[i32],
    writes: &[i32],
    timeout: Option<f64>,
) -> R<(Vec<i32>, Vec<i32>)> {
    // (Past a million seconds: no deadline, as an Instant that far
    // ahead could overflow.)
    let end = timeout
        .filter(|t| *t < 1e6)
        .map(|t| Instant::now() + Duration::from_secs_f64(t.max(0.0)));
    loop {
        let slice = match end {
            Some(end) => end
                .saturating_duration_since(Instant::now())
                .min(POLL_SLICE),
            None => POLL_SLICE,
        };
        let ready = match poll_once(&vm.pipes.fds, reads, writes, slice) {
            Ok(r) => r,
            Err(fd) => return Err(ebadf(vm, &format!("select - fd {fd}"))),
        };
        if !ready.0.is_empty() || !ready.1.is_empty() {
            return Ok(ready);
        }
        vm.deliver_traps()?;
        if vm.take_sigint() {
            return Err(vm.error(vm.e.interrupt, ""));
        }
        if end.is_some_and(|end| Instant::now() >= end) {
            return Ok(ready);
        }
    }
}

/// One poll(2) of at most `wait`: the ready descriptors, or Err(fd) for
/// one that is not open.
fn poll_once(
    pipes: &HashMap<i32, File>,
    reads: &[i32],
    writes: &[i32],
    wait: Duration,
) -> Result<(Vec<i32>, Vec<i32>), i32> {
    let (stdin, stdout, stderr) = (std::io::stdin(), std::io::stdout(), std::io::stderr());
    let borrow = |fd: i32| -> Option<BorrowedFd<'_>> {
        match fd {
            0 => Some(stdin.as_fd()),
            1 => Some(stdout.as_fd()),
            2 => Some(stderr.as_fd()),
            _ => pipes.get(&fd).map(|f| f.as_fd()),
        }
    };
    let mut fds = Vec::new();
    let mut which = Vec::new();
    for (list, flags, dir) in [(reads, PollFlags::IN, 0), (writes, PollFlags::OUT, 1)] {
        for &fd in list {
            fds.push(PollFd::from_borrowed_fd(borrow(fd).ok_or(fd)?, flags));
            which.push((dir, fd));
        }
    }
    let ts = Timespec::try_from(wait).unwrap_or(Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    });
    // (EINTR: nothing ready; the caller polls again.)
    let _ = rustix::event::poll(&mut fds, Some(&ts));
    let mut out = (Vec::new(), Vec::new());
    for (p, (dir, fd)) in fds.iter().zip(which) {
        if !p.revents().is_empty() {
            if dir == 0 { &mut out.0 } else { &mut out.1 }.push(fd);
        }
    }
    Ok(out)
}

/// What `waitpid` found: the pid, its exit status or terminating signal.
type Reaped = (i32, Option<i32>, Option<i32>);

/// Waits for child `pid` (-1: any) to end; None when `nohang` and it runs.
fn waitpid(pid: i64, nohang: bool) -> std::io::Result<Option<Reaped>> {
    use rustix::process::{Pid, WaitOptions};
    let opts = if nohang {
        WaitOptions::NOHANG
    } else {
        WaitOptions::empty()
    };
    let target = if pid > 0 {
        Pid::from_raw(pid as i32)
    } else {
        None
    };
    loop {
        match rustix::process::waitpid(target, opts) {
            Ok(Some((p, st))) => {
                return Ok(Some((
                    p.as_raw_nonzero().get(),
                    st.exit_status(),
                    st.terminating_signal(),
                )));
            }
            Ok(None) => return Ok(None),
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => return Err(e.into()),
        }
    }
}

/// A pipe for a child: the parent's end non-blocking (kept in
/// `vm.pipes`), the child's end blocking; both closed on exec (the child's
/// is dup'ed onto its standard descriptor by `Command`).
fn child_pipe(vm: &mut Vm, parent_reads: bool) -> std::io::Result<(i32, std::os::fd::OwnedFd)> {
    let (r, w) = rustix::pipe::pipe_with(rustix::pipe::PipeFlags::CLOEXEC)?;
    let (mine, theirs) = if parent_reads { (r, w) } else { (w, r) };
    let fl = rustix::fs::fcntl_getfl(&mine)?;
    rustix::fs::fcntl_setfl(&mine, fl | rustix::fs::OFlags::NONBLOCK)?;
    let n = mine.as_raw_fd();
    vm.pipes.fds.insert(n, File::from(mine));
    vm.pipes.to_children.insert(n);
    Ok((n, theirs))
}

/// `IO.popen`'s process: `cmd` (see `file::command`) started with its
/// standard output on a pipe we read when `read`, its standard input on
/// one we write when `write`, standard error joined to standard output
/// when `err_out`, in directory `chdir` (nil: ours). [pid, read fd or
/// nil, write fd or nil], or nil when the program cannot be started.
fn popen(vm: &mut Vm, a: &[Value]) -> R<Value> {
    use std::process::Stdio;
    let Some(mut c) = super::file::command(vm, a[0], a[1])? else {
        return Ok(Value::NIL);
    };
    let (read, write, err_out) = (a[2].truthy(), a[3].truthy(), a[4].truthy());
    if !a[5].is_nil() {
        c.current_dir(super::path_arg(vm, a[5])?);
    }
    let io_err = |vm: &mut Vm, e: std::io::Error| super::file::errno(vm, &e, "popen");
    let mut fds = [Value::NIL, Value::NIL];
    if read {
        let (n, theirs) = child_pipe(vm, true).map_err(|e| io_err(vm, e))?;
        if err_out {
            let dup = theirs.try_clone().map_err(|e| io_err(vm, e))?;
            c.stderr(Stdio::from(dup));
        }
        c.stdout(Stdio::from(theirs));
        fds[0] = Value::int(n as i64);
    }
    if write {
        let (n, theirs) = child_pipe(vm, false).map_err(|e| io_err(vm, e))?;
        c.stdin(Stdio::from(theirs));
        fds[1] = Value::int(n as i64);
    }
    let spawned = c.spawn();
    // The child's ends now live in `c` only: close them here.
    drop(c);
    match spawned {
        Ok(child) => Ok(vm.ary_new(vec![Value::int(child.id() as i64), fds[0], fds[1]])),
        Err(_) => {
            for fd in fds.iter().filter_map(|v| v.as_fixnum()) {
                vm.pipes.fds.remove(&(fd as i32));
                vm.pipes.to_children.remove(&(fd as i32));
            }
            Ok(Value::NIL)
        }
    }
}

/// A pipe end of ours for a child, in blocking mode: our pipes are
/// non-blocking, which a plain dup would share with the child (`sort`
/// reading one fails with EAGAIN). Linux gives a pipe end a second open
/// file description of its own through /proc/self/fd; elsewhere the dup
/// is switched to blocking (ours with it).
fn blocking_twin(f: &File) -> std::io::Result<std::os::fd::OwnedFd> {
    use rustix::fs::{Mode, OFlags};
    let acc = rustix::fs::fcntl_getfl(f)? & OFlags::RWMODE;
    let path = format!("/proc/self/fd/{}", f.as_raw_fd());
    if let Ok(fd) = rustix::fs::open(path.as_str(), acc | OFlags::CLOEXEC, Mode::empty()) {
        return Ok(fd);
    }
    let fd: std::os::fd::OwnedFd = f.try_clone()?.into();
    let fl = rustix::fs::fcntl_getfl(&fd)?;
    rustix::fs::fcntl_setfl(&fd, fl - OFlags::NONBLOCK)?;
    Ok(fd)
}

/// A descriptor of this process, duplicated for a child: 0-2 (ours), a
/// pipe end `IO.pipe` made, or a File's (its FileBuf object).
fn parent_fd(vm: &mut Vm, v: Value) -> R<std::os::fd::OwnedFd> {
    let r = match v.as_fixnum() {
        Some(0) => std::io::stdin().as_fd().try_clone_to_owned(),
        Some(1) => {
            vm.flush();
            std::io::stdout().as_fd().try_clone_to_owned()
        }
        Some(2) => std::io::stderr().as_fd().try_clone_to_owned(),
        Some(n) => match vm.pipes.fds.get(&(n as i32)) {
            Some(f) => blocking_twin(f),
            None => return Err(ebadf(vm, "dup2")),
        },
        None => super::filebuf::dup_fd(v),
    };
    r.map_err(|e| super::file::errno(vm, &e, "dup2"))
}

/// `Process.spawn`'s and `exec`'s command: (cmd, env, redirects, chdir,
/// unsetenv_others, pgroup) where each redirect is [child fd 0-2, what]:
/// a descriptor of ours (see `parent_fd`), [path, open flags, perm],
/// :close, or [:child, fd] (the same as the child's fd). None when there
/// is no program to run.
fn spawn_command(vm: &mut Vm, a: &[Value]) -> R<Option<std::process::Command>> {
    use std::os::fd::OwnedFd;
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    let Some(mut c) = super::file::command(vm, a[0], a[1])? else {
        return Ok(None);
    };
    if a[4].truthy() {
        // unsetenv_others: only what `env` gave.
        let given: Vec<(std::ffi::OsString, std::ffi::OsString)> = c
            .get_envs()
            .filter_map(|(k, v)| Some((k.to_owned(), v?.to_owned())))
            .collect();
        c.env_clear();
        c.envs(given);
    }
    if !a[3].is_nil() {
        c.current_dir(super::path_arg(vm, a[3])?);
    }
    if let Some(g) = a[5].as_fixnum() {
        c.process_group(g as i32);
    }
    let mut fds: [Option<OwnedFd>; 3] = [None, None, None];
    let mut closed = [false; 3];
    let mut aliases = Vec::new();
    for r in vm.array_items(a[2]) {
        let pair = vm.array_items(r);
        let (Some(child), Some(&what)) = (pair.first().and_then(|v| v.as_fixnum()), pair.get(1))
        else {
            continue;
        };
        let slot = child as usize;
        if slot > 2 {
            let msg = "carmine: spawn redirects only descriptors 0, 1 and 2";
            return Err(vm.error(vm.e.not_implemented_error, msg));
        }
        if what.as_symbol() == Some(crate::intern!("close")) {
            closed[slot] = true;
        } else if vm.is_array(what) {
            let parts = vm.array_items(what);
            if parts.first().and_then(|v| v.as_symbol()) == Some(crate::intern!("child")) {
                let to = parts.get(1).and_then(|v| v.as_fixnum()).unwrap_or(-1);
                aliases.push((slot, to));
                continue;
            }
            let path = super::path_arg(vm, parts[0])?;
            let flags = super::int_arg(vm, parts[1])?;
            let perm = super::int_arg(vm, parts[2])?;
            use rustix::fs::{Mode, OFlags};
            let oflags = OFlags::from_bits_retain(flags as u32) | OFlags::CLOEXEC;
            match rustix::fs::open(path.as_str(), oflags, Mode::from_bits_truncate(perm as u32)) {
                Ok(fd) => fds[slot] = Some(fd),
                Err(e) => {
                    let e = std::io::Error::from(e);
                    return Err(super::file::errno(vm, &e, &path));
                }
            }
        } else {
            fds[slot] = Some(parent_fd(vm, what)?);
        }
    }
    for (slot, to) in aliases {
        if !(0..=2).contains(&to) {
            return Err(vm.arg_error("wrong exec redirect action"));
        }
        let fd = match &fds[to as usize] {
            Some(fd) => fd
                .try_clone()
                .map_err(|e| super::file::errno(vm, &e, "dup2"))?,
            None => parent_fd(vm, Value::int(to))?,
        };
        fds[slot] = Some(fd);
    }
    let stdio = |fd: Option<OwnedFd>, closed: bool| match fd {
        Some(fd) => Some(Stdio::from(fd)),
        None if closed => Some(Stdio::null()),
        None => None,
    };
    let [f0, f1, f2] = fds;
    if let Some(s) = stdio(f0, closed[0]) {
        c.stdin(s);
    }
    if let Some(s) = stdio(f1, closed[1]) {
        c.stdout(s);
    }
    if let Some(s) = stdio(f2, closed[2]) {
        c.stderr(s);
    }
    Ok(Some(c))
}

/// `Process.spawn`: the child's pid, or nil when it cannot be started.
fn spawn(vm: &mut Vm, a: &[Value]) -> R<Value> {
    let Some(mut c) = spawn_command(vm, a)? else {
        return Ok(Value::NIL);
    };
    let spawned = c.spawn();
    // The child's ends of redirections live in `c` only: closed here.
    drop(c);
    match spawned {
        Ok(child) => Ok(Value::int(child.id() as i64)),
        Err(_) => Ok(Value::NIL),
    }
}

/// `exec`: this process becomes the command (buffers written first);
/// returns only when it cannot (nil: no such program).
fn exec(vm: &mut Vm, a: &[Value]) -> R<Value> {
    use std::os::unix::process::CommandExt;
    if vm.options.max_instructions.is_some() {
        let msg = "exec() function is unimplemented on this machine";
        return Err(vm.error(vm.e.not_implemented_error, msg));
    }
    let Some(mut c) = spawn_command(vm, a)? else {
        return Ok(Value::NIL);
    };
    super::filebuf::flush_all(vm);
    vm.flush();
    let e = c.exec();
    if e.kind() == std::io::ErrorKind::NotFound {
        return Ok(Value::NIL);
    }
    Err(super::file::errno(vm, &e, "exec"))
}

pub fn init(vm: &mut Vm) {
    let m = vm.fileio_module;
    vm.def_module_function(m, "pipe", 0, |vm, _, _, _| match pipe(vm) {
        Ok((r, w)) => Ok(vm.ary_new(vec![Value::int(r as i64), Value::int(w as i64)])),
        Err(e) => Err(super::file::errno(vm, &e, "pipe")),
    });
    // A binary String of at most `max` bytes, nil at the end, or :wait (nothing
    // to read yet).
    vm.def_module_function(m, "fd_read", 2, |vm, _, a, _| {
        let fd = fd_arg(vm, a[0])?;
        let max = super::int_arg(vm, a[1])?.clamp(1, 1 << 20) as usize;
        let mut buf = vec![0u8; max];
        let r = vm.pipes.fds.get_mut(&fd).map(|f| f.read(&mut buf));
        match r {
            None => Err(ebadf(vm, "read")),
            Some(Ok(0)) => Ok(Value::NIL),
            Some(Ok(n)) => {
                // Bytes, as CRuby's read(n): ASCII-8BIT, so appending
                // them to the binary read buffer keeps it binary.
                buf.truncate(n);
                let v = vm.str_from_bytes(buf);
                crate::builtins::string::Enc::Binary.set(v);
                Ok(v)
            }
            Some(Err(e)) if e.kind() == ErrorKind::WouldBlock => Ok(vm.sym("wait")),
            Some(Err(e)) if e.kind() == ErrorKind::Interrupted => Ok(vm.sym("wait")),
            Some(Err(e)) => Err(super::file::errno(vm, &e, "read")),
        }
    });
    // A descriptor on a path that is not a regular file (a device, a
    // FIFO), read and written through like a pipe's: `File.open` does
    // not slurp such a file (`/dev/zero` has no end). `write`: open it
    // for writing (appending when `append`) instead of reading.
    vm.def_module_function(m, "fd_open", 3, |vm, _, a, _| {
        let path = String::from_utf8_lossy(&super::str_arg(vm, a[0])?).into_owned();
        let mut o = std::fs::OpenOptions::new();
        if a[1].truthy() {
            o.write(true).append(a[2].truthy());
        } else {
            o.read(true);
        }
        match o.open(&path) {
            Ok(f) => {
                let fd = f.as_raw_fd();
                vm.pipes.fds.insert(fd, f);
                Ok(Value::int(fd as i64))
            }
            Err(e) => Err(super::file::errno(vm, &e, &format!("rb_sysopen - {path}"))),
        }
    });
    // The bytes written (0: the pipe is full for now).
    vm.def_module_function(m, "fd_write", 2, |vm, _, a, _| {
        let fd = fd_arg(vm, a[0])?;
        let b = super::str_arg(vm, a[1])?;
        let r = vm.pipes.fds.get_mut(&fd).map(|f| f.write(&b));
        match r {
            None => Err(ebadf(vm, "write")),
            Some(Ok(n)) => Ok(Value::int(n as i64)),
            Some(Err(e)) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {
                Ok(Value::int(0))
            }
            Some(Err(e)) => Err(super::file::errno(vm, &e, "write")),
        }
    });
    // Whether waiting on these descriptors would never end: every one is
    // a pipe of this process, which never forked, and nothing else runs
    // (the scheduler then reports a deadlock instead of hanging).
    vm.def_module_function(m, "waits_forever?", 2, |vm, _, a, _| {
        if crate::sys::has_forked() {
            return Ok(Value::FALSE);
        }
        let mut all = vm.array_items(a[0]);
        all.extend(vm.array_items(a[1]));
        let mut ours = true;
        for v in all {
            let fd = fd_arg(vm, v)?;
            ours &= vm.pipes.fds.contains_key(&fd) && !vm.pipes.to_children.contains(&fd);
        }
        Ok(Value::bool(ours))
    });
    // A timeout as CRuby checks it (RangeError for NaN, infinities and
    // anything past time_t).
    vm.def_module_function(m, "time_interval", 1, |vm, _, a, _| {
        let secs = super::float::num_f64(a[0]);
        super::kernel::time_interval(vm, secs)?;
        Ok(a[0])
    });
    vm.def_module_function(m, "fd_close", 1, |vm, _, a, _| {
        let fd = fd_arg(vm, a[0])?;
        vm.pipes.to_children.remove(&fd);
        Ok(Value::bool(vm.pipes.fds.remove(&fd).is_some()))
    });
    // [readable, writable] descriptors; `timeout` seconds (nil: no limit).
    vm.def_module_function(m, "poll", 3, |vm, _, a, _| {
        let mut lists = [Vec::new(), Vec::new()];
        for (i, list) in lists.iter_mut().enumerate() {
            for v in vm.array_items(a[i]) {
                list.push(fd_arg(vm, v)?);
            }
        }
        let timeout = if a[2].is_nil() {
            None
        } else {
            Some(super::float::num_f64(a[2]))
        };
        let (r, w) = poll(vm, &lists[0], &lists[1], timeout)?;
        let ints = |v: Vec<i32>| v.into_iter().map(|fd| Value::int(fd as i64)).collect();
        let (r, w) = (vm.ary_new(ints(r)), vm.ary_new(ints(w)));
        Ok(vm.ary_new(vec![r, w]))
    });
    vm.def_module_function(m, "fork", 0, |vm, _, _, _| {
        if vm.options.max_instructions.is_some() {
            // Untrusted code (and the fuzzer, which runs many programs in
            // one process) does not fork.
            let msg = "fork() function is unimplemented on this machine";
            return Err(vm.error(vm.e.not_implemented_error, msg));
        }
        // (Output still buffered would be written by both processes.)
        vm.flush();
        match crate::sys::fork() {
            Ok(0) => {
                if let Some(j) = vm.jit.as_deref_mut() {
                    j.after_fork();
                }
                vm.interrupts.after_fork();
                Ok(Value::int(0))
            }
            Ok(pid) => Ok(Value::int(pid as i64)),
            Err(e) => Err(super::file::errno(vm, &e, "fork(2)")),
        }
    });
    // [pid, exit status, signal] or nil (`nohang` and still running).
    vm.def_module_function(m, "popen", 6, |vm, _, a, _| popen(vm, a));
    vm.def_module_function(m, "spawn", 6, |vm, _, a, _| spawn(vm, a));
    vm.def_module_function(m, "exec", 6, |vm, _, a, _| exec(vm, a));
    vm.def_module_function(m, "waitpid", 2, |vm, _, a, _| {
        let pid = super::int_arg(vm, a[0])?;
        match waitpid(pid, a[1].truthy()) {
            Ok(Some((p, code, sig))) => {
                let opt = |x: Option<i32>| x.map_or(Value::NIL, |n| Value::int(n as i64));
                Ok(vm.ary_new(vec![Value::int(p as i64), opt(code), opt(sig)]))
            }
            Ok(None) => Ok(Value::NIL),
            Err(e) => Err(super::file::errno(vm, &e, "waitpid")),
        }
    });
    // What `puts(*args)` writes, for the IOs the prelude writes itself.
    vm.def_module_function(m, "puts_bytes", -1, |vm, _, a, _| {
        let mut out = Vec::new();
        super::kernel::puts_into(vm, a, &mut out)?;
        Ok(vm.str_from_bytes(out))
    });
    // In a forked child whose block ended (`error`: with that exception):
    // the at_exit handlers, the error's report, then the process ends with
    // `status` (the parent's frames are not unwound).
    vm.def_module_function(m, "child_exit", 2, |vm, _, a, _| {
        let status = super::int_arg(vm, a[0])? as i32;
        let error = a[1];
        let status = match vm.run_at_exit(status, error) {
            AtExit::ExitNow(c) => c,
            AtExit::Done { status, .. } => {
                if !error.is_nil() {
                    vm.report_exception(error);
                }
                status
            }
        };
        // Files still open write their buffers, as a child's exit does.
        super::filebuf::flush_all(vm);
        vm.flush();
        Err(Unwind::Exit(status))
    });
}
