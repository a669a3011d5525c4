//! The boundary between generated C and Rust: the `Env` a compiled method
//! receives (its layout is `struct cj_env` in `codegen::PRELUDE`), the
//! call into the machine code, and the trampolines back out: `step` (one
//! instruction run by the host), `call`/`finish` (a call the host sets
//! up, whose compiled callee the C code then calls directly), and
//! `push`/`pop` (the frame of a callee the C code found through its own
//! copy of the call site's guard, `Site`).

use std::ffi::c_void;

use crate::object::Block;
use crate::value::Value;

type StepFn = extern "C" fn(*mut Env, usize, usize) -> isize;
type CallFn = extern "C" fn(*mut Env, usize, usize, u64, *mut Env, *mut Site) -> usize;
type FinishFn = extern "C" fn(*mut Env, *mut Env, isize) -> isize;
type PopFn = extern "C" fn(*mut Env);
type ArefFn = extern "C" fn(*mut Env, u64, u64) -> u64;
type AsetFn = extern "C" fn(*mut Env, u64, u64, u64) -> isize;
type DueFn = extern "C" fn(*mut Env) -> isize;
type LenFn = extern "C" fn(*mut Env, u64) -> isize;
type UpGetFn = extern "C" fn(*mut Env, u32, u32) -> u64;
type UpSetFn = extern "C" fn(*mut Env, u32, u32, u64);

/// What every compiled method of one `run` shares (`struct cj_ctx`): the
/// host, its trampolines, and its tables as they stand. `stack` is the VM
/// stack's buffer, valid until the next call back into the host (which
/// may move it, and the serials: each trampoline refreshes them, and C
/// reloads after each).
#[repr(C)]
pub struct Ctx {
    pub stack: *mut u64,
    /// How high a callee's frame may reach in the buffer without the host
    /// (its capacity, at most `MAX_STACK`).
    pub cap: usize,
    /// The dispatch validity serials (`Dispatch::serials`).
    pub serials: *const u64,
    /// The basic-operator redefinition bits (`Dispatch::bop_redefined`).
    pub bops: *const u32,
    /// The ivar inline caches (`Vm::ivar_caches`, `struct cj_ivc`): C
    /// reads an ivar through them in place.
    pub ivc: *const c_void,
    /// The lowest native stack address C may call down to without asking
    /// the host (0: no limit known).
    pub limit: usize,
    host: *mut c_void,
    step: StepFn,
    call: CallFn,
    finish: FinishFn,
    pop: PopFn,
    aref: ArefFn,
    aset: AsetFn,
    due: DueFn,
    len: LenFn,
    upget: UpGetFn,
    upset: UpSetFn,
}

/// What a compiled method sees (`struct cj_env`); `base` indexes its
/// first local in the VM stack.
///
/// The stack protocol: the C code writes its locals and operand stack in
/// place, above the VM stack's length when it pushes; before each call
/// back into the host the trampoline sets the length to the C code's own
/// height (`base + locals + depth`, which C passes), so the host (and the
/// GC) see exactly the interpreter's stack; after it, the trampoline makes
/// sure the buffer has room up to `height` again.
///
/// Frames are lazy: a method the C code called itself through a site's
/// guard (`Site`) runs with `lazy` set and no VM frame. The first call
/// back into the host from it, or from anything it calls, or its cancel,
/// pushes the frames of every lazy method on the way (`materialise`,
/// from `parent`, `site`, `ret_sp` and each caller's `at`), so the host
/// always sees the interpreter's frames: backtraces, `binding`, the GC's
/// roots. One that returns without that costs no frame at all.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Env {
    pub x: *mut Ctx,
    pub base: usize,
    pub self_val: u64,
    /// The method's result when the code returns 0.
    pub ret: u64,
    /// Where the interpreter goes on when the code returns 1 (cancel):
    /// the pc and the stack height above `base` it left. On entry, the
    /// pc to start at (a script's loop).
    pub pc: usize,
    pub depth: usize,
    /// `base + locals + max_depth`: the buffer's room the C code relies
    /// on.
    pub height: usize,
    /// The caller's `Env` (null for the one `run` made).
    pub parent: *mut Env,
    /// How a lazy method was called (its method and iseq).
    pub site: *const Site,
    /// The stack height its frame leaves when it ends.
    pub ret_sp: usize,
    /// The pc after the call this method is making (its frame's pc when
    /// a callee's frame is pushed).
    pub at: usize,
    /// No VM frame yet.
    pub lazy: usize,
    /// Its frame's depth (`frames.len()` once pushed): C calls lazily
    /// only below `MAX_FRAMES`.
    pub level: usize,
    /// A block run lazily from Rust (`run_block`; lazy with no parent):
    /// the `Block` its frame is made from. (Not set by C: a callee it
    /// calls always has a parent.)
    pub blk: *const Block,
    /// A block's outer scope (its frame's `penv`, an `Env` object): its
    /// outer locals are read there without a frame (`upget`). 0: unknown
    /// (not set by C either: only a block reads it).
    pub penv: u64,
}

/// A call site's guard as the C code keeps it (`struct cj_site`, one
/// `static` per call instruction in the shared object): the receiver
/// class and validity of the site's hot inline-cache entry
/// (`dispatch::ic::Guard`) and the compiled callee it answered with,
/// copied by the host when it entered that callee (`call`). While
/// `serials[slot] == serial` and the receiver's class is `class`, the
/// entry is valid, so the callee is still the method the site calls:
/// the C code then calls `func` itself (a lazy frame).
/// Zero `func`: not filled yet (the class is `u32::MAX` then).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Site {
    pub class: u32,
    pub slot: u32,
    pub serial: u64,
    pub func: usize,
    /// The callee's locals (its arguments first; the rest start nil).
    pub locals: usize,
    /// Its locals and deepest operand stack.
    pub room: usize,
    /// What the host needs to push its frame (opaque to C): the
    /// method's id, the call site's and the callee iseq's.
    pub method: u32,
    pub site: u32,
    pub iseq: u32,
    /// What the site calls: `KIND_CODE` (`func`), `KIND_READER` or
    /// `KIND_WRITER` (an attr_reader / attr_writer of ivar slot
    /// `locals`, read or written by the C code in place, no frame).
    pub kind: u32,
}

pub const KIND_CODE: u32 = 0;
pub const KIND_READER: u32 = 1;
pub const KIND_WRITER: u32 = 2;

const _: () = assert!(std::mem::size_of::<Site>() == 56);

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
/// where it is now, and the host's tables it reads.
fn room<H: Host>(env: &mut Env, host: &mut H) {
    let limit = host.stack_limit();
    let (bops, serials, ivc) = (host.bops_ptr(), host.serials_ptr(), host.ivcs_ptr());
    let stack = host.stack();
    stack.reserve(env.height.saturating_sub(stack.len()));
    // SAFETY: `x` is the `Ctx` of the active `run` (on its Rust stack),
    // only used by one trampoline at a time.
    let x = unsafe { &mut *env.x };
    x.stack = stack.as_mut_ptr().cast::<u64>();
    x.cap = stack.capacity().min(limit);
    x.bops = bops;
    x.serials = serials;
    x.ivc = ivc;
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
        /// The guard C may keep for the site's next calls.
        site: Site,
    },
    /// It made the whole call; the result is on the stack. With a
    /// guard for C to keep when the site's entry is an attribute.
    Done(Option<Site>),
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
    /// The frame of a method the C code called through `site` (its
    /// guard held) for `recv`, its locals at `base`, dropping to `ret_sp`
    /// when it ends; its caller's frame (the top one) goes on at `next`.
    fn enter(&mut self, site: &Site, recv: u64, base: usize, ret_sp: usize, next: usize);
    /// A callee whose frame `enter` pushed returned: pop its frame (its
    /// result is the C code's to store).
    fn pop(&mut self);
    /// `recv[idx]` for a plain Array and a Fixnum index while `Array#[]`
    /// is CRuby's (the interpreter's `opt_aref` fast path), else None.
    fn aref(&self, recv: u64, idx: u64) -> Option<u64>;
    /// `recv[idx] = v` likewise, for an index inside an unfrozen plain
    /// Array: false when the C code must step the instruction.
    fn aset(&mut self, recv: u64, idx: u64, v: u64) -> bool;
    /// A safepoint has work to do (`Vm::safepoint_due`): the C code then
    /// steps it.
    fn due(&self) -> bool;
    /// The element count `size`/`length`/`empty?` read from a plain Array
    /// or Hash while their methods are CRuby's (`Vm::opt_length`).
    fn len(&self, recv: u64) -> Option<usize>;
    /// A block's local of an outer scope `depth` up (`getlocal` with a
    /// level: `Vm::outer_local_get` for the top frame, the block's).
    fn up_get(&self, idx: u32, depth: u32) -> u64;
    /// Sets it (`setlocal` with a level).
    fn up_set(&mut self, idx: u32, depth: u32, v: u64);
    /// The VM stack, the basic-operator bits and the validity serials for
    /// `Env`.
    fn stack(&mut self) -> &mut Vec<Value>;
    fn bops_ptr(&self) -> *const u32;
    fn serials_ptr(&self) -> *const u64;
    /// The ivar inline caches (`IvarCache`s, `repr(C)`), valid until the
    /// next call back into the host.
    fn ivcs_ptr(&self) -> *const c_void;
    /// The most a frame may use of the stack (`MAX_STACK`).
    fn stack_limit(&self) -> usize;
    /// The native stack's limit (`Vm::stack_limit_addr`).
    fn native_limit(&self) -> usize;
    /// The frame of a block `run_block` ran lazily: `blk`'s for
    /// `self_val`, its locals at `base`, dropping to `ret_sp`.
    fn enter_block(&mut self, blk: &Block, self_val: u64, base: usize, ret_sp: usize);
    /// A local `depth` scopes up read in outer scope `penv` (an `Env`
    /// object) without a frame, when that is where it lives.
    fn up_get_in(&self, penv: u64, idx: u32, depth: u32) -> Option<u64>;
    /// Sets it likewise: false when the frame's path must.
    fn up_set_in(&mut self, penv: u64, idx: u32, depth: u32, v: u64) -> bool;
    /// Live frames.
    fn frames(&self) -> usize;
}

/// Runs the compiled function at `func` (an address `cc::Worker` loaded
/// from a translation of `codegen`) for the frame at `base` with `self`,
/// whose stack may reach `height`, from `pc` (0, or one of the loop
/// entries of a script's translation); `penv`: the frame's outer scope.
pub fn run<H: Host>(
    func: usize,
    host: &mut H,
    base: usize,
    self_val: u64,
    height: usize,
    pc: usize,
    penv: u64,
) -> Exit {
    let mut x = ctx(host);
    let mut env = Env {
        x: &mut x,
        base,
        self_val,
        ret: 0,
        pc,
        depth: 0,
        height,
        parent: std::ptr::null_mut(),
        site: std::ptr::null(),
        ret_sp: 0,
        at: 0,
        lazy: 0,
        level: host.frames(),
        blk: std::ptr::null(),
        penv,
    };
    room(&mut env, host);
    let status = enter(func, &mut env);
    Exit::of(status, &env, host.stack())
}

/// Runs block `blk`'s compiled function at `func` without its frame,
/// its arguments in place at `base` (the slot below is its frame's
/// `ret_sp`), whose stack may reach `height`. The frame is made
/// (`Host::enter_block`) when the code calls back into the host or ends
/// other than by returning; true with the exit when it was.
pub fn run_block<H: Host>(
    func: usize,
    host: &mut H,
    base: usize,
    self_val: u64,
    height: usize,
    blk: &Block,
) -> (Exit, bool) {
    let mut x = ctx(host);
    let mut env = Env {
        x: &mut x,
        base,
        self_val,
        ret: 0,
        pc: 0,
        depth: 0,
        height,
        parent: std::ptr::null_mut(),
        site: std::ptr::null(),
        ret_sp: base - 1,
        at: 0,
        lazy: 1,
        level: host.frames() + 1,
        blk,
        penv: blk.env.raw(),
    };
    room(&mut env, host);
    let status = enter(func, &mut env);
    if status != 0 && env.lazy != 0 {
        // SAFETY: `env` is the `Env` just run (no parent), its `blk`
        // borrowed for this call.
        unsafe { materialise(&mut env, host) };
    }
    (Exit::of(status, &env, host.stack()), env.lazy == 0)
}

/// The context of one `run`: the host and its trampolines (the tables
/// are filled by `room`).
fn ctx<H: Host>(host: &mut H) -> Ctx {
    Ctx {
        stack: std::ptr::null_mut(),
        cap: 0,
        serials: std::ptr::null(),
        bops: std::ptr::null(),
        ivc: std::ptr::null(),
        limit: host.native_limit(),
        host: host as *mut H as *mut c_void,
        step: step::<H>,
        call: call::<H>,
        finish: finish::<H>,
        pop: pop::<H>,
        aref: aref::<H>,
        aset: aset::<H>,
        due: due::<H>,
        len: len::<H>,
        upget: upget::<H>,
        upset: upset::<H>,
    }
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

/// The host behind an `Env` the C code passed back, with the frames of
/// every lazy method up to it pushed (`materialise`).
///
/// # Safety
/// `env` must be an `Env` built by `run`, by `call` or by the C code for
/// a callee, whose `run` is still active: then it, its parents, its
/// `Ctx` and the host are live, and nothing else uses the host while C
/// runs.
unsafe fn host<'a, H: Host>(env: *mut Env) -> (&'a mut Env, &'a mut H) {
    // SAFETY: the caller's contract above.
    let env = unsafe { &mut *env };
    // SAFETY: `host` came from the `&mut H` `run` holds (through `x`,
    // live as long as `run`).
    let host = unsafe { &mut *((*env.x).host as *mut H) };
    if env.lazy != 0 {
        // SAFETY: as above.
        unsafe { materialise(env, host) };
    }
    (env, host)
}

/// Pushes the VM frames of `env` and of its lazy callers, outermost
/// first, each caller's frame at the pc after its call.
///
/// # Safety
/// As `host`: `env` and its parents up to the first with a frame are
/// live `Env`s of C callers up the native stack.
#[cold]
#[inline(never)]
unsafe fn materialise<H: Host>(env: &mut Env, host: &mut H) {
    // The chain is short but for deep recursion that never called back
    // into the host: no allocation for the common case.
    let mut near: [*mut Env; 8] = [std::ptr::null_mut(); 8];
    let mut far: Vec<*mut Env> = Vec::new();
    let mut n = 0;
    let mut e: *mut Env = env;
    // SAFETY: a lazy `Env` always has a parent (the caller's), live
    // while its callee runs.
    while !e.is_null() && unsafe { (*e).lazy != 0 } {
        if n < near.len() {
            near[n] = e;
        } else {
            far.push(e);
        }
        n += 1;
        e = unsafe { (*e).parent };
    }
    for i in (0..n).rev() {
        let e = if i < near.len() {
            near[i]
        } else {
            far[i - near.len()]
        };
        // SAFETY: as above; `site` is the `static struct cj_site` the
        // caller called through (never unloaded).
        let e = unsafe { &mut *e };
        if e.parent.is_null() {
            // A block `run_block` runs: its `blk` lives until it
            // returns.
            let blk = unsafe { &*e.blk };
            host.enter_block(blk, e.self_val, e.base, e.ret_sp);
            e.lazy = 0;
            continue;
        }
        let parent_at = unsafe { (*e.parent).at };
        let site = unsafe { &*e.site };
        host.enter(site, e.self_val, e.base, e.ret_sp, parent_at);
        e.lazy = 0;
    }
}

/// `sp` is the C code's height above `base` (locals and operand stack).
extern "C" fn step<H: Host>(env: *mut Env, pc: usize, sp: usize) -> isize {
    // SAFETY: C passes back the `Env` it was called with.
    let (env, host) = unsafe { host::<H>(env) };
    sync(host.stack(), env.base + sp);
    let next = host.step(pc);
    room(env, host);
    match next {
        Some(p) => p as isize,
        None => -1,
    }
}

/// A call of site `kind >> 1` (`kind & 1`: with a receiver on the stack),
/// the C code `sp` high, going on at `next`. Returns the callee's
/// function (after filling `callee`, and the site's guard in `cache`
/// for the next calls), 0 when the host made the whole call, 1 when it
/// raised.
extern "C" fn call<H: Host>(
    env: *mut Env,
    next: usize,
    sp: usize,
    kind: u64,
    callee: *mut Env,
    cache: *mut Site,
) -> usize {
    // SAFETY: C passes back the `Env` it was called with.
    let (env, host) = unsafe { host::<H>(env) };
    sync(host.stack(), env.base + sp);
    let r = host.call(next, (kind >> 1) as u32, kind & 1 != 0, env.self_val);
    match r {
        Call::Enter {
            func,
            base,
            self_val,
            height,
            site,
        } => {
            // The callee's room (`finish` restores the caller's); the
            // buffer may have moved for the caller too.
            let saved = env.height;
            env.height = height;
            room(env, host);
            env.height = saved;
            let child = Env {
                x: env.x,
                base,
                self_val,
                ret: 0,
                pc: 0,
                depth: 0,
                height,
                parent: env,
                site: std::ptr::null(),
                ret_sp: 0,
                at: 0,
                lazy: 0,
                level: host.frames(),
                blk: std::ptr::null(),
                penv: 0,
            };
            // SAFETY: `callee` points to the uninitialized `struct
            // cj_env` on the C caller's stack, which lives until the
            // matching `finish`; `write` does not read it. `cache` is
            // the site's `static struct cj_site` in the caller's shared
            // object (never unloaded), written only here, while no C
            // code reads it (one thread runs Ruby code).
            unsafe {
                callee.write(child);
                cache.write(site);
            }
            func
        }
        Call::Done(site) => {
            room(env, host);
            if let Some(site) = site {
                // SAFETY: as above.
                unsafe { cache.write(site) };
            }
            0
        }
        Call::Raised => {
            room(env, host);
            1
        }
    }
}

/// A callee entered by `call`, or called lazily by the C code, ended
/// other than by returning (the latter: or by returning), with `status`.
extern "C" fn finish<H: Host>(env: *mut Env, callee: *mut Env, status: isize) -> isize {
    // SAFETY: C passes back the `Env` it was called with, and the
    // callee's, whose code has returned (a lazy one's frame is pushed
    // here: the interpreter finishes or unwinds it).
    let (env, host) = unsafe { host::<H>(env) };
    // SAFETY: as above.
    let callee = unsafe { &mut *callee };
    if callee.lazy != 0 {
        // SAFETY: as above.
        unsafe { materialise(callee, host) };
    }
    let exit = Exit::of(status, callee, host.stack());
    let ok = host.finish(exit);
    room(env, host);
    if ok { 0 } else { -1 }
}

/// A callee whose frame was pushed (its `lazy` cleared) returned.
extern "C" fn pop<H: Host>(env: *mut Env) {
    // SAFETY: C passes back the `Env` it was called with.
    let (_, host) = unsafe { host::<H>(env) };
    host.pop();
}

/// The host of an `Env`, without pushing lazy frames (for what needs
/// none: an ivar cache hit).
///
/// # Safety
/// As `host`.
unsafe fn host_only<'a, H: Host>(env: *mut Env) -> (&'a Env, &'a mut H) {
    // SAFETY: the caller's contract.
    let env = unsafe { &*env };
    // SAFETY: as in `host`.
    let host = unsafe { &mut *((*env.x).host as *mut H) };
    (env, host)
}

/// `recv[idx]` on the fast path, or undef when the C code must step.
extern "C" fn aref<H: Host>(env: *mut Env, recv: u64, idx: u64) -> u64 {
    // SAFETY: C passes back the `Env` it was called with.
    let (_, host) = unsafe { host_only::<H>(env) };
    host.aref(recv, idx).unwrap_or(Value::UNDEF.raw())
}

/// `recv[idx] = v` on the fast path: 1 when done.
extern "C" fn aset<H: Host>(env: *mut Env, recv: u64, idx: u64, v: u64) -> isize {
    // SAFETY: C passes back the `Env` it was called with.
    let (_, host) = unsafe { host_only::<H>(env) };
    host.aset(recv, idx, v) as isize
}

/// 1 when a safepoint has work to do.
extern "C" fn due<H: Host>(env: *mut Env) -> isize {
    // SAFETY: C passes back the `Env` it was called with.
    let (_, host) = unsafe { host_only::<H>(env) };
    host.due() as isize
}

/// A plain Array's or Hash's count, or -1 when the C code must call.
extern "C" fn len<H: Host>(env: *mut Env, recv: u64) -> isize {
    // SAFETY: C passes back the `Env` it was called with.
    let (_, host) = unsafe { host_only::<H>(env) };
    host.len(recv).map_or(-1, |n| n as isize)
}

/// A local `depth` scopes up from the block running `env`.
extern "C" fn upget<H: Host>(env: *mut Env, idx: u32, depth: u32) -> u64 {
    // SAFETY: C passes back the `Env` it was called with (a block's:
    // `penv` is set, or 0).
    let (e, h) = unsafe { host_only::<H>(env) };
    if e.penv != 0
        && let Some(v) = h.up_get_in(e.penv, idx, depth)
    {
        return v;
    }
    // SAFETY: as above (its frame, the top one, is pushed here if it
    // was lazy).
    let (_, host) = unsafe { host::<H>(env) };
    host.up_get(idx, depth)
}

/// Sets a local `depth` scopes up from the block running `env`.
extern "C" fn upset<H: Host>(env: *mut Env, idx: u32, depth: u32, v: u64) {
    // SAFETY: as `upget`.
    let (e, h) = unsafe { host_only::<H>(env) };
    if e.penv != 0 && h.up_set_in(e.penv, idx, depth, v) {
        return;
    }
    // SAFETY: as `upget`.
    let (_, host) = unsafe { host::<H>(env) };
    host.up_set(idx, depth, v);
}
