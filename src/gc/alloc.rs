//! The process allocator's (mimalloc's) one tunable the VM changes: how
//! soon memory it frees goes back to the OS.
//!
//! mimalloc keeps freed pages resident for a purge delay (1 s by default)
//! before it decommits them, so a buffer that grows by doubling leaves
//! its old copy in the peak RSS. Loading code is where that adds up: the
//! compiler's tables (call sites, instruction buffers) double while the
//! parser's tree of the whole file is alive, and 30k_ifelse's 2.7 MB
//! source peaked at 138 MB, 126 with immediate purging (CRuby 80). While
//! a `PurgeNow` guard lives, freed memory is purged at once; at run time
//! the delay stays as it was (immediate purging costs binarytrees ~5% in
//! system time, for 0.5 MB).

use std::ffi::{c_int, c_long};

// The allocator the `carmine` binary installs (src/main.rs): linked here
// too so the symbols below resolve in every binary that uses the library.
extern crate mimalloc as _;

// SAFETY: both are plain C functions of the statically linked mimalloc
// (libmimalloc-sys), taking and returning integers; they may be called at
// any time from any thread.
unsafe extern "C" {
    fn mi_option_get(option: c_int) -> c_long;
    fn mi_option_set(option: c_int, value: c_long);
}

/// `mi_option_purge_delay` in mimalloc's `mi_option_t` (v2 and v3).
const PURGE_DELAY: c_int = 15;

/// Freed memory goes back to the OS at once while this lives.
pub struct PurgeNow {
    prev: c_long,
}

impl PurgeNow {
    pub fn start() -> PurgeNow {
        // SAFETY: see the declarations above.
        let prev = unsafe { mi_option_get(PURGE_DELAY) };
        // SAFETY: as above.
        unsafe { mi_option_set(PURGE_DELAY, 0) };
        PurgeNow { prev }
    }
}

impl Drop for PurgeNow {
    fn drop(&mut self) {
        // SAFETY: as above.
        unsafe { mi_option_set(PURGE_DELAY, self.prev) };
    }
}
