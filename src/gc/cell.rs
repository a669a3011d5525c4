//! `BodyCell`: a heap slot's header (class, flags) and its `Body`, with
//! `RefCell`'s borrow rules for the body, the borrow state kept in spare
//! bits of the flags word.
//!
//! A `RefCell<Body>` beside the header took a word of its own for the
//! borrow count, so a slot was 48 bytes (class 4, flags 4, borrow flag 8,
//! body 32); here it is 40, as CRuby's RVALUE. The API is `RefCell`'s
//! (`borrow`, `borrow_mut`, `try_borrow`, `try_borrow_mut`, guards that
//! deref to the body), so code reads `obj(v).body.borrow()` as before.
//! `Flags::get` and `Flags::set` never show or change the borrow bits, so
//! a flag written while the body is borrowed keeps the borrow.

use std::cell::{Cell, UnsafeCell};
use std::ops::{Deref, DerefMut};

use crate::object::Body;
use crate::value::ClassId;

/// Bits 4..16 of the flags word: 0 = not borrowed, n << 4 = n shared
/// borrows (n < 2048), bit 15 alone = borrowed mutably. (Object flags use
/// bits 0-3 and 16-31.) A shared borrow adds one and fails when that sets
/// bit 15: it was set (writing) or the count is full — one test, as
/// `RefCell`'s.
const BORROW_ONE: u32 = 1 << 4;
const BORROW_MASK: u32 = 0xFFF << 4;
const WRITING: u32 = 1 << 15;

/// An object's flag word (`FLAG_MARK`, `FLAG_FROZEN`, a String's encoding
/// and code range...). The body's borrow state shares the word and is
/// hidden from `get` and kept by `set`.
pub struct Flags(Cell<u32>);

impl Flags {
    #[inline(always)]
    pub fn get(&self) -> u32 {
        self.0.get() & !BORROW_MASK
    }

    #[inline(always)]
    pub fn set(&self, f: u32) {
        debug_assert_eq!(f & BORROW_MASK, 0, "object flags overlap the borrow bits");
        self.0.set(f & !BORROW_MASK | self.0.get() & BORROW_MASK);
    }
}

/// A slot's class, flags and body (see the module comment).
pub struct BodyCell {
    pub class: Cell<ClassId>,
    pub flags: Flags,
    value: UnsafeCell<Body>,
}

const _: () = assert!(std::mem::size_of::<BodyCell>() == 40);

/// Where the `Body` and the flags word sit in a `BodyCell` (the JIT's C
/// code reads a plain object's ivars in place), and the flag bits a
/// reader (`WRITING`) or a writer (any borrow) must find clear.
pub const BODY_OFFSET: usize = std::mem::offset_of!(BodyCell, value);
pub const FLAGS_OFFSET: usize = std::mem::offset_of!(BodyCell, flags.0);
pub const BORROWED_MUT: u32 = WRITING;
pub const BORROWED: u32 = BORROW_MASK;

/// `try_borrow` found the body mutably borrowed.
#[derive(Debug)]
pub struct BorrowError;

/// `try_borrow_mut` found the body borrowed.
#[derive(Debug)]
pub struct BorrowMutError;

impl BodyCell {
    /// A slot's contents; only the heap makes slots.
    pub(super) fn new(class: ClassId, body: Body) -> BodyCell {
        BodyCell {
            class: Cell::new(class),
            flags: Flags(Cell::new(0)),
            value: UnsafeCell::new(body),
        }
    }

    #[inline]
    #[track_caller]
    pub fn borrow(&self) -> BodyRef<'_> {
        match self.try_borrow() {
            Ok(r) => r,
            Err(_) => borrow_failed("already mutably borrowed"),
        }
    }

    #[inline]
    #[track_caller]
    pub fn borrow_mut(&self) -> BodyRefMut<'_> {
        match self.try_borrow_mut() {
            Ok(r) => r,
            Err(_) => borrow_failed("already borrowed"),
        }
    }

    #[inline]
    pub fn try_borrow(&self) -> Result<BodyRef<'_>, BorrowError> {
        let n = self.flags.0.get() + BORROW_ONE;
        if n & WRITING != 0 {
            return Err(BorrowError);
        }
        self.flags.0.set(n);
        Ok(BodyRef { cell: self })
    }

    #[inline]
    pub fn try_borrow_mut(&self) -> Result<BodyRefMut<'_>, BorrowMutError> {
        let f = self.flags.0.get();
        if f & BORROW_MASK != 0 {
            return Err(BorrowMutError);
        }
        self.flags.0.set(f | WRITING);
        Ok(BodyRefMut { cell: self })
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn borrow_failed(what: &str) -> ! {
    panic!("object body {what}")
}

/// A shared borrow of a body (`BodyCell::borrow`).
pub struct BodyRef<'a> {
    cell: &'a BodyCell,
}

impl Deref for BodyRef<'_> {
    type Target = Body;
    #[inline(always)]
    fn deref(&self) -> &Body {
        // SAFETY: while this guard lives the borrow bits count it as a
        // shared borrow, so `try_borrow_mut` refuses and no `&mut Body`
        // exists; shared references may coexist.
        unsafe { &*self.cell.value.get() }
    }
}

impl Drop for BodyRef<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        let f = &self.cell.flags.0;
        f.set(f.get() - BORROW_ONE);
    }
}

/// The mutable borrow of a body (`BodyCell::borrow_mut`).
pub struct BodyRefMut<'a> {
    cell: &'a BodyCell,
}

impl Deref for BodyRefMut<'_> {
    type Target = Body;
    #[inline(always)]
    fn deref(&self) -> &Body {
        // SAFETY: the borrow bits say WRITING while this guard lives, so
        // no other guard exists and the body is reached only through it.
        unsafe { &*self.cell.value.get() }
    }
}

impl DerefMut for BodyRefMut<'_> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Body {
        // SAFETY: as in `deref`; `&mut self` makes this the only reference
        // handed out by the guard.
        unsafe { &mut *self.cell.value.get() }
    }
}

impl Drop for BodyRefMut<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        let f = &self.cell.flags.0;
        f.set(f.get() & !BORROW_MASK);
    }
}
