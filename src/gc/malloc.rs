//! The process's global allocator (`carmine::gc::Malloc`, installed by
//! src/main.rs): mimalloc through its plain entry points.
//!
//! mimalloc's Rust wrapper sends every request to `mi_malloc_aligned`,
//! whose alignment handling costs about 25 instructions more than
//! `mi_malloc` per allocation. Every mimalloc block is at least
//! word-aligned (block sizes are multiples of 8), so a layout asking for
//! no more than that takes the plain path; larger alignments keep the
//! aligned one.

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys as mi;

/// Alignment every mimalloc block has.
const WORD: usize = std::mem::size_of::<usize>();

/// mimalloc, plain entry points for word-aligned layouts.
pub struct Malloc;

// SAFETY: each method forwards to mimalloc, which returns null or a block of
// at least `layout.size()` bytes aligned as asked (word-aligned layouts go
// to the plain entry points, whose blocks are all word-aligned); `dealloc`
// and `realloc` receive only pointers these methods returned, which
// `mi_free` and `mi_realloc(_aligned)` accept whichever entry made them.
unsafe impl GlobalAlloc for Malloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: see the impl's comment.
        unsafe {
            if layout.align() <= WORD {
                mi::mi_malloc(layout.size()) as *mut u8
            } else {
                mi::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: see the impl's comment.
        unsafe {
            if layout.align() <= WORD {
                mi::mi_zalloc(layout.size()) as *mut u8
            } else {
                mi::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: see the impl's comment.
        unsafe { mi::mi_free(ptr as *mut c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: see the impl's comment.
        unsafe {
            if layout.align() <= WORD {
                mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
            } else {
                mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
            }
        }
    }
}
