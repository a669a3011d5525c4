//! The interpreter's side of the JIT (`jit::abi::Host`): `JitEntry`
//! (count a method's calls, queue it when hot, run its machine code once
//! compiled); the steps the machine code hands back, each one instruction
//! run exactly as the run loop does on the stack the C code left; and its
//! calls: a compiled callee's frame pushed here for the C caller to run
//! its code directly (`jit_call_prep` / `jit_call_finish`), any other
//! callee sent and run to completion.

use crate::bytecode::{Insn, Iseq};
use crate::dispatch::{Handler, bop, flags};
use crate::gc::obj;
use crate::jit::codegen::SiteInfo;
use crate::jit::{State, abi};
use crate::object::{Block, BlockArg, Body, Unwind};
use crate::value::{CallSiteId, Value};

use super::call::{Call, Hot};
use super::{VResult, Vm};

/// How a `JitEntry` continues.
pub enum JitExit {
    /// Run the method's bytecode from its start.
    Interpret,
    /// The machine code returned this.
    Return(Value),
    /// The machine code raised (the frame's pc is the raising
    /// instruction's, as the interpreter leaves it).
    Raise(Unwind),
    /// The interpreter runs the rest of the call from this pc (the stack
    /// is as it expects there).
    Cancel(usize),
    /// Nothing ran (a script's code has no entry at that loop): the
    /// interpreter goes on where it was.
    Continue,
}

/// `Iseq::calls` of a script whose loops stay interpreted (or a method
/// the interpreter no longer enters: `jit_note_cancel`).
const GAVE_UP: u64 = u64::MAX;
/// One entry in a compiled iseq's `calls` (cancels count below it).
const ENTRY: u64 = 1 << 32;
/// Entries judged at once by `jit_note_cancel`.
const TRIAL: u64 = 256;

impl Vm {
    /// Appends `JitEntry` to a method's or block's code and makes calls
    /// start there (at install, with `--jit`).
    /// A top-level script that the JIT could compile (no rescue/ensure,
    /// no locals captured by a block) has its loops' safepoints made
    /// `JitLoop`s instead.
    pub(super) fn jit_prepare(&self, iseq: &mut Iseq) {
        if self.jit.is_none() {
            return;
        }
        match iseq.kind {
            // A block too: entered by the interpreter's block frames
            // (`push_block_frame` starts at `entry_pc`), never called
            // directly from C.
            crate::bytecode::IseqKind::Method | crate::bytecode::IseqKind::Block => {
                // A method called once whose loop is hot is compiled
                // from its loop, as a script is (its machine code has an
                // entry there).
                if iseq.catch.is_empty() && !iseq.env_on_heap {
                    for insn in iseq.insns.iter_mut() {
                        if matches!(insn, Insn::Safepoint) {
                            *insn = Insn::JitLoop;
                        }
                    }
                }
                iseq.insns.push(Insn::JitEntry);
                iseq.entry_pc.set(iseq.insns.len() as u32 - 1);
            }
            crate::bytecode::IseqKind::Top if iseq.catch.is_empty() && !iseq.env_on_heap => {
                for insn in iseq.insns.iter_mut() {
                    if matches!(insn, Insn::Safepoint) {
                        *insn = Insn::JitLoop;
                    }
                }
            }
            _ => {}
        }
    }

    /// `JitLoop` at `pc` in frame `fi` (its safepoint done): counts the
    /// loop, queues the script when hot, and once compiled runs its
    /// machine code from `pc` (None: go on interpreting).
    #[cold]
    #[inline(never)]
    pub(super) fn jit_loop(&mut self, fi: usize, pc: usize) -> Option<JitExit> {
        let iseq = self.frames[fi].iseq;
        if iseq.calls.get() == GAVE_UP {
            return None;
        }
        let (func, max_depth) = iseq.jit_code.get();
        if func != 0 {
            return Some(self.jit_run_at(fi, func, max_depth, pc));
        }
        let depth = self.stack.len() - self.frames[fi].base - iseq.local_count as usize;
        match self.jit_count(iseq, Some((pc, depth))) {
            Some(State::Compiled {
                func, max_depth, ..
            }) => Some(self.jit_run_at(fi, func, max_depth, pc)),
            Some(State::Failed) => {
                // Plain safepoints from now on.
                iseq.calls.set(GAVE_UP);
                None
            }
            _ => None,
        }
    }

    /// `JitEntry` in frame `fi`.
    #[cold]
    #[inline(never)]
    pub(super) fn jit_enter(&mut self, fi: usize) -> JitExit {
        let iseq = self.frames[fi].iseq;
        let (func, max_depth) = iseq.jit_code.get();
        if func != 0 {
            return self.jit_run(fi, func, max_depth);
        }
        match self.jit_count(iseq, None) {
            Some(State::Compiled {
                func,
                max_depth,
                c_only: false,
            }) => self.jit_run(fi, func, max_depth),
            Some(State::Failed) => {
                // Calls start at pc 0 from now on.
                iseq.entry_pc.set(0);
                JitExit::Interpret
            }
            _ => JitExit::Interpret,
        }
    }

    /// One more call of `iseq` (or turn of its loop, `entry`: see
    /// `codegen::translate`): queued for compilation at `--jit-min-calls`,
    /// the worker polled while it is queued. Its state: `Compiled` (its
    /// code then in `Iseq::jit_code`), `Failed` (also without the JIT),
    /// or None / `Queued` (keep interpreting).
    fn jit_count(&mut self, iseq: &'static Iseq, entry: Option<(usize, usize)>) -> Option<State> {
        let Some(jit) = self.jit.as_deref_mut() else {
            return Some(State::Failed);
        };
        let state = match jit.state(iseq.id) {
            // Start-up (the prelude's class bodies and what they call)
            // runs once: nothing it runs counts toward compiling.
            None if self.dispatch.startup => return None,
            None => {
                let n = iseq.calls.get() + 1;
                iseq.calls.set(n);
                if n < jit.opts.min_calls {
                    return None;
                }
                let dispatch = &self.dispatch;
                let site = |s| {
                    let site = dispatch.site(s);
                    // What the site calls now (its valid hot entry): C
                    // calls a compiled method (or this one) and reads an
                    // attribute without the host.
                    let hot = dispatch.hot(s, site.hot.guard.class);
                    // (A receiverless call of its own name that has not
                    // run yet, at a low --jit-min-calls, counts too.)
                    let recursive = match hot {
                        Some(h) => h.code.is_some_and(|c| c.id == iseq.id),
                        None => {
                            site.flags & flags::FCALL != 0
                                && *crate::value::symbol::name(site.name) == *iseq.label
                        }
                    };
                    let direct = recursive
                        || hot.is_some_and(|h| {
                            matches!(
                                h.handler,
                                Handler::IvarGet(_) | Handler::IvarSet(_) | Handler::IseqIvarGet(_)
                            ) || h.code.is_some_and(|c| c.jit_code.get().0 != 0)
                        });
                    SiteInfo {
                        argc: site.argc,
                        flags: site.flags,
                        has_block: site.block.is_some(),
                        direct,
                        recursive,
                    }
                };
                jit.compile(iseq, &site, entry);
                jit.state(iseq.id)
            }
            Some(State::Queued { .. }) => {
                jit.poll();
                jit.state(iseq.id)
            }
            s => s,
        };
        if let Some(State::Compiled {
            func,
            max_depth,
            c_only,
        }) = state
        {
            iseq.jit_code.set((func, max_depth));
            // From now on: entries and cancels (`jit_note_cancel`).
            iseq.calls.set(0);
            if c_only {
                // Compiled callers only: the interpreter's calls start
                // at pc 0 from now on.
                iseq.entry_pc.set(0);
            }
        }
        state
    }

    /// The block frame just pushed (the top one, a boundary) when it
    /// starts at its `JitEntry` and its code is compiled: its machine
    /// code run without a run loop of its own, as `jit_call` runs a
    /// compiled callee; None: the caller runs the frame.
    #[inline]
    pub(super) fn jit_block(&mut self) -> Option<VResult> {
        let top = self.frames.len() - 1;
        let f = &self.frames[top];
        let (func, max_depth) = f.iseq.jit_code.get();
        if func == 0 || f.pc == 0 || f.pc != f.iseq.entry_pc.get() as usize {
            return None;
        }
        let exit = self.jit_run(top, func, max_depth);
        Some(self.jit_finish_boundary(top, exit))
    }

    /// A block literal called from Rust (a builtin iterator's yield)
    /// whose code is compiled and whose parameters take the arguments
    /// as they are: its machine code run with a lazy frame (`abi::
    /// run_block`): the frame `push_block_frame` would push is made only
    /// when the code calls back into the host, cancels or raises
    /// (`jit_enter_block`). None: the caller pushes the frame.
    #[inline]
    pub(super) fn jit_yield(
        &mut self,
        blk: &Block,
        args: &[Value],
        self_val: Option<Value>,
        lambda: bool,
        blockarg: &Option<std::rc::Rc<BlockArg>>,
        fl: u32,
    ) -> Option<VResult> {
        let iseq = self.iseq(blk.iseq);
        if iseq.jit_code.get().0 == 0 {
            return None;
        }
        self.jit_yield_compiled(
            blk,
            iseq,
            args,
            self_val,
            lambda || blockarg.is_some() || fl != 0,
        )
    }

    #[inline(never)]
    fn jit_yield_compiled(
        &mut self,
        blk: &Block,
        iseq: &'static Iseq,
        args: &[Value],
        self_val: Option<Value>,
        other: bool,
    ) -> Option<VResult> {
        let (func, max_depth) = iseq.jit_code.get();
        let lead = iseq.params.lead as usize;
        // (A proc drops the arguments its parameters do not take.)
        if other
            || iseq.entry_pc.get() == 0
            || !iseq.params.simple
            || args.len() < lead
            || self.trace.events != 0
            || self.frames.len() + 1 >= super::MAX_FRAMES
            || self.native_stack_low()
        {
            return None;
        }
        let recv_ix = self.stack.len();
        let base = recv_ix + 1;
        let lc = iseq.local_count as usize;
        let full = base + lc + max_depth;
        if full > super::MAX_STACK {
            return None;
        }
        self.stack.push(Value::NIL);
        self.stack.extend_from_slice(&args[..lead]);
        self.locals_height(base + lc);
        if self.heap.wants_collect() {
            self.gc();
        }
        if let Some(j) = self.jit.as_deref_mut() {
            j.counts.entries += 1;
        }
        let self_val = self_val.unwrap_or(blk.self_val);
        self.native_depth += 1;
        let (exit, made) = abi::run_block(func, self, base, self_val.raw(), full, blk);
        let r = match exit {
            abi::Exit::Return(v) if !made => {
                Self::jit_note_entry(iseq);
                self.stack.truncate(recv_ix);
                Ok(Value::from_raw(v))
            }
            exit => {
                // (Its frame is the top one now: `run_block` made it.)
                if matches!(exit, abi::Exit::Cancel { .. }) {
                    Self::jit_note_cancel(iseq);
                } else {
                    Self::jit_note_entry(iseq);
                }
                let top = self.frames.len() - 1;
                let exit = self.jit_exit(top, exit);
                self.jit_finish_boundary(top, exit)
            }
        };
        self.native_depth -= 1;
        Some(r)
    }

    /// The frame of a block `jit_yield` ran lazily, pushed when
    /// something needs it (`abi::materialise`): `push_block_frame`'s, a
    /// boundary.
    fn jit_enter_block(&mut self, blk: &Block, self_val: Value, base: usize, ret_sp: usize) {
        let iseq = self.iseq(blk.iseq);
        let entry = iseq.entry_pc.get() as usize;
        self.write_block_frame(
            iseq,
            blk,
            base,
            ret_sp,
            self_val,
            Value::NIL,
            false,
            true,
            entry,
        );
        if let Some(m) = blk.method {
            self.entry_probe(m, iseq);
        }
    }

    fn jit_run(&mut self, fi: usize, func: usize, max_depth: usize) -> JitExit {
        self.jit_run_at(fi, func, max_depth, 0)
    }

    /// Runs frame `fi`'s machine code from `pc` (0, or a `JitLoop`).
    fn jit_run_at(&mut self, fi: usize, func: usize, max_depth: usize, pc: usize) -> JitExit {
        let f = &self.frames[fi];
        let (base, self_val) = (f.base, f.self_val);
        let full = base + f.iseq.local_count as usize + max_depth;
        if full > super::MAX_STACK {
            return JitExit::Interpret;
        }
        if let Some(j) = self.jit.as_deref_mut() {
            j.counts.entries += 1;
        }
        let (iseq, penv) = (f.iseq, f.penv);
        let exit = abi::run(func, self, base, self_val.raw(), full, pc, penv.raw());
        if matches!(exit, abi::Exit::Cancel { .. }) {
            Self::jit_note_cancel(iseq);
        } else {
            Self::jit_note_entry(iseq);
        }
        self.jit_exit(fi, exit)
    }

    /// One more entry of `iseq`'s machine code from the interpreter
    /// that did not cancel: judged as `jit_note_cancel` judges (its
    /// guard misses count as cancels: `jit_note_guard_miss`).
    #[inline]
    fn jit_note_entry(iseq: &Iseq) {
        let n = iseq.calls.get().wrapping_add(ENTRY);
        if n >> 32 >= TRIAL {
            Self::jit_judge(iseq, n);
        } else {
            iseq.calls.set(n);
        }
    }

    /// A call site of the compiled code of the top frame's iseq saw
    /// another receiver class than the one its inline cache's hot entry
    /// (and so C's guard copy) answers for: counted with its cancels. A method or block
    /// whose sites keep missing (polymorphic: bench poly_sites) costs
    /// more in C, where each miss takes the host's general path, than
    /// interpreted, where the inline cache holds several classes.
    #[cold]
    fn jit_note_guard_miss(&self) {
        let iseq = self.frames[self.frames.len() - 1].iseq;
        let n = iseq.calls.get();
        if iseq.jit_code.get().0 != 0 && n != GAVE_UP && n & 0xffff_ffff < 0xffff_0000 {
            iseq.calls.set(n + 1);
        }
    }

    /// One more entry of `iseq`'s machine code from the interpreter that
    /// cancelled. Its `calls` counts them once it is compiled (entries
    /// above bit 32, cancels below): when most of at least `TRIAL`
    /// entries cancel (a script's loop that defines a class each turn),
    /// entering costs more than it runs, and the interpreter stops
    /// entering it (compiled callers still call a method's code).
    #[cold]
    fn jit_note_cancel(iseq: &Iseq) {
        let n = iseq.calls.get().wrapping_add(ENTRY + 1);
        if n >> 32 >= TRIAL {
            Self::jit_judge(iseq, n);
        } else {
            iseq.calls.set(n);
        }
    }

    /// `TRIAL` entries of `iseq` with `n` its count: when more than three
    /// quarters of them cancelled (or missed a guard), the interpreter
    /// stops entering it; else it is judged again on the next `TRIAL`.
    #[cold]
    fn jit_judge(iseq: &Iseq, n: u64) {
        let (entries, cancels) = (n >> 32, n & 0xffff_ffff);
        if entries >= TRIAL && cancels * 4 > entries * 3 {
            iseq.calls.set(GAVE_UP);
            iseq.entry_pc.set(0);
        } else {
            // Judged on the next `TRIAL` entries.
            iseq.calls.set(0);
        }
    }

    /// How frame `fi`'s machine code ended, for the interpreter: a
    /// cancel's pc is set in the frame, a raise's exception taken back.
    #[inline]
    fn jit_exit(&mut self, fi: usize, exit: abi::Exit) -> JitExit {
        match exit {
            abi::Exit::Return(v) => JitExit::Return(Value::from_raw(v)),
            abi::Exit::Cancel { pc } => {
                self.frames[fi].pc = pc;
                if let Some(j) = self.jit.as_deref_mut() {
                    j.counts.cancels += 1;
                }
                JitExit::Cancel(pc)
            }
            abi::Exit::NoEntry => JitExit::Continue,
            abi::Exit::Raise => match self.jit_pending.take() {
                Some(e) => JitExit::Raise(e),
                None => JitExit::Raise(self.jit_lost()),
            },
        }
    }

    /// The result of the boundary frame `top` (a call from compiled code)
    /// whose machine code ended with `exit`: popped on a return, finished
    /// by the run loop on a cancel, unwound on a raise.
    #[inline]
    fn jit_finish_boundary(&mut self, top: usize, exit: JitExit) -> VResult {
        match exit {
            JitExit::Return(v) => Ok(self.jit_leave(top, v)),
            JitExit::Raise(e) => match self.handle_unwind(e) {
                Ok(Some(v)) => Ok(v),
                Ok(None) => self.run(),
                Err(e) => Err(e),
            },
            JitExit::Interpret | JitExit::Continue => {
                self.frames[top].pc = 0;
                self.run()
            }
            JitExit::Cancel(_) => self.run(),
        }
    }

    #[cold]
    fn jit_lost(&mut self) -> Unwind {
        self.runtime_error("JIT: lost exception")
    }

    /// One instruction for the machine code, at `pc` (the stack as the
    /// interpreter would have it there): the run loop's arm, with its
    /// calls run to completion. Returns the next pc.
    fn jit_step(&mut self, pc: usize) -> Result<usize, Unwind> {
        let fi = self.frames.len() - 1;
        let (iseq, base, self_val) = {
            let f = &self.frames[fi];
            (f.iseq, f.base, f.self_val)
        };
        let insn = iseq.insns[pc];
        let mut next = pc + 1;
        self.frames[fi].pc = next;
        match insn {
            Insn::Safepoint | Insn::JitLoop => {
                if self.safepoint_due() {
                    self.safepoint_slow()?;
                }
            }
            Insn::PutString { idx } => {
                let bytes = iseq.strings[idx as usize].clone();
                let v = self.str_from_bytes(bytes);
                self.stack.push(v);
            }
            Insn::OptStrFreeze { v } => {
                if self.dispatch.bop_ok(bop::STRING_OPS) {
                    self.stack.push(v);
                    next = pc + 2;
                } else {
                    let s = self.str_from_bytes(self.string_bytes(v));
                    self.stack.push(s);
                }
            }
            Insn::OptArefWith { key } => {
                let l = self.stack.len();
                self.frames[fi].pc = pc + 2;
                if let Some(r) = self.opt_aref_with(self.stack[l - 1], key) {
                    match r {
                        Ok(v) => self.stack[l - 1] = v,
                        // (The result is in place; see `exec_misc` below.)
                        Err(Unwind::TraceSwitch) => {}
                        Err(e) => return Err(e),
                    }
                    next = pc + 2;
                } else {
                    self.frames[fi].pc = next;
                    let v = self.str_from_bytes(self.string_bytes(key));
                    self.stack.push(v);
                }
            }
            Insn::GetIvar { name, ic } => {
                let v = self.get_ivar_cached(fi, name, ic)?;
                self.stack.push(v);
            }
            Insn::SetIvar { name, ic } => {
                let v = self.stack.pop().unwrap_or(Value::NIL);
                self.set_ivar_cached(fi, name, ic, v, next)?;
            }
            Insn::SetIvarPop { name, ic } => {
                let v = self.stack.pop().unwrap_or(Value::NIL);
                next = pc + 3;
                self.set_ivar_cached(fi, name, ic, v, next)?;
            }
            Insn::DupSetIvar { name, ic } | Insn::SetIvarLeave { name, ic } => {
                let v = self.stack.last().copied().unwrap_or(Value::NIL);
                next = pc + 2;
                self.set_ivar_cached(fi, name, ic, v, next)?;
            }
            // Stepped as their `getlocal` (the stack effect the table
            // declares): the next slot's instruction runs compiled.
            Insn::LocalSetIvar { idx, .. } | Insn::LocalIvar { idx, .. } => {
                let l = self.stack[base + idx as usize];
                self.stack.push(l);
            }
            Insn::IvarLocal { name, ic, idx } => {
                let v = self.get_ivar_cached(fi, name, ic)?;
                let l = self.stack[base + idx as usize];
                self.stack.extend_from_slice(&[v, l]);
                next = pc + 2;
            }
            Insn::IvarAddIStore { name, ic, imm } => {
                if self.dispatch.bop_ok(bop::INT_ARITH) && self.ivar_add_imm(self_val, ic, imm) {
                    next = pc + 6;
                } else {
                    let v = self.get_ivar_cached(fi, name, ic)?;
                    self.stack.push(v);
                }
            }
            Insn::OptPlus { .. }
            | Insn::OptMinus { .. }
            | Insn::OptMult { .. }
            | Insn::OptDiv { .. }
            | Insn::OptMod { .. }
            | Insn::OptAnd { .. }
            | Insn::OptOr { .. }
            | Insn::OptXor { .. }
            | Insn::OptEq { .. }
            | Insn::OptNeq { .. }
            | Insn::OptLt { .. }
            | Insn::OptLe { .. }
            | Insn::OptGt { .. }
            | Insn::OptGe { .. }
            | Insn::OptLtLt { .. }
            | Insn::OptAref { .. }
            | Insn::OptAset { .. }
            | Insn::OptNot { .. }
            | Insn::CmpBranch { .. } => return self.jit_op(pc, insn),
            Insn::InvokeBlock { site } => self.jit_call(|vm| vm.invoke_block(site))?,
            Insn::SendKw { site, .. } => self.jit_call(|vm| vm.send_kw(site))?,
            _ => match self.exec_misc(fi, insn) {
                Ok(Some(c)) => self.jit_call(|_| Ok(c))?,
                // (What it pushed stays; tracing does not enter machine code.)
                Ok(None) | Err(Unwind::TraceSwitch) => {}
                Err(e) => return Err(e),
            },
        }
        Ok(next)
    }

    /// A call from machine code: its result pushed, a pushed frame run to
    /// completion first (as a call from Rust: a boundary frame).
    pub(super) fn jit_call(
        &mut self,
        call: impl FnOnce(&mut Vm) -> Result<Call, Unwind>,
    ) -> Result<(), Unwind> {
        if self.native_stack_low() {
            return Err(self.stack_error());
        }
        let done = match call(self) {
            // (The result is pushed; machine code stays in use until its
            // next `JitEntry`.)
            Err(Unwind::TraceSwitch) => return Ok(()),
            other => other?,
        };
        match done {
            Call::Done(v) => self.stack.push(v),
            Call::Pushed => {
                let top = self.frames.len() - 1;
                self.frames[top].exit = self.frames[top].exit.with_boundary();
                let f = &self.frames[top];
                let (func, max_depth) = f.iseq.jit_code.get();
                self.native_depth += 1;
                let r = if func != 0 && f.pc == f.iseq.entry_pc.get() as usize {
                    // Compiled code calling compiled code: no run loop.
                    let exit = self.jit_run(top, func, max_depth);
                    self.jit_finish_boundary(top, exit)
                } else {
                    self.run()
                };
                self.native_depth -= 1;
                self.stack.push(r?);
            }
        }
        Ok(())
    }
}

impl Vm {
    /// A call instruction from compiled code (any `send` form): a
    /// compiled callee that the site's hot entry can enter gets its frame
    /// pushed (a boundary), and its code, frame base and stack height are
    /// returned for the C caller to run it; anything else runs here
    /// whole, its result pushed.
    #[inline]
    fn jit_call_prep(
        &mut self,
        next: usize,
        site: CallSiteId,
        no_recv: bool,
        self_val: Value,
    ) -> Result<Option<abi::Call>, Unwind> {
        let fi = self.frames.len() - 1;
        self.frames[fi].pc = next;
        let s = self.dispatch.site(site);
        let (argc, safe_nav) = (s.argc as usize, s.flags & flags::SAFE_NAV != 0);
        let len = self.stack.len();
        let (recv, cbase, ret_sp) = if no_recv {
            (self_val, len - argc, len - argc)
        } else {
            let r = len - argc - 1;
            (self.stack[r], r + 1, r)
        };
        let c = self.class_of(recv);
        if !safe_nav
            && !self.native_stack_low()
            && let Some(h) = self.dispatch.hot(site, c)
            && let (Some(callee), m, guard) = (h.code, h.method, h.guard)
            && callee.jit_code.get().0 != 0
            && self.enter_fast_iseq(site, m, callee, recv, cbase, ret_sp)
        {
            let top = self.frames.len() - 1;
            self.frames[top].exit = self.frames[top].exit.with_boundary();
            let (func, max_depth) = callee.jit_code.get();
            let room = callee.local_count as usize + max_depth;
            return Ok(Some(abi::Call::Enter {
                func,
                base: cbase,
                self_val: recv.raw(),
                height: cbase + room,
                // The hot entry's guard: while it answers, this site
                // calls this compiled method, and C may push and call
                // it without asking (`jit_push`).
                site: abi::Site {
                    class: guard.class.0,
                    slot: guard.slot,
                    serial: guard.serial,
                    func,
                    locals: callee.local_count as usize,
                    room,
                    method: m.0,
                    site: site.0,
                    iseq: callee.id.0,
                    kind: abi::KIND_CODE,
                },
            }));
        }
        if self.dispatch.site(site).hot.guard.class != c {
            // Another class than the site's last: polymorphic.
            self.jit_note_guard_miss();
        }
        if let Some(enter) = self.jit_send(site, no_recv, self_val)? {
            return Ok(Some(enter));
        }
        // An attr_reader / attr_writer entry (as the send left the site):
        // C reads or writes the slot itself from the next call on
        // (`abi::attr`).
        let attr = match self.dispatch.hot(site, c) {
            Some(h) if !safe_nav => match h.handler {
                // (`def x = @x` reads as an attr_reader when the site
                // passes nothing; its bytecode only runs for a traced call,
                // and tracing never runs machine code.)
                Handler::IvarGet(slot) | Handler::IseqIvarGet(slot) if argc == 0 => {
                    Some((h.guard, slot, abi::KIND_READER))
                }
                Handler::IvarSet(slot) if argc == 1 => Some((h.guard, slot, abi::KIND_WRITER)),
                _ => None,
            },
            _ => None,
        };
        Ok(attr.map(|(guard, slot, kind)| {
            abi::Call::Done(Some(abi::Site {
                class: guard.class.0,
                slot: guard.slot,
                serial: guard.serial,
                func: 0,
                locals: slot as usize,
                room: 0,
                method: 0,
                site: site.0,
                iseq: 0,
                kind,
            }))
        }))
    }

    /// The general path of a call from compiled code: the send, its
    /// result pushed. A frame it pushed for compiled code (`Class#new`'s
    /// `initialize`, a method without an inline-cache entry C may use)
    /// is handed to the C caller to run as `jit_call_prep`'s (no `run`
    /// of its own), with a guard that never holds (the site's entry is
    /// not that method); any other frame runs to completion here.
    fn jit_send(
        &mut self,
        site: CallSiteId,
        no_recv: bool,
        self_val: Value,
    ) -> Result<Option<abi::Call>, Unwind> {
        if self.native_stack_low() {
            return Err(self.stack_error());
        }
        let r = if no_recv {
            self.send_self(site, self_val)
        } else {
            self.send(site)
        };
        let top = self.frames.len() - 1;
        if let Ok(Call::Pushed) = r
            && let f = &self.frames[top]
            && let (func, max_depth) = f.iseq.jit_code.get()
            && func != 0
            && f.pc == f.iseq.entry_pc.get() as usize
            && f.base + f.iseq.local_count as usize + max_depth <= super::MAX_STACK
        {
            let (base, recv, room) = (f.base, f.self_val, f.iseq.local_count as usize + max_depth);
            self.frames[top].exit = self.frames[top].exit.with_boundary();
            if let Some(j) = self.jit.as_deref_mut() {
                j.counts.entries += 1;
            }
            return Ok(Some(abi::Call::Enter {
                func,
                base,
                self_val: recv.raw(),
                height: base + room,
                site: abi::Site {
                    class: u32::MAX,
                    slot: 0,
                    serial: 0,
                    func: 0,
                    locals: 0,
                    room: 0,
                    method: 0,
                    site: site.0,
                    iseq: 0,
                    kind: abi::KIND_CODE,
                },
            }));
        }
        self.jit_call(|_| r)?;
        Ok(None)
    }

    /// The compiled callee `jit_call_prep` entered has ended: its frame
    /// popped and its result pushed (a cancel finishes it interpreted).
    #[inline]
    fn jit_call_finish(&mut self, exit: abi::Exit) -> Result<(), Unwind> {
        let top = self.frames.len() - 1;
        let v = match exit {
            // The common case, without the round trip through JitExit.
            abi::Exit::Return(v) => self.jit_leave(top, Value::from_raw(v)),
            exit => {
                let exit = self.jit_exit(top, exit);
                self.jit_finish_boundary(top, exit)?
            }
        };
        self.stack.push(v);
        Ok(())
    }

    /// The frame of a compiled callee that the C code called through its
    /// copy of the site's guard (`abi::Site`, filled above), pushed when
    /// something needs it (`abi::materialise`): what `enter_fast_iseq`
    /// does after a hot-entry hit, the frame a boundary as in
    /// `jit_call_prep`; the caller's frame (the top one) goes on at
    /// `next`.
    fn jit_enter_lazy(
        &mut self,
        site: &abi::Site,
        recv: Value,
        base: usize,
        ret_sp: usize,
        next: usize,
    ) {
        let iseq = self.iseq(crate::value::IseqId(site.iseq));
        let fi = self.frames.len() - 1;
        self.frames[fi].pc = next;
        self.dispatch.count_inline_hit(CallSiteId(site.site));
        self.dispatch.counters.ccf_iseq += 1;
        let m = crate::value::MethodId(site.method);
        let a = super::call::Args {
            recv,
            ret_sp,
            base,
            argc: 0,
            fl: 0,
            boundary: true,
        };
        self.enter_frame(m, iseq, a, None);
        if let Some(j) = self.jit.as_deref_mut() {
            j.counts.entries += 1;
        }
    }

    /// A receiverless call from compiled code: a fast bytecode entry
    /// straight away (as the run loop's `send_self`), else the full send.
    fn send_self(&mut self, site: crate::value::CallSiteId, recv: Value) -> Result<Call, Unwind> {
        match self.self_hot(site, recv) {
            Hot::Entered => Ok(Call::Pushed),
            Hot::Done(v) => Ok(Call::Done(v)),
            Hot::No => self.send_self_inline(site, recv),
            Hot::Builtin => self.hot_builtin::<true>(site, recv),
        }
    }

    /// `leave` of the boundary frame `top` (a compiled method called from
    /// compiled code) with its result `v`.
    #[inline]
    fn jit_leave(&mut self, top: usize, v: Value) -> Value {
        let f = &self.frames[top];
        let (ret_sp, m, line) = (f.ret_sp, f.method, f.iseq.first_line);
        let v = if f.exit.ctor() {
            self.ctor_result(top)
        } else {
            v
        };
        if let Some(m) = m {
            let classes = &self.classes;
            crate::dispatch::probes::method_return(|| {
                crate::dispatch::probes::method_args(classes, m, line)
            });
        }
        self.frames.pop_to(top);
        self.stack.truncate(ret_sp);
        v
    }
}

impl abi::Host for Vm {
    #[inline]
    fn step(&mut self, pc: usize) -> Option<usize> {
        match self.jit_step(pc) {
            Ok(p) => Some(p),
            Err(e) => {
                self.jit_pending = Some(e);
                None
            }
        }
    }

    #[inline]
    fn call(&mut self, next: usize, site: u32, recv: bool, self_val: u64) -> abi::Call {
        match self.jit_call_prep(next, CallSiteId(site), !recv, Value::from_raw(self_val)) {
            Ok(Some(enter)) => enter,
            Ok(None) => abi::Call::Done(None),
            Err(e) => {
                self.jit_pending = Some(e);
                abi::Call::Raised
            }
        }
    }

    #[inline]
    fn finish(&mut self, exit: abi::Exit) -> bool {
        match self.jit_call_finish(exit) {
            Ok(()) => true,
            Err(e) => {
                self.jit_pending = Some(e);
                false
            }
        }
    }

    fn enter(&mut self, site: &abi::Site, recv: u64, base: usize, ret_sp: usize, next: usize) {
        self.jit_enter_lazy(site, Value::from_raw(recv), base, ret_sp, next);
    }

    #[inline]
    fn aref(&self, recv: u64, idx: u64) -> Option<u64> {
        self.opt_aref(Value::from_raw(recv), Value::from_raw(idx))
            .map(Value::raw)
    }

    #[inline]
    fn aset(&mut self, recv: u64, idx: u64, v: u64) -> bool {
        let (a, i) = (Value::from_raw(recv), Value::from_raw(idx));
        if !(a.is_heap()
            && i.is_fixnum()
            && self.dispatch.bop_ok(bop::ARRAY_AREF)
            && obj(a).class.get() == crate::class::cls::ARRAY
            && !obj(a).is_frozen())
        {
            return false;
        }
        // The run loop's in-place store (growing takes the method).
        match &mut *obj(a).body.borrow_mut() {
            Body::Array(items) => {
                let n = items.len() as i64;
                let ix = i.fixnum_unchecked();
                let ix = if ix < 0 { ix + n } else { ix };
                if (0..n).contains(&ix) {
                    items[ix as usize] = Value::from_raw(v);
                    true
                } else {
                    false
                }
            }
            _ => false,
        }
    }

    fn enter_block(&mut self, blk: &Block, self_val: u64, base: usize, ret_sp: usize) {
        self.jit_enter_block(blk, Value::from_raw(self_val), base, ret_sp);
    }

    #[inline]
    fn up_get_in(&self, penv: u64, idx: u32, depth: u32) -> Option<u64> {
        let e = Value::from_raw(penv);
        if depth != 1 || !e.is_heap() {
            return None;
        }
        match &*obj(e).body.borrow() {
            Body::Env(env) => env.vals.get(idx as usize).map(|v| v.raw()),
            _ => None,
        }
    }

    #[inline]
    fn up_set_in(&mut self, penv: u64, idx: u32, depth: u32, v: u64) -> bool {
        let e = Value::from_raw(penv);
        if depth != 1 || !e.is_heap() {
            return false;
        }
        match &mut *obj(e).body.borrow_mut() {
            Body::Env(env) => match env.vals.get_mut(idx as usize) {
                Some(slot) => {
                    *slot = Value::from_raw(v);
                    true
                }
                None => false,
            },
            _ => false,
        }
    }

    #[inline]
    fn up_get(&self, idx: u32, depth: u32) -> u64 {
        self.outer_local_get(self.frames.len() - 1, idx, depth)
            .raw()
    }

    #[inline]
    fn up_set(&mut self, idx: u32, depth: u32, v: u64) {
        let fi = self.frames.len() - 1;
        self.outer_local_set(fi, idx, depth, Value::from_raw(v));
    }

    #[inline]
    fn len(&self, recv: u64) -> Option<usize> {
        self.opt_length(Value::from_raw(recv))
    }

    #[inline]
    fn due(&self) -> bool {
        self.safepoint_due()
    }

    #[inline]
    fn pop(&mut self) {
        let top = self.frames.len() - 1;
        if let Some(m) = self.frames[top].method {
            let classes = &self.classes;
            let line = self.frames[top].iseq.first_line;
            crate::dispatch::probes::method_return(|| {
                crate::dispatch::probes::method_args(classes, m, line)
            });
        }
        self.frames.pop_to(top);
    }

    #[inline]
    fn serials_ptr(&self) -> *const u64 {
        self.dispatch.serials.as_ptr()
    }

    #[inline]
    fn ivcs_ptr(&self) -> *const std::ffi::c_void {
        self.ivar_caches.as_ptr().cast()
    }

    #[inline]
    fn stack_limit(&self) -> usize {
        super::MAX_STACK
    }

    #[inline]
    fn native_limit(&self) -> usize {
        self.stack_limit_addr
    }

    #[inline]
    fn frames(&self) -> usize {
        self.frames.len()
    }

    #[inline]
    fn stack(&mut self) -> &mut Vec<Value> {
        &mut self.stack
    }

    #[inline]
    fn bops_ptr(&self) -> *const u32 {
        &self.dispatch.bop_redefined
    }
}
