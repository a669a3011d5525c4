//! Blocks: `yield`, block frames, Proc calls and block-to-Proc conversion.

use std::rc::Rc;

use crate::class::cls;
use crate::dispatch::flags;
use crate::gc::obj;
use crate::object::{Block, BlockArg, Body, RProc, Unwind};
use crate::value::{CallSiteId, Value};

use super::call::Call;
use super::frame::{Exit, Frame};
use super::{MAX_FRAMES, VResult, Vm};

impl Vm {
    /// Turns a block into a Proc value (for `&blk` params and `proc {}`).
    pub fn block_to_proc(&mut self, b: &Rc<BlockArg>) -> Value {
        match &**b {
            BlockArg::Literal(blk) => self.heap.alloc(
                cls::PROC,
                Body::Proc(Box::new(RProc {
                    block: blk.clone(),
                    is_lambda: false,
                    special: None,
                })),
            ),
            BlockArg::Proc(p) => *p,
            BlockArg::Symbol(_) | BlockArg::Method(_) | BlockArg::Indexed(_) => {
                let dummy = self.dummy_block();
                self.heap.alloc(
                    cls::PROC,
                    Body::Proc(Box::new(RProc {
                        block: dummy,
                        // Symbol#to_proc and Method#to_proc procs are lambdas
                        // in 3.1; an ifunc block (with_index's) is not.
                        is_lambda: !matches!(**b, BlockArg::Indexed(_)),
                        special: Some(b.clone()),
                    })),
                )
            }
        }
    }

    fn dummy_block(&self) -> Block {
        let f = self.frames.last();
        Block {
            iseq: crate::value::IseqId(0),
            self_val: Value::NIL,
            env: Value::NIL,
            cref: f
                .map(|f| f.cref.clone())
                .unwrap_or_else(|| self.top_cref.clone()),
            home: 0,
            origin: 0,
            method: None,
            outer_block: None,
        }
    }

    // ---- yield ----------------------------------------------------------------

    /// `InvokeBlock` (yield): arguments are on the stack above a nil slot.
    pub fn invoke_block(&mut self, site: CallSiteId) -> Result<Call, Unwind> {
        let s = self.dispatch.site(site);
        let (argc, fl) = (s.argc as usize, s.flags);
        let recv_ix = self.stack.len() - argc - 1;
        let block = self.frames.last().unwrap().block.clone();
        let Some(b) = block else {
            self.stack.truncate(recv_ix);
            return Err(self.local_jump_error("no block given (yield)"));
        };
        match &*b {
            BlockArg::Literal(blk) => {
                self.push_block_frame(blk, recv_ix, argc, fl, None, false, false, &None)?;
                Ok(Call::Pushed)
            }
            _ => {
                // Keywords stay keywords for a Proc or Method block (an
                // empty `**h` passes none).
                let kw = fl & flags::KWARGS != 0
                    && self
                        .stack
                        .last()
                        .is_some_and(|&k| self.hash_len(k) != Some(0));
                let args = self.collect_args(recv_ix, argc, fl)?;
                // a splat ending in a ruby2_keywords Hash passes keywords
                let kw = kw || (fl & flags::SPLAT != 0 && std::mem::take(&mut self.splat_kw));
                self.stack.truncate(recv_ix);
                let kfl = if kw { flags::KWARGS } else { 0 };
                let v = self.yield_block_with_fl(&b, &args, None, None, kfl)?;
                self.builtin_done(v, false)
            }
        }
    }

    /// Pushes a frame for a block with its args at `recv_ix+1..`;
    /// `block_param` is the block given to the block call (`pr.call { }`),
    /// for a `&b` parameter. Inlined into both yield paths.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn push_block_frame(
        &mut self,
        blk: &Block,
        recv_ix: usize,
        argc: usize,
        fl: u32,
        self_override: Option<Value>,
        lambda: bool,
        boundary: bool,
        block_param: &Option<Rc<BlockArg>>,
    ) -> Result<(), Unwind> {
        let iseq = self.iseq(blk.iseq);
        let base = recv_ix + 1;
        let lambda = lambda || iseq.kind == crate::bytecode::IseqKind::Lambda;
        // Exactly `lead` plain arguments to lead-only params: nothing to
        // pad, drop or destructure (a one-param block never auto-splats).
        let plain = iseq.params.simple && fl & (flags::SPLAT | flags::KWARGS) == 0;
        let lead = iseq.params.lead as usize;
        if plain && argc == lead {
            self.locals_height(base + iseq.local_count as usize);
        } else if plain && !lambda && argc > lead {
            // A proc drops the arguments its params do not take (`n.times
            // { }`); more than one argument, or none taken, never
            // auto-splats.
            self.stack.truncate(base + lead);
            self.locals_height(base + iseq.local_count as usize);
        } else if !lambda && self.block_args_fast(iseq, base, argc, fl) {
            // (bound where they lie)
        } else if let Err(e) = self.setup_params(iseq, base, argc, fl, !lambda, block_param) {
            self.stack.truncate(recv_ix);
            return Err(e);
        }
        if self.frames.len() >= MAX_FRAMES
            || self.stack.len() > super::MAX_STACK
            || (boundary && self.native_stack_low())
        {
            self.stack.truncate(recv_ix);
            return Err(self.stack_error());
        }
        let lc = iseq.local_count as usize;
        self.locals_height(base + lc);
        let env = if iseq.env_on_heap {
            self.alloc_frame_env(base, lc, blk.env)
        } else {
            Value::NIL
        };
        let self_val = self_override.unwrap_or(blk.self_val);
        self.write_block_frame(iseq, blk, base, recv_ix, self_val, env, lambda, boundary, 0);
        if let Some(m) = blk.method {
            self.entry_probe(m, iseq);
        }
        if self.heap.wants_collect() {
            self.gc();
        }
        Ok(())
    }

    /// The frame of block `blk` (`iseq`), its locals at `base` (in place),
    /// dropping to `recv_ix` when it ends: `push_block_frame`'s, and the
    /// JIT's for a compiled block it ran without one until something
    /// needed it (`Vm::jit_enter_block`).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn write_block_frame(
        &mut self,
        iseq: &'static crate::bytecode::Iseq,
        blk: &Block,
        base: usize,
        recv_ix: usize,
        self_val: Value,
        env: Value,
        lambda: bool,
        boundary: bool,
        pc: usize,
    ) {
        let id = self.next_frame_id;
        self.next_frame_id += 1;
        let home = if lambda { id } else { blk.home };
        if let Some(f) = self.frames.reuse_slot() {
            // Written in place, without an `Entry`: `Rc`s already
            // pointing right (a block yielded to in a loop) are kept.
            f.iseq = iseq;
            if !Rc::ptr_eq(&f.cref, &blk.cref) {
                f.cref = blk.cref.clone();
            }
            let same_block = match (&f.block, &blk.outer_block) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            };
            if !same_block {
                f.block = blk.outer_block.clone();
            }
            f.pc = pc;
            f.base = base;
            f.ret_sp = recv_ix;
            f.self_val = self_val;
            f.env = env;
            f.penv = blk.env;
            f.method = blk.method;
            f.id = id;
            f.home = home;
            f.origin = blk.origin;
            f.exit = Exit::of(boundary);
            f.is_lambda = lambda;
            f.is_block = true;
        } else {
            self.frames.push(Frame {
                iseq,
                pc,
                base,
                ret_sp: recv_ix,
                self_val,
                env,
                penv: blk.env,
                block: blk.outer_block.clone(),
                method: blk.method,
                cref: blk.cref.clone(),
                id,
                home,
                origin: blk.origin,
                exit: Exit::of(boundary),
                is_lambda: lambda,
                is_block: true,
            });
        }
    }

    /// Calls a block from Rust with `args`.
    pub fn yield_block(&mut self, b: &Rc<BlockArg>, args: &[Value]) -> VResult {
        if let BlockArg::Literal(blk) = &**b {
            // The common case (a block literal yielded to by a builtin
            // iterator) with the frame set-up inlined.
            self.block_call_tick()?;
            if self.jit.is_some() {
                return self.yield_block_jit(blk, args);
            }
            return self.call_block_value_inline::<false>(blk, args, None, false, None, 0);
        }
        self.yield_block_with(b, args, None, None)
    }

    /// The call-site flags a builtin forwards with its arguments:
    /// `flags::KWARGS` when it was called with keywords. Read it first
    /// thing, like `kw_passed`.
    pub fn passed_kw_flag(&self, args: &[Value]) -> u32 {
        if self.kw_passed && !args.is_empty() {
            crate::dispatch::flags::KWARGS
        } else {
            0
        }
    }

    /// Calls a block with an optional `self` override (instance_exec) and block.
    pub fn yield_block_with(
        &mut self,
        b: &Rc<BlockArg>,
        args: &[Value],
        self_val: Option<Value>,
        blockarg: Option<Rc<BlockArg>>,
    ) -> VResult {
        self.yield_block_with_fl(b, args, self_val, blockarg, 0)
    }

    /// `yield_block_with` with call-site flags: `flags::KWARGS` when the
    /// last argument is the caller's keywords (`instance_exec(k: 1, &b)`).
    pub fn yield_block_with_fl(
        &mut self,
        b: &Rc<BlockArg>,
        args: &[Value],
        self_val: Option<Value>,
        blockarg: Option<Rc<BlockArg>>,
        fl: u32,
    ) -> VResult {
        self.block_call_tick()?;
        match &**b {
            BlockArg::Literal(blk) => {
                self.call_block_value(blk, args, self_val, false, blockarg, fl)
            }
            BlockArg::Proc(p) => self.call_proc_with_fl(*p, args, self_val, blockarg, fl),
            BlockArg::Symbol(s) => {
                if args.is_empty() {
                    return Err(self.arg_error("no receiver given"));
                }
                self.call_refined(args[0], *s, &args[1..], blockarg, false)
            }
            BlockArg::Method(m) => {
                let m = *m;
                self.call_method_object_fl(m, args, blockarg, fl)
            }
            BlockArg::Indexed(ix) => {
                let packed = match args {
                    [one] => *one,
                    [] => Value::NIL,
                    many => self.ary_new(many.to_vec()),
                };
                let i = ix.next.get();
                ix.next.set(i.wrapping_add(1));
                let inner = ix.inner.clone();
                self.temp_roots.push(packed);
                let r = self.yield_block_with_fl(&inner, &[packed, Value::int(i)], None, None, 0);
                self.temp_roots.pop();
                r
            }
        }
    }

    fn call_block_value(
        &mut self,
        blk: &Block,
        args: &[Value],
        self_val: Option<Value>,
        lambda: bool,
        blockarg: Option<Rc<BlockArg>>,
        fl: u32,
    ) -> VResult {
        if self.jit.is_some() {
            return self.call_block_value_inline::<true>(blk, args, self_val, lambda, blockarg, fl);
        }
        self.call_block_value_inline::<false>(blk, args, self_val, lambda, blockarg, fl)
    }

    /// [`Vm::call_block_value`], inlined into `yield_block` for the
    /// common case (a block literal yielded to by a builtin iterator).
    /// `JIT`: the copy run with `--jit`, which runs compiled blocks; the
    /// other has no trace of it.
    #[inline(always)]
    fn call_block_value_inline<const JIT: bool>(
        &mut self,
        blk: &Block,
        args: &[Value],
        self_val: Option<Value>,
        lambda: bool,
        blockarg: Option<Rc<BlockArg>>,
        fl: u32,
    ) -> VResult {
        // Argument setup may replace the arguments on the stack with the
        // values destructured from them (`|k, v|` over a pair), so keep the
        // caller's arguments rooted until the block returns: builtins often
        // use them afterwards (`find` returns the pair it yielded).
        let mark = self.temp_roots.len();
        for &a in args {
            if a.is_heap() {
                self.temp_roots.push(a);
            }
        }
        // A compiled block with plain parameters: its machine code with
        // the frame made only if something needs it.
        if JIT && let Some(r) = self.jit_yield(blk, args, self_val, lambda, &blockarg, fl) {
            self.temp_roots.truncate(mark);
            return r;
        }
        let recv_ix = self.stack.len();
        self.stack.push(Value::NIL);
        // One or two arguments (the usual iterator) without a memcpy call.
        match *args {
            [a] => self.stack.push(a),
            [a, b] => {
                self.stack.push(a);
                self.stack.push(b);
            }
            _ => self.stack.extend_from_slice(args),
        }
        // A block passed to a block (`pr.call { }`) is seen only by a `&b`
        // parameter; `yield` still reaches the method's block.
        let pushed = self.push_block_frame(
            blk,
            recv_ix,
            args.len(),
            fl,
            self_val,
            lambda,
            true,
            &blockarg,
        );
        if let Err(e) = pushed {
            self.temp_roots.truncate(mark);
            return Err(e);
        }
        if JIT {
            // With `--jit` a block starts at its `JitEntry` (counted,
            // compiled when hot).
            let top = self.frames.len() - 1;
            self.frames[top].pc = self.frames[top].iseq.entry_pc.get() as usize;
        }
        self.native_depth += 1;
        // A compiled block: its machine code without a run loop.
        let r = match JIT.then(|| self.jit_block()).flatten() {
            Some(r) => r,
            None => self.run(),
        };
        self.native_depth -= 1;
        self.temp_roots.truncate(mark);
        r
    }

    /// `yield_block`'s common case with `--jit` (out of line: the
    /// interpreter's copy keeps its registers).
    #[inline(never)]
    fn yield_block_jit(&mut self, blk: &Block, args: &[Value]) -> VResult {
        self.call_block_value_inline::<true>(blk, args, None, false, None, 0)
    }

    /// `Proc#call`.
    pub fn call_proc_with(
        &mut self,
        p: Value,
        args: &[Value],
        self_val: Option<Value>,
        blockarg: Option<Rc<BlockArg>>,
    ) -> VResult {
        self.call_proc_with_fl(p, args, self_val, blockarg, 0)
    }

    /// `call_proc_with` with call-site flags (`flags::KWARGS` when the last
    /// argument is a keyword Hash).
    pub fn call_proc_with_fl(
        &mut self,
        p: Value,
        args: &[Value],
        self_val: Option<Value>,
        blockarg: Option<Rc<BlockArg>>,
        fl: u32,
    ) -> VResult {
        let special = match &*obj(p).body.borrow() {
            Body::Proc(rp) => rp.special.clone(),
            _ => return Err(self.type_error("not a proc")),
        };
        if let Some(s) = special {
            if let BlockArg::Method(m) = &*s {
                return self.call_method_object_fl(*m, args, blockarg, fl);
            }
            return self.yield_block_with(&s, args, self_val, blockarg);
        }
        let (blk, lambda) = match &*obj(p).body.borrow() {
            Body::Proc(rp) => (rp.block.clone(), rp.is_lambda),
            _ => return Err(self.type_error("not a proc")),
        };
        let r = self.call_block_value(&blk, args, self_val, lambda, blockarg, fl);
        match r {
            // A lambda ends a `break` only when its target frame is gone;
            // one aimed at a live frame outside (a block called through the
            // lambda) keeps unwinding.
            Err(Unwind::Break { target, value })
                if lambda && !self.frames.iter().any(|f| f.id == target) =>
            {
                Ok(value)
            }
            other => other,
        }
    }
}
