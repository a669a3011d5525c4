//! The run loop's calls answered by a site's hot entry (`Vm::self_hot`,
//! `Vm::send_hot`): a fast bytecode method's or `define_method` method's
//! frame pushed, or an attribute read or written, before the full send
//! (`interp/call.rs`) and with nothing counted when it does not apply.

use std::rc::Rc;

use crate::bytecode::Iseq;
use crate::class::MethodKind;
use crate::dispatch::{Handler, flags};
use crate::gc::obj;
use crate::object::Body;
use crate::value::{CallSiteId, IseqId, MethodId, Value};

use super::call::{Args, Hot, ivar_slot_get, ivar_slot_set};
use super::frame::{Exit, Frame};
use super::{MAX_FRAMES, Vm};

impl Vm {
    /// `send_self` answered by its site's hot entry for self's class: a
    /// fast bytecode method's frame pushed here, `run` continuing in it
    /// with no `Call` in between (the common call, recursion), or an
    /// attr_reader / `def x; @x; end` read, or `Hot::Builtin` for a builtin
    /// the site calls straight (`Vm::hot_builtin`). `Hot::No` with nothing done
    /// (no counter moved) for any other entry, or when the frame would
    /// not fit; `send_self_inline` then takes the site.
    #[inline(always)]
    pub fn self_hot(&mut self, site: CallSiteId, recv: Value) -> Hot {
        let c = self.class_of(recv);
        let Some(h) = self.dispatch.hot(site, c) else {
            return Hot::No;
        };
        let (code, handler, m) = (h.code, h.handler, h.method);
        if let Some(iseq) = code {
            let base = self.stack.len() - self.dispatch.site(site).argc as usize;
            return if self.enter_fast_iseq(site, m, iseq, recv, base, base) {
                Hot::Entered
            } else {
                Hot::No
            };
        }
        // (A fast reader's site passes no arguments.)
        let read = match handler {
            Handler::Builtin => return Hot::Builtin,
            Handler::Bmethod => return self.hot_bmethod(site, m, recv, None),
            Handler::Iseq(iid) => return self.hot_block_call(site, m, iid, recv, None),
            Handler::StructGet(_) => self.hot_struct_read(handler, recv),
            _ => self.hot_read(handler, m, recv),
        };
        match read {
            Some(v) => {
                self.dispatch.count_inline_hit(site);
                Hot::Done(v)
            }
            None => Hot::No,
        }
    }

    /// An attr_reader or getter (`def x; @x; end`) hot entry's read of
    /// `recv`, counted as one (its probes fired for a getter); None for
    /// another handler or an object without the ivar slot.
    #[inline(always)]
    pub(super) fn hot_read(&mut self, handler: Handler, m: MethodId, recv: Value) -> Option<Value> {
        let (Handler::IvarGet(slot) | Handler::IseqIvarGet(slot)) = handler else {
            return None;
        };
        let v = ivar_slot_get(recv, slot)?;
        if matches!(handler, Handler::IseqIvarGet(_)) {
            self.getter_probes(m);
        }
        self.dispatch.counters.ccf_ivar += 1;
        Some(v)
    }

    /// A call with a receiver (below its arguments) answered by its
    /// site's hot entry, before the full send: a fast bytecode method's
    /// frame pushed (as `self_hot`), or an attr_reader /
    /// attr_writer / `def x; @x; end` done on a plain object, or
    /// `Hot::Builtin` (as `self_hot`). `Hot::No`
    /// with nothing done (no counter moved) otherwise: a block argument,
    /// safe navigation, another class, or an object without the ivar
    /// slot; `send_inline` then takes the site.
    #[inline(always)]
    pub fn send_hot(&mut self, site: CallSiteId) -> Hot {
        let s = self.dispatch.site(site);
        let (argc, fl) = (s.argc as usize, s.flags);
        if fl & (flags::SAFE_NAV | flags::BLOCKARG) != 0 {
            return Hot::No;
        }
        let recv_ix = self.stack.len() - argc - 1;
        let recv = self.stack[recv_ix];
        let c = self.class_of(recv);
        let Some(h) = self.dispatch.hot(site, c) else {
            return Hot::No;
        };
        let (code, handler, m) = (h.code, h.handler, h.method);
        if let Some(iseq) = code {
            return if self.enter_fast_iseq(site, m, iseq, recv, recv_ix + 1, recv_ix) {
                Hot::Entered
            } else {
                Hot::No
            };
        }
        let v = match handler {
            Handler::IvarGet(_) | Handler::IseqIvarGet(_) => {
                let Some(v) = self.hot_read(handler, m, recv) else {
                    return Hot::No;
                };
                v
            }
            Handler::IvarSet(slot) => {
                let v = self.stack[recv_ix + 1];
                if !ivar_slot_set(recv, slot, v) {
                    return Hot::No;
                }
                self.dispatch.counters.ccf_attrset += 1;
                v
            }
            // Struct members: an element of the values Array, no frame.
            Handler::StructGet(_) | Handler::StructSet(_) => {
                match self.hot_struct(handler, recv, recv_ix) {
                    Some(v) => v,
                    None => return Hot::No,
                }
            }
            Handler::Builtin => return Hot::Builtin,
            Handler::Bmethod => return self.hot_bmethod(site, m, recv, Some(recv_ix)),
            Handler::Iseq(iid) => return self.hot_block_call(site, m, iid, recv, Some(recv_ix)),
            _ => return Hot::No,
        };
        self.dispatch.count_inline_hit(site);
        self.stack.truncate(recv_ix);
        Hot::Done(v)
    }

    /// A `define_method` method's hot entry (`Shortcut::Fast`: exactly
    /// its block's required arguments, plain, no block): its block's frame
    /// pushed over the arguments as the general path's `Handler::Bmethod`
    /// does, with no `Call` or argument checks, written in place as
    /// `enter_frame` writes a method's. `recv_ix`: the receiver's slot
    /// (none: a receiverless call, self not on the stack). `Hot::No` with
    /// nothing done when the frame would not fit.
    #[inline(never)]
    fn hot_bmethod(
        &mut self,
        site: CallSiteId,
        m: MethodId,
        recv: Value,
        recv_ix: Option<usize>,
    ) -> Hot {
        let (base, ret_sp) = match recv_ix {
            Some(r) => (r + 1, r),
            None => {
                let base = self.stack.len() - self.dispatch.site(site).argc as usize;
                (base, base)
            }
        };
        if self.bmethod_frame(m, recv, base, ret_sp) {
            self.dispatch.count_inline_hit(site);
            Hot::Entered
        } else {
            Hot::No
        }
    }

    /// The frame of `define_method` method `m`'s block over arguments at
    /// `base` (the return cuts the stack to `ret_sp`), for a call its
    /// entry's `Shortcut::Fast` allows; false with nothing done when it
    /// would not fit.
    #[inline(always)]
    pub(super) fn bmethod_frame(
        &mut self,
        m: MethodId,
        recv: Value,
        base: usize,
        ret_sp: usize,
    ) -> bool {
        let MethodKind::Bmethod(p) = self.classes.method(m).kind else {
            return false;
        };
        let body = obj(p).body.borrow();
        let Body::Proc(rp) = &*body else {
            return false;
        };
        let b = &rp.block;
        let (iseq, penv) = (self.iseq(b.iseq), b.env);
        let lc = iseq.local_count as usize;
        if self.frames.len() >= MAX_FRAMES || base + lc > super::MAX_STACK {
            return false;
        }
        self.dispatch.counters.ccf_bmethod += 1;
        self.locals_height(base + lc);
        let env = if iseq.env_on_heap {
            self.alloc_frame_env(base, lc, penv)
        } else {
            Value::NIL
        };
        let id = self.next_frame_id;
        self.next_frame_id += 1;
        // yield in the body: the proc's creator's block (see Bmethod).
        let block = b.outer_block.clone();
        if let Some(f) = self.frames.reuse_slot() {
            f.iseq = iseq;
            if !Rc::ptr_eq(&f.cref, &b.cref) {
                f.cref = b.cref.clone();
            }
            f.pc = 0;
            f.base = base;
            f.ret_sp = ret_sp;
            f.self_val = recv;
            f.env = env;
            f.penv = penv;
            f.block = block;
            f.method = Some(m);
            f.id = id;
            f.home = id;
            f.origin = 0;
            f.exit = Exit::of(false);
            f.is_lambda = true;
            f.is_block = true;
        } else {
            self.frames.push(Frame {
                iseq,
                pc: 0,
                base,
                ret_sp,
                self_val: recv,
                env,
                penv,
                block,
                method: Some(m),
                cref: b.cref.clone(),
                id,
                home: id,
                origin: 0,
                exit: Exit::of(false),
                is_lambda: true,
                is_block: true,
            });
        }
        drop(body);
        self.entry_probe(m, iseq);
        if self.heap.wants_collect() {
            self.gc();
        }
        true
    }

    /// `method__entry` for method `m`, whose body `iseq` a frame now runs
    /// (its arguments are described only when a tracer listens).
    #[inline(always)]
    pub(super) fn entry_probe(&self, m: MethodId, iseq: &'static crate::bytecode::Iseq) {
        let classes = &self.classes;
        crate::dispatch::probes::method_entry(|| {
            crate::dispatch::probes::method_args(classes, m, iseq.first_line)
        });
    }

    /// `method__entry` and `method__return` for a getter method read
    /// without a frame (`Handler::IseqIvarGet`): tracers see the call.
    #[inline(always)]
    pub(super) fn getter_probes(&self, m: MethodId) {
        let args = || {
            let line = match &self.classes.method(m).kind {
                MethodKind::Iseq { iseq, .. } => self.iseq(*iseq).first_line,
                _ => 0,
            };
            crate::dispatch::probes::method_args(&self.classes, m, line)
        };
        crate::dispatch::probes::method_entry(args);
        crate::dispatch::probes::method_return(args);
    }

    /// A fast entry's bytecode method: false (nothing done) when the
    /// frame would not fit (the full send raises).
    #[inline(always)]
    pub(super) fn enter_fast_iseq(
        &mut self,
        site: CallSiteId,
        m: MethodId,
        iseq: &'static Iseq,
        recv: Value,
        base: usize,
        ret_sp: usize,
    ) -> bool {
        let Some(a) = self.fast_frame_args(site, iseq, recv, base, ret_sp) else {
            return false;
        };
        self.enter_frame(m, iseq, a, None);
        true
    }

    /// A zero-argument fast call's frame arguments, the hit counted and
    /// the locals' room made; None (nothing done) when the frame would
    /// not fit.
    #[inline(always)]
    fn fast_frame_args(
        &mut self,
        site: CallSiteId,
        iseq: &'static Iseq,
        recv: Value,
        base: usize,
        ret_sp: usize,
    ) -> Option<Args> {
        let top = base + iseq.local_count as usize;
        if self.frames.len() >= MAX_FRAMES || top > super::MAX_STACK {
            return None;
        }
        self.dispatch.count_inline_hit(site);
        self.dispatch.counters.ccf_iseq += 1;
        self.locals_height(top);
        Some(Args {
            recv,
            ret_sp,
            base,
            argc: 0,
            fl: 0,
            boundary: false,
        })
    }

    /// A fast bytecode method's hot entry at a site with a block literal
    /// (the entry has no code: `HotEntry::code`): as `enter_fast_iseq`,
    /// the block made in the frame's slot (in the allocation the slot's
    /// last frame received, when nothing kept it). `recv_ix`: the
    /// receiver's slot (none: a receiverless call). Out of line: the
    /// block-less call stays small in the run loop. `Hot::No` with
    /// nothing done when the frame would not fit.
    #[inline(never)]
    fn hot_block_call(
        &mut self,
        site: CallSiteId,
        m: MethodId,
        iid: IseqId,
        recv: Value,
        recv_ix: Option<usize>,
    ) -> Hot {
        let s = self.dispatch.site(site);
        let (base, ret_sp) = match recv_ix {
            Some(r) => (r + 1, r),
            None => {
                let base = self.stack.len() - s.argc as usize;
                (base, base)
            }
        };
        let (Some(blk), Some(Some(iseq))) = (s.block, self.iseqs.get(iid.index()).copied()) else {
            return Hot::No;
        };
        let Some(a) = self.fast_frame_args(site, iseq, recv, base, ret_sp) else {
            return Hot::No;
        };
        // (A collection in `enter_frame_in` need not keep the block in
        // the slot: all it holds, its creator's frame holds.)
        if self.frames.literal_into_dead_slot(blk) {
            self.enter_frame_in::<true>(m, iseq, a, None);
        } else {
            let block = self.literal_block(blk);
            self.enter_frame(m, iseq, a, Some(block));
        }
        Hot::Entered
    }
}
