//! Calls passing literal keywords (`f(a, k: 1)`, the `send_kw`
//! instruction): the keyword values stand on the stack where the keyword
//! Hash would be, and a bytecode method whose keyword parameters take
//! them gets them bound in place, as CRuby binds a call info's keyword
//! list: no Hash per call. Any other callee gets the Hash built and the
//! site's ordinary send (the site describes the call with the Hash).

use std::rc::Rc;

use crate::bytecode::Iseq;
use crate::dispatch::{Handler, KW_BIND_MAX, KwBinding, flags};
use crate::object::{BlockArg, Unwind};
use crate::value::{CallSiteId, IseqId, Value};

use super::call::{Args, Call};
use super::{MAX_FRAMES, Vm};

impl Vm {
    /// `send_kw`: receiver, plain arguments, then the keyword values.
    /// (Out of line: the run loop's other sends keep their registers.)
    #[inline(never)]
    pub fn send_kw(&mut self, site: CallSiteId) -> Result<Call, Unwind> {
        let s = self.dispatch.site(site);
        let (argc, fl) = (s.argc as usize, s.flags);
        let nkw = s.kw.as_ref().map_or(0, |k| k.names.len());
        let npos = argc - 1;
        let recv_ix = self.stack.len() - nkw - npos - 1;
        let recv = self.stack[recv_ix];
        let c = self.class_of(recv);
        let e = match self.dispatch.entry(site, c) {
            Some(e) => e,
            None => self.site_miss(site, c),
        };
        if let (Handler::Iseq(iid), Some(m)) = (e.handler, e.method)
            && (e.visibility == crate::class::Visibility::Public
                || fl & (flags::FCALL | flags::SELF_RECV) != 0)
        {
            let iseq = self.iseq(iid);
            let base = recv_ix + 1;
            if base + iseq.local_count as usize <= super::MAX_STACK
                && self.frames.len() < MAX_FRAMES
                && kw_bindable(iseq, npos)
            {
                let block = self.site_block(site, fl, 0)?;
                if self.bind_kw_in_place(iseq, iid, site, base, npos, nkw, &block) {
                    self.dispatch.count_entry_hit(site, c);
                    self.dispatch.counters.ccf_iseq += 1;
                    let a = Args::at(recv, recv_ix, npos + nkw, fl);
                    self.enter_frame(m, iseq, a, block);
                    return Ok(Call::Pushed);
                }
            }
        }
        self.kw_to_hash(site, nkw)?;
        self.send(site)
    }

    /// Replaces the `nkw` keyword values on top of the stack with their
    /// Hash (what the call passes to any callee but a bytecode method
    /// binding them in place).
    #[cold]
    #[inline(never)]
    fn kw_to_hash(&mut self, site: CallSiteId, nkw: usize) -> Result<(), Unwind> {
        let Some(names) = self
            .dispatch
            .site(site)
            .kw
            .as_ref()
            .map(|k| k.names.clone())
        else {
            return Ok(());
        };
        let top = self.stack.len() - nkw;
        // Rooted on the stack while it fills.
        let h = self.new_hash();
        self.stack.push(h);
        for (j, name) in names.iter().enumerate() {
            let v = self.stack[top + j];
            self.hash_aset(h, Value::symbol(*name), v)?;
        }
        self.stack.truncate(top);
        self.stack.push(h);
        Ok(())
    }

    /// Binds `npos` plain arguments at `base` and the `nkw` keyword values
    /// above them into `iseq`'s locals, when every keyword names one of
    /// its keyword parameters and every required one is given; false
    /// (nothing changed) otherwise: the general path raises CRuby's
    /// unknown/missing keyword errors. The site's `KwBinding` for the
    /// method says where each value goes.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn bind_kw_in_place(
        &mut self,
        iseq: &'static Iseq,
        iid: IseqId,
        site: CallSiteId,
        base: usize,
        npos: usize,
        nkw: usize,
        block: &Option<Rc<BlockArg>>,
    ) -> bool {
        let b = match self.dispatch.site(site).kw.as_ref().and_then(|k| k.binding) {
            Some(b) if b.iseq == iid => b,
            _ => match self.kw_binding(iseq, iid, site, npos, nkw) {
                Some(b) => {
                    if let Some(k) = self.dispatch.sites[site.index()].kw.as_mut() {
                        k.binding = Some(b);
                    }
                    b
                }
                None => return false,
            },
        };
        let p = &iseq.params;
        let top = base + npos;
        if b.in_place {
            self.locals_height(base + iseq.local_count as usize);
        } else {
            let mut vals = [Value::NIL; KW_BIND_MAX];
            vals[..nkw].copy_from_slice(&self.stack[top..top + nkw]);
            let (lead, opt) = (p.lead as usize, p.opt as usize);
            self.stack.truncate(top);
            // Missing optionals and keywords are UNDEF: their defaults run.
            self.stack.resize(base + lead + opt, Value::UNDEF);
            self.stack
                .resize(base + iseq.local_count as usize, Value::NIL);
            for k in &p.kw {
                self.stack[base + k.1 as usize] = Value::UNDEF;
            }
            for (&slot, &v) in b.slots[..nkw].iter().zip(&vals[..nkw]) {
                self.stack[base + slot as usize] = v;
            }
        }
        if let Some(bp) = p.block {
            self.stack[base + bp as usize] = match block {
                Some(b) => self.block_to_proc(b),
                None => Value::NIL,
            };
        }
        true
    }

    /// Works out a `SendKw` site's `KwBinding` for a method: None when a
    /// keyword names none of its parameters or a required one is missing.
    #[cold]
    #[inline(never)]
    fn kw_binding(
        &self,
        iseq: &'static Iseq,
        iid: IseqId,
        site: CallSiteId,
        npos: usize,
        nkw: usize,
    ) -> Option<KwBinding> {
        let p = &iseq.params;
        if nkw > KW_BIND_MAX {
            return None;
        }
        let names = &*self.dispatch.site(site).kw.as_ref()?.names;
        let mut slots = [0u16; KW_BIND_MAX];
        let mut required = 0;
        for (j, name) in names.iter().enumerate() {
            let &(_, idx, req) = p.kw.iter().find(|k| k.0 == *name)?;
            slots[j] = u16::try_from(idx).ok()?;
            required += req as usize;
        }
        if required != p.kw.iter().filter(|k| k.2).count() {
            return None;
        }
        let in_place = nkw == p.kw.len()
            && npos == (p.lead + p.opt) as usize
            && (0..nkw).all(|j| slots[j] as usize == npos + j);
        Some(KwBinding {
            iseq: iid,
            slots,
            in_place,
        })
    }
}

/// Whether a method's parameters let a call with `npos` plain arguments
/// and literal keywords bind in place: leading and optional parameters
/// the count fits, keyword parameters, no rest, post or `**` parameter.
fn kw_bindable(iseq: &Iseq, npos: usize) -> bool {
    let p = &iseq.params;
    !p.kw.is_empty()
        && p.rest.is_none()
        && p.post == 0
        && p.kwrest.is_none()
        && !p.no_kw
        && npos >= p.lead as usize
        && npos <= (p.lead + p.opt) as usize
}
