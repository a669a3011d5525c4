//! The bytecode loop and unwinding through catch tables.

use crate::bytecode::peephole::{self, CMP_EQ, CMP_GE, CMP_GT, CMP_JUMP_IF_TRUE, CMP_LE, CMP_LT};
use crate::bytecode::{CatchKind, Insn, misc_insn};
use crate::class::cls;
use crate::dispatch::bop;
use crate::gc::obj;
use crate::object::{Body, Unwind};
use crate::value::Value;

use super::call::{Call, Hot};
use super::jit::JitExit;
use super::ops::FloatOp;
use super::trace::{self, event};
use super::{VResult, Vm};

impl Vm {
    /// Runs the top frame (and the frames it pushes) until a boundary
    /// frame returns: in the plain loop, or in the tracing one while a
    /// TracePoint is enabled. A loop that sees tracing switched on or
    /// off returns with `trace.switch` set, and the other one continues
    /// the same frames (src/interp/trace.rs).
    pub fn run(&mut self) -> VResult {
        if self.trace.events == 0 {
            let r = self.run_loop::<false>();
            if !self.trace.switch {
                return r;
            }
        }
        self.run_switching()
    }

    /// `run` while tracing is (or was just switched) on.
    #[cold]
    #[inline(never)]
    fn run_switching(&mut self) -> VResult {
        loop {
            self.trace.switch = false;
            let r = if self.trace.events == 0 {
                self.run_loop::<false>()
            } else {
                self.run_loop::<true>()
            };
            if !self.trace.switch {
                return r;
            }
        }
    }

    /// The bytecode loop; `TRACE` compiles in the event checks.
    fn run_loop<const TRACE: bool>(&mut self) -> VResult {
        'frame: loop {
            let fi = self.frames.len() - 1;
            let base = self.frames[fi].base;
            let mut pc = self.frames[fi].pc;
            let iseq = self.frames[fi].iseq;
            let insns: &[Insn] = &iseq.insns;
            // Installed code is a power of two long (`Iseq::pad_for_dispatch`):
            // `pc & mask` is always in bounds and, for a pc in the code,
            // is pc.
            if insns.is_empty() {
                unpadded();
            }
            let mask = insns.len() - 1;

            // The tracing loop after a call: a hook disabled by the Ruby
            // code that ran hands the frames back to the plain loop. (The
            // plain loop hears of a hook enabled from `Unwind::TraceSwitch`:
            // no check here.)
            macro_rules! retrace {
                () => {
                    if self.trace.events == 0 {
                        self.frames[fi].pc = pc;
                        self.trace.switch = true;
                        return Ok(Value::NIL);
                    }
                };
            }
            macro_rules! throw {
                ($e:expr) => {{
                    let e = $e;
                    self.frames[fi].pc = pc;
                    match self.unwind_in_loop(e, TRACE) {
                        Ok(None) => continue 'frame,
                        Ok(Some(v)) => return Ok(v),
                        Err(e) => return Err(e),
                    }
                }};
            }
            macro_rules! tri {
                ($e:expr) => {
                    match $e {
                        Ok(v) => v,
                        Err(e) => throw!(e),
                    }
                };
            }
            macro_rules! call {
                ($e:expr) => {{
                    self.frames[fi].pc = pc;
                    match $e {
                        Ok(Call::Pushed) => continue 'frame,
                        Ok(Call::Done(v)) => {
                            self.stack.push(v);
                            // (The plain loop learns of tracing switched on
                            // from the call's `Unwind::TraceSwitch`.)
                            if TRACE {
                                retrace!();
                            }
                        }
                        Err(e) => throw!(e),
                    }
                }};
            }
            // A call without a receiver: a fast bytecode method is entered
            // straight away (no `Call` in between), an attr_reader read by
            // the site's hot entry, anything else through the full send.
            macro_rules! send_self {
                ($site:expr) => {{
                    let s = self.frames[fi].self_val;
                    self.frames[fi].pc = pc;
                    match self.self_hot($site, s) {
                        Hot::Entered => continue 'frame,
                        Hot::Done(v) => self.stack.push(v),
                        Hot::No => call!(self.send_self_inline($site, s)),
                        Hot::Builtin => call!(self.hot_builtin::<true>($site, s)),
                    }
                }};
            }
            // A call with a receiver: a fast bytecode method is entered
            // straight away (as `send_self!`), an attribute read or written
            // by the site's hot entry, anything else through the full send.
            macro_rules! send_recv {
                ($site:expr) => {{
                    self.frames[fi].pc = pc;
                    match self.send_hot($site) {
                        Hot::Entered => continue 'frame,
                        Hot::Done(v) => self.stack.push(v),
                        Hot::No => call!(self.send_inline($site)),
                        Hot::Builtin => call!(self.hot_builtin::<false>($site, Value::NIL)),
                    }
                }};
            }
            macro_rules! pop {
                () => {
                    self.stack.pop().unwrap()
                };
            }
            macro_rules! top {
                () => {
                    *self.stack.last().unwrap()
                };
            }
            // An operator's fast path answered: its result replaces the
            // two operands (a store and a shorter length, no push).
            macro_rules! binary_result {
                ($l:expr, $v:expr) => {{
                    let v = $v;
                    // Cut first: the length is still in a register then
                    // (a store into the buffer first makes it reload it).
                    self.stack.truncate($l - 1);
                    self.stack[$l - 2] = v;
                    continue;
                }};
            }

            // `leave` with its result `v`: pop the frame (read in place,
            // dropped where it lies), cut the stack to the frame's return
            // height and push `v` for the caller (or return it to Rust).
            macro_rules! leave {
                ($v:expr) => {{
                    let v = $v;
                    if TRACE && self.trace.events & event::LEAVE != 0 {
                        self.frames[fi].pc = pc;
                        if let Err(e) = self.trace_frame_leave(fi, v, false) {
                            throw!(e)
                        }
                    }
                    let f = &self.frames[fi];
                    let (ret_sp, exit, method, iseq) = (f.ret_sp, f.exit, f.method, f.iseq);
                    if let Some(m) = method {
                        let classes = &self.classes;
                        crate::dispatch::probes::method_return(|| {
                            crate::dispatch::probes::method_args(classes, m, iseq.first_line)
                        });
                    } else if iseq.kind == crate::bytecode::IseqKind::Class {
                        let s = f.self_val;
                        self.end_class_body(s);
                    }
                    let mut v = v;
                    if !exit.is_plain() {
                        // `initialize` run for `Class#new` returns the object.
                        if exit.ctor() {
                            v = self.ctor_result(fi);
                        }
                        if exit.boundary() {
                            self.frames.pop_to(fi);
                            self.stack.truncate(ret_sp);
                            return Ok(v);
                        }
                    }
                    self.frames.pop_to(fi);
                    // The result takes the receiver's (or first
                    // argument's) slot, which the stack is above here.
                    match self.stack.get_mut(ret_sp) {
                        Some(slot) => {
                            *slot = v;
                            self.stack.truncate(ret_sp + 1);
                        }
                        None => self.stack.push(v),
                    }
                    continue 'frame;
                }};
            }

            // A frame met for the first time: its `:call`-like events.
            if TRACE && self.frames[fi].id > self.trace.seen_frame {
                self.trace.seen_frame = self.frames[fi].id;
                if self.trace.events & event::ENTER != 0
                    && let Err(e) = self.trace_frame_enter(fi)
                {
                    throw!(e)
                }
            }

            loop {
                // The tracing loop runs the instructions as compiled (no
                // superinstruction skips a statement or an operator call).
                let insn = if TRACE {
                    iseq.unfused_at(pc)
                } else {
                    &insns[pc & mask]
                };
                pc += 1;
                if TRACE {
                    if self.trace.events & event::LINE != 0
                        && !iseq.internal
                        && iseq.line_event_at(pc - 1)
                    {
                        self.frames[fi].pc = pc;
                        tri!(self.trace_line(fi));
                    }
                    // Traced builtin calls: operators take the send.
                    if self.trace.events & event::C != 0
                        && let Some(site) = trace::operator_site(insn)
                    {
                        call!(self.send(site));
                        continue;
                    }
                }
                match *insn {
                    Insn::Nop => nop(),
                    Insn::PutNil => self.stack.push(Value::NIL),
                    Insn::PutSelf => {
                        let s = self.frames[fi].self_val;
                        self.stack.push(s)
                    }
                    Insn::PutObject { v } => self.stack.push(v),
                    Insn::PutString { idx } => {
                        let bytes = self.frames[fi].iseq.strings[idx as usize].clone();
                        let v = self.str_from_bytes(bytes);
                        self.stack.push(v)
                    }
                    Insn::GetLocal { idx } => {
                        let v = self.stack[base + idx as usize];
                        self.stack.push(v)
                    }
                    Insn::SetLocal { idx } => {
                        let v = pop!();
                        self.stack[base + idx as usize] = v;
                    }
                    Insn::SetLocalPop { idx } => {
                        let v = pop!();
                        self.stack[base + idx as usize] = v;
                        pc += 2;
                    }
                    Insn::SetLocalUpPop { idx, depth } => {
                        let v = pop!();
                        self.outer_local_set(fi, idx, depth, v);
                        pc += 2;
                    }
                    Insn::GetLocalUp { idx, depth } => {
                        let v = self.outer_local_get(fi, idx, depth);
                        self.stack.push(v)
                    }
                    Insn::SetLocalUp { idx, depth } => {
                        let v = pop!();
                        self.outer_local_set(fi, idx, depth, v);
                    }
                    Insn::BranchIfSet { idx, target } => {
                        if !self.local_get(fi, idx).is_undef() {
                            pc = target as usize;
                        }
                    }
                    Insn::GetIvar { name, ic } => {
                        let v = tri!(self.get_ivar_cached(fi, name, ic));
                        self.stack.push(v)
                    }
                    Insn::SetIvar { name, ic } => {
                        let v = pop!();
                        tri!(self.set_ivar_cached(fi, name, ic, v, pc));
                    }
                    Insn::SetIvarPop { name, ic } => {
                        let v = pop!();
                        pc += 2;
                        tri!(self.set_ivar_cached(fi, name, ic, v, pc));
                    }
                    Insn::DupSetIvar { name, ic } => {
                        let v = top!();
                        pc += 1;
                        tri!(self.set_ivar_cached(fi, name, ic, v, pc));
                    }
                    Insn::SetIvarLeave { name, ic } => {
                        let v = top!();
                        pc += 1;
                        tri!(self.set_ivar_cached(fi, name, ic, v, pc));
                        leave!(v)
                    }
                    Insn::GetLocals { a, b } => {
                        let (x, y) = (self.stack[base + a as usize], self.stack[base + b as usize]);
                        self.stack.extend_from_slice(&[x, y]);
                        pc += 1;
                    }
                    Insn::LocalPutObject { idx, v } => {
                        let l = self.stack[base + idx as usize];
                        self.stack.extend_from_slice(&[l, v]);
                        pc += 1;
                    }
                    Insn::Pop => {
                        self.stack.pop();
                    }
                    Insn::AdjustStack { n } => {
                        let l = self.stack.len();
                        self.stack.truncate(l - n as usize);
                    }
                    Insn::Dup => {
                        let v = top!();
                        self.stack.push(v)
                    }
                    Insn::DupN { n } => {
                        let l = self.stack.len();
                        for i in 0..n as usize {
                            let v = self.stack[l - n as usize + i];
                            self.stack.push(v);
                        }
                    }
                    Insn::Swap => {
                        let l = self.stack.len();
                        self.stack.swap(l - 1, l - 2);
                    }
                    Insn::TopN { n } => {
                        let v = self.stack[self.stack.len() - 1 - n as usize];
                        self.stack.push(v)
                    }
                    Insn::SetN { n } => {
                        let l = self.stack.len();
                        self.stack[l - 1 - n as usize] = self.stack[l - 1];
                    }
                    Insn::Jump { target } => pc = target as usize,
                    Insn::BranchIf { target } => {
                        if pop!().truthy() {
                            pc = target as usize;
                        }
                    }
                    Insn::BranchUnless { target } => {
                        if !pop!().truthy() {
                            pc = target as usize;
                        }
                    }
                    Insn::BranchNil { target } => {
                        if pop!().is_nil() {
                            pc = target as usize;
                        }
                    }
                    Insn::Safepoint => {
                        if self.safepoint_due() {
                            self.frames[fi].pc = pc;
                            tri!(self.safepoint_in_loop());
                        }
                    }
                    Insn::Send { site } => send_recv!(site),
                    Insn::LocalSend { idx, site } => {
                        let v = self.stack[base + idx as usize];
                        self.stack.push(v);
                        pc += 1;
                        send_recv!(site)
                    }
                    Insn::SelfSend { site } => {
                        let s = self.frames[fi].self_val;
                        self.stack.push(s);
                        pc += 1;
                        send_recv!(site)
                    }
                    Insn::SendSelf { site } => {
                        send_self!(site)
                    }
                    Insn::LocalsSend { a, b, site } => {
                        let (x, y) = (self.stack[base + a as usize], self.stack[base + b as usize]);
                        self.stack.extend_from_slice(&[x, y]);
                        pc += 2;
                        send_recv!(site)
                    }
                    Insn::LocalsSendSelf { a, b, site } => {
                        let (x, y) = (self.stack[base + a as usize], self.stack[base + b as usize]);
                        self.stack.extend_from_slice(&[x, y]);
                        pc += 2;
                        send_self!(site)
                    }
                    Insn::LocalSendSelf { idx, site } => {
                        let v = self.stack[base + idx as usize];
                        self.stack.push(v);
                        pc += 1;
                        send_self!(site)
                    }
                    Insn::SendKw { site, .. } => call!(self.send_kw(site)),
                    Insn::InvokeSuper { site } => call!(self.invoke_super(site)),
                    Insn::InvokeBlock { site } => call!(self.invoke_block(site)),
                    Insn::OptPlus { site } => {
                        let l = self.stack.len();
                        let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                        if Value::both_fixnum(a, b)
                            && self.dispatch.bop_ok(bop::INT_ARITH)
                            && let Some(r) = Value::fix_add(a, b)
                        {
                            binary_result!(l, r)
                        }
                        if let Some(r) = self.opt_float_arith(FloatOp::Add, a, b) {
                            binary_result!(l, r)
                        }
                        call!(self.send(site))
                    }
                    Insn::OptMinus { site } => {
                        let l = self.stack.len();
                        let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                        if Value::both_fixnum(a, b)
                            && self.dispatch.bop_ok(bop::INT_ARITH)
                            && let Some(r) = Value::fix_sub(a, b)
                        {
                            binary_result!(l, r)
                        }
                        if let Some(r) = self.opt_float_arith(FloatOp::Sub, a, b) {
                            binary_result!(l, r)
                        }
                        call!(self.send(site))
                    }
                    Insn::OptMult { site } => {
                        let l = self.stack.len();
                        let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                        if Value::both_fixnum(a, b)
                            && self.dispatch.bop_ok(bop::INT_ARITH)
                            && let Some(r) = a
                                .fixnum_unchecked()
                                .checked_mul(b.fixnum_unchecked())
                                .and_then(Value::fixnum)
                        {
                            binary_result!(l, r)
                        }
                        if let Some(r) = self.opt_float_arith(FloatOp::Mul, a, b) {
                            binary_result!(l, r)
                        }
                        call!(self.send(site))
                    }
                    Insn::OptAnd { site } | Insn::OptOr { site } | Insn::OptXor { site } => {
                        let l = self.stack.len();
                        let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                        if Value::both_fixnum(a, b) && self.dispatch.bop_ok(bop::INT_ARITH) {
                            // Tagged: (2a+1) & (2b+1) = 2(a&b)+1, same for |;
                            // (2a+1) ^ (2b+1) = 2(a^b), the tag put back.
                            let r = match insn {
                                Insn::OptAnd { .. } => a.raw() & b.raw(),
                                Insn::OptOr { .. } => a.raw() | b.raw(),
                                _ => (a.raw() ^ b.raw()) | 1,
                            };
                            self.stack.truncate(l - 1);
                            self.stack[l - 2] = Value::from_raw(r);
                            continue;
                        }
                        call!(self.send(site))
                    }
                    Insn::OptDiv { site } | Insn::OptMod { site } => {
                        let l = self.stack.len();
                        let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                        if Value::both_fixnum(a, b)
                            && self.dispatch.bop_ok(bop::INT_ARITH)
                            && b.fixnum_unchecked() != 0
                        {
                            let (x, y) = (a.fixnum_unchecked(), b.fixnum_unchecked());
                            let div = matches!(insn, Insn::OptDiv { .. });
                            if x >= 0 && y > 0 {
                                // Truncation is flooring here, and the
                                // result is no larger than `x`.
                                let r = if div { x / y } else { x % y };
                                binary_result!(l, Value::int(r))
                            }
                            let r = if div {
                                super::ops::floor_div(x, y)
                            } else {
                                super::ops::floor_mod(x, y)
                            };
                            if let Some(r) = Value::fixnum(r) {
                                binary_result!(l, r)
                            }
                        }
                        if matches!(insn, Insn::OptDiv { .. })
                            && let Some(r) = self.opt_float_arith(FloatOp::Div, a, b)
                        {
                            binary_result!(l, r)
                        }
                        call!(self.send(site))
                    }
                    Insn::OptEq { site }
                    | Insn::OptNeq { site }
                    | Insn::OptLt { site }
                    | Insn::OptLe { site }
                    | Insn::OptGt { site }
                    | Insn::OptGe { site } => {
                        let l = self.stack.len();
                        let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                        if let Some(r) = self.opt_compare(*insn, a, b) {
                            binary_result!(l, Value::bool(r))
                        }
                        call!(self.send(site))
                    }
                    Insn::OptLtLt { site } => {
                        let l = self.stack.len();
                        let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                        if a.is_heap()
                            && self.dispatch.bop_ok(bop::ARRAY_OPS)
                            && obj(a).class.get() == cls::ARRAY
                        {
                            if obj(a).is_frozen() {
                                // CRuby's opt_ltlt calls rb_ary_push directly:
                                // no `<<` frame in the backtrace.
                                self.frames[fi].pc = pc;
                                throw!(self.frozen_error(a))
                            }
                            let grew = self.array_push_noted(a, b);
                            if !grew {
                                // CRuby's failed malloc: NoMemoryError, not an abort.
                                self.frames[fi].pc = pc;
                                throw!(self.no_memory_error())
                            }
                            self.stack.truncate(l - 1);
                            continue;
                        }
                        // CRuby's opt_ltlt calls rb_str_concat directly:
                        // its errors have no `<<` frame either.
                        if a.is_heap()
                            && obj(a).class.get() == cls::STRING
                            && self.dispatch.bop_ok(bop::STRING_OPS)
                        {
                            self.frames[fi].pc = pc;
                            tri!(crate::builtins::string::append(self, a, b));
                            self.stack.truncate(l - 1);
                            continue;
                        }
                        call!(self.send(site))
                    }
                    Insn::OptAref { site } => {
                        let l = self.stack.len();
                        let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                        if let Some(v) = self.opt_aref(a, b) {
                            binary_result!(l, v)
                        }
                        self.frames[fi].pc = pc;
                        if let Some(r) = self.opt_aref_direct(a, b) {
                            binary_result!(l, tri!(r))
                        }
                        call!(self.send(site))
                    }
                    Insn::OptStrFreeze { v } => {
                        if self.dispatch.bop_ok(bop::STRING_OPS) {
                            self.stack.push(v);
                            pc += 1;
                            continue;
                        }
                        // The `putstring` it replaced; the send follows.
                        let s = self.str_from_bytes(self.string_bytes(v));
                        self.stack.push(s)
                    }
                    Insn::OptArefWith { key } => {
                        let l = self.stack.len();
                        self.frames[fi].pc = pc + 1;
                        if let Some(r) = self.opt_aref_with(self.stack[l - 1], key) {
                            self.stack[l - 1] = tri!(r);
                            pc += 1;
                            continue;
                        }
                        // The `putstring` it replaced; the `opt_aref` of
                        // the next slot calls.
                        let v = self.str_from_bytes(self.string_bytes(key));
                        self.stack.push(v)
                    }
                    Insn::OptAset { site } => {
                        let l = self.stack.len();
                        let (a, i, v) = (self.stack[l - 3], self.stack[l - 2], self.stack[l - 1]);
                        if a.is_heap()
                            && i.is_fixnum()
                            && self.dispatch.bop_ok(bop::ARRAY_AREF)
                            && obj(a).class.get() == cls::ARRAY
                            && !obj(a).is_frozen()
                            && let Body::Array(items) = &mut *obj(a).body.borrow_mut()
                        {
                            // An index inside the array: store in place
                            // (growing and errors take the method).
                            let n = items.len() as i64;
                            let ix = i.fixnum_unchecked();
                            let ix = if ix < 0 { ix + n } else { ix };
                            if (0..n).contains(&ix) {
                                items[ix as usize] = v;
                                self.stack[l - 3] = v;
                                self.stack.truncate(l - 2);
                                continue;
                            }
                        }
                        // A Hash (frozen ones included: `aset` raises).
                        if self.is_plain_hash(a) {
                            self.frames[fi].pc = pc;
                            tri!(self.opt_aset_hash(a, i, v));
                            self.stack[l - 3] = v;
                            self.stack.truncate(l - 2);
                            continue;
                        }
                        if a.is_heap()
                            && obj(a).is_frozen()
                            && obj(a).class.get() == cls::ARRAY
                            && i.is_fixnum()
                            && self.dispatch.bop_ok(bop::ARRAY_AREF)
                        {
                            // CRuby's opt_aset stores directly: no `[]=` frame.
                            self.frames[fi].pc = pc;
                            throw!(self.frozen_error(a))
                        }
                        call!(self.send(site))
                    }
                    Insn::OptNot { site } => {
                        let v = top!();
                        if self.dispatch.bop_ok(bop::NOT) && !v.is_heap() {
                            let l = self.stack.len();
                            self.stack[l - 1] = Value::bool(!v.truthy());
                            continue;
                        }
                        call!(self.send(site))
                    }
                    Insn::OptSize { site }
                    | Insn::OptLength { site }
                    | Insn::OptEmptyP { site } => {
                        let v = top!();
                        if let Some(n) = self.opt_length(v) {
                            let r = if matches!(insn, Insn::OptEmptyP { .. }) {
                                Value::bool(n == 0)
                            } else {
                                Value::int(n as i64)
                            };
                            let l = self.stack.len();
                            self.stack[l - 1] = r;
                            continue;
                        }
                        call!(self.send(site))
                    }
                    Insn::OptPlusI { imm, .. } | Insn::OptMinusI { imm, .. } => {
                        let l = self.stack.len();
                        let d = if matches!(insn, Insn::OptPlusI { .. }) {
                            imm as i64
                        } else {
                            -(imm as i64)
                        };
                        if let Some(r) = self.fix_add_imm(self.stack[l - 1], d) {
                            self.stack[l - 1] = r;
                            pc += 1;
                            continue;
                        }
                        // The operator in the next slot takes the slow path.
                        self.stack.push(Value::int(imm as i64));
                    }
                    Insn::OptAndI { imm, .. }
                    | Insn::OptMultI { imm, .. }
                    | Insn::OptDivI { imm, .. }
                    | Insn::OptModI { imm, .. } => {
                        let l = self.stack.len();
                        let a = self.stack[l - 1];
                        if a.is_fixnum() && self.dispatch.bop_ok(bop::INT_ARITH) {
                            let (x, y) = (a.fixnum_unchecked(), imm as i64);
                            let r = match *insn {
                                // Tagged: (2x+1) & (2y+1) = 2(x&y)+1.
                                Insn::OptAndI { .. } => {
                                    Some(Value::from_raw(a.raw() & Value::int(y).raw()))
                                }
                                Insn::OptMultI { .. } => x.checked_mul(y).and_then(Value::fixnum),
                                // `y > 0` (peephole): flooring is Euclid's,
                                // and the result is no larger than `x` in
                                // magnitude (the remainder than `y`).
                                Insn::OptDivI { .. } => Some(Value::int(x.div_euclid(y))),
                                _ => Some(Value::int(x.rem_euclid(y))),
                            };
                            if let Some(r) = r {
                                self.stack[l - 1] = r;
                                pc += 1;
                                continue;
                            }
                        }
                        // The operator in the next slot takes the slow path.
                        self.stack.push(Value::int(imm as i64));
                    }
                    Insn::IvarLocal { name, ic, idx } => {
                        let v = tri!(self.get_ivar_cached(fi, name, ic));
                        let l = self.stack[base + idx as usize];
                        self.stack.extend_from_slice(&[v, l]);
                        pc += 1;
                    }
                    Insn::LocalSetIvar { idx, ic, .. } => {
                        let v = self.stack[base + idx as usize];
                        let s = self.frames[fi].self_val;
                        if self.set_ivar_hit(s, ic, v) {
                            pc += 3;
                            continue;
                        }
                        // The `setinstancevariable_pop` in the next slot.
                        self.stack.push(v)
                    }
                    Insn::LocalIvar { idx, name, ic } => {
                        let l = self.stack[base + idx as usize];
                        let v = tri!(self.get_ivar_cached(fi, name, ic));
                        self.stack.extend_from_slice(&[l, v]);
                        pc += 1;
                    }
                    Insn::IvarAddIStore { name, ic, imm } => {
                        let s = self.frames[fi].self_val;
                        if self.dispatch.bop_ok(bop::INT_ARITH) && self.ivar_add_imm(s, ic, imm) {
                            pc += 5;
                            continue;
                        }
                        // As `getinstancevariable`; the rest follows.
                        let v = tri!(self.get_ivar_cached(fi, name, ic));
                        self.stack.push(v)
                    }
                    Insn::LocalAddI { idx, imm } => {
                        let a = self.stack[base + idx as usize];
                        if let Some(r) = self.fix_add_imm(a, imm as i64) {
                            self.stack.push(r);
                            pc += 2;
                            continue;
                        }
                        // The fused immediate form in the next slot goes on.
                        self.stack.push(a);
                    }
                    Insn::LocalAddIStore { src, imm, dst } => {
                        let a = self.stack[base + src as usize];
                        if let Some(r) = self.fix_add_imm(a, imm as i64) {
                            self.stack[base + dst as usize] = r;
                            pc += 5;
                            continue;
                        }
                        self.stack.push(a);
                    }
                    Insn::LocalCmpIBranch {
                        idx,
                        kind,
                        imm,
                        target,
                    } => {
                        let a = self.stack[base + idx as usize];
                        if a.is_fixnum() && self.dispatch.bop_ok(bop::INT_CMP) {
                            let taken = int_branch(kind as u32, a.fixnum_unchecked(), imm as i64);
                            pc = if taken { target as usize } else { pc + 3 };
                            continue;
                        }
                        self.stack.push(a);
                    }
                    Insn::UpLocalsCmpBranch { a, b, kind, target } => {
                        let x = self.outer_local_get(fi, a as u32, 1);
                        let y = self.outer_local_get(fi, b as u32, 1);
                        if Value::both_fixnum(x, y) && self.dispatch.bop_ok(bop::INT_CMP) {
                            let taken =
                                int_branch(kind, x.fixnum_unchecked(), y.fixnum_unchecked());
                            pc = if taken { target as usize } else { pc + 3 };
                            continue;
                        }
                        // The second getlocal and the fused comparison go on.
                        self.stack.push(x);
                    }
                    Insn::UpLocalAddIStore { src, dst, imm } => {
                        let a = self.outer_local_get(fi, src as u32, 1);
                        if let Some(r) = self.fix_add_imm(a, imm as i64) {
                            self.outer_local_set(fi, dst as u32, 1, r);
                            pc += 5;
                            continue;
                        }
                        // The fused immediate form in the next slot goes on.
                        self.stack.push(a);
                    }
                    Insn::UpGetLocals { a, b } => {
                        let x = self.outer_local_get(fi, a as u32, 1);
                        let y = self.outer_local_get(fi, b as u32, 1);
                        self.stack.push(x);
                        self.stack.push(y);
                        pc += 1;
                    }
                    Insn::LocalsCmpBranch { a, b, kind, target } => {
                        let (x, y) = (self.stack[base + a as usize], self.stack[base + b as usize]);
                        if Value::both_fixnum(x, y) && self.dispatch.bop_ok(bop::INT_CMP) {
                            let taken =
                                int_branch(kind, x.fixnum_unchecked(), y.fixnum_unchecked());
                            pc = if taken { target as usize } else { pc + 3 };
                            continue;
                        }
                        // The second getlocal and the fused comparison go on.
                        self.stack.push(x);
                    }
                    Insn::CmpIBranch { kind, imm, target } => {
                        let l = self.stack.len();
                        let a = self.stack[l - 1];
                        if a.is_fixnum() && self.dispatch.bop_ok(bop::INT_CMP) {
                            let taken = int_branch(kind, a.fixnum_unchecked(), imm as i64);
                            self.stack.truncate(l - 1);
                            pc = if taken { target as usize } else { pc + 2 };
                            continue;
                        }
                        // Slow path: the comparison and branch in the next slots.
                        self.stack.push(Value::int(imm as i64));
                    }
                    Insn::CmpBranch { kind, site, target } => {
                        let l = self.stack.len();
                        let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                        if Value::both_fixnum(a, b) && self.dispatch.bop_ok(bop::INT_CMP) {
                            let taken =
                                int_branch(kind, a.fixnum_unchecked(), b.fixnum_unchecked());
                            self.stack.truncate(l - 2);
                            pc = if taken { target as usize } else { pc + 1 };
                            continue;
                        }
                        match self.opt_compare(peephole::cmp_insn(kind, site), a, b) {
                            Some(r) => {
                                self.stack.truncate(l - 2);
                                pc = branch_pc(r, kind, target, pc + 1);
                            }
                            // The branch in the next slot tests the result.
                            None => call!(self.send(site)),
                        }
                    }
                    Insn::OptLtI { imm, .. }
                    | Insn::OptLeI { imm, .. }
                    | Insn::OptGtI { imm, .. }
                    | Insn::OptGeI { imm, .. }
                    | Insn::OptEqI { imm, .. } => {
                        let l = self.stack.len();
                        let a = self.stack[l - 1];
                        if a.is_fixnum() && self.dispatch.bop_ok(bop::INT_CMP) {
                            let (x, y) = (a.fixnum_unchecked(), imm as i64);
                            let r = match *insn {
                                Insn::OptLtI { .. } => x < y,
                                Insn::OptLeI { .. } => x <= y,
                                Insn::OptGtI { .. } => x > y,
                                Insn::OptGeI { .. } => x >= y,
                                _ => x == y,
                            };
                            self.stack[l - 1] = Value::bool(r);
                            pc += 1;
                            continue;
                        }
                        // The operator in the next slot takes the slow path
                        // (floats, redefinitions, other receivers).
                        self.stack.push(Value::int(imm as i64));
                    }
                    // A constant read: the cache's hit here, a miss (and
                    // `const_missing`, autoload) out of line.
                    Insn::GetConst { name, cache } => {
                        // (A non-main Ractor checks what it reads: out of line.)
                        if !self.ractor_nonmain
                            && let Some(v) = self.const_cache_hit(fi, cache)
                        {
                            self.stack.push(v);
                            continue;
                        }
                        self.frames[fi].pc = pc;
                        let v = tri!(self.get_const_cached(fi, name, cache));
                        self.stack.push(v)
                    }
                    Insn::Leave => {
                        // The result is read in place: the stack is cut
                        // below it next.
                        leave!(top!())
                    }
                    Insn::LocalLeave { idx } => leave!(self.stack[base + idx as usize]),
                    // (Traced code stays interpreted.)
                    Insn::JitEntry if TRACE => pc = 0,
                    Insn::JitEntry => match self.jit_enter(fi) {
                        JitExit::Interpret | JitExit::Continue => pc = 0,
                        JitExit::Cancel(p) => pc = p,
                        JitExit::Return(v) => leave!(v),
                        JitExit::Raise(e) => {
                            pc = self.frames[fi].pc;
                            throw!(e)
                        }
                    },
                    Insn::End => ran_off_the_code(),
                    Insn::JitLoop => {
                        self.frames[fi].pc = pc;
                        if self.safepoint_due() {
                            tri!(self.safepoint_in_loop());
                        }
                        if TRACE {
                            continue;
                        }
                        match self.jit_loop(fi, pc) {
                            None | Some(JitExit::Continue | JitExit::Interpret) => {}
                            Some(JitExit::Cancel(p)) => pc = p,
                            Some(JitExit::Return(v)) => leave!(v),
                            Some(JitExit::Raise(e)) => {
                                pc = self.frames[fi].pc;
                                throw!(e)
                            }
                        }
                    }
                    Insn::ThrowBreak => {
                        let v = pop!();
                        let f = &self.frames[fi];
                        if f.is_lambda && f.is_block {
                            if TRACE && self.trace.events & event::LEAVE != 0 {
                                self.frames[fi].pc = pc;
                                tri!(self.trace_frame_leave(fi, v, false));
                            }
                            let f = self.frames.pop().unwrap();
                            self.stack.truncate(f.ret_sp);
                            if f.boundary {
                                return Ok(v);
                            }
                            self.stack.push(v);
                            continue 'frame;
                        }
                        let target = f.origin;
                        if !self.break_target_live(target, self.frames[fi].iseq.id) {
                            throw!(self.jump_error("break from proc-closure", "break", v))
                        }
                        throw!(Unwind::Break { target, value: v })
                    }
                    Insn::ThrowReturn => {
                        let v = pop!();
                        let target = self.frames[fi].home;
                        if !self.frames.iter().rev().any(|f| f.id == target) {
                            throw!(self.jump_error("unexpected return", "return", v))
                        }
                        throw!(Unwind::Return { target, value: v })
                    }
                    Insn::ThrowRetry => throw!(Unwind::Retry),
                    Insn::EnsureEnd { idx } => {
                        let p = self.local_get(fi, idx);
                        self.local_set(fi, idx, Value::NIL);
                        if p.is_heap()
                            && let Body::Pending(u) = &*obj(p).body.borrow()
                        {
                            // `$!` as before the ensure clause.
                            self.errinfo = self.local_get(fi, idx + 1);
                            let u = (**u).clone();
                            throw!(u)
                        }
                    }
                    Insn::ReRaise => {
                        let e = pop!();
                        throw!(Unwind::Raise(e))
                    }
                    // The table's rarely-used instructions (`misc` in
                    // bytecode/mod.rs), listed there once.
                    misc_insn!() => {
                        self.frames[fi].pc = pc;
                        match self.exec_misc(fi, *insn) {
                            Ok(Some(Call::Pushed)) => continue 'frame,
                            Ok(Some(Call::Done(v))) => self.stack.push(v),
                            Ok(None) => {}
                            Err(e) => throw!(e),
                        }
                        // exec_misc may have changed the pc (never does today).
                    }
                }
            }
        }
    }

    /// `a + d` for a Fixnum `a` and a small immediate `d` while Integer
    /// arithmetic is not redefined; None for the operator's slow path.
    #[inline(always)]
    fn fix_add_imm(&self, a: Value, d: i64) -> Option<Value> {
        if !a.is_fixnum() || !self.dispatch.bop_ok(bop::INT_ARITH) {
            return None;
        }
        Value::fix_add(a, Value::int(d))
    }

    /// True while the call the block `iseq` was attached to (in frame
    /// `target`) is still running, so `break` can return from it.
    pub(super) fn break_target_live(&self, target: u64, iseq: crate::value::IseqId) -> bool {
        let Some(f) = self.frames.iter().rev().find(|f| f.id == target) else {
            return false;
        };
        let Some(insn) = f.iseq.insns.get(f.pc.wrapping_sub(1)) else {
            return false;
        };
        let site = match *insn {
            Insn::Send { site }
            | Insn::SendSelf { site }
            | Insn::SendKw { site, .. }
            | Insn::InvokeSuper { site } => site,
            _ => return false,
        };
        self.dispatch.site(site).block == Some(iseq)
    }

    /// A LocalJumpError with its reason and exit value.
    #[cold]
    pub(super) fn jump_error(
        &mut self,
        msg: &str,
        reason: &str,
        v: Value,
    ) -> crate::object::Unwind {
        let e = self.new_exception(self.e.local_jump_error, msg);
        let r = self.sym(reason);
        self.ivar_set_name(e, crate::intern!("reason"), r);
        self.ivar_set_name(e, crate::intern!("exit_value"), v);
        self.fill_backtrace(e);
        Unwind::Raise(e)
    }

    /// GC, interrupts and the instruction budget.
    #[inline(always)]
    pub fn safepoint(&mut self) -> Result<(), Unwind> {
        if self.safepoint_due() {
            return self.safepoint_slow();
        }
        Ok(())
    }

    /// Something for `safepoint_slow` to do: a collection, the
    /// instruction budget, or an interrupt.
    #[inline(always)]
    pub(super) fn safepoint_due(&self) -> bool {
        self.heap.wants_collect()
            || self.options.max_instructions.is_some()
            || self
                .interrupts
                .pending
                .load(std::sync::atomic::Ordering::Relaxed)
    }

    #[cold]
    #[inline(never)]
    pub(super) fn safepoint_slow(&mut self) -> Result<(), Unwind> {
        if self.heap.wants_collect() {
            self.gc();
        }
        if let Some(max) = self.options.max_instructions {
            self.insn_count += 1;
            if self.insn_count > max {
                return Err(self.budget_exhausted());
            }
        }
        self.take_interrupts()
    }

    /// `exc` is a thread being killed (see `thread_kill`).
    pub fn is_thread_kill(&self, exc: Value) -> bool {
        self.thread_kill
            .is_some_and(|k| exc.is_heap() && self.class_of(exc) == k)
    }

    /// The error for an exhausted `--max-instructions` budget. From then on
    /// `rescue` clauses no longer catch (ensure clauses still run), so a
    /// program that rescues Exception cannot keep itself running.
    #[cold]
    pub fn budget_exhausted(&mut self) -> Unwind {
        self.budget_spent = true;
        let u = self.error(
            self.e.runtime_error,
            "carmine: instruction budget exhausted (--max-instructions)",
        );
        if let Unwind::Raise(e) = u {
            // Kept alive for good: it replaces whatever is raised later.
            self.literal_roots.push(e);
            self.budget_error = Some(e);
        }
        u
    }

    /// Unwinds frames for `e` until a catch entry takes it (Ok(None): keep
    /// running), a boundary frame returns (Ok(Some)), or it leaves `run`.
    pub fn handle_unwind(&mut self, mut e: Unwind) -> Result<Option<Value>, Unwind> {
        if let Unwind::TraceSwitch = e {
            // Not an error: the loop checks which instantiation to run.
            return Ok(None);
        }
        if self.budget_spent
            && let Unwind::Raise(_) = e
        {
            // Past the budget every exception becomes the budget error, so
            // the run ends with it whatever the program was raising.
            e = match self.budget_error {
                Some(b) => Unwind::Raise(b),
                None => self.budget_exhausted(),
            };
        }
        if let Unwind::Raise(exc) = e {
            self.fill_backtrace(exc);
            if self.trace.events != 0
                && let Err(x) = self.trace_raise(exc)
            {
                e = x;
            }
        }
        loop {
            let Some(f) = self.frames.last() else {
                return Err(e);
            };
            let fi = self.frames.len() - 1;
            if let Unwind::Break { target, value } = e
                && target == f.id
            {
                self.stack.push(value);
                return Ok(None);
            }
            if matches!(e, Unwind::Exit(_)) {
                self.unwind_ctor(fi);
                let f = self.frames.pop().unwrap();
                self.stack.truncate(f.ret_sp);
                if f.boundary {
                    return Err(e);
                }
                continue;
            }
            let pc = f.pc.saturating_sub(1) as u32;
            let (iseq, base, fid) = (f.iseq, f.base, f.id);
            let mut handled = false;
            for c in iseq.catch.iter() {
                // Leaving a rescue clause, or an ensure clause an unwind
                // entered, however it is left, sets `$!` back to what it was
                // before (entries run inner to outer).
                if matches!(c.kind, CatchKind::Rescue | CatchKind::Ensure)
                    && pc >= c.handler
                    && pc < c.handler_end
                {
                    self.errinfo = self.local_get(fi, c.local + 1);
                }
                if pc < c.start || pc >= c.end {
                    continue;
                }
                match (c.kind, &e) {
                    (CatchKind::Rescue, Unwind::Raise(exc))
                        if !self.budget_spent && !self.is_thread_kill(*exc) =>
                    {
                        let exc = *exc;
                        self.stack
                            .truncate(base + iseq.local_count as usize + c.sp as usize);
                        self.local_set(fi, c.local, exc);
                        let prev = self.errinfo;
                        self.local_set(fi, c.local + 1, prev);
                        self.errinfo = exc;
                        self.frames[fi].pc = c.handler as usize;
                        handled = true;
                    }
                    (
                        CatchKind::Break,
                        &Unwind::Loop {
                            target,
                            value,
                            next: false,
                        },
                    )
                    | (
                        CatchKind::Next,
                        &Unwind::Loop {
                            target,
                            value,
                            next: true,
                        },
                    ) if target == fid => {
                        self.stack
                            .truncate(base + iseq.local_count as usize + c.sp as usize);
                        if c.kind == CatchKind::Break {
                            self.stack.push(value);
                        }
                        self.frames[fi].pc = c.handler as usize;
                        handled = true;
                    }
                    (CatchKind::Ensure, _) => {
                        self.stack
                            .truncate(base + iseq.local_count as usize + c.sp as usize);
                        let p = self
                            .heap
                            .alloc(cls::PENDING, Body::Pending(Box::new(e.clone())));
                        self.local_set(fi, c.local, p);
                        let prev = self.errinfo;
                        self.local_set(fi, c.local + 1, prev);
                        if let Unwind::Raise(exc) = e
                            && !self.is_thread_kill(exc)
                        {
                            self.errinfo = exc;
                        }
                        self.frames[fi].pc = c.handler as usize;
                        handled = true;
                    }
                    _ => continue,
                }
                break;
            }
            if handled {
                return Ok(None);
            }
            let f = &self.frames[fi];
            if let Unwind::Return { target, value } = e
                && target == f.id
            {
                if self.trace.events & event::LEAVE != 0 {
                    // (A hook's own error is dropped while unwinding.)
                    let _ = self.trace_frame_leave(fi, value, true);
                }
                let value = if self.frames[fi].exit.ctor() {
                    self.ctor_result(fi)
                } else {
                    value
                };
                let f = self.frames.pop().unwrap();
                self.stack.truncate(f.ret_sp);
                if f.boundary {
                    return Ok(Some(value));
                }
                self.stack.push(value);
                return Ok(None);
            }
            if let Unwind::Retry = e {
                e = Unwind::Raise(
                    self.new_exception(self.e.runtime_error, "retry outside of rescue clause"),
                );
                continue;
            }
            if self.trace.events & event::LEAVE != 0 {
                // (A block left by `break` returns the break's value.)
                let v = match e {
                    Unwind::Break { value, .. } => value,
                    _ => Value::NIL,
                };
                let _ = self.trace_frame_leave(fi, v, true);
            }
            self.unwind_ctor(fi);
            let f = self.frames.pop().unwrap();
            self.stack.truncate(f.ret_sp);
            if f.boundary {
                return Err(e);
            }
        }
    }
}

impl Vm {
    /// Frame `fi` is unwound: an `initialize` run for `Class#new` pops
    /// its `new` entry too.
    fn unwind_ctor(&mut self, fi: usize) {
        if self.frames[fi].exit.ctor() {
            self.cfuncs.pop();
        }
    }
}

/// Where a fused compare-and-branch goes: `target` when the comparison
/// result `r` is the branch's sense, else `fallthrough`.
#[inline(always)]
pub(super) fn branch_pc(r: bool, kind: u32, target: u32, fallthrough: usize) -> usize {
    if r == (kind & CMP_JUMP_IF_TRUE != 0) {
        target as usize
    } else {
        fallthrough
    }
}

/// For each fused compare-and-branch kind (`peephole::CMP_*`, with
/// `CMP_JUMP_IF_TRUE`), the outcomes of `x <=> y` that take the branch:
/// bit 0 less, bit 1 equal, bit 2 greater.
const TAKEN: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut k = 0;
    while k < 16 {
        let when_true: u8 = match k as u32 & 7 {
            CMP_LT => 0b001,
            CMP_LE => 0b011,
            CMP_GT => 0b100,
            CMP_GE => 0b110,
            CMP_EQ => 0b010,
            _ => 0b101,
        };
        t[k] = if k as u32 & CMP_JUMP_IF_TRUE != 0 {
            when_true
        } else {
            !when_true & 7
        };
        k += 1;
    }
    t
};

/// Whether a fused compare-and-branch of kind `kind` jumps for fixnums
/// `x` and `y`: one lookup and a shift instead of a switch on the kind.
#[inline(always)]
fn int_branch(kind: u32, x: i64, y: i64) -> bool {
    let outcome = (x >= y) as u32 + (x > y) as u32;
    (TAKEN[(kind & 15) as usize] >> outcome) & 1 != 0
}

// `nop` is out of line so that its arm is not empty: an empty arm would
// make the fetch-and-jump block its own successor, and LLVM copies no
// block that loops to itself into the arms.
#[cold]
#[inline(never)]
fn nop() {
    std::hint::black_box(());
}

#[cold]
#[inline(never)]
fn ran_off_the_code() -> ! {
    panic!("the program counter ran past the end of an iseq");
}

#[cold]
#[inline(never)]
fn unpadded() -> ! {
    panic!("an iseq ran before it was installed");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytecode::peephole::{CMP_EQ, CMP_GE, CMP_GT, CMP_LE, CMP_LT};

    /// A fixnum comparison by `peephole::CMP_*` kind.
    fn int_cmp(kind: u32, x: i64, y: i64) -> bool {
        match kind & 7 {
            CMP_LT => x < y,
            CMP_LE => x <= y,
            CMP_GT => x > y,
            CMP_GE => x >= y,
            CMP_EQ => x == y,
            _ => x != y,
        }
    }

    #[test]
    fn int_branch_agrees_with_compare_then_branch() {
        for kind in 0..16u32 {
            if kind & 7 > 5 {
                continue;
            }
            for (x, y) in [(1i64, 2i64), (2, 2), (3, 2), (i64::MIN, i64::MAX), (-1, -1)] {
                let r = int_cmp(kind, x, y);
                let expect = branch_pc(r, kind, 100, 7) == 100;
                assert_eq!(int_branch(kind, x, y), expect, "kind {kind} {x} {y}");
            }
        }
    }

    #[test]
    fn installed_code_is_padded_for_the_masked_fetch() {
        let mut vm = Vm::new(crate::dispatch::Config::default());
        let src = b"def f(a)\n  a + 1\nend\n[1, 2].map { |x| f(x) }\n";
        let top = vm
            .compile(src, "t.rb", crate::bytecode::IseqKind::Top)
            .ok()
            .unwrap();
        let mut seen = 0;
        for (i, iseq) in vm.iseqs.iter().enumerate() {
            let Some(iseq) = iseq else { continue };
            let (n, code) = (iseq.insns.len(), iseq.code().len());
            assert!(
                n.is_power_of_two() && code < n,
                "{n} slots for {code} instructions"
            );
            assert!(iseq.insns[code..].iter().all(|i| matches!(i, Insn::End)));
            if i >= top.index() {
                assert!(matches!(iseq.code().last(), Some(Insn::Leave)));
                seen += 1;
            }
        }
        assert!(seen >= 3, "the script, f and the block: {seen}");
    }
}
