//! What the interpreter holds of the operating system: its pipes'
//! descriptors, and fork(2), the one OS call carmine needs that neither
//! std nor rustix offers as a safe function. Like interp/fiber.rs, this
//! file is a documented exception to "`unsafe` only in value/, gc/ and
//! jit/" (README, Layout).

use std::collections::HashMap;
use std::fs::File;

/// The descriptors of the pipes a Vm made (`IO.pipe`), by number; closed
/// when the Vm goes.
#[derive(Default)]
pub struct Pipes {
    pub fds: HashMap<i32, File>,
}

use std::sync::atomic::{AtomicBool, Ordering};

static FORKED_CHILD: AtomicBool = AtomicBool::new(false);
static FORKED: AtomicBool = AtomicBool::new(false);

/// This process made a child with `fork` (which may hold its pipes).
pub fn has_forked() -> bool {
    FORKED.load(Ordering::Relaxed)
}

/// This process is a child `fork` made (its interpreter thread is its
/// only thread).
pub fn forked_child() -> bool {
    FORKED_CHILD.load(Ordering::Relaxed)
}

/// Forks the process: the child's pid in the parent, 0 in the child.
pub fn fork() -> std::io::Result<i32> {
    // SAFETY: fork is unsafe because only the calling thread goes on in
    // the child. carmine's other threads are the JIT's compiler and the
    // time-slice timer: the child never waits for the compiler
    // (`Jit::after_fork` forgets it) and starts its own timer; neither
    // holds a lock the interpreter takes. The caller flushed its buffered
    // output first, so nothing is written twice.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(std::io::Error::last_os_error());
    }
    if pid == 0 {
        FORKED_CHILD.store(true, Ordering::Relaxed);
    } else {
        FORKED.store(true, Ordering::Relaxed);
    }
    Ok(pid)
}
