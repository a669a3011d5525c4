//! Control frames: one per running method, block or class body.

use std::rc::Rc;

use crate::bytecode::Iseq;
use crate::object::{BlockArg, Cref};
use crate::value::{MethodId, Value};

pub struct Frame {
    pub iseq: Rc<Iseq>,
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
    /// Leaving this frame returns from `run` to Rust.
    pub boundary: bool,
    pub is_lambda: bool,
    pub is_block: bool,
}

impl Frame {
    pub fn line(&self) -> u32 {
        self.iseq.line_at(self.pc.saturating_sub(1))
    }
}
