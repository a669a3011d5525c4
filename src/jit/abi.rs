//! The boundary between generated C and Rust: the `Env` a compiled method
//! receives (its layout is `struct cj_env` in `codegen::PRELUDE`), the
//! call into the machine code, and the `step` trampoline back out.

use std::ffi::c_void;

/// What a compiled method sees. `stack` is the VM stack's buffer, valid
/// until the next `step` (which may grow the stack: C reloads it after
/// every step); `base` indexes the method's first local.
#[repr(C)]
pub struct Env {
    pub stack: *mut u64,
    pub base: usize,
    pub self_val: u64,
    /// The basic-operator redefinition bits (`Dispatch::bop_redefined`).
    pub bops: *const u32,
    host: *mut c_void,
    step: extern "C" fn(*mut Env, usize, usize) -> isize,
    /// The method's result when the code returns 0.
    pub ret: u64,
    /// Where the interpreter goes on when the code returns 1 (cancel):
    /// the pc and the operand stack depth it left.
    pub pc: usize,
    pub depth: usize,
}

/// How a compiled method's run ended.
pub enum Exit {
    Return(u64),
    /// The host holds the exception.
    Raise,
    /// The interpreter takes over at `pc` with the stack `depth` deep.
    Cancel {
        pc: usize,
        depth: usize,
    },
}

/// The VM side of a compiled method's run.
pub trait Host {
    /// Runs the instruction at `pc` as the interpreter would, on an
    /// operand stack `depth` deep, and returns the next pc; `None` when
    /// it raised (the host keeps the exception).
    fn step(&mut self, pc: usize, depth: usize) -> Option<usize>;
    /// The VM stack's buffer and the basic-operator bits, for `Env`.
    fn stack_ptr(&mut self) -> *mut u64;
    fn bops_ptr(&self) -> *const u32;
}

/// Runs the compiled function at `func` (an address `cc::Worker` loaded
/// from a translation of `codegen`) for the frame at `base` with `self`.
pub fn run<H: Host>(func: usize, host: &mut H, base: usize, self_val: u64) -> Exit {
    let mut env = Env {
        stack: host.stack_ptr(),
        base,
        self_val,
        bops: host.bops_ptr(),
        host: host as *mut H as *mut c_void,
        step: step::<H>,
        ret: 0,
        pc: 0,
        depth: 0,
    };
    // SAFETY: `func` is the address dlsym gave for a function codegen
    // emitted with exactly this signature (`long f(struct cj_env *)`, the
    // C layout of `Env`). The host pointer in `env` is derived from the
    // `&mut H` we hold for the whole call and is only used by `step` while
    // the C code runs (no other access to the host happens meanwhile).
    // The C code touches the stack only below the height the host made
    // sure of before calling (`base + locals + max_depth`, all initialized
    // values), and reloads `stack` after each step.
    let f = unsafe { std::mem::transmute::<usize, extern "C" fn(*mut Env) -> isize>(func) };
    match f(&mut env) {
        0 => Exit::Return(env.ret),
        1 => Exit::Cancel {
            pc: env.pc,
            depth: env.depth,
        },
        _ => Exit::Raise,
    }
}

extern "C" fn step<H: Host>(env: *mut Env, pc: usize, depth: usize) -> isize {
    // SAFETY: `env` is the `Env` `run` built on its stack and passed to the
    // C code, which passes it back unchanged; `run` is still active, so
    // both it and the host it points to are live, and nothing else uses
    // the host while C runs.
    let env = unsafe { &mut *env };
    // SAFETY: as above: `host` came from the `&mut H` `run` holds.
    let host = unsafe { &mut *(env.host as *mut H) };
    let next = host.step(pc, depth);
    env.stack = host.stack_ptr();
    env.bops = host.bops_ptr();
    match next {
        Some(p) => p as isize,
        None => -1,
    }
}
