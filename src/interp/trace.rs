//! TracePoint and `set_trace_func`: the enabled hooks, the events they
//! asked for, firing them, and the event a running hook reads.
//!
//! Tracing costs nothing while no hook is enabled (doc/tracepoint.md):
//! `Vm::run` runs one of two instantiations of the bytecode loop, and the
//! plain one (`run_loop::<false>`) has no tracing code in it. A hook can
//! only be enabled or disabled by Ruby code, so a loop looks at
//! `Tracing::events` only where control comes back from Ruby code it did
//! not run itself: after a builtin call, a handled exception, a
//! `DefineClass`-like instruction or a safepoint's slow path. Then it
//! returns to `run`, which continues the same frames in the other loop.
//! The tracing loop runs the instructions as compiled (no fused
//! superinstructions: `Iseq::unfused_at`), fires `:line` where the
//! compiler marked a statement, `:call`-like events when it meets a frame
//! newer than any it has seen, and `:return`-like events in `leave`.
//! Builtins fire `:c_call`/`:c_return` from the general call path
//! (`Vm::invoke_other`); while those are traced the inline caches make no
//! fast entries, so every builtin call takes that path.

use std::rc::Rc;

use crate::bytecode::{Insn, IseqKind};
use crate::class::MethodKind;
use crate::dispatch::{Handler, IcEntry};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{CallSiteId, ClassId, IseqId, MethodId, SymbolId, Value};

use super::Vm;
use super::call::{Args, Call};

/// Event bits (CRuby's `RUBY_EVENT_*` values).
pub mod event {
    pub const LINE: u32 = 0x01;
    pub const CLASS: u32 = 0x02;
    pub const END: u32 = 0x04;
    pub const CALL: u32 = 0x08;
    pub const RETURN: u32 = 0x10;
    pub const C_CALL: u32 = 0x20;
    pub const C_RETURN: u32 = 0x40;
    pub const RAISE: u32 = 0x80;
    pub const B_CALL: u32 = 0x100;
    pub const B_RETURN: u32 = 0x200;
    pub const THREAD_BEGIN: u32 = 0x400;
    pub const THREAD_END: u32 = 0x800;
    pub const FIBER_SWITCH: u32 = 0x1000;
    pub const SCRIPT_COMPILED: u32 = 0x2000;
    /// Builtin calls.
    pub const C: u32 = C_CALL | C_RETURN;
    /// Entering a method, block or class body.
    pub const ENTER: u32 = CALL | B_CALL | CLASS | C_CALL;
    /// Leaving one.
    pub const LEAVE: u32 = RETURN | B_RETURN | END | C_RETURN;
    /// Events whose calls the inline caches' fast entries would skip.
    pub const CALLS: u32 = C | CALL | RETURN;
    /// What `set_trace_func` reports.
    pub const SET_TRACE_FUNC: u32 = LINE | CLASS | END | CALL | RETURN | C_CALL | C_RETURN | RAISE;
    /// Every event (TracePoint.new with none named).
    pub const ALL: u32 = 0x3fff;

    /// Names as TracePoint takes them (`a_call`/`a_return` are groups).
    pub const NAMES: [(&str, u32); 16] = [
        ("line", LINE),
        ("class", CLASS),
        ("end", END),
        ("call", CALL),
        ("return", RETURN),
        ("c_call", C_CALL),
        ("c_return", C_RETURN),
        ("raise", RAISE),
        ("b_call", B_CALL),
        ("b_return", B_RETURN),
        ("thread_begin", THREAD_BEGIN),
        ("thread_end", THREAD_END),
        ("fiber_switch", FIBER_SWITCH),
        ("script_compiled", SCRIPT_COMPILED),
        ("a_call", CALL | B_CALL | C_CALL),
        ("a_return", RETURN | B_RETURN | C_RETURN),
    ];

    /// The event's own name (one bit).
    pub fn name(e: u32) -> &'static str {
        NAMES.iter().find(|n| n.1 == e).map_or("unknown", |n| n.0)
    }

    /// `set_trace_func`'s spelling.
    pub fn legacy_name(e: u32) -> &'static str {
        match e {
            C_CALL => "c-call",
            C_RETURN => "c-return",
            _ => name(e),
        }
    }
}

/// One enabled TracePoint (or the `set_trace_func` proc).
pub struct Hook {
    /// The TracePoint object (the proc itself for `set_trace_func`).
    pub tp: Value,
    pub proc: Value,
    pub events: u32,
    /// `enable(target:)`: events only in these iseqs and the blocks in them.
    pub target: Option<Vec<IseqId>>,
    /// `enable(target_line:)`: `:line` events only on this line.
    pub target_line: Option<u32>,
    /// Called with `set_trace_func`'s six arguments instead of `tp`.
    pub legacy: bool,
    /// The Ractor that enabled it (TracePoints are Ractor-local): None
    /// for the main one, a non-main one by its thread's root fiber.
    pub ractor: Option<Option<usize>>,
}

/// What a hook reads through the TracePoint's attributes.
#[derive(Clone)]
pub struct Event {
    pub kind: u32,
    /// The Ruby frame the event is in (for builtin calls, the caller's).
    pub frame: Option<usize>,
    pub path: Option<Rc<str>>,
    pub line: u32,
    pub self_val: Value,
    /// The method called (`method_id`, `defined_class`, `parameters`).
    pub method: Option<MethodId>,
    /// The name it was called by (`callee_id`).
    pub callee: Option<SymbolId>,
    /// A block frame's iseq (`b_call`'s `parameters`).
    pub block: Option<(IseqId, bool)>,
    /// The return value, raised exception, or (script_compiled) iseq.
    pub value: Value,
    /// `eval_script` (script_compiled).
    pub script: Value,
}

impl Event {
    fn new(kind: u32) -> Event {
        Event {
            kind,
            frame: None,
            path: None,
            line: 0,
            self_val: Value::NIL,
            method: None,
            callee: None,
            block: None,
            value: Value::NIL,
            script: Value::NIL,
        }
    }
}

/// The VM's tracing state.
pub struct Tracing {
    /// Events some enabled hook wants (0: tracing is off). Read on slow
    /// paths only; the plain run loop never looks.
    pub events: u32,
    pub hooks: Vec<Hook>,
    /// A hook is running: no events fire (unless `allow_reentry`).
    pub running: bool,
    /// Frames with an id up to this one had their entry event (or were
    /// entered before tracing began).
    pub seen_frame: u64,
    /// The events running hooks read, innermost last.
    pub current: Vec<Event>,
    /// The exception the last `:raise` was for (one event per raise,
    /// however many run loops it unwinds through).
    pub last_raised: Value,
    /// A run loop returned to change instantiation (`Vm::run`).
    pub switch: bool,
    /// `invoke_other` is calling the builtin whose `:c_call` just fired.
    pub c_inner: bool,
    /// The TracePoint class: its own methods fire no events.
    pub class: Option<ClassId>,
}

impl Default for Tracing {
    fn default() -> Self {
        Tracing {
            events: 0,
            hooks: Vec::new(),
            running: false,
            seen_frame: 0,
            current: Vec::new(),
            last_raised: Value::NIL,
            switch: false,
            c_inner: false,
            class: None,
        }
    }
}

impl Tracing {
    /// Gives `mark` every value the hooks and running events hold.
    pub fn trace(&self, mark: &mut dyn FnMut(Value)) {
        for h in &self.hooks {
            mark(h.tp);
            mark(h.proc);
        }
        for e in &self.current {
            mark(e.self_val);
            mark(e.value);
            mark(e.script);
        }
        mark(self.last_raised);
    }
}

/// The call site of an operator instruction, whose fast path the tracing
/// loop skips while builtin calls are traced (CRuby fires `:c_call` for
/// `1 + 2` then).
pub fn operator_site(insn: &Insn) -> Option<CallSiteId> {
    match *insn {
        Insn::OptPlus { site }
        | Insn::OptMinus { site }
        | Insn::OptMult { site }
        | Insn::OptDiv { site }
        | Insn::OptMod { site }
        | Insn::OptAnd { site }
        | Insn::OptOr { site }
        | Insn::OptXor { site }
        | Insn::OptEq { site }
        | Insn::OptNeq { site }
        | Insn::OptLt { site }
        | Insn::OptLe { site }
        | Insn::OptGt { site }
        | Insn::OptGe { site }
        | Insn::OptLtLt { site }
        | Insn::OptAref { site }
        | Insn::OptAset { site }
        | Insn::OptNot { site }
        | Insn::OptSize { site }
        | Insn::OptLength { site }
        | Insn::OptEmptyP { site } => Some(site),
        _ => None,
    }
}

impl Vm {
    // ---- enabling ---------------------------------------------------------

    /// Adds (or replaces, for the same TracePoint) an enabled hook.
    pub fn trace_add_hook(&mut self, hook: Hook) {
        self.trace.hooks.retain(|h| h.tp != hook.tp);
        self.trace.hooks.push(hook);
        self.trace_events_changed();
    }

    /// Removes the hook of TracePoint `tp`; whether it was enabled.
    pub fn trace_remove_hook(&mut self, tp: Value) -> bool {
        let n = self.trace.hooks.len();
        self.trace.hooks.retain(|h| h.tp != tp);
        let removed = self.trace.hooks.len() != n;
        self.trace_events_changed();
        removed
    }

    /// Whether TracePoint `tp` is enabled.
    pub fn trace_enabled(&self, tp: Value) -> bool {
        self.trace.hooks.iter().any(|h| h.tp == tp)
    }

    #[cold]
    fn trace_events_changed(&mut self) {
        let old = self.trace.events;
        let new = self.trace.hooks.iter().fold(0, |a, h| a | h.events);
        if old == 0 && new != 0 {
            // Frames already running had their entry events untraced.
            self.trace.seen_frame = self.next_frame_id.saturating_sub(1);
        }
        if new & !old & event::CALLS != 0 {
            // Fast entries skip the call paths that fire these.
            self.dispatch.drop_shortcuts();
        }
        self.trace.events = new;
    }

    // ---- firing -----------------------------------------------------------

    /// Runs the hooks that want `ev` (none while one runs).
    #[cold]
    #[inline(never)]
    fn fire(
        &mut self,
        ev: Event,
        iseq: Option<&'static crate::bytecode::Iseq>,
    ) -> Result<(), Unwind> {
        if self.trace.running {
            return Ok(());
        }
        let here = self.ractor_nonmain.then(|| self.fibers.thread_root());
        let hooks: Vec<(Value, Value, bool)> = self
            .trace
            .hooks
            .iter()
            .filter(|h| h.events & ev.kind != 0)
            .filter(|h| h.ractor == here)
            .filter(|h| match (&h.target, iseq) {
                (None, _) => true,
                (Some(t), Some(i)) => self.iseq_within(i, t),
                (Some(_), None) => false,
            })
            .filter(|h| {
                h.target_line
                    .is_none_or(|l| ev.kind != event::LINE || l == ev.line)
            })
            .map(|h| (h.tp, h.proc, h.legacy))
            .collect();
        if hooks.is_empty() {
            return Ok(());
        }
        let roots = self.roots_len();
        for &(tp, p, _) in &hooks {
            self.push_root(tp);
            self.push_root(p);
        }
        self.trace.running = true;
        self.trace.current.push(ev);
        let mut r = Ok(());
        for (tp, p, legacy) in hooks {
            r = if legacy {
                self.call_legacy_hook(p)
            } else {
                self.call_proc_with(p, &[tp], None, None).map(|_| ())
            };
            if r.is_err() {
                break;
            }
        }
        self.trace.current.pop();
        self.trace.running = false;
        self.truncate_roots(roots);
        r
    }

    /// `set_trace_func`'s proc: (event, file, line, id, binding, class).
    fn call_legacy_hook(&mut self, p: Value) -> Result<(), Unwind> {
        let ev = self.trace.current.last().cloned().expect("an event");
        let name = self.str_new(event::legacy_name(ev.kind));
        let roots = self.roots_len();
        self.push_root(name);
        let file = match &ev.path {
            Some(f) => self.str_new(f),
            None => Value::NIL,
        };
        self.push_root(file);
        let binding = self.event_binding(&ev)?;
        self.push_root(binding);
        let id = self.event_method_id(&ev);
        let class = self.event_defined_class(&ev);
        let args = [name, file, Value::int(ev.line as i64), id, binding, class];
        let r = self.call_proc_with(p, &args, None, None);
        self.truncate_roots(roots);
        r.map(|_| ())
    }

    /// Whether `iseq` is one of `targets` or a block inside one.
    pub fn iseq_within(&self, iseq: &crate::bytecode::Iseq, targets: &[IseqId]) -> bool {
        let mut i = Some(iseq);
        while let Some(s) = i {
            if targets.contains(&s.id) {
                return true;
            }
            i = s.parent.map(|p| self.iseq(p));
        }
        false
    }

    /// An event about frame `fi` (its location, self and method).
    fn frame_event(&self, kind: u32, fi: usize, line: u32) -> Event {
        let f = &self.frames[fi];
        let mut ev = Event::new(kind);
        ev.frame = Some(fi);
        ev.path = Some(f.iseq.file.clone());
        ev.line = line;
        ev.self_val = f.self_val;
        ev.method = f.method;
        ev.callee = f.method.map(|m| self.classes.method(m).name);
        ev
    }

    /// `:line` before the instruction frame `fi` is about to run (its
    /// saved pc is already past it).
    #[cold]
    #[inline(never)]
    pub(super) fn trace_line(&mut self, fi: usize) -> Result<(), Unwind> {
        let iseq = self.frames[fi].iseq;
        let line = self.frames[fi].line();
        let ev = self.frame_event(event::LINE, fi, line);
        self.fire(ev, Some(iseq))
    }

    /// What entering (or leaving) frame `fi` is: `:call`, `:b_call`,
    /// `:class`, or for a prelude method called from Ruby code `:c_call`
    /// (it stands in for a C method); None for a script or eval body.
    fn frame_kind(&self, fi: usize, enter: bool) -> Option<u32> {
        let f = &self.frames[fi];
        let iseq = f.iseq;
        let pick = |a: u32, b: u32| Some(if enter { a } else { b });
        if iseq.internal {
            // (CRuby's Ractor is Ruby code of its own, <internal:ractor>:
            // no C method events there.)
            let caller_internal =
                fi == 0 || self.frames[fi - 1].iseq.internal || &*iseq.file == "<internal:ractor>";
            return match iseq.kind {
                IseqKind::Method if f.method.is_some() && !caller_internal => {
                    pick(event::C_CALL, event::C_RETURN)
                }
                _ => None,
            };
        }
        match iseq.kind {
            IseqKind::Method => pick(event::CALL, event::RETURN),
            IseqKind::Block | IseqKind::Lambda => pick(event::B_CALL, event::B_RETURN),
            IseqKind::Class => pick(event::CLASS, event::END),
            IseqKind::Top | IseqKind::Eval => None,
        }
    }

    /// A `define_method` body's frame: a method call and a block call.
    fn is_bmethod_frame(&self, fi: usize) -> bool {
        let f = &self.frames[fi];
        if !f.is_block || f.home != f.id {
            return false;
        }
        let Some(m) = f.method else { return false };
        match self.classes.method(m).kind {
            MethodKind::Bmethod(p) => match &*crate::gc::obj(p).body.borrow() {
                Body::Proc(rp) => rp.block.iseq == f.iseq.id,
                _ => false,
            },
            _ => false,
        }
    }

    /// The entry events of frame `fi`, met for the first time.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_frame_enter(&mut self, fi: usize) -> Result<(), Unwind> {
        let Some(kind) = self.frame_kind(fi, true) else {
            return Ok(());
        };
        let iseq = self.frames[fi].iseq;
        if kind == event::C_CALL {
            return self.trace_prelude_call(fi, true, Value::NIL);
        }
        let mut ev = self.frame_event(kind, fi, iseq.first_line);
        if kind == event::B_CALL {
            ev.block = Some((iseq.id, self.frames[fi].is_lambda));
            if self.is_bmethod_frame(fi) {
                // A `define_method` body: the method's call, then the block's.
                let call = Event {
                    kind: event::CALL,
                    ..ev.clone()
                };
                self.fire(call, Some(iseq))?;
            }
        }
        self.fire(ev, Some(iseq))
    }

    /// The leave events of frame `fi` returning `v` normally (`by_raise`:
    /// unwound by an exception, at the line it was at).
    #[cold]
    #[inline(never)]
    pub(super) fn trace_frame_leave(
        &mut self,
        fi: usize,
        v: Value,
        by_raise: bool,
    ) -> Result<(), Unwind> {
        let Some(kind) = self.frame_kind(fi, false) else {
            return Ok(());
        };
        if kind == event::C_RETURN {
            return self.trace_prelude_call(fi, false, v);
        }
        let f = &self.frames[fi];
        let iseq = f.iseq;
        let at = f.pc.saturating_sub(1);
        let line = if by_raise || iseq.return_pcs.contains(&(at as u32)) {
            iseq.line_at(at)
        } else {
            iseq.end_line
        };
        let mut ev = self.frame_event(kind, fi, line);
        ev.value = v;
        let roots = self.roots_len();
        self.push_root(v);
        let bmethod = kind == event::B_RETURN && self.is_bmethod_frame(fi);
        if kind == event::B_RETURN {
            ev.block = Some((iseq.id, self.frames[fi].is_lambda));
        }
        let ret = Event {
            kind: event::RETURN,
            ..ev.clone()
        };
        let mut r = self.fire(ev, Some(iseq));
        if r.is_ok() && bmethod {
            r = self.fire(ret, Some(iseq));
        }
        self.truncate_roots(roots);
        r
    }

    /// `:c_call`/`:c_return` for prelude method frame `fi`, at its
    /// caller's location.
    fn trace_prelude_call(&mut self, fi: usize, enter: bool, v: Value) -> Result<(), Unwind> {
        let caller = fi - 1;
        let cf = &self.frames[caller];
        let (line, iseq) = (cf.line(), cf.iseq);
        let kind = if enter {
            event::C_CALL
        } else {
            event::C_RETURN
        };
        let mut ev = self.frame_event(kind, caller, line);
        ev.self_val = self.frames[fi].self_val;
        ev.method = self.frames[fi].method;
        ev.callee = ev.method.map(|m| self.classes.method(m).name);
        ev.value = v;
        let roots = self.roots_len();
        self.push_root(v);
        let r = self.fire(ev, Some(iseq));
        self.truncate_roots(roots);
        r
    }

    /// `:c_call` (`ret` None) or `:c_return` of builtin `m` called as
    /// `callee` on `recv` from the top Ruby frame; nothing when that frame
    /// is the prelude's (a C method's own work).
    #[cold]
    #[inline(never)]
    pub fn trace_c(
        &mut self,
        m: MethodId,
        callee: SymbolId,
        recv: Value,
        ret: Option<Value>,
    ) -> Result<(), Unwind> {
        let Some(fi) = self.frames.len().checked_sub(1) else {
            return Ok(());
        };
        let f = &self.frames[fi];
        if f.iseq.internal {
            return Ok(());
        }
        let (line, iseq) = (f.line(), f.iseq);
        let kind = if ret.is_some() {
            event::C_RETURN
        } else {
            event::C_CALL
        };
        let mut ev = self.frame_event(kind, fi, line);
        ev.self_val = recv;
        ev.method = Some(m);
        ev.callee = Some(callee);
        ev.value = ret.unwrap_or(Value::NIL);
        let roots = self.roots_len();
        self.push_root(recv);
        self.push_root(ev.value);
        let r = self.fire(ev, Some(iseq));
        self.truncate_roots(roots);
        r
    }

    /// `:raise` for `exc` unwinding from the top frame, once per raise.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_raise(&mut self, exc: Value) -> Result<(), Unwind> {
        self.trace_raise_in(exc, None)
    }

    /// What builtin `m` (called as `name` on `recv`) raised: its `:raise`
    /// event is the builtin's own (CRuby's C frame is still there), but
    /// for `Kernel#raise`, whose caller raises.
    #[cold]
    #[inline(never)]
    pub(super) fn builtin_raised(
        &mut self,
        e: Unwind,
        m: MethodId,
        name: SymbolId,
        recv: Value,
    ) -> Unwind {
        let Unwind::Raise(exc) = e else { return e };
        let me = self.classes.method(m);
        let n = crate::value::symbol::name(me.original_name);
        if self.trace.events == 0
            || (me.owner == crate::class::cls::KERNEL && matches!(&*n, "raise" | "fail"))
        {
            return e;
        }
        let roots = self.roots_len();
        self.push_root(recv);
        self.push_root(exc);
        let r = self.trace_raise_in(exc, Some((m, name, recv)));
        self.truncate_roots(roots);
        match r {
            Ok(()) => e,
            Err(x) => x,
        }
    }

    fn trace_raise_in(
        &mut self,
        exc: Value,
        cfunc: Option<(MethodId, SymbolId, Value)>,
    ) -> Result<(), Unwind> {
        if self.trace.last_raised == exc || self.trace.running {
            return Ok(());
        }
        self.trace.last_raised = exc;
        if self.trace.events & event::C != 0 {
            self.trace_backtrace_call(exc)?;
        }
        if self.trace.events & event::RAISE == 0 {
            return Ok(());
        }
        // The innermost frame of Ruby code (the prelude's stand for C).
        let Some(fi) = self.frames.iter().rposition(|f| !f.iseq.internal) else {
            return Ok(());
        };
        let iseq = self.frames[fi].iseq;
        let line = self.frames[fi].line();
        let mut ev = self.frame_event(event::RAISE, fi, line);
        if let Some((m, name, recv)) = cfunc {
            ev.method = Some(m);
            ev.callee = Some(name);
            ev.self_val = recv;
        }
        ev.value = exc;
        self.fire(ev, Some(iseq))
    }

    /// CRuby's setup_exception reads the new exception's `backtrace`
    /// (still nil then) with the call events of a C method, or calls a
    /// redefined one.
    fn trace_backtrace_call(&mut self, exc: Value) -> Result<(), Unwind> {
        let c = self.class_of(exc);
        let r = self
            .dispatch
            .resolve(&mut self.classes, c, crate::value::sym::BACKTRACE);
        let Some(m) = r.method else { return Ok(()) };
        let name = crate::value::sym::BACKTRACE;
        if !matches!(self.classes.method(m).kind, MethodKind::Builtin { .. }) {
            return self.funcall(exc, name, &[], None).map(|_| ());
        }
        self.trace_c(m, name, exc, None)?;
        self.trace_c(m, name, exc, Some(Value::NIL))
    }

    /// `:thread_begin`/`:thread_end` of `thread` (no frame).
    #[cold]
    pub fn trace_thread(&mut self, begin: bool, thread: Value) -> Result<(), Unwind> {
        let kind = if begin {
            event::THREAD_BEGIN
        } else {
            event::THREAD_END
        };
        if self.trace.events & kind == 0 {
            return Ok(());
        }
        let mut ev = Event::new(kind);
        ev.self_val = if thread.is_nil() {
            self.current_thread()
        } else {
            thread
        };
        self.fire(ev, None)
    }

    /// `:fiber_switch`, in the fiber that now runs (where it called
    /// `resume` or `yield`; nowhere yet when it starts).
    #[cold]
    pub fn trace_fiber_switch(&mut self) -> Result<(), Unwind> {
        if self.trace.events & event::FIBER_SWITCH == 0 {
            return Ok(());
        }
        let mut ev = self.cfunc_event(event::FIBER_SWITCH);
        ev.self_val = self.current_thread();
        self.fire(ev, None)
    }

    /// `:script_compiled` for iseq `id` (`eval` of `script`; nil for a
    /// file), where the builtin compiling it was called.
    #[cold]
    pub fn trace_script_compiled(&mut self, id: IseqId, script: Value) -> Result<(), Unwind> {
        if self.trace.events & event::SCRIPT_COMPILED == 0 {
            return Ok(());
        }
        let mut ev = self.cfunc_event(event::SCRIPT_COMPILED);
        ev.value = Value::int(id.0 as i64);
        ev.script = script;
        self.fire(ev, None)
    }

    /// An event inside the builtin the top frame is running (`resume`,
    /// `eval`): at that frame's line, with the builtin as its method.
    fn cfunc_event(&self, kind: u32) -> Event {
        let Some(fi) = self.frames.len().checked_sub(1) else {
            return Event::new(kind);
        };
        let line = self.frames[fi].line();
        let mut ev = self.frame_event(kind, fi, line);
        if let Some(&(name, n, owner)) = self.cfuncs.last()
            && n == self.frames.len()
        {
            let m = crate::dispatch::lookup::find_method(&self.classes, owner, name);
            ev.method = m.map(|m| m.0);
            ev.callee = Some(name);
        }
        ev
    }

    /// `Thread.current` (prelude/thread.rb keeps it on the class).
    pub(crate) fn current_thread(&mut self) -> Value {
        let name = crate::intern!("Thread");
        let Some(t) = self
            .classes
            .get(crate::class::cls::OBJECT)
            .consts
            .get(&name)
            .copied()
        else {
            return Value::NIL;
        };
        let cur = self.ivar_get_name(t, crate::intern!("@current"));
        if !cur.is_nil() {
            return cur;
        }
        let was = std::mem::replace(&mut self.trace.running, true);
        let main = self.funcall(t, crate::intern!("main"), &[], None);
        self.trace.running = was;
        main.unwrap_or(Value::NIL)
    }

    // ---- what a hook reads ------------------------------------------------

    /// The event the running hook handles (RuntimeError outside one).
    pub fn trace_current(&mut self) -> Result<Event, Unwind> {
        match self.trace.current.last() {
            Some(e) => Ok(e.clone()),
            None => Err(self.runtime_error("access from outside")),
        }
    }

    pub fn event_method_id(&self, ev: &Event) -> Value {
        ev.method.map_or(Value::NIL, |m| {
            Value::symbol(self.classes.method(m).original_name)
        })
    }

    pub fn event_callee_id(&self, ev: &Event) -> Value {
        ev.callee.map_or(Value::NIL, Value::symbol)
    }

    pub fn event_defined_class(&self, ev: &Event) -> Value {
        let owner: Option<ClassId> = ev.method.map(|m| self.classes.method(m).owner);
        owner.map_or(Value::NIL, |c| self.class_value(c))
    }

    /// The Binding of the event's frame (nil without one).
    pub fn event_binding(&mut self, ev: &Event) -> Result<Value, Unwind> {
        match ev.frame {
            Some(fi) if fi < self.frames.len() => crate::builtins::binding::frame_binding(self, fi),
            _ => Ok(Value::NIL),
        }
    }
}

impl Vm {
    /// A builtin's result `v` going back to the run loop that called it
    /// (`boundary`: to Rust). While tracing is on, it comes as
    /// `Unwind::TraceSwitch` instead, so a plain loop moves to the
    /// tracing one (the builtin may have enabled a hook); a tracing loop
    /// just continues.
    #[inline(always)]
    pub(super) fn builtin_done(&mut self, v: Value, boundary: bool) -> Result<Call, Unwind> {
        if self.trace.events != 0 && !boundary {
            return Err(self.trace_switch(v, 0));
        }
        Ok(Call::Done(v))
    }

    /// `handle_unwind` for run loop `tracing`: when it goes on in this
    /// frame but tracing was switched meanwhile, the loop returns (with
    /// `trace.switch` set) for `run` to continue in the other one.
    #[inline(never)]
    pub(super) fn unwind_in_loop(
        &mut self,
        e: Unwind,
        tracing: bool,
    ) -> Result<Option<Value>, Unwind> {
        let r = self.handle_unwind(e);
        if let Ok(None) = r
            && (self.trace.events != 0) != tracing
        {
            self.trace.switch = true;
            return Ok(Some(Value::NIL));
        }
        r
    }

    /// What `exec_misc` did, while tracing is on: followed by
    /// `Unwind::TraceSwitch` unless it pushed a frame.
    #[cold]
    #[inline(never)]
    pub(super) fn misc_traced(&mut self, r: Option<Call>) -> Result<Option<Call>, Unwind> {
        match r {
            Some(Call::Done(v)) => Err(self.trace_switch(v, 0)),
            None => Err(Unwind::TraceSwitch),
            pushed => Ok(pushed),
        }
    }

    /// A safepoint's slow path in a run loop (a thread switch may run a
    /// hook's `enable`), as `misc_traced`.
    #[cold]
    #[inline(never)]
    pub(super) fn safepoint_in_loop(&mut self) -> Result<(), Unwind> {
        self.safepoint_slow()?;
        if self.trace.events != 0 {
            return Err(Unwind::TraceSwitch);
        }
        Ok(())
    }

    /// `Unwind::TraceSwitch` with result `v` in place of the top
    /// `operands` stack slots.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_switch(&mut self, v: Value, operands: usize) -> Unwind {
        let n = self.stack.len() - operands;
        self.stack.truncate(n);
        self.stack.push(v);
        Unwind::TraceSwitch
    }

    /// `invoke_other` while builtin calls are traced, for a builtin or an
    /// attribute method: `:c_call`, the call, `:c_return` (with nil when
    /// it raised). None for another handler, and for the call this makes
    /// itself.
    #[cold]
    #[inline(never)]
    pub(super) fn invoke_traced(
        &mut self,
        e: IcEntry,
        m: MethodId,
        name: SymbolId,
        a: Args,
        block: &Option<Rc<BlockArg>>,
    ) -> Option<Result<Call, Unwind>> {
        let (recv, recv_ix) = (a.recv, a.ret_sp);
        if std::mem::take(&mut self.trace.c_inner)
            || !matches!(
                e.handler,
                Handler::Builtin | Handler::New | Handler::IvarGet(_) | Handler::IvarSet(_)
            )
            || Some(self.classes.method(m).owner) == self.trace.class
        {
            return None;
        }
        if let Err(err) = self.trace_c(m, name, recv, None) {
            self.stack.truncate(recv_ix);
            return Some(Err(err));
        }
        self.trace.c_inner = true;
        let r = self.invoke_other(e, m, name, a, block.clone());
        self.trace.c_inner = false;
        let v = match &r {
            Ok(Call::Done(v)) => *v,
            // (`builtin_done` pushed it.)
            Err(Unwind::TraceSwitch) => self.stack.last().copied().unwrap_or(Value::NIL),
            _ => Value::NIL,
        };
        Some(self.trace_c(m, name, recv, Some(v)).and(r))
    }
}
