//! The boundary between generated C and Rust: the `Env` a compiled method
//! receives (its layout is `struct cj_env` in `codegen::PRELUDE`), the
//! call into the machine code, and the trampolines back out: `step` (one
//! instruction run by the host) and `call`/`finish` (a call the host sets
//! up, whose compiled callee the C code then calls directly).

use std::ffi::c_void;

use crate::value::Value;

type StepFn = extern "C" fn(*mut Env, usize, usize) -> isize;
type CallFn = extern "C" fn(*mut Env, usize, usize, u64, *mut Env) -> usize;
type FinishFn = extern "C" fn(*mut Env, *mut Env, isize) -> isize;

/// What a compiled method sees. `stack` is the VM stack's buffer, valid
/// until the next call back into the host (which may move it: C reloads
/// it after each); `base` indexes the method's first local.
///
/// The stack protocol: the C code writes its locals and operand stack in
/// place, above the VM stack's length when it pushes; before each call
/// back into the host the trampoline sets the length to the C code's own
/// height (`base + locals + depth`, which C passes), so the host (and the
/// GC) see exactly the interpreter's stack; after it, the trampoline makes
/// sure the buffer has room up to `height` again.
#[repr(C)]
pub struct Env {
    pub stack: *mut u64,
    pub base: usize,
    pub self_val: u64,
    /// The basic-operator redefinition bits (`Dispatch::bop_redefined`).
    pub bops: *const u32,
    host: *mut c_void,
    step: StepFn,
    call: CallFn,
    finish: FinishFn,
    /// The method's result when the code returns 0.
    pub ret: u64,
    /// Where the interpreter goes on when the code returns 1 (cancel):
    /// the pc and the stack height above `base` it left.
    pub pc: usize,
    pub depth: usize,
    /// `base + locals + max_depth`: the buffer's room the C code relies
    /// on.
    pub height: usize,
}

/// How a compiled method's run ended.
pub enum Exit {
    Return(u64),
    /// The host holds the exception.
    Raise,
    /// The interpreter takes over at `pc` (the stack's length is already
    /// the height the C code left).
    Cancel {
        pc: usize,
    },
    /// A script's code has no entry at the pc asked (nothing ran).
    NoEntry,
}

impl Exit {
    /// The outcome of `env`'s code, whose frame's stack is `stack`.
    fn of(status: isize, env: &Env, stack: &mut Vec<Value>) -> Exit {
        match status {
            0 => Exit::Return(env.ret),
            2 => Exit::NoEntry,
            1 => {
                sync(stack, env.base + env.depth);
                Exit::Cancel { pc: env.pc }
            }
            _ => Exit::Raise,
        }
    }
}

/// Sets the VM stack's length to `sp`, the C code's height.
fn sync(stack: &mut Vec<Value>, sp: usize) {
    if sp <= stack.len() {
        stack.truncate(sp);
    } else {
        // A broken invariant must not become a read of memory nobody
        // wrote: stop the process instead.
        assert!(sp <= stack.capacity(), "JIT stack height past its room");
        // SAFETY: the C code wrote every slot below its height (codegen's
        // stack-depth walk: a slot at depth k is written on the way from
        // depth k to k + 1, on every path), within the capacity reserved
        // for it (`room`, checked above), and those slots hold Values.
        unsafe { stack.set_len(sp) };
    }
}

/// Makes sure the buffer has room up to `height` and tells the C code
/// where it is now.
fn room(env: &mut Env, stack: &mut Vec<Value>) {
    stack.reserve(env.height.saturating_sub(stack.len()));
    env.stack = stack.as_mut_ptr().cast::<u64>();
}

/// How the host answered a call from compiled code.
pub enum Call {
    /// It pushed the callee's frame: run this compiled function for the
    /// frame at `base` with `self_val` (its room: up to `height`), then
    /// report to `finish`.
    Enter {
        func: usize,
        base: usize,
        self_val: u64,
        height: usize,
    },
    /// It made the whole call; the result is on the stack.
    Done,
    /// The call raised (the host keeps the exception).
    Raised,
}

/// The VM side of a compiled method's run.
pub trait Host {
    /// Runs the instruction at `pc` as the interpreter would, on the
    /// stack as it stands, and returns the next pc; `None` when it raised
    /// (the host keeps the exception).
    fn step(&mut self, pc: usize) -> Option<usize>;
    /// A call of call site `site` from the frame running with `self_val`
    /// (its receiver is on the stack below the arguments when `recv`, else
    /// it is `self_val`); the caller goes on at `next` afterwards.
    fn call(&mut self, next: usize, site: u32, recv: bool, self_val: u64) -> Call;
    /// The compiled callee `call` entered has ended: pop its frame and
    /// push its result. False when that raised.
    fn finish(&mut self, exit: Exit) -> bool;
    /// The VM stack, and the basic-operator bits for `Env`.
    fn stack(&mut self) -> &mut Vec<Value>;
    fn bops_ptr(&self) -> *const u32;
}

/// Runs the compiled function at `func` (an address `cc::Worker` loaded
/// from a translation of `codegen`) for the frame at `base` with `self`,
/// whose stack may reach `height`, from `pc` (0, or one of the loop
/// entries of a script's translation).
pub fn run<H: Host>(
    func: usize,
    host: &mut H,
    base: usize,
    self_val: u64,
    height: usize,
    pc: usize,
) -> Exit {
    let mut env = Env {
        stack: std::ptr::null_mut(),
        base,
        self_val,
        bops: host.bops_ptr(),
        host: host as *mut H as *mut c_void,
        step: step::<H>,
        call: call::<H>,
        finish: finish::<H>,
        ret: 0,
        pc,
        depth: 0,
        height,
    };
    room(&mut env, host.stack());
    let status = enter(func, &mut env);
    Exit::of(status, &env, host.stack())
}

fn enter(func: usize, env: &mut Env) -> isize {
    // SAFETY: `func` is the address dlsym gave for a function codegen
    // emitted with exactly this signature (`long f(struct cj_env *)`, the
    // C layout of `Env`). The host pointer in `env` is derived from the
    // `&mut H` `run` holds for the whole call and is only used by the
    // trampolines while the C code runs (no other access to the host
    // happens meanwhile). The C code touches the stack only below the
    // height the host made sure of before calling (`base + locals +
    // max_depth`, all initialized values) and reloads `stack` after each
    // call back into the host.
    let f = unsafe { std::mem::transmute::<usize, extern "C" fn(*mut Env) -> isize>(func) };
    f(env)
}

/// The host behind an `Env` the C code passed back.
///
/// # Safety
/// `env` must be an `Env` built by `run` (or by `call` for a callee),
/// whose `run` is still active: then it and its host are live, and
/// nothing else uses the host while C runs.
unsafe fn host<'a, H: Host>(env: *mut Env) -> (&'a mut Env, &'a mut H) {
    // SAFETY: the caller's contract above.
    let env = unsafe { &mut *env };
    // SAFETY: `host` came from the `&mut H` `run` holds.
    let host = unsafe { &mut *(env.host as *mut H) };
    (env, host)
}

/// `sp` is the C code's height above `base` (locals and operand stack).
extern "C" fn step<H: Host>(env: *mut Env, pc: usize, sp: usize) -> isize {
    // SAFETY: C passes back the `Env` it was called with.
    let (env, host) = unsafe { host::<H>(env) };
    sync(host.stack(), env.base + sp);
    let next = host.step(pc);
    room(env, host.stack());
    env.bops = host.bops_ptr();
    match next {
        Some(p) => p as isize,
        None => -1,
    }
}

/// A call of site `kind >> 1` (`kind & 1`: with a receiver on the stack),
/// the C code `sp` high, going on at `next`. Returns the callee's
/// function (after filling `callee`), 0 when the host made the whole
/// call, 1 when it raised.
extern "C" fn call<H: Host>(
    env: *mut Env,
    next: usize,
    sp: usize,
    kind: u64,
    callee: *mut Env,
) -> usize {
    // SAFETY: C passes back the `Env` it was called with.
    let (env, host) = unsafe { host::<H>(env) };
    sync(host.stack(), env.base + sp);
    let r = host.call(next, (kind >> 1) as u32, kind & 1 != 0, env.self_val);
    env.bops = host.bops_ptr();
    match r {
        Call::Enter {
            func,
            base,
            self_val,
            height,
        } => {
            // The callee's room (`finish` restores the caller's); the
            // buffer may have moved for the caller too.
            let stack = host.stack();
            stack.reserve(height.saturating_sub(stack.len()));
            env.stack = stack.as_mut_ptr().cast::<u64>();
            let child = Env {
                stack: env.stack,
                base,
                self_val,
                bops: env.bops,
                host: env.host,
                step: env.step,
                call: env.call,
                finish: env.finish,
                ret: 0,
                pc: 0,
                depth: 0,
                height,
            };
            // SAFETY: `callee` points to the uninitialized `struct
            // cj_env` on the C caller's stack, which lives until the
            // matching `finish`; `write` does not read it.
            unsafe { callee.write(child) };
            func
        }
        Call::Done | Call::Raised => {
            room(env, host.stack());
            matches!(r, Call::Raised) as usize
        }
    }
}

extern "C" fn finish<H: Host>(env: *mut Env, callee: *mut Env, status: isize) -> isize {
    // SAFETY: C passes back the `Env` it was called with.
    let (env, host) = unsafe { host::<H>(env) };
    // SAFETY: `callee` is the `Env` `call` wrote and the callee's code
    // has returned: nothing else refers to it.
    let exit = Exit::of(status, unsafe { &*callee }, host.stack());
    let ok = host.finish(exit);
    room(env, host.stack());
    env.bops = host.bops_ptr();
    if ok { 0 } else { -1 }
}
