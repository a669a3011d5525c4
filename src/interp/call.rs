//! Calls: sends through dispatch's caches, the per-kind call handlers,
//! argument setup, blocks, `super`, and calls from Rust into Ruby.

use std::rc::Rc;

use crate::bytecode::Iseq;
use crate::class::{AllocKind, ClassKind, MethodKind, Visibility, cls};
use crate::dispatch::{
    BUILTIN_FAST_ARGS, Callees, Handler, IcEntry, Probe, Resolved, Shortcut, flags, lookup,
};
use crate::gc::obj;
use crate::object::{Block, BlockArg, Body, Cref, REnv, RProc, Unwind};
use crate::value::{CallSiteId, ClassId, MethodId, SymbolId, Value, sym, symbol};

use super::frame::{Exit, Frame};
use super::trace::event;
use super::{MAX_FRAMES, Vm};

/// Why a call went to method_missing, beside a site's flags (never set
/// on a site): the method exists but is private / protected.
pub const MISSING_PRIVATE: u32 = 1 << 16;
pub const MISSING_PROTECTED: u32 = 1 << 17;

/// What a call did: pushed a frame for `run` to continue in, or finished.
pub enum Call {
    Pushed,
    Done(Value),
}

/// What `send_hot` did.
pub enum Hot {
    /// A bytecode method's frame is pushed.
    Entered,
    /// An attribute call is done: its result, for the caller to push.
    Done(Value),
    /// Nothing: the full send takes the call.
    No,
    /// The site's hot entry is a builtin's (`Shortcut::Builtin`): the run
    /// loop calls it through `Vm::hot_builtin` (the hit not counted yet;
    /// no payload: a method id here made the loop keep `Hot` in memory,
    /// +4.6% instructions on attr_access).
    Builtin,
}

/// Where a call's arguments lie and how they were passed: the shape of
/// a call once its method is known, handed down the call path.
#[derive(Copy, Clone)]
pub struct Args {
    pub recv: Value,
    /// Where the stack is cut back when the call returns: the receiver's
    /// slot (`base` itself for a receiverless call whose self is not on
    /// the stack).
    pub ret_sp: usize,
    /// The first argument's slot.
    pub base: usize,
    /// Arguments on the stack (a splatted Array counts as one).
    pub argc: usize,
    /// The site's flags (`dispatch::flags`, `MISSING_*`).
    pub fl: u32,
    /// Called from Rust: the callee's frame returns out of `run`.
    pub boundary: bool,
}

impl Args {
    /// A call from bytecode with the receiver at `recv_ix` and its
    /// arguments after it.
    #[inline(always)]
    pub fn at(recv: Value, recv_ix: usize, argc: usize, fl: u32) -> Args {
        Args {
            recv,
            ret_sp: recv_ix,
            base: recv_ix + 1,
            argc,
            fl,
            boundary: false,
        }
    }

    /// A call from bytecode without a receiver on the stack: self is
    /// `recv`, the arguments start at `base`, and the return cuts the
    /// stack back to them.
    #[inline(always)]
    pub fn receiverless(recv: Value, base: usize, argc: usize, fl: u32) -> Args {
        Args {
            recv,
            ret_sp: base,
            base,
            argc,
            fl,
            boundary: false,
        }
    }
}

/// How `Class#new` goes (`Vm::new_plain_target`).
enum NewTarget {
    /// `initialize`'s frame pushed in the running loop (`Vm::new_plain`).
    Inline(ClassId, MethodId, &'static Iseq),
    /// `initialize` (resolved) called from Rust (`Vm::new_resolved`).
    Resolved(ClassId, Resolved),
    /// The builtin (`Handler::New` as `Handler::Builtin`).
    No,
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

    /// `Send`: receiver and arguments are on the stack. This out-of-line
    /// copy serves the operator instructions' slow paths (`acct.empty?`,
    /// `a == b` on user classes): a fast bytecode entry is entered as
    /// `self_hot` does, before the general send.
    #[inline(never)]
    pub fn send(&mut self, site: CallSiteId) -> Result<Call, Unwind> {
        let s = self.dispatch.site(site);
        if s.flags & flags::SAFE_NAV == 0 {
            let recv_ix = self.stack.len() - s.argc as usize - 1;
            let recv = self.stack[recv_ix];
            let c = self.class_of(recv);
            if let Some(h) = self.dispatch.hot(site, c)
                && let (Some(iseq), m) = (h.code, h.method)
                && self.enter_fast_iseq(site, m, iseq, recv, recv_ix + 1, recv_ix)
            {
                return Ok(Call::Pushed);
            }
        }
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
        let e = match self.dispatch.probe_send(site, c) {
            // Checked when the site was filled (`Dispatch::shortcut`).
            Probe::Fast(h, m) => {
                match h {
                    Handler::Iseq(iid) => {
                        if fl & flags::BLOCK_LITERAL != 0 {
                            return self.invoke_fast_with_block(
                                site,
                                m,
                                iid,
                                recv,
                                recv_ix + 1,
                                recv_ix,
                            );
                        }
                        let a = Args::at(recv, recv_ix, argc, fl);
                        return self.invoke_iseq::<true>(m, self.iseq(iid), a, None);
                    }
                    // attr_reader / attr_writer on a plain object: the
                    // ivar slot cached in the entry, no frame.
                    Handler::IvarGet(slot) => {
                        if let Some(v) = ivar_slot_get(recv, slot) {
                            self.dispatch.counters.ccf_ivar += 1;
                            self.stack.truncate(recv_ix);
                            return Ok(Call::Done(v));
                        }
                    }
                    // `def x; @x; end` on a plain object: read as an
                    // attr_reader, the probes firing as for a call. (One
                    // arm for both testing the kind inside cost the
                    // attr_reader path 0.15%.)
                    Handler::IseqIvarGet(slot) => {
                        if let Some(v) = ivar_slot_get(recv, slot) {
                            self.getter_probes(m);
                            self.dispatch.counters.ccf_ivar += 1;
                            self.stack.truncate(recv_ix);
                            return Ok(Call::Done(v));
                        }
                    }
                    Handler::IvarSet(slot) => {
                        let v = self.stack[recv_ix + 1];
                        if ivar_slot_set(recv, slot, v) {
                            self.dispatch.counters.ccf_attrset += 1;
                            self.stack.truncate(recv_ix);
                            return Ok(Call::Done(v));
                        }
                    }
                    // Struct members: an element of the values Array.
                    Handler::StructGet(_) | Handler::StructSet(_) => {
                        if let Some(v) = self.hot_struct(h, recv, recv_ix) {
                            self.stack.truncate(recv_ix);
                            return Ok(Call::Done(v));
                        }
                    }
                    // The site's hot entry is a builtin's.
                    Handler::Builtin => {
                        if fl & flags::BLOCK_LITERAL != 0 {
                            return self.call_builtin_fast::<true>(
                                site,
                                m,
                                recv,
                                recv_ix + 1,
                                recv_ix,
                            );
                        }
                        return self.call_builtin_fast::<false>(
                            site,
                            m,
                            recv,
                            recv_ix + 1,
                            recv_ix,
                        );
                    }
                    _ => {}
                }
                self.fast_entry_again(site, c)
            }
            Probe::Builtin(m) => {
                if fl & flags::BLOCK_LITERAL != 0 {
                    return self.call_builtin_fast::<true>(site, m, recv, recv_ix + 1, recv_ix);
                }
                return self.call_builtin_fast::<false>(site, m, recv, recv_ix + 1, recv_ix);
            }
            Probe::Entry(e) => e,
            Probe::Miss => self.site_miss(site, c),
        };
        self.send_entry(site, e, c, Args::at(recv, recv_ix, argc, fl), name)
    }

    /// `SendSelf`: a call without a receiver; the arguments are on the
    /// stack, self is not. A bytecode method takes them as its first
    /// locals where they lie; an attr_reader needs none; anything else
    /// puts self below them and continues as `send`. (The run loop tries
    /// `self_hot` first.)
    #[inline(always)]
    pub fn send_self_inline(&mut self, site: CallSiteId, recv: Value) -> Result<Call, Unwind> {
        let s = self.dispatch.site(site);
        let (argc, fl) = (s.argc as usize, s.flags);
        let c = self.class_of(recv);
        let e = match self.dispatch.probe_send(site, c) {
            Probe::Fast(Handler::Iseq(iid), m) => {
                let base = self.stack.len() - argc;
                if fl & flags::BLOCK_LITERAL != 0 {
                    return self.invoke_fast_with_block(site, m, iid, recv, base, base);
                }
                let iseq = self.iseq(iid);
                let a = Args::receiverless(recv, base, argc, fl);
                return self.invoke_iseq::<true>(m, iseq, a, None);
            }
            Probe::Fast(Handler::Builtin, m) | Probe::Builtin(m) => {
                let base = self.stack.len() - argc;
                if fl & flags::BLOCK_LITERAL != 0 {
                    return self.call_builtin_fast::<true>(site, m, recv, base, base);
                }
                return self.call_builtin_fast::<false>(site, m, recv, base, base);
            }
            Probe::Fast(h, m) => {
                if let Handler::IvarGet(slot) | Handler::IseqIvarGet(slot) = h
                    && let Some(v) = ivar_slot_get(recv, slot)
                {
                    if matches!(h, Handler::IseqIvarGet(_)) {
                        self.getter_probes(m);
                    }
                    self.dispatch.counters.ccf_ivar += 1;
                    return Ok(Call::Done(v));
                }
                if let Handler::StructGet(_) = h
                    && let Some(v) = self.hot_struct_read(h, recv)
                {
                    return Ok(Call::Done(v));
                }
                self.fast_entry_again(site, c)
            }
            Probe::Entry(e) => e,
            Probe::Miss => self.site_miss(site, c),
        };
        // A bytecode method the entry could not mark fast (a block,
        // optional or keyword parameters...).
        if let Handler::Iseq(iid) = e.handler
            && let Some(m) = e.method
        {
            let base = self.stack.len() - argc - (fl & flags::BLOCKARG != 0) as usize;
            let block = self.site_block(site, fl, base + argc)?;
            let iseq = self.iseq(iid);
            let a = Args::receiverless(recv, base, argc, fl);
            return self.invoke_iseq::<false>(m, iseq, a, block);
        }
        self.send_self_other(site, e, recv, c)
    }

    #[inline(never)]
    fn send_self_other(
        &mut self,
        site: CallSiteId,
        e: IcEntry,
        recv: Value,
        c: ClassId,
    ) -> Result<Call, Unwind> {
        let s = self.dispatch.site(site);
        let (argc, fl, name) = (s.argc as usize, s.flags, s.name);
        // A `Shortcut::Fast` define_method method not answered by the
        // site's hot entry (another class at a polymorphic site): its
        // frame pushed over the arguments where they lie, as the hot
        // entry's would be (the hit is counted already).
        if let (Handler::Bmethod, Shortcut::Fast, Some(m)) = (e.handler, e.shortcut, e.method) {
            let base = self.stack.len() - argc;
            if self.bmethod_frame(m, recv, base, base) {
                return Ok(Call::Pushed);
            }
        }
        let recv_ix = self.stack.len() - argc - (fl & flags::BLOCKARG != 0) as usize;
        self.stack.insert(recv_ix, recv);
        self.send_entry(site, e, c, Args::at(recv, recv_ix, argc, fl), name)
    }

    /// The rest of a send whose entry is not fast: visibility, the
    /// optimized `send`, then the call (attr_reader/attr_writer calls that
    /// need no checks were taken by the fast path, the others go through
    /// their handler).
    #[inline(always)]
    fn send_entry(
        &mut self,
        site: CallSiteId,
        e: IcEntry,
        c: ClassId,
        a: Args,
        name: SymbolId,
    ) -> Result<Call, Unwind> {
        let Args {
            recv,
            ret_sp: recv_ix,
            argc,
            fl,
            ..
        } = a;
        if e.visibility != Visibility::Public
            && fl & (flags::FCALL | flags::SELF_RECV) == 0
            && !self.visible(&e, recv)
        {
            let why = self.visibility_miss(&e);
            let block = self.site_block(site, fl, recv_ix + 1 + argc)?;
            return self.call_method_missing(name, Args { fl: fl | why, ..a }, block);
        }
        match e.handler {
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
                    return self.send_optimized(site, n, c, a);
                }
                // `send(name, *args)` compiles to one splat array `[name, *args]`.
                if argc == 1
                    && fl & (flags::SPLAT | flags::KWARGS) == flags::SPLAT
                    && self.no_refinements()
                    && let Some(n) = splat_head_symbol(self.stack[recv_ix + 1])
                {
                    return self.send_optimized_splat(site, n, c, a);
                }
            }
            _ => {}
        }
        let block = self.site_block(site, fl, recv_ix + 1 + argc)?;
        match (e.method, e.handler) {
            (Some(m), Handler::New) => self.invoke_new(e, m, name, a, block),
            // Other handlers go straight to theirs; bytecode methods the
            // entry could not mark fast (a block, optional or keyword
            // parameters...) through `invoke`, out of line.
            (Some(m), h) if !matches!(h, Handler::Iseq(_)) => {
                self.invoke_other(e, m, name, a, block)
            }
            _ => self.invoke(e, name, a, block),
        }
    }

    /// `recv.send(:name, *args)` through the `Send` handler: the name is
    /// dropped from the stack and `name` is called as an FCALL.
    #[inline(never)]
    fn send_optimized(
        &mut self,
        site: CallSiteId,
        name: SymbolId,
        c: ClassId,
        a: Args,
    ) -> Result<Call, Unwind> {
        self.dispatch.counters.ccf_send += 1;
        self.drop_stack_slot(a.base);
        let argc = a.argc - 1;
        let r = self.dispatch.resolve(&mut self.classes, c, name);
        let e = IcEntry::uncached(c, r);
        let block = self.site_block(site, a.fl, a.base + argc)?;
        let (mut argc, mut fl) = (argc, a.fl | flags::FCALL);
        // `send(name, *args)` (a delegating method_missing's call): a
        // short plain splat passes its elements as plain arguments, what
        // the callee would spread it to, so no argument vector is built.
        // (One ending in a Hash, which may carry keywords, keeps the
        // general path.)
        if fl & (flags::SPLAT | flags::KWARGS) == flags::SPLAT
            && argc >= 1
            && self.stack.len() == a.base + argc
            && plain_splat(self.stack[a.base + argc - 1])
        {
            argc = self.spread_splat(a.ret_sp, argc)?;
            fl = self.ruby2_kw_splat(fl & !flags::SPLAT);
        }
        self.invoke(e, name, Args { argc, fl, ..a }, block)
    }

    /// `recv.send(*[name, args...])` (what `send(name, *args)` compiles
    /// to): the splat is spread on the stack as plain arguments, then as
    /// `send_optimized`.
    #[inline(never)]
    fn send_optimized_splat(
        &mut self,
        site: CallSiteId,
        name: SymbolId,
        c: ClassId,
        a: Args,
    ) -> Result<Call, Unwind> {
        let (recv_ix, fl) = (a.ret_sp, a.fl);
        let blk = (fl & flags::BLOCKARG != 0).then(|| self.stack[recv_ix + 2]);
        self.stack.truncate(recv_ix + 2);
        let argc = self.spread_splat(recv_ix, 1)?;
        let fl = self.ruby2_kw_splat(fl & !flags::SPLAT);
        if let Some(b) = blk {
            self.stack.push(b);
        }
        let a = Args { argc, fl, ..a };
        self.send_optimized(site, name, c, a)
    }

    /// True when the running frame has no active refinements (which
    /// `send` must honour through the general path).
    #[inline(always)]
    fn no_refinements(&self) -> bool {
        self.frames
            .last()
            .is_none_or(|f| f.cref.refinements.borrow().is_empty())
    }

    /// The refinements active in the current frame's scope (no borrow or
    /// copy when there are none, the usual case).
    #[inline]
    pub fn active_refinements(&self) -> Vec<ClassId> {
        if self.no_refinements() {
            return Vec::new();
        }
        self.frames
            .last()
            .map(|f| f.cref.refinements.borrow().clone())
            .unwrap_or_default()
    }

    /// A `Shortcut::Builtin` entry (`Dispatch::shortcut`: plain arguments its
    /// arity accepts, no block, visible from the site): the arguments
    /// `args..args + argc` are copied to the native stack, the function
    /// runs and the VM stack is cut to `ret_sp`. The same steps as
    /// `invoke_other`'s builtin arm, minus the checks the entry made (and
    /// the block root and keyword test, which a plain call never needs:
    /// sharing that arm's tail cost this path 8 instructions a call).
    /// `BLOCK`: the site's block literal is made and passed (its
    /// allocation kept for the next call when the builtin did not capture
    /// it, as `invoke_other` does).
    #[inline(never)]
    fn call_builtin_fast<const BLOCK: bool>(
        &mut self,
        site: CallSiteId,
        m: MethodId,
        recv: Value,
        args: usize,
        ret_sp: usize,
    ) -> Result<Call, Unwind> {
        self.call_builtin_body::<BLOCK>(site, m, recv, args, ret_sp)
    }

    /// A site's hot builtin entry (`Hot::Builtin` from `self_hot` /
    /// `send_hot`): the hit counted, then `call_builtin_fast`'s steps, with
    /// no second probe of the site. `SELF`: a receiverless call (`recv`
    /// is self, not on the stack); else the receiver is read below the
    /// arguments.
    #[inline(never)]
    pub fn hot_builtin<const SELF: bool>(
        &mut self,
        site: CallSiteId,
        recv: Value,
    ) -> Result<Call, Unwind> {
        self.dispatch.count_inline_hit(site);
        let s = self.dispatch.site(site);
        let (argc, fl, m) = (s.argc as usize, s.flags, s.hot.method);
        let len = self.stack.len();
        let (recv, args, ret_sp) = if SELF {
            (recv, len - argc, len - argc)
        } else {
            (self.stack[len - argc - 1], len - argc, len - argc - 1)
        };
        if fl & flags::BLOCK_LITERAL != 0 {
            self.call_builtin_body::<true>(site, m, recv, args, ret_sp)
        } else {
            self.call_builtin_body::<false>(site, m, recv, args, ret_sp)
        }
    }

    /// `call_builtin_fast`'s steps, inlined into it and `hot_builtin`.
    #[inline(always)]
    fn call_builtin_body<const BLOCK: bool>(
        &mut self,
        site: CallSiteId,
        m: MethodId,
        recv: Value,
        args: usize,
        ret_sp: usize,
    ) -> Result<Call, Unwind> {
        let s = self.dispatch.site(site);
        let (name, argc) = (s.name, s.argc as usize);
        let block = match (BLOCK, s.block) {
            (true, Some(iseq)) => Some(self.literal_block_inline(iseq)),
            _ => None,
        };
        self.dispatch.counters.ccf_cfunc += 1;
        let me = self.classes.method(m);
        let (MethodKind::Builtin { func, .. }, owner) = (&me.kind, me.owner) else {
            unreachable!()
        };
        let f = self.builtins[func.index()];
        let mut buf = [Value::NIL; BUILTIN_FAST_ARGS];
        let src = &self.stack[args..args + argc];
        match argc {
            0 => {}
            1 => buf[0] = src[0],
            2 => buf[..2].copy_from_slice(&src[..2]),
            _ => buf[..argc].copy_from_slice(src),
        }
        // Builtins that call back into Ruby recurse on the native stack.
        if self.native_stack_low() {
            self.stack.truncate(ret_sp);
            return Err(self.stack_error());
        }
        self.cfuncs.push((name, self.frames.len(), owner));
        self.kw_passed = false;
        let kept = if BLOCK { block.clone() } else { None };
        let r = f(self, recv, &buf[..argc], block);
        if let Some(b) = kept
            && Rc::strong_count(&b) == 1
        {
            self.spare_block = Some(b);
        }
        self.cfuncs.pop();
        self.stack.truncate(ret_sp);
        match r {
            Ok(v) => self.builtin_done(v, false),
            Err(e) => Err(self.builtin_raised(e, m, name, recv)),
        }
    }

    /// A fast entry's bytecode method called from a site with a block
    /// literal: the block is made, then the call goes as any fast one.
    #[inline(never)]
    fn invoke_fast_with_block(
        &mut self,
        site: CallSiteId,
        m: MethodId,
        iid: crate::value::IseqId,
        recv: Value,
        base: usize,
        ret_sp: usize,
    ) -> Result<Call, Unwind> {
        let s = self.dispatch.site(site);
        let (argc, fl) = (s.argc as usize, s.flags);
        let block = s.block.map(|iseq| self.literal_block(iseq));
        let iseq = self.iseq(iid);
        let a = Args {
            recv,
            ret_sp,
            base,
            argc,
            fl,
            boundary: false,
        };
        self.invoke_iseq::<true>(m, iseq, a, block)
    }

    /// The whole entry behind a `Probe::Fast` whose shortcut did not apply
    /// (an attr_reader on an object without plain ivars): the hit was
    /// counted already.
    #[cold]
    #[inline(never)]
    fn fast_entry_again(&mut self, site: CallSiteId, c: ClassId) -> IcEntry {
        match self.dispatch.entry(site, c) {
            Some(e) => e,
            None => self.site_miss(site, c),
        }
    }

    /// A send's inline-cache miss: dispatch resolves the name and fills
    /// the site, deciding what the entry's hits may skip.
    #[cold]
    #[inline(never)]
    pub(super) fn site_miss(&mut self, site: CallSiteId, c: ClassId) -> IcEntry {
        if self.no_refinements()
            && let Some(e) = self.dispatch.probe_mega(site, c)
        {
            return e;
        }
        let refinements = self.active_refinements();
        let callees = Callees {
            iseqs: &self.iseqs,
            traced: self.trace.events & event::CALLS != 0,
        };
        self.dispatch
            .miss(&mut self.classes, site, c, &refinements, callees)
    }

    /// Whether a protected entry may be called from the current frame:
    /// its self must be a kind of the class that defined the entry, which
    /// is the first class in the receiver's ancestry with one for the name
    /// (the method's owner, or a class whose `protected :name` made an
    /// inherited method protected there).
    pub(super) fn visible(&self, e: &IcEntry, _recv: Value) -> bool {
        if e.visibility == Visibility::Protected
            && let (Some(m), Some(f)) = (e.method, self.frames.last())
        {
            let me = self.classes.method(m);
            let owner = self
                .classes
                .ancestors(e.class())
                .iter()
                .copied()
                .find(|&c| self.classes.get(c).methods.contains_key(&me.name))
                .unwrap_or(me.owner);
            let owner = self.classes.real_class(owner);
            let self_cls = self.class_of(f.self_val);
            return self.classes.is_subclass_of(self_cls, owner);
        }
        false
    }

    /// A call the method's visibility forbids goes to method_missing, as
    /// in CRuby; the reason returned (`MISSING_PRIVATE`/`MISSING_PROTECTED`)
    /// makes BasicObject#method_missing say "private method ... called".
    #[cold]
    pub(super) fn visibility_miss(&mut self, e: &IcEntry) -> u32 {
        self.dispatch.counters.mc_miss_by_visi += 1;
        if e.visibility == Visibility::Private {
            MISSING_PRIVATE
        } else {
            MISSING_PROTECTED
        }
    }

    /// The block a call site passes: a literal block, `&arg`, or none.
    #[inline(always)]
    pub(super) fn site_block(
        &mut self,
        site: CallSiteId,
        fl: u32,
        blk_ix: usize,
    ) -> Result<Option<Rc<BlockArg>>, Unwind> {
        if fl & (flags::BLOCKARG | flags::BLOCK_LITERAL) == 0 {
            return Ok(None);
        }
        if fl & flags::BLOCKARG != 0 {
            return self.site_block_arg(blk_ix);
        }
        match self.dispatch.site(site).block {
            Some(iseq) => Ok(Some(self.literal_block(iseq))),
            None => Ok(None),
        }
    }

    /// A block literal's `BlockArg`, in the allocation the last frame
    /// popped from the next frame slot received when nothing else holds
    /// it (a loop calling a method with a block allocates once).
    #[inline(never)]
    pub(super) fn literal_block(&mut self, iseq: crate::value::IseqId) -> Rc<BlockArg> {
        self.literal_block_inline(iseq)
    }

    /// `literal_block` inlined into `call_builtin_fast` (a builtin called
    /// with a block in a loop: the call was ~16 of its instructions).
    #[inline(always)]
    fn literal_block_inline(&mut self, iseq: crate::value::IseqId) -> Rc<BlockArg> {
        // (A dead slot's block is never read again: taking it is free.)
        let old = match self.spare_block.take() {
            Some(rc) => Some(rc),
            None => self.frames.dead_block().and_then(Option::take),
        };
        if let Some(mut rc) = old
            && let Some(inner) = Rc::get_mut(&mut rc)
        {
            match inner {
                BlockArg::Literal(b) => self.frames.last().unwrap().recapture_block(b, iseq),
                _ => *inner = BlockArg::Literal(self.make_block(iseq)),
            }
            return rc;
        }
        Rc::new(BlockArg::Literal(self.make_block(iseq)))
    }

    #[inline(never)]
    fn site_block_arg(&mut self, blk_ix: usize) -> Result<Option<Rc<BlockArg>>, Unwind> {
        let v = self.stack[blk_ix];
        self.stack.truncate(blk_ix);
        self.to_block_arg(v)
    }

    /// Captures the current frame's context for a block literal.
    pub fn make_block(&mut self, iseq: crate::value::IseqId) -> Block {
        self.frames.last().unwrap().capture_block(iseq)
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
    #[inline(never)]
    pub fn invoke(
        &mut self,
        e: IcEntry,
        name: SymbolId,
        a: Args,
        block: Option<Rc<BlockArg>>,
    ) -> Result<Call, Unwind> {
        let Some(m) = e.method else {
            self.dispatch.counters.ccf_method_missing += 1;
            return self.call_method_missing(name, a, block);
        };
        match e.handler {
            Handler::Iseq(iid) => self.invoke_iseq::<false>(m, self.iseq(iid), a, block),
            Handler::New => self.invoke_new(e, m, name, a, block),
            _ => self.invoke_other(e, m, name, a, block),
        }
    }

    /// `Class#new` (`Handler::New`): through `new_plain` when it applies,
    /// else as the builtin.
    #[inline(never)]
    fn invoke_new(
        &mut self,
        e: IcEntry,
        m: MethodId,
        name: SymbolId,
        a: Args,
        block: Option<Rc<BlockArg>>,
    ) -> Result<Call, Unwind> {
        match self.new_plain_target(a) {
            NewTarget::Inline(c, init, iseq) => self.new_plain(m, name, (c, init, iseq), a, block),
            NewTarget::Resolved(c, init) => self.new_resolved(m, name, c, init, a, block),
            NewTarget::No => self.invoke_other(e, m, name, a, block),
        }
    }

    /// The bytecode-method handler: set up parameters and push a frame.
    /// The arguments start at `base`; the frame's return cuts the stack
    /// back to `ret_sp` (the receiver's slot, or `base` for `send_self`).
    /// Inlined into `send` and `invoke`; builds the `Frame` in place.
    #[inline(always)]
    fn invoke_iseq<const FAST: bool>(
        &mut self,
        m: MethodId,
        iseq: &'static Iseq,
        a: Args,
        block: Option<Rc<BlockArg>>,
    ) -> Result<Call, Unwind> {
        let Args {
            base,
            ret_sp,
            argc,
            fl,
            boundary,
            ..
        } = a;
        self.dispatch.counters.ccf_iseq += 1;
        let lc = iseq.local_count as usize;
        if FAST
            || (iseq.params.simple
                && argc as u32 == iseq.params.lead
                && fl & (flags::SPLAT | flags::KWARGS) == 0)
        {
            self.locals_height(base + lc);
        } else if let Err(err) = self.setup_params(iseq, base, argc, fl, false, &block) {
            self.stack.truncate(ret_sp);
            return Err(err);
        }
        // Ruby-to-Ruby calls continue in the same `run`; only a boundary
        // frame (a call from Rust) uses more native stack.
        if self.frames.len() >= MAX_FRAMES
            || self.stack.len() > super::MAX_STACK
            || (boundary && self.native_stack_low())
        {
            self.stack.truncate(ret_sp);
            return Err(self.stack_error());
        }
        self.enter_frame(m, iseq, a, block);
        Ok(Call::Pushed)
    }

    /// Pushes a method's frame over arguments and locals already in place
    /// (`base..base + local_count`): the end of every bytecode call.
    #[inline(always)]
    pub(super) fn enter_frame(
        &mut self,
        m: MethodId,
        iseq: &'static Iseq,
        a: Args,
        block: Option<Rc<BlockArg>>,
    ) {
        self.enter_frame_in::<false>(m, iseq, a, block)
    }

    /// `enter_frame`; `IN_SLOT`: the frame's block is the one already in
    /// the dead slot it takes (`FrameStack::literal_into_dead_slot`), and
    /// `block` is None.
    #[inline(always)]
    pub(super) fn enter_frame_in<const IN_SLOT: bool>(
        &mut self,
        m: MethodId,
        iseq: &'static Iseq,
        a: Args,
        block: Option<Rc<BlockArg>>,
    ) {
        let Args {
            recv,
            base,
            ret_sp,
            boundary,
            ..
        } = a;
        // Collect and fire the probe before the frame is written (the GC
        // marks the whole value stack: the arguments are safe; the env
        // below is allocated after it). The block is not on the stack: an
        // `&obj` block may hold the only reference to its Proc or Method.
        if self.heap.wants_collect() {
            self.gc_keeping(&block);
        }
        self.entry_probe(m, iseq);
        let env = if iseq.env_on_heap {
            self.alloc_frame_env(base, iseq.local_count as usize, Value::NIL)
        } else {
            Value::NIL
        };
        let id = self.next_frame_id;
        self.next_frame_id += 1;
        let classes = &self.classes;
        let cref_of = || match &classes.method(m).kind {
            MethodKind::Iseq { cref, .. } => cref,
            _ => unreachable!(),
        };
        if let Some(f) = self.frames.reuse_slot() {
            // A loop calling one method, or recursion, finds the slot last
            // written here for the same method: its cref is right (method
            // entries never change, and only this function writes a
            // method frame that is not a block's). Another method often
            // has the same cref: no reference counting then.
            f.iseq = iseq;
            if f.is_block || f.method != Some(m) {
                let cref = cref_of();
                if !Rc::ptr_eq(&f.cref, cref) {
                    f.cref = cref.clone();
                }
            }
            f.pc = iseq.entry_pc.get() as usize;
            f.base = base;
            f.ret_sp = ret_sp;
            f.self_val = recv;
            f.env = env;
            f.penv = Value::NIL;
            if !IN_SLOT {
                f.block = block;
            }
            f.method = Some(m);
            f.id = id;
            f.home = id;
            f.origin = 0;
            f.exit = Exit::of(boundary);
            f.is_lambda = true;
            f.is_block = false;
        } else {
            debug_assert!(!IN_SLOT, "a block in a slot that is not there");
            self.frames.push(Frame {
                iseq,
                pc: iseq.entry_pc.get() as usize,
                base,
                ret_sp,
                self_val: recv,
                env,
                penv: Value::NIL,
                block,
                method: Some(m),
                cref: cref_of().clone(),
                id,
                home: id,
                origin: 0,
                exit: Exit::of(boundary),
                is_lambda: true,
                is_block: false,
            });
        }
    }

    /// How `Class#new` called as `a` goes (`NewTarget`). Inline needs a
    /// plain class (`AllocKind::Object`, not a singleton), an `initialize`
    /// in bytecode whose parameters take the plain arguments without
    /// keywords (so binding them cannot fail), a call from bytecode with
    /// its receiver on the stack, untraced.
    fn new_plain_target(&mut self, a: Args) -> NewTarget {
        if a.boundary
            || a.base != a.ret_sp + 1
            || a.fl & (flags::SPLAT | flags::KWARGS | flags::BLOCKARG) != 0
            || self.trace.events != 0
        {
            return NewTarget::No;
        }
        let Some(c) = self.as_class(a.recv) else {
            return NewTarget::No;
        };
        let k = self.classes.get(c);
        if k.kind == ClassKind::Singleton || k.alloc != AllocKind::Object {
            return NewTarget::No;
        }
        let init = self.dispatch.resolve(&mut self.classes, c, sym::INITIALIZE);
        let code = match init.method.map(|m| &self.classes.method(m).kind) {
            Some(MethodKind::Iseq { iseq, .. }) => self.iseq(*iseq),
            _ => return NewTarget::Resolved(c, init),
        };
        let (p, argc) = (&code.params, a.argc as u32);
        let binds = p.kw.is_empty()
            && p.kwrest.is_none()
            && !p.forward
            && argc >= p.required()
            && (p.rest.is_some() || argc <= p.required() + p.opt);
        match (binds, init.method) {
            (true, Some(m)) => NewTarget::Inline(c, m, code),
            _ => NewTarget::Resolved(c, init),
        }
    }

    /// `Class#new` (`m`, called as `name`) on plain class `c` whose
    /// `initialize`, resolved as `init`, is not pushed inline (a builtin,
    /// or parameters the arguments may not bind to): the object allocated
    /// and `init` called from Rust, as the builtin does, with the lookup
    /// already made (one lookup a call).
    #[inline(never)]
    fn new_resolved(
        &mut self,
        m: MethodId,
        name: SymbolId,
        c: ClassId,
        init: Resolved,
        a: Args,
        block: Option<Rc<BlockArg>>,
    ) -> Result<Call, Unwind> {
        self.dispatch.counters.ccf_cfunc += 1;
        // BasicObject#initialize with no arguments does nothing (CRuby's
        // rb_obj_dummy): the object is the answer.
        if a.argc == 0
            && let Some(im) = init.method
            && let me = self.classes.method(im)
            && me.owner == cls::BASIC_OBJECT
            && me.original_name == sym::INITIALIZE
            && matches!(me.kind, MethodKind::Builtin { .. })
        {
            let o = self.alloc_plain_object(c);
            self.stack.truncate(a.ret_sp);
            return Ok(Call::Done(o));
        }
        if self.native_stack_low() {
            self.stack.truncate(a.ret_sp);
            return Err(self.stack_error());
        }
        let args = self.stack[a.base..a.base + a.argc].to_vec();
        let o = self.alloc_plain_object(c);
        // (The receiver's slot roots the object meanwhile.)
        self.stack[a.ret_sp] = o;
        let owner = self.classes.method(m).owner;
        self.cfuncs.push((name, self.frames.len(), owner));
        let e = IcEntry::uncached(c, init);
        let r = self.call_entry(e, sym::INITIALIZE, o, &args, block, 0);
        self.cfuncs.pop();
        self.stack.truncate(a.ret_sp);
        r?;
        self.builtin_done(o, false)
    }

    /// `Class#new` (`m`, called as `name`) on a plain class whose
    /// `initialize` is bytecode (`target`, from `new_plain_target`): the object is allocated
    /// into the receiver's slot and `initialize`'s frame pushed over the
    /// arguments in the running loop, marked `ctor` so that leaving it
    /// returns the object (CRuby 3.4's `opt_new`). The `new` entry pushed
    /// on `cfuncs` keeps backtraces CRuby's (`in 'new'` between the caller
    /// and `initialize`); whatever pops the frame pops it.
    #[inline(always)]
    fn new_plain(
        &mut self,
        m: MethodId,
        name: SymbolId,
        target: (ClassId, MethodId, &'static Iseq),
        a: Args,
        block: Option<Rc<BlockArg>>,
    ) -> Result<Call, Unwind> {
        let (c, init, iseq) = target;
        self.dispatch.counters.ccf_cfunc += 1;
        let o = self.alloc_plain_object(c);
        self.stack[a.ret_sp] = o;
        let owner = self.classes.method(m).owner;
        self.cfuncs.push((name, self.frames.len(), owner));
        match self.invoke_iseq::<false>(init, iseq, Args { recv: o, ..a }, block) {
            Ok(Call::Pushed) => {
                if let Some(f) = self.frames.last_mut() {
                    f.exit = f.exit.with_ctor();
                }
                Ok(Call::Pushed)
            }
            r => {
                self.cfuncs.pop();
                r
            }
        }
    }

    /// The result of leaving frame `fi` whose `initialize` ran for
    /// `Class#new` (`Frame::ctor`): the new object, its `new` entry popped.
    #[cold]
    pub(super) fn ctor_result(&mut self, fi: usize) -> Value {
        self.cfuncs.pop();
        self.frames[fi].self_val
    }

    /// Every handler but `Iseq` (kept out of line so the bytecode call
    /// path stays small).
    #[inline(never)]
    pub(super) fn invoke_other(
        &mut self,
        e: IcEntry,
        m: MethodId,
        name: SymbolId,
        a: Args,
        block: Option<Rc<BlockArg>>,
    ) -> Result<Call, Unwind> {
        if self.trace.events & event::C != 0
            && let Some(r) = self.invoke_traced(e, m, name, a, &block)
        {
            return r;
        }
        let Args {
            recv,
            ret_sp: recv_ix,
            argc,
            fl,
            boundary,
            ..
        } = a;
        match e.handler {
            Handler::Iseq(_) => unreachable!("handled by invoke_iseq"),
            // `def x; @x; end` called with no arguments on a plain object:
            // the attr_reader's read, no frame; otherwise (a wrong count,
            // another kind of receiver, traced calls) its bytecode runs.
            Handler::IseqIvarGet(slot) => {
                if argc == 0
                    && self.trace.events == 0
                    && fl & (flags::SPLAT | flags::KWARGS) == 0
                    && let Some(v) = ivar_slot_get(recv, slot)
                {
                    self.getter_probes(m);
                    self.dispatch.counters.ccf_ivar += 1;
                    self.stack.truncate(recv_ix);
                    return Ok(Call::Done(v));
                }
                let handler = match &self.classes.method(m).kind {
                    MethodKind::Iseq { iseq, .. } => Handler::Iseq(*iseq),
                    _ => unreachable!(),
                };
                let e = IcEntry { handler, ..e };
                self.invoke(e, name, a, block)
            }
            Handler::Builtin | Handler::Send | Handler::New => {
                self.dispatch.counters.ccf_cfunc += 1;
                let (func, arity) = match self.classes.method(m).kind {
                    MethodKind::Builtin { func, arity } => (func, arity),
                    _ => unreachable!(),
                };
                // Plain arguments are copied to a native-stack buffer (no
                // allocation); they stay rooted on the VM stack meanwhile.
                let mut buf = [Value::NIL; BUILTIN_FAST_ARGS];
                let heap_args;
                let args: &[Value] =
                    if fl & (flags::SPLAT | flags::KWARGS) == 0 && argc <= BUILTIN_FAST_ARGS {
                        buf[..argc].copy_from_slice(&self.stack[recv_ix + 1..recv_ix + 1 + argc]);
                        &buf[..argc]
                    } else {
                        heap_args = self.collect_args(recv_ix, argc, fl)?;
                        &heap_args
                    };
                if let Some(err) = self.check_builtin_arity(m, name, arity, args.len()) {
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
                    Some(BlockArg::Proc(_) | BlockArg::Method(_) | BlockArg::Indexed(_))
                );
                if root {
                    self.block_roots.push(block.clone().unwrap());
                }
                // Keywords were passed unless the keyword Hash was empty
                // (`**{}` passes nothing; collect_args dropped it).
                let splat_kw = fl & flags::SPLAT != 0 && std::mem::take(&mut self.splat_kw);
                self.kw_passed = splat_kw
                    || (fl & flags::KWARGS != 0
                        && argc > 0
                        && self.hash_len(self.stack[recv_ix + argc]) != Some(0));
                let literal = matches!(block.as_deref(), Some(BlockArg::Literal(_)));
                let kept = if literal { block.clone() } else { None };
                let r = f(self, recv, args, block);
                if root {
                    self.block_roots.pop();
                }
                if let Some(b) = kept
                    && Rc::strong_count(&b) == 1
                {
                    self.spare_block = Some(b);
                }
                self.cfuncs.pop();
                self.stack.truncate(recv_ix);
                match r {
                    Ok(v) => self.builtin_done(v, boundary),
                    Err(e) => Err(self.builtin_raised(e, m, name, recv)),
                }
            }
            Handler::IvarGet(slot) => {
                self.dispatch.counters.ccf_ivar += 1;
                if argc != 0 {
                    // `obj.reader(*[])` passes one splat that may be empty.
                    let n = if fl & (flags::SPLAT | flags::KWARGS) != 0 {
                        self.collect_args(recv_ix, argc, fl)?.len()
                    } else {
                        argc
                    };
                    if n != 0 {
                        self.stack.truncate(recv_ix);
                        return Err(self.argc_error(n, 0, 0));
                    }
                }
                self.stack.truncate(recv_ix);
                let iv = match self.classes.method(m).kind {
                    MethodKind::AttrReader(iv) => iv,
                    _ => name,
                };
                if self.ractor_nonmain {
                    self.ractor_check_ivar(recv, iv)?;
                }
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
                if self.ractor_nonmain {
                    self.ractor_check_ivar(recv, iv)?;
                }
                self.ivar_set_slot(recv, slot, iv, v)?;
                Ok(Call::Done(v))
            }
            Handler::StructGet(_) => {
                self.dispatch.counters.ccf_ivar += 1;
                let n = if fl & (flags::SPLAT | flags::KWARGS) != 0 {
                    self.collect_args(recv_ix, argc, fl)?.len()
                } else {
                    argc
                };
                self.stack.truncate(recv_ix);
                if n != 0 {
                    return Err(self.argc_error(n, 0, 0));
                }
                Ok(Call::Done(self.struct_ref(recv, m)))
            }
            Handler::StructSet(_) => {
                self.dispatch.counters.ccf_attrset += 1;
                let args = self.collect_args(recv_ix, argc, fl)?;
                self.stack.truncate(recv_ix);
                if args.len() != 1 {
                    return Err(self.argc_error(args.len(), 1, 1));
                }
                self.struct_store(recv, m, args[0])?;
                Ok(Call::Done(args[0]))
            }
            Handler::Bmethod => {
                // A `Shortcut::Fast` entry not answered by its site's hot
                // entry (another class at a polymorphic site): its frame
                // pushed as the hot entry's would be.
                if e.shortcut == Shortcut::Fast
                    && block.is_none()
                    && self.bmethod_frame(m, recv, recv_ix + 1, recv_ix)
                {
                    return Ok(Call::Pushed);
                }
                self.dispatch.counters.ccf_bmethod += 1;
                let p = match self.classes.method(m).kind {
                    MethodKind::Bmethod(p) => p,
                    _ => unreachable!(),
                };
                // `yield` and `block_given?` in the body see the block of
                // the method that made the proc; the call's block only
                // reaches a `&b` parameter.
                let (iseq, cref, env, outer) = match &*obj(p).body.borrow() {
                    Body::Proc(rp) => (
                        rp.block.iseq,
                        rp.block.cref.clone(),
                        rp.block.env,
                        rp.block.outer_block.clone(),
                    ),
                    _ => unreachable!(),
                };
                let iseq = self.iseq(iseq);
                let base = recv_ix + 1;
                // Lambda semantics: exactly `lead` plain arguments need no setup.
                if iseq.params.simple
                    && argc as u32 == iseq.params.lead
                    && fl & (flags::SPLAT | flags::KWARGS) == 0
                {
                    self.locals_height(base + iseq.local_count as usize);
                } else if let Err(err) = self.setup_params(iseq, base, argc, fl, false, &block) {
                    self.stack.truncate(recv_ix);
                    return Err(err);
                }
                let entry = Entry {
                    self_val: recv,
                    method: Some(m),
                    cref,
                    block: outer,
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
            Handler::MethodMissing => self.call_method_missing(name, a, block),
        }
    }

    /// The length of a splat call's Array argument (`None`: not an
    /// Array, passed as one argument; the compiler always makes one). A
    /// splat pushes every element as an argument: more than the VM stack
    /// holds is CRuby's SystemStackError, before copying.
    fn splat_len(&mut self, arr: Value) -> Result<Option<usize>, Unwind> {
        let n = match arr.is_heap().then(|| obj(arr).body.borrow()).as_deref() {
            Some(Body::Array(v)) => v.len(),
            _ => return Ok(None),
        };
        if n > super::MAX_STACK.saturating_sub(self.stack.len()) {
            return Err(self.stack_error());
        }
        Ok(Some(n))
    }

    /// Spreads a splat call's Array argument, the top of the stack, in
    /// place: the `argc` arguments after `recv_ix` become plain ones.
    /// Returns their new count.
    pub(super) fn spread_splat(&mut self, recv_ix: usize, argc: usize) -> Result<usize, Unwind> {
        debug_assert_eq!(recv_ix + 1 + argc, self.stack.len());
        let arr = self.stack[recv_ix + argc];
        let Some(n) = self.splat_len(arr)? else {
            return Ok(argc);
        };
        self.stack.pop();
        if let Body::Array(v) = &*obj(arr).body.borrow() {
            self.stack.extend_from_slice(v);
        }
        Ok(argc - 1 + n)
    }

    /// Copies arguments off the stack, expanding a splat.
    pub fn collect_args(
        &mut self,
        recv_ix: usize,
        argc: usize,
        fl: u32,
    ) -> Result<Vec<Value>, Unwind> {
        self.gather_args(recv_ix, argc, fl, true)
    }

    /// `collect_args`; `bounded`: a splat longer than the VM stack holds
    /// raises SystemStackError (false for a callee with more than
    /// required parameters, which CRuby binds without spreading the
    /// splat on its stack).
    pub(super) fn gather_args(
        &mut self,
        recv_ix: usize,
        argc: usize,
        fl: u32,
        bounded: bool,
    ) -> Result<Vec<Value>, Unwind> {
        let start = recv_ix + 1;
        let mut args: Vec<Value> = self.stack[start..start + argc].to_vec();
        // Read right after this call by the caller that gathered.
        self.splat_kw = false;
        if fl & flags::SPLAT != 0 && !args.is_empty() {
            let kw = if fl & flags::KWARGS != 0 {
                args.pop()
            } else {
                None
            };
            let arr = args.pop().unwrap();
            let spread = if bounded {
                self.splat_len(arr)?.is_some()
            } else {
                self.is_array(arr)
            };
            if spread {
                args.extend(self.array_items(arr));
            } else {
                args.push(arr);
            }
            if let Some(k) = kw {
                args.push(k);
            } else if self.ruby2_kw_seen
                && let Some(&h) = args.last()
                && self.is_ruby2_kw_hash(h)
            {
                // A splat ending in a ruby2_keywords Hash passes keywords.
                *args.last_mut().unwrap() = self.plain_hash_copy(h);
                self.splat_kw = true;
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

    /// A builtin's argument count: the ArgumentError, raised from the
    /// builtin's own frame as CRuby's (``in `size'``), when it is wrong.
    fn check_builtin_arity(
        &mut self,
        m: MethodId,
        name: SymbolId,
        arity: i32,
        n: usize,
    ) -> Option<Unwind> {
        if crate::class::arity::accepts(arity, n) {
            return None;
        }
        Some(self.builtin_arity_error(m, name, arity, n))
    }

    #[cold]
    #[inline(never)]
    fn builtin_arity_error(&mut self, m: MethodId, name: SymbolId, arity: i32, n: usize) -> Unwind {
        let (min, max) = crate::class::arity::bounds(arity);
        let owner = self.classes.method(m).owner;
        self.cfuncs.push((name, self.frames.len(), owner));
        self.builtin_arity_error = true;
        let e = self.argc_error(n, min, max);
        self.builtin_arity_error = false;
        self.cfuncs.pop();
        e
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
    pub(super) fn push_frame_inline(
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
        self.locals_height(base + lc);
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
            f.exit = Exit::of(e.boundary);
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
                exit: Exit::of(e.boundary),
                is_lambda: e.is_lambda,
                is_block: e.is_block,
            });
        }
        if let Some(m) = e.method {
            self.entry_probe(m, iseq);
        }
        if self.heap.wants_collect() {
            self.gc();
        }
        Ok(())
    }

    /// A collection while `block` is held only by Rust code.
    #[cold]
    #[inline(never)]
    fn gc_keeping(&mut self, block: &Option<Rc<BlockArg>>) {
        match block {
            Some(b) => {
                self.block_roots.push(b.clone());
                self.gc();
                self.block_roots.pop();
            }
            None => self.gc(),
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn alloc_frame_env(&mut self, base: usize, lc: usize, penv: Value) -> Value {
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

    // ---- super --------------------------------------------------------------

    #[inline(never)]
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
        if fl & flags::ZSUPER != 0 && matches!(self.classes.method(m).kind, MethodKind::Bmethod(_))
        {
            self.stack.truncate(recv_ix);
            return Err(self.runtime_error(
                "implicit argument passing of super from method defined by define_method() is not supported. Specify all arguments explicitly.",
            ));
        }
        let owner = self.classes.method(m).owner;
        let name = self.classes.method(m).original_name;
        self.dispatch.counters.ccf_super += 1;
        let c = self.class_of(recv);
        let refinements = self.active_refinements();
        // Cached in the site unless refinements are involved.
        let r = if refinements.is_empty() && self.classes.get(owner).refined.is_none() {
            let e = match self.dispatch.probe_super(site, c, owner, name) {
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
            let e = IcEntry::uncached(c, r);
            return self.invoke(e, name, Args::at(recv, recv_ix, argc, fl), block);
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
        let e = IcEntry::uncached(c, r);
        self.invoke(e, name, Args::at(recv, recv_ix, argc, fl), block)
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

/// A splat Array a call may pass as plain arguments: a plain Array of at
/// most 16 elements not ending in a Hash (which may be keywords).
fn plain_splat(v: Value) -> bool {
    if !v.is_heap() || obj(v).class.get() != cls::ARRAY {
        return false;
    }
    match &*obj(v).body.borrow() {
        Body::Array(items) if items.len() <= 16 => items
            .last()
            .is_none_or(|&l| !(l.is_heap() && matches!(&*obj(l).body.borrow(), Body::Hash(_)))),
        _ => false,
    }
}

/// An attr_reader hit on a plain object: the value in `slot` (nil when
/// unset), or `None` when the receiver keeps its ivars elsewhere.
#[inline(always)]
pub(super) fn ivar_slot_get(recv: Value, slot: u32) -> Option<Value> {
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
pub(super) fn ivar_slot_set(recv: Value, slot: u32, v: Value) -> bool {
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
