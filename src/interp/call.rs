//! Calls: sends through dispatch's caches, the per-kind call handlers,
//! argument setup, blocks, `super`, and calls from Rust into Ruby.

use std::rc::Rc;

use crate::bytecode::Iseq;
use crate::class::{MethodKind, Visibility, cls};
use crate::dispatch::{Handler, IcEntry, flags, lookup};
use crate::gc::obj;
use crate::object::{Block, BlockArg, Body, Cref, REnv, RProc, Unwind};
use crate::value::{CallSiteId, ClassId, IseqId, MethodId, SymbolId, Value, sym, symbol};

use super::frame::Frame;
use super::{MAX_FRAMES, VResult, Vm};

/// What a call did: pushed a frame for `run` to continue in, or finished.
pub enum Call {
    Pushed,
    Done(Value),
}

/// How a frame is entered.
pub struct Entry {
    pub self_val: Value,
    pub method: Option<MethodId>,
    pub cref: Cref,
    pub block: Option<Rc<BlockArg>>,
    pub penv: Value,
    pub home: Option<u64>,
    pub origin: u64,
    pub boundary: bool,
    pub is_lambda: bool,
    pub is_block: bool,
}

impl Vm {
    // ---- sends from bytecode --------------------------------------------

    /// `Send`: receiver and arguments are on the stack.
    #[inline(never)]
    pub fn send(&mut self, site: CallSiteId) -> Result<Call, Unwind> {
        self.send_inline(site)
    }

    /// `send` inlined into the run loop's `send` instruction (the operator
    /// instructions' slow paths call the out-of-line copy).
    #[inline(always)]
    pub fn send_inline(&mut self, site: CallSiteId) -> Result<Call, Unwind> {
        let s = self.dispatch.site(site);
        let (argc, fl, name) = (s.argc as usize, s.flags, s.name);
        let nblk = (fl & flags::BLOCKARG != 0) as usize;
        let recv_ix = self.stack.len() - argc - nblk - 1;
        let recv = self.stack[recv_ix];
        if fl & flags::SAFE_NAV != 0 && recv.is_nil() {
            self.stack.truncate(recv_ix);
            return Ok(Call::Done(Value::NIL));
        }
        let c = self.class_of(recv);
        let e = match self.dispatch.probe(site, c) {
            Some(e) => e,
            None => self.site_miss(site, c),
        };
        if e.visibility != Visibility::Public
            && fl & (flags::FCALL | flags::SELF_RECV) == 0
            && !self.visible(&e, recv)
        {
            self.stack.truncate(recv_ix);
            return Err(self.visibility_error(&e, name, recv));
        }
        // attr_reader / attr_writer on a plain object with plain arguments:
        // the ivar slot cached in the entry, no block, no frame.
        const PLAIN: u32 = flags::SPLAT | flags::KWARGS | flags::BLOCKARG;
        match e.handler {
            Handler::IvarGet(slot) if argc == 0 && fl & PLAIN == 0 => {
                if let Some(v) = ivar_slot_get(recv, slot) {
                    self.dispatch.counters.ccf_ivar += 1;
                    self.stack.truncate(recv_ix);
                    return Ok(Call::Done(v));
                }
            }
            Handler::IvarSet(slot) if argc == 1 && fl & PLAIN == 0 => {
                let v = self.stack[recv_ix + 1];
                if ivar_slot_set(recv, slot, v) {
                    self.dispatch.counters.ccf_attrset += 1;
                    self.stack.truncate(recv_ix);
                    return Ok(Call::Done(v));
                }
            }
            // The name comes first; a splat array, keyword hash or `&blk`
            // after it stays where it is (a lone splat or hash is no Symbol).
            // (A splat together with keywords takes the general path: the
            // layout of its arguments is not a plain list.)
            Handler::Send
                if argc >= 1
                    && fl & (flags::SPLAT | flags::KWARGS) != (flags::SPLAT | flags::KWARGS) =>
            {
                if let Some(n) = self.stack[recv_ix + 1].as_symbol()
                    && self.no_refinements()
                {
                    return self.send_optimized(site, n, recv, c, recv_ix, argc, fl);
                }
                // `send(name, *args)` compiles to one splat array `[name, *args]`.
                if argc == 1
                    && fl & (flags::SPLAT | flags::KWARGS) == flags::SPLAT
                    && self.no_refinements()
                    && let Some(n) = splat_head_symbol(self.stack[recv_ix + 1])
                {
                    return self.send_optimized_splat(site, n, recv, c, recv_ix, fl);
                }
            }
            _ => {}
        }
        let block = self.site_block(site, fl, recv_ix + 1 + argc)?;
        if let Handler::Iseq(iid) = e.handler
            && let Some(m) = e.method
        {
            return self.invoke_iseq(m, iid, recv, recv_ix, argc, fl, block, false);
        }
        self.invoke(e, name, recv, recv_ix, argc, fl, block, false)
    }

    /// `recv.send(:name, *args)` through the `Send` handler: the name is
    /// dropped from the stack and `name` is called as an FCALL.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn send_optimized(
        &mut self,
        site: CallSiteId,
        name: SymbolId,
        recv: Value,
        c: ClassId,
        recv_ix: usize,
        argc: usize,
        fl: u32,
    ) -> Result<Call, Unwind> {
        self.dispatch.counters.ccf_send += 1;
        self.stack.remove(recv_ix + 1);
        let argc = argc - 1;
        let r = self.dispatch.resolve(&mut self.classes, c, name);
        let e = IcEntry::new(c, 0, 0, r);
        let block = self.site_block(site, fl, recv_ix + 1 + argc)?;
        self.invoke(
            e,
            name,
            recv,
            recv_ix,
            argc,
            fl | flags::FCALL,
            block,
            false,
        )
    }

    /// `recv.send(*[name, args...])` (what `send(name, *args)` compiles
    /// to): the splat is spread on the stack as plain arguments, then as
    /// `send_optimized`.
    #[inline(never)]
    fn send_optimized_splat(
        &mut self,
        site: CallSiteId,
        name: SymbolId,
        recv: Value,
        c: ClassId,
        recv_ix: usize,
        fl: u32,
    ) -> Result<Call, Unwind> {
        let splat = self.stack[recv_ix + 1];
        let blk = (fl & flags::BLOCKARG != 0).then(|| self.stack[recv_ix + 2]);
        self.stack.truncate(recv_ix + 1);
        if let Body::Array(items) = &*obj(splat).body.borrow() {
            self.stack.extend_from_slice(items);
        }
        let argc = self.stack.len() - recv_ix - 1;
        if let Some(b) = blk {
            self.stack.push(b);
        }
        self.send_optimized(site, name, recv, c, recv_ix, argc, fl & !flags::SPLAT)
    }

    /// True when the running frame has no active refinements (which
    /// `send` must honour through the general path).
    #[inline(always)]
    fn no_refinements(&self) -> bool {
        self.frames
            .last()
            .is_none_or(|f| f.cref.refinements.borrow().is_empty())
    }

    #[cold]
    fn site_miss(&mut self, site: CallSiteId, c: ClassId) -> IcEntry {
        if self.no_refinements() {
            return self.dispatch.miss(&mut self.classes, site, c, &[]);
        }
        let refinements: Vec<ClassId> = self
            .frames
            .last()
            .map(|f| f.cref.refinements.borrow().clone())
            .unwrap_or_default();
        self.dispatch.miss(&mut self.classes, site, c, &refinements)
    }

    fn visible(&self, e: &IcEntry, _recv: Value) -> bool {
        if e.visibility == Visibility::Protected
            && let (Some(m), Some(f)) = (e.method, self.frames.last())
        {
            let owner = self.classes.method(m).owner;
            let owner = self.classes.real_class(owner);
            let self_cls = self.class_of(f.self_val);
            return self.classes.is_subclass_of(self_cls, owner);
        }
        false
    }

    #[cold]
    fn visibility_error(&mut self, e: &IcEntry, name: SymbolId, recv: Value) -> Unwind {
        self.dispatch.counters.mc_miss_by_visi += 1;
        let which = if e.visibility == Visibility::Private {
            "private"
        } else {
            "protected"
        };
        let desc = self.describe_receiver(recv);
        let msg = format!("{which} method `{}' called for {desc}", symbol::name(name));
        let ex = self.new_exception(self.e.no_method_error, &msg);
        self.set_name_error_fields(ex, name, recv);
        self.fill_backtrace(ex);
        Unwind::Raise(ex)
    }

    /// The block a call site passes: a literal block, `&arg`, or none.
    #[inline(always)]
    fn site_block(
        &mut self,
        site: CallSiteId,
        fl: u32,
        blk_ix: usize,
    ) -> Result<Option<Rc<BlockArg>>, Unwind> {
        if fl & flags::BLOCKARG != 0 {
            return self.site_block_arg(blk_ix);
        }
        match self.dispatch.site(site).block {
            Some(iseq) => Ok(Some(Rc::new(BlockArg::Literal(self.make_block(iseq))))),
            None => Ok(None),
        }
    }

    #[inline(never)]
    fn site_block_arg(&mut self, blk_ix: usize) -> Result<Option<Rc<BlockArg>>, Unwind> {
        let v = self.stack[blk_ix];
        self.stack.truncate(blk_ix);
        self.to_block_arg(v)
    }

    /// Captures the current frame's context for a block literal.
    pub fn make_block(&mut self, iseq: crate::value::IseqId) -> Block {
        let f = self.frames.last().unwrap();
        Block {
            iseq,
            self_val: f.self_val,
            env: if f.env.is_nil() { f.penv } else { f.env },
            cref: f.cref.clone(),
            home: f.home,
            origin: f.id,
            method: f.method,
            outer_block: f.block.clone(),
        }
    }

    /// Converts an `&arg` value to a block.
    pub fn to_block_arg(&mut self, v: Value) -> Result<Option<Rc<BlockArg>>, Unwind> {
        if v.is_nil() {
            return Ok(None);
        }
        if let Some(s) = v.as_symbol() {
            return Ok(Some(Rc::new(BlockArg::Symbol(s))));
        }
        if v.is_heap() {
            match &*obj(v).body.borrow() {
                Body::Proc(_) => return Ok(Some(Rc::new(BlockArg::Proc(v)))),
                Body::Method(_) => return Ok(Some(Rc::new(BlockArg::Method(v)))),
                _ => {}
            }
        }
        let p = self.funcall(v, sym::TO_PROC, &[], None).map_err(|_| {
            let cname = self.class_name(self.real_class_of(v));
            self.type_error(&format!("wrong argument type {cname} (expected Proc)"))
        })?;
        if p.is_heap() && matches!(&*obj(p).body.borrow(), Body::Proc(_)) {
            return Ok(Some(Rc::new(BlockArg::Proc(p))));
        }
        let cname = self.class_name(self.real_class_of(v));
        Err(self.type_error(&format!("wrong argument type {cname} (expected Proc)")))
    }

    /// Calls the resolved entry. Arguments are at `recv_ix+1..`; on return
    /// (or when the pushed frame returns) the stack is cut back to `recv_ix`.
    #[allow(clippy::too_many_arguments)]
    pub fn invoke(
        &mut self,
        e: IcEntry,
        name: SymbolId,
        recv: Value,
        recv_ix: usize,
        argc: usize,
        fl: u32,
        block: Option<Rc<BlockArg>>,
        boundary: bool,
    ) -> Result<Call, Unwind> {
        let Some(m) = e.method else {
            self.dispatch.counters.ccf_method_missing += 1;
            return self.call_method_missing(name, recv, recv_ix, argc, fl, block, boundary);
        };
        if let Handler::Iseq(iid) = e.handler {
            return self.invoke_iseq(m, iid, recv, recv_ix, argc, fl, block, boundary);
        }
        self.invoke_other(e, m, name, recv, recv_ix, argc, fl, block, boundary)
    }

    /// The bytecode-method handler: set up parameters and push a frame.
    /// Inlined into `send` and `invoke`; builds the `Frame` in place.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn invoke_iseq(
        &mut self,
        m: MethodId,
        iid: IseqId,
        recv: Value,
        recv_ix: usize,
        argc: usize,
        fl: u32,
        block: Option<Rc<BlockArg>>,
        boundary: bool,
    ) -> Result<Call, Unwind> {
        self.dispatch.counters.ccf_iseq += 1;
        let iseq: &'static Iseq = self.iseqs[iid.index()].expect("installed iseq");
        let (lc, line) = (iseq.local_count as usize, iseq.first_line);
        let base = recv_ix + 1;
        if iseq.params.simple
            && argc as u32 == iseq.params.lead
            && fl & (flags::SPLAT | flags::KWARGS) == 0
        {
            self.stack.resize(base + lc, Value::NIL);
        } else if let Err(err) = self.setup_params(iseq, base, argc, fl, false, &block) {
            self.stack.truncate(recv_ix);
            return Err(err);
        }
        // Ruby-to-Ruby calls continue in the same `run`; only a boundary
        // frame (a call from Rust) uses more native stack.
        if self.frames.len() >= MAX_FRAMES
            || self.stack.len() > super::MAX_STACK
            || (boundary && self.native_stack_low())
        {
            self.stack.truncate(recv_ix);
            return Err(self.stack_error());
        }
        let env = if iseq.env_on_heap {
            self.alloc_frame_env(base, lc, Value::NIL)
        } else {
            Value::NIL
        };
        let id = self.next_frame_id;
        self.next_frame_id += 1;
        let MethodKind::Iseq { cref, .. } = &self.classes.method(m).kind else {
            unreachable!()
        };
        if let Some(f) = self.frames.reuse_slot() {
            // A loop calling one method, or recursion, finds the same iseq
            // and cref in the slot: no reference counting then.
            f.iseq = iseq;
            if !Rc::ptr_eq(&f.cref, cref) {
                f.cref = cref.clone();
            }
            f.pc = 0;
            f.base = base;
            f.ret_sp = recv_ix;
            f.self_val = recv;
            f.env = env;
            f.penv = Value::NIL;
            f.block = block;
            f.method = Some(m);
            f.id = id;
            f.home = id;
            f.origin = 0;
            f.boundary = boundary;
            f.is_lambda = true;
            f.is_block = false;
        } else {
            self.frames.push(Frame {
                iseq,
                pc: 0,
                base,
                ret_sp: recv_ix,
                self_val: recv,
                env,
                penv: Value::NIL,
                block,
                method: Some(m),
                cref: cref.clone(),
                id,
                home: id,
                origin: 0,
                boundary,
                is_lambda: true,
                is_block: false,
            });
        }
        let classes = &self.classes;
        crate::dispatch::probes::method_entry(|| {
            let me = classes.method(m);
            [me.owner.0 as i64, me.name.0 as i64, line as i64]
        });
        if self.heap.wants_collect() {
            self.gc();
        }
        Ok(Call::Pushed)
    }

    /// Every handler but `Iseq` (kept out of line so the bytecode call
    /// path stays small).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn invoke_other(
        &mut self,
        e: IcEntry,
        m: MethodId,
        name: SymbolId,
        recv: Value,
        recv_ix: usize,
        argc: usize,
        fl: u32,
        block: Option<Rc<BlockArg>>,
        boundary: bool,
    ) -> Result<Call, Unwind> {
        match e.handler {
            Handler::Iseq(_) => unreachable!("handled by invoke_iseq"),
            Handler::Builtin | Handler::Send => {
                self.dispatch.counters.ccf_cfunc += 1;
                let (func, arity) = match self.classes.method(m).kind {
                    MethodKind::Builtin { func, arity } => (func, arity),
                    _ => unreachable!(),
                };
                // Plain arguments are copied to a native-stack buffer (no
                // allocation); they stay rooted on the VM stack meanwhile.
                let mut buf = [Value::NIL; 6];
                let heap_args;
                let args: &[Value] = if fl & (flags::SPLAT | flags::KWARGS) == 0 && argc <= 6 {
                    buf[..argc].copy_from_slice(&self.stack[recv_ix + 1..recv_ix + 1 + argc]);
                    &buf[..argc]
                } else {
                    heap_args = self.collect_args(recv_ix, argc, fl)?;
                    &heap_args
                };
                if let Some(err) = self.check_builtin_arity(arity, args.len()) {
                    self.stack.truncate(recv_ix);
                    return Err(err);
                }
                // Builtins that call back into Ruby recurse on the native
                // stack without pushing a boundary frame first.
                if self.native_stack_low() {
                    self.stack.truncate(recv_ix);
                    return Err(self.stack_error());
                }
                let f = self.builtins[func.index()];
                let owner = self.classes.method(m).owner;
                self.cfuncs.push((name, self.frames.len(), owner));
                // A `&obj` block may be the only reference to its Proc or
                // Method (the stack slot is gone): keep it alive.
                let root = matches!(
                    block.as_deref(),
                    Some(BlockArg::Proc(_) | BlockArg::Method(_))
                );
                if root {
                    self.block_roots.push(block.clone().unwrap());
                }
                // Keywords were passed unless the keyword Hash was empty
                // (`**{}` passes nothing; collect_args dropped it).
                self.kw_passed = fl & flags::KWARGS != 0
                    && argc > 0
                    && self.hash_len(self.stack[recv_ix + argc]) != Some(0);
                let r = f(self, recv, args, block);
                if root {
                    self.block_roots.pop();
                }
                self.cfuncs.pop();
                self.stack.truncate(recv_ix);
                Ok(Call::Done(r?))
            }
            Handler::IvarGet(slot) => {
                self.dispatch.counters.ccf_ivar += 1;
                if argc != 0 {
                    self.stack.truncate(recv_ix);
                    return Err(self.argc_error(argc, 0, 0));
                }
                self.stack.truncate(recv_ix);
                let iv = match self.classes.method(m).kind {
                    MethodKind::AttrReader(iv) => iv,
                    _ => name,
                };
                Ok(Call::Done(self.ivar_get_slot(recv, slot, iv)))
            }
            Handler::IvarSet(slot) => {
                self.dispatch.counters.ccf_attrset += 1;
                if argc != 1 || fl & flags::SPLAT != 0 {
                    let args = self.collect_args(recv_ix, argc, fl)?;
                    if args.len() != 1 {
                        self.stack.truncate(recv_ix);
                        return Err(self.argc_error(args.len(), 1, 1));
                    }
                    self.stack.truncate(recv_ix);
                    self.stack.push(recv);
                    self.stack.push(args[0]);
                }
                let v = self.stack[recv_ix + 1];
                self.stack.truncate(recv_ix);
                let iv = match self.classes.method(m).kind {
                    MethodKind::AttrWriter(iv) => iv,
                    _ => name,
                };
                self.ivar_set_slot(recv, slot, iv, v)?;
                Ok(Call::Done(v))
            }
            Handler::Bmethod => {
                self.dispatch.counters.ccf_bmethod += 1;
                let p = match self.classes.method(m).kind {
                    MethodKind::Bmethod(p) => p,
                    _ => unreachable!(),
                };
                let (iseq, cref, env) = match &*obj(p).body.borrow() {
                    Body::Proc(rp) => (rp.block.iseq, rp.block.cref.clone(), rp.block.env),
                    _ => unreachable!(),
                };
                let iseq = self.iseq(iseq);
                let base = recv_ix + 1;
                // Lambda semantics: exactly `lead` plain arguments need no setup.
                if iseq.params.simple
                    && argc as u32 == iseq.params.lead
                    && fl & (flags::SPLAT | flags::KWARGS) == 0
                {
                    self.stack
                        .resize(base + iseq.local_count as usize, Value::NIL);
                } else if let Err(err) = self.setup_params(iseq, base, argc, fl, false, &block) {
                    self.stack.truncate(recv_ix);
                    return Err(err);
                }
                let entry = Entry {
                    self_val: recv,
                    method: Some(m),
                    cref,
                    block,
                    penv: env,
                    home: None,
                    origin: 0,
                    boundary,
                    is_lambda: true,
                    is_block: true,
                };
                self.push_frame(iseq, base, recv_ix, entry)?;
                Ok(Call::Pushed)
            }
            Handler::MethodMissing => {
                self.call_method_missing(name, recv, recv_ix, argc, fl, block, boundary)
            }
        }
    }

    /// Copies arguments off the stack, expanding a splat.
    pub fn collect_args(
        &mut self,
        recv_ix: usize,
        argc: usize,
        fl: u32,
    ) -> Result<Vec<Value>, Unwind> {
        let start = recv_ix + 1;
        let mut args: Vec<Value> = self.stack[start..start + argc].to_vec();
        if fl & flags::SPLAT != 0 && !args.is_empty() {
            let kw = if fl & flags::KWARGS != 0 {
                args.pop()
            } else {
                None
            };
            let arr = args.pop().unwrap();
            // A splat pushes every element as an argument: more than the
            // VM stack holds is CRuby's SystemStackError, before copying.
            let n = match &*crate::gc::obj(arr).body.borrow() {
                Body::Array(v) => v.len(),
                _ => 0,
            };
            if n > super::MAX_STACK.saturating_sub(self.stack.len()) {
                return Err(self.stack_error());
            }
            let items = self.array_items(arr);
            args.extend(items);
            if let Some(k) = kw {
                args.push(k);
            }
        }
        if fl & flags::KWARGS != 0
            && let Some(&k) = args.last()
            && self.hash_len(k) == Some(0)
        {
            args.pop();
        }
        Ok(args)
    }

    fn check_builtin_arity(&mut self, arity: i32, n: usize) -> Option<Unwind> {
        if let Some((min, max)) = crate::class::arity::decode_range(arity) {
            if n < min || n > max {
                return Some(self.argc_error(n, min, max));
            }
            return None;
        }
        if arity >= 0 && n != arity as usize {
            return Some(self.argc_error(n, arity as usize, arity as usize));
        }
        if arity < -1 && n < (-arity - 1) as usize {
            let min = (-arity - 1) as usize;
            return Some(self.argc_error(n, min, usize::MAX));
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    #[cold]
    fn call_method_missing(
        &mut self,
        name: SymbolId,
        recv: Value,
        recv_ix: usize,
        argc: usize,
        fl: u32,
        block: Option<Rc<BlockArg>>,
        boundary: bool,
    ) -> Result<Call, Unwind> {
        let c = self.class_of(recv);
        let mm = self
            .dispatch
            .resolve(&mut self.classes, c, sym::METHOD_MISSING);
        let default = match mm.method {
            Some(m) => self.classes.method(m).owner == cls::BASIC_OBJECT,
            None => true,
        };
        if default {
            self.stack.truncate(recv_ix);
            return Err(self.no_method_error(name, recv, fl));
        }
        let nargs = if fl & (flags::SPLAT | flags::KWARGS) == 0 {
            // Plain arguments: slide them up to make room for the name.
            self.stack.truncate(recv_ix + 1 + argc);
            self.stack.insert(recv_ix + 1, Value::symbol(name));
            argc + 1
        } else {
            let mut args = self.collect_args(recv_ix, argc, fl)?;
            args.insert(0, Value::symbol(name));
            self.stack.truncate(recv_ix);
            self.stack.push(recv);
            self.stack.extend_from_slice(&args);
            args.len()
        };
        let e = IcEntry::new(c, 0, 0, mm);
        let e = IcEntry {
            visibility: Visibility::Public,
            ..e
        };
        // For a `super` from this method_missing into BasicObject's: a
        // variable-like call still raises NameError there.
        self.mm_reason = Some((name, fl & flags::VCALL));
        let kw = fl & flags::KWARGS;
        self.invoke(
            e,
            sym::METHOD_MISSING,
            recv,
            recv_ix,
            nargs,
            kw,
            block,
            boundary,
        )
    }

    #[cold]
    pub fn no_method_error(&mut self, name: SymbolId, recv: Value, fl: u32) -> Unwind {
        let desc = self.describe_receiver(recv);
        let n = symbol::name(name);
        let (cls_id, msg) = if fl & flags::VCALL != 0 {
            (
                self.e.name_error,
                format!("undefined local variable or method `{n}' for {desc}"),
            )
        } else {
            (
                self.e.no_method_error,
                format!("undefined method `{n}' for {desc}"),
            )
        };
        let ex = self.new_exception(cls_id, &msg);
        self.set_name_error_fields(ex, name, recv);
        self.fill_backtrace(ex);
        Unwind::Raise(ex)
    }

    /// `recv` as NoMethodError messages show it.
    pub fn describe_receiver(&mut self, recv: Value) -> String {
        if recv.is_nil() {
            return "nil:NilClass".into();
        }
        if recv == Value::TRUE {
            return "true:TrueClass".into();
        }
        if recv == Value::FALSE {
            return "false:FalseClass".into();
        }
        if recv == self.main_obj {
            return "main:Object".into();
        }
        if let Some(c) = self.as_class(recv) {
            let kind = if self.classes.is_module(c) {
                "Module"
            } else {
                "Class"
            };
            return format!("{}:{kind}", self.class_name(c));
        }
        // An object without `inspect` (a BasicObject) must not send it to
        // method_missing, which would describe the receiver again.
        let has_inspect =
            lookup::find_method(&self.classes, self.class_of(recv), sym::INSPECT).is_some();
        let s = if has_inspect {
            self.inspect(recv).unwrap_or_else(|_| self.any_to_s(recv))
        } else {
            self.any_to_s(recv)
        };
        if s.starts_with('#') {
            s
        } else {
            format!("{s}:{}", self.class_name(self.real_class_of(recv)))
        }
    }

    // ---- frames -------------------------------------------------------------

    /// Pushes a frame whose locals start at `base` (already set up).
    pub fn push_frame(
        &mut self,
        iseq: &'static Iseq,
        base: usize,
        ret_sp: usize,
        e: Entry,
    ) -> Result<(), Unwind> {
        self.push_frame_inline(iseq, base, ret_sp, e)
    }

    /// `push_frame` for the hot call paths: inlined so the `Entry` never
    /// exists in memory.
    #[inline(always)]
    fn push_frame_inline(
        &mut self,
        iseq: &'static Iseq,
        base: usize,
        ret_sp: usize,
        e: Entry,
    ) -> Result<(), Unwind> {
        // Ruby-to-Ruby calls continue in the same `run`; only a boundary
        // frame (a call from Rust) uses more native stack.
        if self.frames.len() >= MAX_FRAMES
            || self.stack.len() > super::MAX_STACK
            || (e.boundary && self.native_stack_low())
        {
            return Err(self.stack_error());
        }
        let lc = iseq.local_count as usize;
        if self.stack.len() < base + lc {
            self.stack.resize(base + lc, Value::NIL);
        }
        let env = if iseq.env_on_heap {
            self.alloc_frame_env(base, lc, e.penv)
        } else {
            Value::NIL
        };
        let id = self.next_frame_id;
        self.next_frame_id += 1;
        if let Some(f) = self.frames.reuse_slot() {
            // Written in place; `Rc`s already pointing right are kept.
            f.iseq = iseq;
            if !Rc::ptr_eq(&f.cref, &e.cref) {
                f.cref = e.cref;
            }
            f.pc = 0;
            f.base = base;
            f.ret_sp = ret_sp;
            f.self_val = e.self_val;
            f.env = env;
            f.penv = e.penv;
            f.block = e.block;
            f.method = e.method;
            f.id = id;
            f.home = e.home.unwrap_or(id);
            f.origin = e.origin;
            f.boundary = e.boundary;
            f.is_lambda = e.is_lambda;
            f.is_block = e.is_block;
        } else {
            self.frames.push(Frame {
                iseq,
                pc: 0,
                base,
                ret_sp,
                self_val: e.self_val,
                env,
                penv: e.penv,
                block: e.block,
                method: e.method,
                cref: e.cref,
                id,
                home: e.home.unwrap_or(id),
                origin: e.origin,
                boundary: e.boundary,
                is_lambda: e.is_lambda,
                is_block: e.is_block,
            });
        }
        if let Some(m) = e.method {
            let (classes, line) = (
                &self.classes,
                self.frames.last().map_or(0, |f| f.iseq.first_line),
            );
            crate::dispatch::probes::method_entry(|| {
                let me = classes.method(m);
                [me.owner.0 as i64, me.name.0 as i64, line as i64]
            });
        }
        if self.heap.wants_collect() {
            self.gc();
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn alloc_frame_env(&mut self, base: usize, lc: usize, penv: Value) -> Value {
        let vals = self.stack[base..base + lc].to_vec();
        self.heap.alloc(
            cls::ENV_CLASS,
            Body::Env(Box::new(REnv { vals, parent: penv })),
        )
    }

    pub fn native_stack_low(&self) -> bool {
        if self.stack_limit_addr == 0 {
            return false;
        }
        let probe = 0u8;
        let here = &probe as *const u8 as usize;
        here < self.stack_limit_addr
    }

    #[cold]
    pub fn stack_error(&mut self) -> Unwind {
        let ex = self.new_exception(self.e.system_stack_error, "stack level too deep");
        Unwind::Raise(ex)
    }

    /// Moves `argc` arguments at `base` into the iseq's parameter slots.
    /// `lenient`: proc semantics (auto-splat, missing args are nil).
    pub fn setup_params(
        &mut self,
        iseq: &Iseq,
        base: usize,
        argc: usize,
        fl: u32,
        lenient: bool,
        block: &Option<Rc<BlockArg>>,
    ) -> Result<(), Unwind> {
        let mut fl = fl;
        if fl & flags::KWARGS != 0
            && argc > 0
            && self.hash_len(self.stack[base + argc - 1]) == Some(0)
        {
            // `**{}` passes no keywords (collect_args drops the hash).
            fl &= !flags::KWARGS;
            let args = self.collect_args(base - 1, argc, fl | flags::KWARGS)?;
            return self.setup_params_with(iseq, base, args, fl, lenient, block);
        }
        if fl & (flags::SPLAT | flags::KWARGS) == 0
            && !lenient
            && self.setup_positional_in_place(iseq, base, argc, block)
        {
            return Ok(());
        }
        let args = self.collect_args(base - 1, argc, fl)?;
        self.setup_params_with(iseq, base, args, fl, lenient, block)
    }

    /// Plain positional arguments for a method with only leading,
    /// optional, rest and block parameters: set up where they lie on the
    /// stack (no argument vectors). False when the call needs the general
    /// path (keywords, post parameters, a wrong count).
    fn setup_positional_in_place(
        &mut self,
        iseq: &Iseq,
        base: usize,
        argc: usize,
        block: &Option<Rc<BlockArg>>,
    ) -> bool {
        let p = &iseq.params;
        if !p.kw.is_empty() || p.kwrest.is_some() || p.post != 0 {
            return false;
        }
        let (lead, opt) = (p.lead as usize, p.opt as usize);
        if argc < lead || (p.rest.is_none() && argc > lead + opt) {
            return false;
        }
        let rest = p.rest.map(|r| {
            let extra = self.stack[base + argc.min(lead + opt)..base + argc].to_vec();
            (r, self.ary_new(extra))
        });
        self.stack.truncate(base + argc.min(lead + opt));
        // Missing optionals are UNDEF: their default expressions run.
        self.stack.resize(base + lead + opt, Value::UNDEF);
        self.stack
            .resize(base + iseq.local_count as usize, Value::NIL);
        if let Some((r, a)) = rest {
            self.stack[base + r as usize] = a;
        }
        if let Some(b) = p.block {
            self.stack[base + b as usize] = match block {
                Some(b) => self.block_to_proc(b),
                None => Value::NIL,
            };
        }
        true
    }

    fn setup_params_with(
        &mut self,
        iseq: &Iseq,
        base: usize,
        mut args: Vec<Value>,
        fl: u32,
        lenient: bool,
        block: &Option<Rc<BlockArg>>,
    ) -> Result<(), Unwind> {
        let p = &iseq.params;
        let argc = args.len();
        self.stack.truncate(base);
        let accepts_kw = !p.kw.is_empty() || p.kwrest.is_some();
        let mut kwh: Option<Value> = None;
        if fl & flags::KWARGS != 0 && argc > 0 && !args.is_empty() {
            let last = *args.last().unwrap();
            if accepts_kw
                && self.hash_len(last).is_some()
                && self.collect_args_had_kw(fl, argc, base)
            {
                kwh = args.pop();
            } else if p.no_kw && self.hash_len(last).is_some() {
                return Err(self.callee_arg_error(iseq, "no keywords accepted"));
            }
        }
        let required = p.required() as usize;
        let opt = p.opt as usize;
        if lenient {
            if p.auto_splat && args.len() == 1 {
                let a = args[0];
                if self.is_array(a) {
                    args = self.array_items(a);
                } else if let Some(conv) = self.check_array_type(a)? {
                    args = self.array_items(conv);
                }
            }
            while args.len() < required {
                args.push(Value::NIL);
            }
            if p.rest.is_none() && args.len() > required + opt {
                args.truncate(required + opt);
            }
        } else if args.len() < required || (p.rest.is_none() && args.len() > required + opt) {
            let max = if p.rest.is_some() {
                usize::MAX
            } else {
                required + opt
            };
            let missing_kw: Vec<SymbolId> = p.kw.iter().filter(|k| k.2).map(|k| k.0).collect();
            let mut e = self.argc_message(args.len(), required, max);
            if !missing_kw.is_empty() {
                let names: Vec<String> = missing_kw
                    .iter()
                    .map(|k| symbol::name(*k).to_string())
                    .collect();
                let word = if names.len() == 1 {
                    "keyword"
                } else {
                    "keywords"
                };
                e = format!(
                    "{}; required {word}: {})",
                    e.trim_end_matches(')'),
                    names.join(", ")
                );
            }
            return Err(self.callee_arg_error(iseq, &e));
        }
        let lc = iseq.local_count as usize;
        let mut locals = vec![Value::NIL; lc];
        let n = args.len();
        let lead = p.lead as usize;
        let post = p.post as usize;
        let k = lead.min(n);
        locals[..k].copy_from_slice(&args[..k]);
        let avail_opt = n.saturating_sub(required).min(opt);
        for i in 0..opt {
            locals[lead + i] = if i < avail_opt {
                args[lead + i]
            } else {
                Value::UNDEF
            };
        }
        let rest_start = lead + avail_opt;
        let rest_end = n.saturating_sub(post).max(rest_start);
        if let Some(r) = p.rest {
            let rest: Vec<Value> = args[rest_start..rest_end].to_vec();
            locals[r as usize] = self.ary_new(rest);
        }
        for i in 0..post {
            if rest_end + i < n {
                locals[p.post_start as usize + i] = args[rest_end + i];
            }
        }
        if accepts_kw {
            self.assign_keywords(iseq, &mut locals, kwh)?;
        }
        if let Some(b) = p.block {
            locals[b as usize] = match block {
                Some(b) => self.block_to_proc(b),
                None => Value::NIL,
            };
        }
        self.stack.extend_from_slice(&locals);
        Ok(())
    }

    fn collect_args_had_kw(&self, fl: u32, _argc: usize, _base: usize) -> bool {
        fl & flags::KWARGS != 0
    }

    fn assign_keywords(
        &mut self,
        iseq: &Iseq,
        locals: &mut [Value],
        kwh: Option<Value>,
    ) -> Result<(), Unwind> {
        let p = &iseq.params;
        let mut pairs: Vec<(Value, Value)> = match kwh {
            Some(h) => self.hash_pairs(h),
            None => Vec::new(),
        };
        let mut missing = Vec::new();
        for (name, idx, required) in &p.kw {
            let key = Value::symbol(*name);
            match pairs.iter().position(|(k, _)| *k == key) {
                Some(i) => {
                    locals[*idx as usize] = pairs.remove(i).1;
                }
                None if *required => missing.push(*name),
                None => locals[*idx as usize] = Value::UNDEF,
            }
        }
        if !missing.is_empty() {
            let names: Vec<String> = missing
                .iter()
                .map(|k| format!(":{}", symbol::name(*k)))
                .collect();
            let word = if names.len() == 1 {
                "keyword"
            } else {
                "keywords"
            };
            return Err(
                self.callee_arg_error(iseq, &format!("missing {word}: {}", names.join(", ")))
            );
        }
        match p.kwrest {
            Some(r) => {
                let h = self.hash_from_pairs(&pairs)?;
                locals[r as usize] = h;
            }
            None if !pairs.is_empty() => {
                let mut names = Vec::new();
                for (k, _) in &pairs {
                    names.push(self.inspect(*k)?);
                }
                let word = if names.len() == 1 {
                    "keyword"
                } else {
                    "keywords"
                };
                return Err(
                    self.callee_arg_error(iseq, &format!("unknown {word}: {}", names.join(", ")))
                );
            }
            None => {}
        }
        Ok(())
    }

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
            BlockArg::Symbol(_) | BlockArg::Method(_) => {
                let dummy = self.dummy_block();
                self.heap.alloc(
                    cls::PROC,
                    Body::Proc(Box::new(RProc {
                        block: dummy,
                        // Symbol#to_proc and Method#to_proc procs are lambdas in 3.1.
                        is_lambda: true,
                        special: Some((**b).clone()),
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
                let blk = blk.clone();
                self.push_block_frame(&blk, recv_ix, argc, fl, None, false, false)?;
                Ok(Call::Pushed)
            }
            _ => {
                let args = self.collect_args(recv_ix, argc, fl)?;
                self.stack.truncate(recv_ix);
                Ok(Call::Done(self.yield_block(&b, &args)?))
            }
        }
    }

    /// Pushes a frame for a block with its args at `recv_ix+1..`.
    #[allow(clippy::too_many_arguments)]
    pub fn push_block_frame(
        &mut self,
        blk: &Block,
        recv_ix: usize,
        argc: usize,
        fl: u32,
        self_override: Option<Value>,
        lambda: bool,
        boundary: bool,
    ) -> Result<(), Unwind> {
        self.push_block_frame_bp(
            blk,
            recv_ix,
            argc,
            fl,
            self_override,
            lambda,
            boundary,
            &None,
        )
    }

    /// [`Vm::push_block_frame`] with the block given to the block call
    /// (`pr.call { }`), for a `&b` parameter.
    #[allow(clippy::too_many_arguments)]
    pub fn push_block_frame_bp(
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
        if iseq.params.simple
            && argc as u32 == iseq.params.lead
            && fl & (flags::SPLAT | flags::KWARGS) == 0
        {
            self.stack
                .resize(base + iseq.local_count as usize, Value::NIL);
        } else if let Err(e) = self.setup_params(iseq, base, argc, fl, !lambda, block_param) {
            self.stack.truncate(recv_ix);
            return Err(e);
        }
        let entry = Entry {
            self_val: self_override.unwrap_or(blk.self_val),
            method: blk.method,
            cref: blk.cref.clone(),
            block: blk.outer_block.clone(),
            penv: blk.env,
            home: if lambda { None } else { Some(blk.home) },
            origin: blk.origin,
            boundary,
            is_lambda: lambda,
            is_block: true,
        };
        if let Err(e) = self.push_frame(iseq, base, recv_ix, entry) {
            self.stack.truncate(recv_ix);
            return Err(e);
        }
        Ok(())
    }

    /// Calls a block from Rust with `args`.
    pub fn yield_block(&mut self, b: &Rc<BlockArg>, args: &[Value]) -> VResult {
        self.yield_block_with(b, args, None, None)
    }

    /// Calls a block with an optional `self` override (instance_exec) and block.
    pub fn yield_block_with(
        &mut self,
        b: &Rc<BlockArg>,
        args: &[Value],
        self_val: Option<Value>,
        blockarg: Option<Rc<BlockArg>>,
    ) -> VResult {
        self.block_call_tick()?;
        match &**b {
            BlockArg::Literal(blk) => {
                let blk = blk.clone();
                self.call_block_value(&blk, args, self_val, false, blockarg, 0)
            }
            BlockArg::Proc(p) => self.call_proc_with(*p, args, self_val, blockarg),
            BlockArg::Symbol(s) => {
                if args.is_empty() {
                    return Err(self.arg_error("no receiver given"));
                }
                self.call_refined(args[0], *s, &args[1..], blockarg, false)
            }
            BlockArg::Method(m) => {
                let m = *m;
                self.call_method_object(m, args, blockarg)
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
        // Argument setup may replace the arguments on the stack with the
        // values destructured from them (`|k, v|` over a pair), so keep the
        // caller's arguments rooted until the block returns: builtins often
        // use them afterwards (`find` returns the pair it yielded).
        let mark = self.temp_roots.len();
        self.temp_roots
            .extend(args.iter().copied().filter(|v| v.is_heap()));
        let recv_ix = self.stack.len();
        self.stack.push(Value::NIL);
        self.stack.extend_from_slice(args);
        let pushed = if let Some(ba) = blockarg {
            // A block passed to a block (`pr.call { }`) is seen only by a
            // `&b` parameter; `yield` still reaches the method's block.
            let bp = Some(ba);
            self.push_block_frame_bp(blk, recv_ix, args.len(), fl, self_val, lambda, true, &bp)
        } else {
            self.push_block_frame(blk, recv_ix, args.len(), fl, self_val, lambda, true)
        };
        if let Err(e) = pushed {
            self.temp_roots.truncate(mark);
            return Err(e);
        }
        self.native_depth += 1;
        let r = self.run();
        self.native_depth -= 1;
        self.temp_roots.truncate(mark);
        r
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
        let (blk, lambda, special) = match &*obj(p).body.borrow() {
            Body::Proc(rp) => (rp.block.clone(), rp.is_lambda, rp.special.clone()),
            _ => return Err(self.type_error("not a proc")),
        };
        if let Some(s) = special {
            if let BlockArg::Method(m) = s {
                return self.call_method_object_fl(m, args, blockarg, fl);
            }
            return self.yield_block_with(&Rc::new(s), args, self_val, blockarg);
        }
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

    // ---- calls from Rust ------------------------------------------------------

    /// Calls `recv.name(*args)` ignoring visibility (like rb_funcall).
    pub fn funcall(
        &mut self,
        recv: Value,
        name: SymbolId,
        args: &[Value],
        block: Option<Rc<BlockArg>>,
    ) -> VResult {
        self.call_with_visibility(recv, name, args, block, true, 0)
    }

    /// Calls with public visibility (`public_send`, `&:sym`).
    pub fn call_method_public(
        &mut self,
        recv: Value,
        name: SymbolId,
        args: &[Value],
        block: Option<Rc<BlockArg>>,
    ) -> VResult {
        self.call_with_visibility(recv, name, args, block, false, 0)
    }

    /// Calls with keyword args: the last arg is a keyword Hash.
    pub fn funcall_kw(
        &mut self,
        recv: Value,
        name: SymbolId,
        args: &[Value],
        block: Option<Rc<BlockArg>>,
        kw: bool,
    ) -> VResult {
        self.call_with_visibility(
            recv,
            name,
            args,
            block,
            true,
            if kw { flags::KWARGS } else { 0 },
        )
    }

    /// A call resolved with the refinements active in the calling Ruby
    /// frame (`send`, `public_send`, `&:sym`, which CRuby lets see them).
    pub fn call_refined(
        &mut self,
        recv: Value,
        name: SymbolId,
        args: &[Value],
        block: Option<Rc<BlockArg>>,
        private_ok: bool,
    ) -> VResult {
        self.call_refined_fl(recv, name, args, block, private_ok, 0)
    }

    /// `call_refined` with call-site flags (`flags::KWARGS` when the last
    /// argument is a keyword Hash).
    pub fn call_refined_fl(
        &mut self,
        recv: Value,
        name: SymbolId,
        args: &[Value],
        block: Option<Rc<BlockArg>>,
        private_ok: bool,
        fl: u32,
    ) -> VResult {
        let refs: Vec<ClassId> = self
            .frames
            .last()
            .map(|f| f.cref.refinements.borrow().clone())
            .unwrap_or_default();
        if refs.is_empty() {
            return self.call_with_visibility(recv, name, args, block, private_ok, fl);
        }
        let c = self.class_of(recv);
        let (r, _) = lookup::resolve_uncached(&mut self.classes, c, name, &refs);
        let e = IcEntry::new(c, 0, 0, r);
        if e.visibility != Visibility::Public && !private_ok && !self.visible(&e, recv) {
            return Err(self.visibility_error(&e, name, recv));
        }
        self.call_entry(e, name, recv, args, block, fl)
    }

    pub fn call_with_visibility(
        &mut self,
        recv: Value,
        name: SymbolId,
        args: &[Value],
        block: Option<Rc<BlockArg>>,
        private_ok: bool,
        fl: u32,
    ) -> VResult {
        let c = self.class_of(recv);
        let r = self.dispatch.resolve(&mut self.classes, c, name);
        let e = IcEntry::new(c, 0, 0, r);
        if e.visibility != Visibility::Public && !private_ok && !self.visible(&e, recv) {
            return Err(self.visibility_error(&e, name, recv));
        }
        self.call_entry(e, name, recv, args, block, fl)
    }

    /// Calls a resolved entry from Rust and runs it to completion.
    pub fn call_entry(
        &mut self,
        e: IcEntry,
        name: SymbolId,
        recv: Value,
        args: &[Value],
        block: Option<Rc<BlockArg>>,
        fl: u32,
    ) -> VResult {
        let recv_ix = self.stack.len();
        self.stack.push(recv);
        self.stack.extend_from_slice(args);
        match self.invoke(
            e,
            name,
            recv,
            recv_ix,
            args.len(),
            fl | flags::FCALL,
            block,
            true,
        )? {
            Call::Done(v) => Ok(v),
            Call::Pushed => {
                self.native_depth += 1;
                let r = self.run();
                self.native_depth -= 1;
                r
            }
        }
    }

    /// Calls a specific method entry (Method#call, super from Rust).
    pub fn call_method_id(
        &mut self,
        m: MethodId,
        recv: Value,
        args: &[Value],
        block: Option<Rc<BlockArg>>,
    ) -> VResult {
        self.call_method_id_fl(m, recv, args, block, 0)
    }

    /// `call_method_id` with call-site flags (`flags::KWARGS`).
    pub fn call_method_id_fl(
        &mut self,
        m: MethodId,
        recv: Value,
        args: &[Value],
        block: Option<Rc<BlockArg>>,
        fl: u32,
    ) -> VResult {
        let c = self.class_of(recv);
        let handler = crate::dispatch::Dispatch::handler_for(&mut self.classes, c, m);
        let vis = self.classes.method(m).visibility;
        let name = self.classes.method(m).name;
        let e = IcEntry {
            class: c,
            slot: 0,
            serial: 0,
            method: Some(m),
            handler,
            visibility: vis,
        };
        self.call_entry(e, name, recv, args, block, fl)
    }

    pub fn call_method_object(
        &mut self,
        m: Value,
        args: &[Value],
        block: Option<Rc<BlockArg>>,
    ) -> VResult {
        self.call_method_object_fl(m, args, block, 0)
    }

    /// `call_method_object` with call-site flags (`flags::KWARGS`).
    pub fn call_method_object_fl(
        &mut self,
        m: Value,
        args: &[Value],
        block: Option<Rc<BlockArg>>,
        fl: u32,
    ) -> VResult {
        let (recv, mid) = match &*obj(m).body.borrow() {
            Body::Method(rm) => (rm.recv, rm.method),
            _ => return Err(self.type_error("not a method")),
        };
        self.call_method_id_fl(mid, recv, args, block, fl)
    }

    pub fn respond_to(&mut self, v: Value, name: SymbolId) -> bool {
        let c = self.class_of(v);
        let r = self.dispatch.resolve(&mut self.classes, c, name);
        r.method.is_some() && r.visibility == Visibility::Public
    }

    /// rb_check_funcall for implicit conversions (`to_ary`, `to_str`...):
    /// the method's result, or None when `v` cannot answer. As in CRuby, an
    /// object without the method but with its own `method_missing` is asked
    /// through it (unless its own `respond_to_missing?` says no), and a
    /// NoMethodError for that very name from there means "cannot".
    pub fn check_funcall(&mut self, v: Value, name: SymbolId) -> Result<Option<Value>, Unwind> {
        if self.respond_to(v, name) {
            return self.funcall(v, name, &[], None).map(Some);
        }
        if !v.is_heap() {
            return Ok(None);
        }
        self.check_funcall_missing(v, name)
    }

    /// rb_check_array_type: the array, the result of `to_ary`, or None; a
    /// `to_ary` answering something else is a TypeError.
    pub fn check_array_type(&mut self, v: Value) -> Result<Option<Value>, Unwind> {
        if self.is_array(v) {
            return Ok(Some(v));
        }
        if !v.is_heap() {
            return Ok(None);
        }
        let Some(r) = self.check_funcall(v, sym::TO_ARY)? else {
            return Ok(None);
        };
        if r.is_nil() {
            return Ok(None);
        }
        if self.is_array(r) {
            return Ok(Some(r));
        }
        let c = self.class_name(self.real_class_of(v));
        let rc = self.class_name(self.real_class_of(r));
        Err(self.type_error(&format!(
            "can't convert {c} to Array ({c}#to_ary gives {rc})"
        )))
    }

    #[cold]
    fn check_funcall_missing(&mut self, v: Value, name: SymbolId) -> Result<Option<Value>, Unwind> {
        let c = self.class_of(v);
        let mm = self
            .dispatch
            .resolve(&mut self.classes, c, sym::METHOD_MISSING);
        let user_mm = mm
            .method
            .is_some_and(|m| self.classes.method(m).owner != cls::BASIC_OBJECT);
        if !user_mm {
            return Ok(None);
        }
        let rtm = self
            .dispatch
            .resolve(&mut self.classes, c, sym::RESPOND_TO_MISSING);
        let user_rtm = rtm
            .method
            .is_some_and(|m| self.classes.method(m).owner != cls::KERNEL);
        if user_rtm {
            let n = Value::symbol(name);
            let ok = self.funcall(v, sym::RESPOND_TO_MISSING, &[n, Value::TRUE], None)?;
            if !ok.truthy() {
                return Ok(None);
            }
        }
        let n = Value::symbol(name);
        match self.funcall(v, sym::METHOD_MISSING, &[n], None) {
            Ok(r) => Ok(Some(r)),
            Err(Unwind::Raise(e))
                if self.exception_is(e, self.e.no_method_error)
                    && self.ivar_get_name(e, symbol::intern("@name")) == n =>
            {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    // ---- super --------------------------------------------------------------

    pub fn invoke_super(&mut self, site: CallSiteId) -> Result<Call, Unwind> {
        let s = self.dispatch.site(site);
        let (argc, fl) = (s.argc as usize, s.flags);
        let nblk = (fl & flags::BLOCKARG != 0) as usize;
        let recv_ix = self.stack.len() - argc - nblk - 1;
        let f = self.frames.last().unwrap();
        let recv = f.self_val;
        let Some(m) = f.method else {
            self.stack.truncate(recv_ix);
            return Err(self.runtime_error("super called outside of method"));
        };
        let frame_block = f.block.clone();
        let owner = self.classes.method(m).owner;
        let name = self.classes.method(m).original_name;
        self.dispatch.counters.ccf_super += 1;
        let c = self.class_of(recv);
        let refinements: Vec<ClassId> = self
            .frames
            .last()
            .map(|f| f.cref.refinements.borrow().clone())
            .unwrap_or_default();
        // Cached in the site unless refinements are involved.
        let r = if refinements.is_empty() && self.classes.get(owner).refined.is_none() {
            let e = match self.dispatch.super_probe(site, c, owner, name) {
                Some(e) => e,
                None => self
                    .dispatch
                    .super_miss(&mut self.classes, site, c, owner, name),
            };
            crate::dispatch::Resolved {
                method: e.method,
                handler: e.handler,
                visibility: e.visibility,
            }
        } else {
            self.dispatch.counters.mc_search_super += 1;
            lookup::resolve_super(&mut self.classes, c, owner, name, &refinements)
        };
        let mut block = self.site_block(site, fl, recv_ix + 1 + argc)?;
        if block.is_none() && fl & flags::BLOCKARG == 0 {
            block = frame_block;
        }
        self.stack[recv_ix] = recv;
        if r.method.is_none() && self.has_custom_method_missing(c) {
            // CRuby sends `super` without a superclass method to method_missing.
            let e = IcEntry::new(c, 0, 0, r);
            return self.invoke(e, name, recv, recv_ix, argc, fl, block, false);
        }
        if r.method.is_none() {
            self.stack.truncate(recv_ix);
            let desc = self.describe_receiver(recv);
            let msg = format!(
                "super: no superclass method `{}' for {desc}",
                symbol::name(name)
            );
            let ex = self.new_exception(self.e.no_method_error, &msg);
            return Err(Unwind::Raise(ex));
        }
        let e = IcEntry::new(c, 0, 0, r);
        self.invoke(e, name, recv, recv_ix, argc, fl, block, false)
    }

    fn has_custom_method_missing(&mut self, c: ClassId) -> bool {
        let mm = self
            .dispatch
            .resolve(&mut self.classes, c, sym::METHOD_MISSING);
        mm.method
            .is_some_and(|m| self.classes.method(m).owner != cls::BASIC_OBJECT)
    }

    /// Calls the super method of the current frame from Rust (for builtins).
    pub fn frame_method(&self) -> Option<MethodId> {
        self.frames.last().and_then(|f| f.method)
    }

    pub fn alloc_proc(&mut self, blk: Block, lambda: bool) -> Value {
        self.heap.alloc(
            cls::PROC,
            Body::Proc(Box::new(RProc {
                block: blk,
                is_lambda: lambda,
                special: None,
            })),
        )
    }
}

/// The name in a `send` splat `[name, args...]` that can be passed as
/// plain arguments: a plain Array of at most 16 elements starting with a
/// Symbol and not ending in a Hash (which may be keywords).
fn splat_head_symbol(v: Value) -> Option<SymbolId> {
    if !v.is_heap() || obj(v).class.get() != cls::ARRAY {
        return None;
    }
    match &*obj(v).body.borrow() {
        Body::Array(items) if (1..=16).contains(&items.len()) => {
            let last = items[items.len() - 1];
            let hashy = last.is_heap() && matches!(&*obj(last).body.borrow(), Body::Hash(_));
            if hashy { None } else { items[0].as_symbol() }
        }
        _ => None,
    }
}

/// An attr_reader hit on a plain object: the value in `slot` (nil when
/// unset), or `None` when the receiver keeps its ivars elsewhere.
#[inline(always)]
fn ivar_slot_get(recv: Value, slot: u32) -> Option<Value> {
    if !recv.is_heap() {
        return None;
    }
    match &*obj(recv).body.borrow() {
        Body::Object(iv) => Some(match iv.get(slot as usize) {
            Some(v) if !v.is_undef() => *v,
            _ => Value::NIL,
        }),
        _ => None,
    }
}

/// An attr_writer hit on a plain, unfrozen object whose slot exists;
/// false sends the call down the general path.
#[inline(always)]
fn ivar_slot_set(recv: Value, slot: u32, v: Value) -> bool {
    if !recv.is_heap() {
        return false;
    }
    let o = obj(recv);
    if o.is_frozen() {
        return false;
    }
    match &mut *o.body.borrow_mut() {
        Body::Object(iv) if (slot as usize) < iv.len() => {
            iv[slot as usize] = v;
            true
        }
        _ => false,
    }
}
