//! Fibers: each runs its block on its own native stack (a `corosensei`
//! coroutine) with its own execution context (value stack, control
//! frames, builtin-call and `catch` stacks, `$!`), swapped into the `Vm`
//! while it runs. Ruby code inside a fiber sees only the fiber's frames, as
//! in CRuby; a suspended fiber keeps the Rust frames it was running
//! (an `each` whose block called `Fiber.yield`) on its native stack.
//!
//! This file is the one place outside value/, gc/ and jit/ with `unsafe`:
//! a coroutine's closure must be `'static`, so the `Vm` reaches it as a raw
//! pointer handed over at every switch, and `Fiber.yield`, called from any
//! depth inside the fiber, reaches the coroutine's `Yielder` through a
//! pointer the closure records. Exactly one side runs at a time. The third
//! use ends a fiber that will never run again without unwinding its stack.
//!
//! A suspended fiber's context is marked only while its Fiber object is
//! reachable (`trace_reachable`); once that object is collected, `reap`
//! ends the fiber and its native stack goes back to a pool.
//!
//! A Ruby thread (prelude/thread.rb) is a fiber of its own kind, a thread
//! root: its body runs on its own stack and context, resumed only by the
//! prelude's scheduler (`thread_resume`) and suspended when it waits
//! (`thread_block`). A thread that waits inside a fiber it resumed suspends
//! that fiber and each one under it down to the thread root (the resume
//! loops pass `Handoff::Block` on), and is woken back into the innermost.

use std::rc::Rc;

use corosensei::stack::{DefaultStack, Stack};
use corosensei::{Coroutine, CoroutineResult, Yielder};

use crate::gc::Heap;
use crate::object::{BlockArg, Unwind};
use crate::value::Value;

use super::frame::FrameStack;
use super::{VResult, Vm};

/// A fiber's native stack (virtual size; pages are committed as used).
const FIBER_STACK: usize = 16 << 20;
/// Native stack kept free below the deepest Ruby-level recursion a fiber
/// may reach: past it, SystemStackError (as `native_stack_low`).
const FIBER_STACK_MARGIN: usize = 2 << 20;

/// What a fiber's state needs from the interpreter that a switch swaps.
#[derive(Default)]
pub struct ExecContext {
    stack: Vec<Value>,
    frames: FrameStack,
    cfuncs: Vec<(crate::value::SymbolId, usize, crate::value::ClassId)>,
    catch_tags: Vec<Value>,
    block_roots: Vec<Rc<BlockArg>>,
    temp_roots: Vec<Value>,
    hashing: Vec<u64>,
    comparing: Vec<(u64, u64)>,
    svars: Vec<super::svar::Svar>,
    errinfo: Value,
    native_depth: usize,
    stack_limit_addr: usize,
}

impl ExecContext {
    fn trace(&self, h: &mut Heap) {
        let roots = self
            .stack
            .iter()
            .chain(&self.catch_tags)
            .chain(&self.temp_roots);
        for v in roots {
            h.mark(*v);
        }
        for e in &self.svars {
            e.trace(h);
        }
        h.mark(self.errinfo);
        for b in &self.block_roots {
            crate::object::trace_block_arg(b, &mut |v| h.mark(v));
        }
        for f in self.frames.iter() {
            f.trace(&mut |v| h.mark(v));
        }
    }
}

/// How a fiber is resumed: with values (`resume`; true when the last is
/// a keyword Hash) or an exception to raise where it waits (`Fiber#raise`).
pub enum Resume {
    Values(Vec<Value>, bool),
    Raise(Value),
}

/// Handed to a fiber at each switch into it.
pub struct Input {
    vm: *mut Vm,
    what: Resume,
}

/// Handed back by `Fiber.yield`: the `Vm` pointer the fiber used, so both
/// sides' accesses go through pointers the switch passed along.
pub struct Yielded {
    vm: *mut Vm,
    value: Value,
    /// Where control goes: back to the resumer, or on by `transfer`.
    to: Handoff,
    /// A transfer's arguments for the fiber it goes to.
    args: Vec<Value>,
}

/// How a running fiber gives up control.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Handoff {
    /// `Fiber.yield`: to its resumer.
    Yield,
    /// `root.transfer`: to the root fiber (the loop that started the
    /// transfers).
    Root,
    /// `fiber.transfer`: to that fiber, run by the same loop.
    Fiber(usize),
    /// Its thread waits: every fiber down to the thread root suspends,
    /// and the root goes back to the scheduler.
    Block,
}

type Co = Coroutine<Input, Yielded, (*mut Vm, VResult), DefaultStack>;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Created,
    Resumed,
    Suspended,
    Terminated,
}

pub struct FiberState {
    co: Option<Co>,
    /// The fiber's own context while it is suspended; its resumer's while
    /// it runs.
    ctx: ExecContext,
    pub status: Status,
    yielder: *const Yielder<Input, Yielded>,
    pub obj: Value,
    block: Value,
    /// Suspended in `Fiber.yield` (a transfer may not go to it).
    yielding: bool,
    /// Entered by `transfer` (it may not yield; its starter is not
    /// resuming it).
    by_transfer: bool,
    /// Marked in the collection under way.
    traced: bool,
    /// The thread that made it (only that one may resume it); a thread
    /// root's own thread.
    thread: u64,
    /// A thread's root fiber (run by the scheduler, never resumed).
    thread_root: bool,
    /// Runs in a non-main Ractor (`Vm::ractor_nonmain` while it runs).
    ractor_nonmain: bool,
}

impl FiberState {
    /// A slot given back (nil object).
    fn free() -> FiberState {
        FiberState {
            co: None,
            ctx: ExecContext::default(),
            status: Status::Terminated,
            yielder: std::ptr::null(),
            obj: Value::NIL,
            block: Value::NIL,
            yielding: false,
            by_transfer: false,
            traced: false,
            thread: 0,
            thread_root: false,
            ractor_nonmain: false,
        }
    }
}

/// Every fiber made, indexed by the id its Fiber object keeps.
#[derive(Default)]
pub struct Fibers {
    states: Vec<FiberState>,
    /// Running fibers, innermost last (empty: the root fiber runs).
    chain: Vec<usize>,
    /// The root fiber's object, once `Fiber.current` made it.
    pub root: Value,
    /// The Fiber class.
    pub class: Option<crate::value::ClassId>,
    /// Slots given back by `reap`.
    free: Vec<usize>,
    /// Serials of the threads resumed by the scheduler, innermost last
    /// (none: the main thread, 0).
    threads: Vec<u64>,
    thread_serial: u64,
    /// Native stacks of finished fibers, for new ones (no map, no page
    /// faults).
    stacks: Vec<DefaultStack>,
}

/// Finished fibers' stacks kept for reuse.
const STACK_POOL: usize = 256;

impl Fibers {
    /// Marks what running fibers hold (their resumers' contexts), and the
    /// contexts threads started from. Suspended fibers are marked by
    /// `trace_reachable`, only while their Fiber object is.
    pub fn trace_running(&mut self, h: &mut Heap) {
        h.mark(self.root);
        for s in &mut self.states {
            s.traced = s.status == Status::Resumed;
            if s.traced {
                h.mark(s.obj);
                h.mark(s.block);
                s.ctx.trace(h);
            }
        }
    }

    /// Marks the context of each suspended (or unstarted) fiber whose
    /// Fiber object is marked; true when it marked any (the collector
    /// then marks on and asks again).
    pub fn trace_reachable(&mut self, h: &mut Heap) -> bool {
        let mut any = false;
        for s in &mut self.states {
            let waiting = matches!(s.status, Status::Created | Status::Suspended);
            if waiting && !s.traced && h.is_marked(s.obj) {
                s.traced = true;
                h.mark(s.block);
                s.ctx.trace(h);
                any = true;
            }
        }
        any
    }

    /// After a collection: fibers whose Fiber object was freed give their
    /// slot (and native stack) back.
    pub fn reap(&mut self, freed: impl Fn(Value) -> bool) {
        for id in 0..self.states.len() {
            let s = &mut self.states[id];
            if s.obj.is_nil() || s.status == Status::Resumed || !freed(s.obj) {
                continue;
            }
            let co = s.co.take();
            *s = FiberState::free();
            self.free.push(id);
            if let Some(mut co) = co {
                abandon(&mut co);
                self.recycle(co);
            }
        }
    }

    /// Whether the running thread's root fiber is resuming a fiber (a
    /// transfer may then not go to it).
    fn root_resuming(&self) -> bool {
        let bottom = self
            .chain
            .iter()
            .rposition(|&id| self.states[id].thread_root)
            .map_or(0, |i| i + 1);
        self.chain
            .get(bottom)
            .is_some_and(|&id| !self.states[id].by_transfer)
    }

    /// The running thread's serial.
    pub fn thread(&self) -> u64 {
        self.threads.last().copied().unwrap_or(0)
    }

    /// Keeps a finished coroutine's stack for the next fiber.
    fn recycle(&mut self, co: Co) {
        if self.stacks.len() < STACK_POOL {
            self.stacks.push(co.into_stack());
        }
    }

    pub fn status(&self, id: usize) -> Status {
        self.states[id].status
    }

    pub fn obj(&self, id: usize) -> Value {
        self.states[id].obj
    }

    /// The running fiber (None: a root fiber).
    pub fn current(&self) -> Option<usize> {
        self.chain
            .last()
            .copied()
            .filter(|&id| !self.states[id].thread_root)
    }

    /// The running thread's root fiber (None: the main thread's).
    pub fn thread_root(&self) -> Option<usize> {
        self.chain
            .iter()
            .rev()
            .copied()
            .find(|&id| self.states[id].thread_root)
    }
}

impl Drop for Fibers {
    fn drop(&mut self) {
        // Unmaps every stack (a process running many VMs, as the fuzzer's
        // worker does, must not keep their fibers' stacks).
        for s in &mut self.states {
            if let Some(mut co) = s.co.take() {
                abandon(&mut co);
            }
        }
    }
}

/// Ends a fiber that will never be resumed without running the Rust frames
/// it stopped in: dropping a suspended coroutine would unwind them, running
/// destructors against an interpreter context that is gone (and through JIT
/// frames, which cannot unwind).
fn abandon(co: &mut Co) {
    if !co.started() {
        // Drops the closure; nothing of ours ran on that stack.
        co.force_unwind();
    } else if !co.done() {
        // SAFETY: the fiber is suspended in `Fiber.yield`, called from Ruby
        // code; the Rust frames between hold no state whose `Drop` matters
        // beyond memory (no RefCell guard is held across a call into Ruby;
        // `Rc`s and buffers on that stack are leaked), and its JIT frames
        // are plain C. Its interpreter context is dropped by the caller.
        unsafe { co.force_reset() };
    }
}

impl Vm {
    fn swap_context(&mut self, c: &mut ExecContext) {
        use std::mem::swap;
        swap(&mut self.stack, &mut c.stack);
        swap(&mut self.frames, &mut c.frames);
        swap(&mut self.cfuncs, &mut c.cfuncs);
        swap(&mut self.catch_tags, &mut c.catch_tags);
        swap(&mut self.block_roots, &mut c.block_roots);
        swap(&mut self.temp_roots, &mut c.temp_roots);
        swap(&mut self.hashing, &mut c.hashing);
        swap(&mut self.comparing, &mut c.comparing);
        swap(&mut self.svars, &mut c.svars);
        swap(&mut self.errinfo, &mut c.errinfo);
        swap(&mut self.native_depth, &mut c.native_depth);
        swap(&mut self.stack_limit_addr, &mut c.stack_limit_addr);
    }

    /// Exchanges the running context with fiber `id`'s saved one.
    fn swap_with_fiber(&mut self, id: usize) {
        // (The table is moved out for the exchange: three words.)
        let mut states = std::mem::take(&mut self.fibers.states);
        self.swap_context(&mut states[id].ctx);
        self.fibers.states = states;
    }

    /// A new fiber running `block` (a Proc) for Fiber object `obj`; its id.
    pub fn fiber_new(&mut self, obj: Value, block: Value) -> Result<usize, Unwind> {
        self.spawn(obj, block, false)
    }

    /// A new thread's root fiber running `block` (prelude/thread.rb's body
    /// of the thread) for Fiber object `obj`; its id. Only the scheduler
    /// runs it (`thread_resume`).
    pub fn thread_new(&mut self, obj: Value, block: Value) -> Result<usize, Unwind> {
        self.spawn(obj, block, true)
    }

    fn spawn(&mut self, obj: Value, block: Value, thread_root: bool) -> Result<usize, Unwind> {
        // Its stack counts as memory the collector should see (reaping
        // unreferenced fibers gives stacks back).
        self.heap.note_malloc(64 << 10);
        let stack = match self
            .fibers
            .stacks
            .pop()
            .map_or_else(|| DefaultStack::new(FIBER_STACK), Ok)
        {
            Ok(s) => s,
            Err(e) if thread_root => {
                let msg = format!("can't create Thread: {e}");
                return Err(self.error(self.e.thread_error, &msg));
            }
            Err(e) => {
                let msg = format!("can't alloc machine stack to fiber: {e}");
                return Err(self.error(self.e.fiber_error, &msg));
            }
        };
        let limit = stack.limit().get() + FIBER_STACK_MARGIN;
        let id = match self.fibers.free.pop() {
            Some(id) => id,
            None => {
                self.fibers.states.push(FiberState::free());
                self.fibers.states.len() - 1
            }
        };
        let co = Co::with_stack(stack, move |y: &Yielder<Input, Yielded>, first: Input| {
            // SAFETY: the resumer handed over its `&mut Vm` as this pointer
            // and is stopped inside `Coroutine::resume` until this fiber
            // yields or returns: nothing else touches the Vm meanwhile.
            let vm = unsafe { &mut *first.vm };
            vm.fibers.states[id].yielder = y as *const _;
            let begun = if vm.trace.events == 0 {
                Ok(())
            } else if thread_root {
                vm.trace_thread(true, Value::NIL)
            } else {
                vm.trace_fiber_switch()
            };
            let r = match (begun, first.what) {
                (Err(e), _) => Err(e),
                (Ok(()), what) => match what {
                    Resume::Values(args, kw) => {
                        let fl = if kw {
                            crate::dispatch::flags::KWARGS
                        } else {
                            0
                        };
                        vm.call_proc_with_fl(block, &args, None, None, fl)
                    }
                    Resume::Raise(e) => Err(Unwind::Raise(e)),
                },
            };
            let r = match r {
                Err(Unwind::Break { value, .. }) => {
                    Err(vm.jump_error("break from proc-closure", "break", value))
                }
                Err(Unwind::Return { value, .. }) => {
                    Err(vm.jump_error("unexpected return", "return", value))
                }
                Err(Unwind::Next(v)) => Ok(v),
                r => r,
            };
            if thread_root && vm.trace.events != 0 {
                let _ = vm.trace_thread(false, Value::NIL);
            }
            (vm as *mut Vm, r)
        });
        self.fibers.states[id] = FiberState {
            co: Some(co),
            ctx: ExecContext {
                stack: Vec::with_capacity(256),
                frames: FrameStack::with_capacity(16),
                stack_limit_addr: limit,
                ..Default::default()
            },
            status: Status::Created,
            yielder: std::ptr::null(),
            obj,
            block,
            yielding: false,
            by_transfer: false,
            traced: false,
            thread: if thread_root {
                self.fibers.thread_serial += 1;
                self.fibers.thread_serial
            } else {
                self.fibers.thread()
            },
            thread_root,
            // (A Ractor's own thread says so when it starts.)
            ractor_nonmain: self.ractor_nonmain,
        };
        Ok(id)
    }

    /// `Fiber#resume` (and `Fiber#raise`): runs fiber `id` until it yields
    /// (its value) or ends (its block's value, or what it raised).
    pub fn fiber_resume(&mut self, id: usize, what: Resume) -> VResult {
        self.fiber_same_thread(id)?;
        let st = &self.fibers.states[id];
        match st.status {
            Status::Terminated => {
                return Err(self.error(self.e.fiber_error, "attempt to resume a terminated fiber"));
            }
            Status::Resumed => {
                let msg = if self.fibers.current() == Some(id) || st.thread_root {
                    "attempt to resume the current fiber"
                } else {
                    "attempt to resume a resumed fiber (double resume)"
                };
                return Err(self.error(self.e.fiber_error, msg));
            }
            Status::Created if matches!(what, Resume::Raise(_)) => {
                let msg = "cannot raise exception on unborn fiber";
                return Err(self.error(self.e.fiber_error, msg));
            }
            Status::Suspended if !st.yielding => {
                let msg = "attempt to resume a transferring fiber";
                return Err(self.error(self.e.fiber_error, msg));
            }
            Status::Created | Status::Suspended => {}
        }
        self.switch_loop(id, what, false)
    }

    /// FiberError unless fiber `id` was made by the running thread.
    fn fiber_same_thread(&mut self, id: usize) -> Result<(), Unwind> {
        if self.fibers.states[id].thread != self.fibers.thread() {
            return Err(self.error(self.e.fiber_error, "fiber called across threads"));
        }
        Ok(())
    }

    /// Runs fiber `id` until control comes back here: it yields (its value),
    /// ends (its block's value, or what it raised), or transfers to the
    /// root; a transfer to another fiber runs that one next, here.
    fn switch_loop(&mut self, mut id: usize, mut what: Resume, mut by_transfer: bool) -> VResult {
        loop {
            let y = match self.run_fiber(id, what, by_transfer) {
                Err(r) => return r,
                Ok(y) => y,
            };
            let st = &mut self.fibers.states[id];
            match y.to {
                Handoff::Yield => {
                    st.yielding = true;
                    return Ok(y.value);
                }
                Handoff::Root => return Ok(y.value),
                Handoff::Fiber(next) => {
                    id = next;
                    what = Resume::Values(y.args, false);
                    by_transfer = true;
                }
                Handoff::Block => {
                    // Its thread waits: so does the fiber running this
                    // loop (down to the thread root); woken, it goes on
                    // in fiber `id`, which still counts as resumed.
                    st.status = Status::Resumed;
                    by_transfer = st.by_transfer;
                    let cur = *self.fibers.chain.last().expect("a thread's fiber");
                    what = self.fiber_suspend(cur, Handoff::Block, Value::NIL, Vec::new());
                }
            }
        }
    }

    /// Switches into fiber `id` until it stops: what it handed back when
    /// it suspends, or (as Err) its block's result when it ends.
    fn run_fiber(
        &mut self,
        id: usize,
        what: Resume,
        by_transfer: bool,
    ) -> Result<Yielded, VResult> {
        let mut co = self.fibers.states[id]
            .co
            .take()
            .expect("a live fiber has its coroutine");
        self.swap_with_fiber(id);
        let st = &mut self.fibers.states[id];
        st.status = Status::Resumed;
        st.yielding = false;
        st.by_transfer = by_transfer;
        let own = st.ractor_nonmain;
        self.fibers.chain.push(id);
        let input = Input {
            vm: self as *mut Vm,
            what,
        };
        let resumer_nonmain = std::mem::replace(&mut self.ractor_nonmain, own);
        let out = co.resume(input);
        // The fiber is stopped (suspended or finished): back to ours.
        self.fibers.states[id].ractor_nonmain = self.ractor_nonmain;
        self.ractor_nonmain = resumer_nonmain;
        self.fibers.chain.pop();
        self.swap_with_fiber(id);
        if self.trace.events != 0 && !self.fibers.states[id].thread_root {
            // (A hook's error is dropped: the switch is done.)
            let _ = self.trace_fiber_switch();
        }
        let me = self as *const Vm;
        let st = &mut self.fibers.states[id];
        match out {
            CoroutineResult::Return((vm, r)) => {
                debug_assert!(std::ptr::eq(vm, me));
                // Its stack goes to the next fiber.
                st.ctx = ExecContext::default();
                st.status = Status::Terminated;
                st.yielder = std::ptr::null();
                self.fibers.recycle(co);
                Err(r)
            }
            CoroutineResult::Yield(y) => {
                debug_assert!(std::ptr::eq(y.vm, me));
                st.co = Some(co);
                st.status = Status::Suspended;
                Ok(y)
            }
        }
    }

    /// The scheduler (prelude/thread.rb) runs thread root `id` until its
    /// thread waits (nil) or ends (its body's result). `what` is what its
    /// wait returns: nothing, or an exception to raise there
    /// (`Thread#raise`, `Thread#kill`).
    pub fn thread_resume(&mut self, id: usize, what: Resume) -> VResult {
        let st = &self.fibers.states[id];
        if !st.thread_root || st.status == Status::Resumed {
            return Err(self.error(self.e.thread_error, "not a waiting thread"));
        }
        if st.status == Status::Terminated {
            return Ok(Value::NIL);
        }
        self.fibers.threads.push(st.thread);
        let r = self.run_fiber(id, what, false);
        self.fibers.threads.pop();
        match r {
            Ok(_) => Ok(Value::NIL),
            // Killed: it ended.
            Err(Err(Unwind::Raise(e))) if self.is_thread_kill(e) => Ok(Value::NIL),
            Err(r) => r,
        }
    }

    /// The backtrace of suspended thread root `id` where it waits (read in
    /// its saved context); None unless it is suspended.
    pub fn thread_backtrace(&mut self, id: usize) -> Option<Vec<String>> {
        let st = &self.fibers.states[id];
        if !st.thread_root || st.status != Status::Suspended {
            return None;
        }
        self.swap_with_fiber(id);
        let bt = self.backtrace();
        self.swap_with_fiber(id);
        Some(bt)
    }

    /// The running thread waits (prelude/thread.rb's `Thread.__wait`):
    /// back to the scheduler until it runs this thread again; what that
    /// passes. Only a thread other than the main one waits this way (the
    /// main thread runs the scheduler itself).
    pub fn thread_block(&mut self) -> Result<Resume, Unwind> {
        if self.fibers.thread_root().is_none() {
            return Err(self.error(self.e.thread_error, "the main thread runs the scheduler"));
        }
        let cur = *self.fibers.chain.last().expect("a thread root runs");
        Ok(self.fiber_suspend(cur, Handoff::Block, Value::NIL, Vec::new()))
    }

    /// `Fiber#transfer`: control goes to fiber `target` (None: the root)
    /// without making the caller its resumer; returns what is transferred
    /// back.
    pub fn fiber_transfer(&mut self, target: Option<usize>, args: Vec<Value>) -> VResult {
        let cur = self.fibers.current();
        if target == cur {
            return Ok(self.fiber_pack(args));
        }
        let fiber_error = self.e.fiber_error;
        match target {
            Some(t) => {
                self.fiber_same_thread(t)?;
                let st = &self.fibers.states[t];
                let msg = match st.status {
                    Status::Terminated => Some("dead fiber called"),
                    Status::Resumed => Some("attempt to transfer to a resuming fiber"),
                    Status::Suspended if st.yielding => {
                        Some("attempt to transfer to a yielding fiber")
                    }
                    _ => None,
                };
                if let Some(msg) = msg {
                    return Err(self.error(fiber_error, msg));
                }
            }
            None if self.fibers.root_resuming() => {
                return Err(self.error(fiber_error, "attempt to transfer to a resuming fiber"));
            }
            None => {}
        }
        let Some(c) = cur else {
            let t = target.expect("not the current fiber");
            return self.switch_loop(t, Resume::Values(args, false), true);
        };
        let (to, value, args) = match target {
            Some(t) => (Handoff::Fiber(t), Value::NIL, args),
            None => (Handoff::Root, self.fiber_pack(args), Vec::new()),
        };
        match self.fiber_suspend(c, to, value, args) {
            Resume::Values(v, _) => Ok(self.fiber_pack(v)),
            Resume::Raise(e) => Err(Unwind::Raise(e)),
        }
    }

    /// Values passed through `resume`/`yield`/`transfer`: none is nil, one
    /// is itself, more are an Array.
    pub fn fiber_pack(&mut self, mut a: Vec<Value>) -> Value {
        match a.len() {
            0 => Value::NIL,
            1 => a.pop().unwrap(),
            _ => self.ary_new(a),
        }
    }

    /// `Fiber.yield(v)`: suspends the running fiber, its resumer's `resume`
    /// returning `v`; returns what the next `resume` passes (or raises
    /// what `Fiber#raise` passes).
    pub fn fiber_yield(&mut self, v: Value) -> Result<Resume, Unwind> {
        // The root, or a fiber entered by `transfer`, has no resumer.
        let Some(id) = self
            .fibers
            .current()
            .filter(|&id| !self.fibers.states[id].by_transfer)
        else {
            let msg = "attempt to yield on a not resumed fiber";
            return Err(self.error(self.e.fiber_error, msg));
        };
        Ok(self.fiber_suspend(id, Handoff::Yield, v, Vec::new()))
    }

    /// Suspends running fiber `id` (handing `value` or `args` on as `to`
    /// says) until it is run again; what that passes.
    fn fiber_suspend(&mut self, id: usize, to: Handoff, value: Value, args: Vec<Value>) -> Resume {
        let y = self.fibers.states[id].yielder;
        let out = Yielded {
            vm: self as *mut Vm,
            value,
            to,
            args,
        };
        // SAFETY: `y` is the Yielder of the coroutine running this code
        // (recorded by its closure, which is still running: we are inside
        // it). The resumer uses the Vm only until it resumes us.
        let input = unsafe { &*y }.suspend(out);
        // The resumer is stopped inside `Coroutine::resume` again and
        // handed over the Vm it holds, the same one as `self` (the pointer
        // passed both ways keeps the compiler from assuming `*self` was
        // left alone meanwhile).
        debug_assert!(std::ptr::eq(input.vm, self));
        if self.trace.events != 0 && !self.fibers.states[id].thread_root {
            let _ = self.trace_fiber_switch();
        }
        input.what
    }
}
