//! What the interpreter holds of the operating system: its pipes'
//! descriptors, and the OS calls carmine needs that neither std nor rustix
//! offers as a safe function: fork(2) and crypt(3) (`String#crypt`). Like interp/fiber.rs, this
//! file is a documented exception to "`unsafe` only in value/, gc/ and
//! jit/" (README, Layout).

use std::collections::HashMap;
use std::fs::File;

/// The descriptors of the pipes a Vm made (`IO.pipe`), by number; closed
/// when the Vm goes.
#[derive(Default)]
pub struct Pipes {
    pub fds: HashMap<i32, File>,
    /// Of `fds`, those whose other end a spawned child holds (IO.popen):
    /// waiting on them alone is not a deadlock.
    pub to_children: std::collections::HashSet<i32>,
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

#[link(name = "crypt")]
unsafe extern "C" {
    fn crypt_r(
        phrase: *const libc::c_char,
        setting: *const libc::c_char,
        data: *mut libc::c_void,
    ) -> *mut libc::c_char;
}

/// libcrypt's `struct crypt_data` is 32768 bytes (libxcrypt); twice that
/// leaves room for any other layout.
const CRYPT_DATA_SIZE: usize = 65536;

/// crypt(3) of `phrase` with `setting` (the system's: DES, MD5, SHA-256,
/// SHA-512, bcrypt, yescrypt...), as CRuby's `String#crypt` calls it
/// (crypt_r). Err(errno) when it returns NULL; libxcrypt answers an
/// invalid setting with a "*0"-style failure string instead.
pub fn crypt(phrase: &std::ffi::CStr, setting: &std::ffi::CStr) -> Result<Vec<u8>, i32> {
    let mut data = vec![0u8; CRYPT_DATA_SIZE];
    // SAFETY: both strings are NUL-terminated and outlive the call; `data`
    // is a zeroed buffer at least as large as `struct crypt_data` (whose
    // `initialized` field zero means "not initialized"), used by this call
    // only; the result points into `data` and is copied out before `data`
    // is dropped.
    unsafe {
        let r = crypt_r(phrase.as_ptr(), setting.as_ptr(), data.as_mut_ptr().cast());
        if r.is_null() {
            return Err(std::io::Error::last_os_error().raw_os_error().unwrap_or(0));
        }
        Ok(std::ffi::CStr::from_ptr(r).to_bytes().to_vec())
    }
}
