//! `Arena<T>`: values that keep one address for as long as their owner
//! (the VM) lives, handed out as plain `&'static T` so the interpreter can
//! hold them without reference counting (frames hold their `Iseq` this
//! way), and freed together when the owner is dropped.
//!
//! The `'static` is the same promise `gc::obj` makes for heap slots: the
//! reference is valid while the VM that made it exists, and nothing keeps
//! one past the VM (a VM that is dropped takes its frames with it).

use std::ptr::NonNull;

pub struct Arena<T> {
    items: Vec<NonNull<T>>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { items: Vec::new() }
    }
}

impl<T> Arena<T> {
    /// Moves `v` to its own allocation for the arena's lifetime.
    pub fn alloc(&mut self, v: T) -> &'static T {
        let r: &'static T = Box::leak(Box::new(v));
        self.items.push(NonNull::from(r));
        r
    }
}

impl<T> Drop for Arena<T> {
    fn drop(&mut self) {
        for p in self.items.drain(..) {
            // SAFETY: `p` came from `Box::leak` in `alloc` and is freed only
            // here, once; the owner is being dropped, so no frame or table
            // that holds the reference is used afterwards.
            drop(unsafe { Box::from_raw(p.as_ptr()) });
        }
    }
}
