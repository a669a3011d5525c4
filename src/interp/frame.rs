//! Control frames: one per running method, block or class body.

use std::rc::Rc;

use crate::bytecode::Iseq;
use crate::object::{Block, BlockArg, Cref};
use crate::value::{IseqId, MethodId, Value};

pub struct Frame {
    pub iseq: &'static Iseq,
    /// Next instruction (saved while a callee runs).
    pub pc: usize,
    /// First local slot on the VM stack.
    pub base: usize,
    /// Stack height to restore when this frame is popped (drops recv/args).
    pub ret_sp: usize,
    pub self_val: Value,
    /// This frame's own heap environment (nil when locals are on the stack).
    pub env: Value,
    /// The enclosing scope's environment (blocks only).
    pub penv: Value,
    /// The block this method received (for blocks: the enclosing method's).
    pub block: Option<Rc<BlockArg>>,
    pub method: Option<MethodId>,
    pub cref: Cref,
    pub id: u64,
    /// Frame id `return` leaves (the method frame; self for methods).
    pub home: u64,
    /// For blocks: the frame whose call `break` returns from.
    pub origin: u64,
    /// What leaving this frame does besides returning to the caller's
    /// loop (`Exit::boundary`, `Exit::ctor`).
    pub exit: Exit,
    pub is_lambda: bool,
    pub is_block: bool,
}

/// How a frame's `leave` ends, one byte so a plain return tests it once:
/// a boundary frame returns from `run` to Rust; a ctor frame (`initialize`
/// run by `Class#new` without a native call, `Vm::new_plain`) returns its
/// self, the new object, and pops the `new` entry of `Vm::cfuncs` pushed
/// with it. A frame can be both (compiled code calling `Class#new`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Exit(u8);

impl Exit {
    const BOUNDARY: u8 = 1;
    const CTOR: u8 = 2;

    /// A boundary frame or not.
    #[inline(always)]
    pub fn of(boundary: bool) -> Exit {
        Exit(boundary as u8)
    }

    /// Back to the caller's loop, nothing else.
    #[inline(always)]
    pub fn is_plain(self) -> bool {
        self.0 == 0
    }

    /// Leaving returns from `run` to Rust.
    #[inline(always)]
    pub fn boundary(self) -> bool {
        self.0 & Exit::BOUNDARY != 0
    }

    /// Leaving returns self (`Class#new`'s object).
    #[inline(always)]
    pub fn ctor(self) -> bool {
        self.0 & Exit::CTOR != 0
    }

    pub fn with_boundary(self) -> Exit {
        Exit(self.0 | Exit::BOUNDARY)
    }

    pub fn with_ctor(self) -> Exit {
        Exit(self.0 | Exit::CTOR)
    }
}

// Every call writes one (`Vm::enter_frame`): keep it small.
const _: () = assert!(std::mem::size_of::<Frame>() == 112);

impl Frame {
    /// Gives `mark` every value this frame keeps alive.
    pub fn trace(&self, mark: &mut dyn FnMut(Value)) {
        mark(self.self_val);
        mark(self.env);
        mark(self.penv);
        if let Some(b) = &self.block {
            crate::object::trace_block_arg(b, mark);
        }
    }

    pub fn line(&self) -> u32 {
        self.iseq.line_at(self.pc.saturating_sub(1))
    }

    /// A block literal `iseq` written in this frame: its self, scope,
    /// home and the block this frame received.
    #[inline(always)]
    pub fn capture_block(&self, iseq: IseqId) -> Block {
        Block {
            iseq,
            self_val: self.self_val,
            env: if self.env.is_nil() {
                self.penv
            } else {
                self.env
            },
            cref: self.cref.clone(),
            home: self.home,
            origin: self.id,
            method: self.method,
            outer_block: self.block.clone(),
        }
    }

    /// `capture_block` into an existing `Block`, field by field: usually
    /// the same call site's block again, whose scope and outer block are
    /// kept when they are the same (no reference counting then).
    #[inline(always)]
    pub fn recapture_block(&self, b: &mut Block, iseq: IseqId) {
        b.iseq = iseq;
        b.self_val = self.self_val;
        b.env = if self.env.is_nil() {
            self.penv
        } else {
            self.env
        };
        if !Rc::ptr_eq(&b.cref, &self.cref) {
            b.cref = self.cref.clone();
        }
        b.home = self.home;
        b.origin = self.id;
        b.method = self.method;
        let same_outer = match (&b.outer_block, &self.block) {
            (None, None) => true,
            (Some(x), Some(y)) => Rc::ptr_eq(x, y),
            _ => false,
        };
        if !same_outer {
            b.outer_block = self.block.clone();
        }
    }
}

/// The control-frame stack.
///
/// Popped slots are kept (not dropped) and overwritten field by field by
/// the next push, so a call writes its frame straight into place: building
/// a 112-byte `Frame` and moving it into a `Vec` went through a stack
/// temporary whose copy stalled on store forwarding (~14% of `fib`).
/// A dead slot may keep its iseq, cref and block `Rc`s alive until it is
/// reused; nothing reads it (the GC marks live frames only).
pub struct FrameStack {
    slots: Vec<Frame>,
    len: usize,
}

/// What a popped frame tells its caller.
#[derive(Clone, Copy)]
pub struct Popped {
    pub ret_sp: usize,
    pub boundary: bool,
}

impl Default for FrameStack {
    fn default() -> Self {
        FrameStack::with_capacity(0)
    }
}

impl FrameStack {
    pub fn with_capacity(n: usize) -> Self {
        FrameStack {
            slots: Vec::with_capacity(n),
            len: 0,
        }
    }

    /// Pushes `f`, into a dead slot when there is one (the store then
    /// goes straight to the slot, no temporary is copied).
    #[inline(always)]
    pub fn push(&mut self, f: Frame) {
        match self.slots.get_mut(self.len) {
            Some(slot) => *slot = f,
            None => self.grow(f),
        }
        self.len += 1;
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, f: Frame) {
        self.slots.push(f);
    }

    /// Makes the first dead slot live and returns it for the caller to
    /// overwrite every field (keeping `Rc` fields that already point to
    /// the right place); None when there is none (then `push`).
    #[inline(always)]
    pub fn reuse_slot(&mut self) -> Option<&mut Frame> {
        let f = self.slots.get_mut(self.len)?;
        self.len += 1;
        Some(f)
    }

    /// The block of the first dead slot (what the last frame popped from
    /// there received), for a new block literal to reuse its allocation.
    #[inline(always)]
    pub fn dead_block(&mut self) -> Option<&mut Option<Rc<BlockArg>>> {
        self.slots.get_mut(self.len).map(|f| &mut f.block)
    }

    /// Gives the first dead slot the block literal `iseq` written in the
    /// top frame, for the frame pushed next there to keep
    /// (`Vm::enter_frame_in`): rewritten in the allocation the slot's last
    /// frame received when nothing else holds it (a loop calling a method
    /// with a block allocates once). False when there is no dead slot.
    #[inline(always)]
    pub fn literal_into_dead_slot(&mut self, iseq: IseqId) -> bool {
        let (live, dead) = self.slots.split_at_mut(self.len);
        let (Some(caller), Some(slot)) = (live.last(), dead.first_mut()) else {
            return false;
        };
        if let Some(rc) = &mut slot.block
            && let Some(BlockArg::Literal(b)) = Rc::get_mut(rc)
        {
            caller.recapture_block(b, iseq);
        } else {
            slot.block = Some(Rc::new(BlockArg::Literal(caller.capture_block(iseq))));
        }
        true
    }

    pub fn pop(&mut self) -> Option<Popped> {
        self.len = self.len.checked_sub(1)?;
        let f = &self.slots[self.len];
        Some(Popped {
            ret_sp: f.ret_sp,
            boundary: f.exit.boundary(),
        })
    }

    /// Pops the frames from `n` up (`n` is below the top: `leave`'s own
    /// index).
    #[inline(always)]
    pub fn pop_to(&mut self, n: usize) {
        debug_assert!(n < self.len);
        self.len = n;
    }

    /// Pops down to `n` frames.
    #[inline(always)]
    pub fn truncate(&mut self, n: usize) {
        self.len = self.len.min(n);
    }

    /// Live frames.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The top frame. One bounds check (against the slots) instead of
    /// the slice view's two; `len` never exceeds the slot count.
    #[inline(always)]
    pub fn last(&self) -> Option<&Frame> {
        self.slots.get(self.len.wrapping_sub(1))
    }

    #[inline(always)]
    pub fn last_mut(&mut self) -> Option<&mut Frame> {
        self.slots.get_mut(self.len.wrapping_sub(1))
    }

    /// Drops every frame, live and dead.
    pub fn clear(&mut self) {
        self.slots.clear();
        self.len = 0;
    }
}

/// Indexing checks against the slots only: an index at or above `len`
/// is a dead frame, which the interpreter never asks for (debug builds
/// assert it); the slice view (`Deref`) serves iteration.
impl std::ops::Index<usize> for FrameStack {
    type Output = Frame;
    #[inline(always)]
    fn index(&self, i: usize) -> &Frame {
        debug_assert!(i < self.len);
        &self.slots[i]
    }
}

impl std::ops::IndexMut<usize> for FrameStack {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut Frame {
        debug_assert!(i < self.len);
        &mut self.slots[i]
    }
}

impl std::ops::Deref for FrameStack {
    type Target = [Frame];
    #[inline(always)]
    fn deref(&self) -> &[Frame] {
        &self.slots[..self.len]
    }
}

impl std::ops::DerefMut for FrameStack {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Frame] {
        &mut self.slots[..self.len]
    }
}
