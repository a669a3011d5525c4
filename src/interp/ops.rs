//! Instruction helpers: operator fast paths, `case`/`rescue` matching,
//! `defined?` and the less frequent instructions (`exec_misc`). Variables
//! live in `vars`, definitions in `define`.

use crate::bytecode::Insn;
use crate::class::cls;
use crate::compiler::{
    DEFINED_CONST, DEFINED_CONST_FROM, DEFINED_CONST_TOP, DEFINED_CVAR, DEFINED_FCALL,
    DEFINED_GVAR, DEFINED_IVAR, DEFINED_METHOD, DEFINED_SUPER, DEFINED_YIELD,
};
use crate::dispatch::{bop, lookup};
use crate::gc::obj;
use crate::object::{Body, Unwind};
use crate::value::{ClassId, SymbolId, Value, sym, symbol};

use super::call::Call;
use super::{VResult, Vm};

pub fn floor_div(x: i64, y: i64) -> i64 {
    let q = x / y;
    if x % y != 0 && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    }
}

pub fn floor_mod(x: i64, y: i64) -> i64 {
    let r = x % y;
    if r != 0 && ((r < 0) != (y < 0)) {
        r + y
    } else {
        r
    }
}

/// A `once` site's state in its cache (`ConstCache::cref`; the running
/// thread in `state`).
const ONCE_RUNNING: usize = 1;
const ONCE_DONE: usize = 2;

impl Vm {
    // ---- operator fast paths ---------------------------------------------------

    #[inline]
    pub fn opt_compare(&self, insn: Insn, a: Value, b: Value) -> Option<bool> {
        if Value::both_fixnum(a, b) && self.dispatch.bop_ok(bop::INT_CMP) {
            let (x, y) = (a.raw() as i64, b.raw() as i64);
            return Some(match insn {
                Insn::OptEq { .. } => x == y,
                Insn::OptNeq { .. } => x != y,
                Insn::OptLt { .. } => x < y,
                Insn::OptLe { .. } => x <= y,
                Insn::OptGt { .. } => x > y,
                _ => x >= y,
            });
        }
        // Symbols before Floats: `name == :sym` is the common case here.
        if a.is_symbol()
            && b.is_symbol()
            && matches!(insn, Insn::OptEq { .. } | Insn::OptNeq { .. })
            && self.dispatch.bop_ok(bop::EQ)
        {
            return Some((a == b) == matches!(insn, Insn::OptEq { .. }));
        }
        if Value::both_flonum(a, b) && self.dispatch.bop_ok(bop::FLOAT_CMP) {
            let (x, y) = (a.flonum_value(), b.flonum_value());
            return Some(match insn {
                Insn::OptEq { .. } => x == y,
                Insn::OptNeq { .. } => x != y,
                Insn::OptLt { .. } => x < y,
                Insn::OptLe { .. } => x <= y,
                Insn::OptGt { .. } => x > y,
                _ => x >= y,
            });
        }
        None
    }

    /// `+ - * /` on two Floats (flonums, or boxed Floats on the cold path),
    /// as CRuby's opt_plus..opt_div do, unless Float's operators were
    /// redefined. `op` is a constant at each instruction's arm, so the
    /// arithmetic is one machine instruction there.
    #[inline(always)]
    pub fn opt_float_arith(&mut self, op: FloatOp, a: Value, b: Value) -> Option<Value> {
        if !Value::both_flonum(a, b) {
            return self.opt_mixed_float_arith(op, a, b);
        }
        if !self.dispatch.bop_ok(bop::FLOAT_ARITH) {
            return None;
        }
        Some(self.float_new(op.apply(a.flonum_value(), b.flonum_value())))
    }

    /// `opt_float_arith` when a side is a boxed Float or a Fixnum: as
    /// CRuby's `flo_plus`.. (a Float receiver, a Fixnum converted with
    /// `(double)`) and `fix_plus`.. (a Fixnum receiver, a Float
    /// argument), each while its class's operators are not redefined.
    #[inline(never)]
    fn opt_mixed_float_arith(&mut self, op: FloatOp, a: Value, b: Value) -> Option<Value> {
        let (x, y, bop) = if a.is_fixnum() {
            (a.fixnum_unchecked() as f64, float_of(b)?, bop::INT_ARITH)
        } else {
            let x = float_of(a)?;
            let y = match b.is_fixnum() {
                true => b.fixnum_unchecked() as f64,
                false => float_of(b)?,
            };
            (x, y, bop::FLOAT_ARITH)
        };
        if !self.dispatch.bop_ok(bop) {
            return None;
        }
        Some(self.float_new(op.apply(x, y)))
    }

    /// `v` is a Hash (not a subclass, no singleton methods can matter:
    /// the class test is on the object's class) and its `[]`/`[]=` are
    /// CRuby's.
    #[inline(always)]
    pub fn is_plain_hash(&self, v: Value) -> bool {
        v.is_heap() && obj(v).class.get() == cls::HASH && self.dispatch.bop_ok(bop::HASH_AREF)
    }

    /// `opt_aref` past the Fixnum-indexed Array read, as CRuby's: a plain
    /// Hash is `rb_hash_aref` (the default value or default proc when the
    /// key is missing), a plain Array with another index `rb_ary_aref1`,
    /// each called without a method frame; None: a real call.
    #[inline(never)]
    pub fn opt_aref_direct(&mut self, a: Value, b: Value) -> Option<VResult> {
        if !a.is_heap() {
            return None;
        }
        match obj(a).class.get() {
            cls::HASH if self.dispatch.bop_ok(bop::HASH_AREF) => Some(self.hash_aref_op(a, b, 2)),
            cls::ARRAY if self.dispatch.bop_ok(bop::ARRAY_AREF) => {
                Some(crate::builtins::array::aref1(self, a, b))
            }
            _ => None,
        }
    }

    /// `opt_aref_with`'s fast path: `h["k"]` on a plain Hash that is not
    /// compare_by_identity looks the literal's frozen twin up (CRuby 3.1's
    /// vm_opt_aref_with: a default proc is given that frozen key too).
    /// None: push a fresh String and call instead. The caller's frame pc
    /// is past the skipped `opt_aref`, for a default proc that turns
    /// tracing on (`trace_switch`).
    #[inline]
    pub fn opt_aref_with(&mut self, h: Value, key: Value) -> Option<VResult> {
        if !h.is_heap() || obj(h).class.get() != cls::HASH || !self.dispatch.bop_ok(bop::HASH_AREF)
        {
            return None;
        }
        if matches!(&*obj(h).body.borrow(), Body::Hash(t) if t.compare_by_identity) {
            return None;
        }
        Some(self.hash_aref_op(h, key, 1))
    }

    /// `h[k]` for an instruction with `operands` on the stack: a default
    /// proc that turned tracing on leaves the value there for the tracing
    /// loop (`trace_switch`).
    fn hash_aref_op(&mut self, h: Value, k: Value, operands: usize) -> VResult {
        let r = crate::builtins::hash::hash_fetch_default(self, h, k)?;
        if self.trace.events != 0 {
            return Err(self.trace_switch(r, operands));
        }
        Ok(r)
    }

    /// `opt_aset` on a Hash: `rb_hash_aset` without a method call.
    #[inline(never)]
    pub fn opt_aset_hash(&mut self, h: Value, k: Value, v: Value) -> Result<(), Unwind> {
        crate::builtins::hash::aset(self, h, k, v)
    }

    #[inline]
    pub fn opt_aref(&self, a: Value, b: Value) -> Option<Value> {
        if a.is_heap()
            && b.is_fixnum()
            && obj(a).class.get() == cls::ARRAY
            && self.dispatch.bop_ok(bop::ARRAY_AREF)
            && let Body::Array(v) = &*obj(a).body.borrow()
        {
            let i = b.fixnum_unchecked();
            let i = if i < 0 { i + v.len() as i64 } else { i };
            return Some(if i >= 0 && (i as usize) < v.len() {
                v[i as usize]
            } else {
                Value::NIL
            });
        }
        None
    }

    /// The element count `size`/`length`/`empty?` read from a plain
    /// Array or Hash while their methods are CRuby's; None for a call.
    #[inline(always)]
    pub fn opt_length(&self, v: Value) -> Option<usize> {
        if !v.is_heap() {
            return None;
        }
        let o = obj(v);
        match (o.class.get(), &*o.body.borrow()) {
            (cls::ARRAY, Body::Array(a)) if self.dispatch.bop_ok(bop::ARRAY_OPS) => Some(a.len()),
            (cls::HASH, Body::Hash(h)) if self.dispatch.bop_ok(bop::HASH_OPS) => Some(h.live),
            _ => None,
        }
    }

    // ---- the rest ---------------------------------------------------------------

    /// Less frequent instructions. Ok(None): nothing pushed by the caller.
    /// While tracing is on, what it did is followed by `Unwind::TraceSwitch`
    /// (its Ruby code may have enabled a hook: src/interp/trace.rs).
    pub fn exec_misc(&mut self, fi: usize, insn: Insn) -> Result<Option<Call>, Unwind> {
        let r = self.exec_misc_op(fi, insn)?;
        if self.trace.events != 0 {
            return self.misc_traced(r);
        }
        Ok(r)
    }

    #[inline(always)]
    fn exec_misc_op(&mut self, fi: usize, insn: Insn) -> Result<Option<Call>, Unwind> {
        macro_rules! pop {
            () => {
                self.stack.pop().unwrap()
            };
        }
        let done = |v: Value| Ok(Some(Call::Done(v)));
        match insn {
            Insn::NewArray { n } => {
                let l = self.stack.len() - n as usize;
                let items = self.stack.split_off(l);
                let a = self.ary_new(items);
                done(a)
            }
            Insn::SplatArray { copy: false } if self.is_array(self.stack[self.stack.len() - 1]) => {
                Ok(None)
            }
            Insn::SplatArray { .. } => {
                let v = pop!();
                let a = self.splat_to_array(v)?;
                done(a)
            }
            Insn::ConcatArray => {
                // `[*a, *b]` / `f(x, *b)`: b is splatted here (a separate
                // splatarray would copy an Array argument once more). Both
                // stay on the stack (GC roots) while `to_a` may run.
                let l = self.stack.len();
                let b = self.stack[l - 1];
                if !self.is_array(b) {
                    let s = self.splat_to_array(b)?;
                    self.stack[l - 1] = s;
                }
                // The left array is always one the compiler just built
                // (`newarray` or an earlier `concatarray`), never a value
                // Ruby code can see: b's elements are appended to it in
                // place (CRuby 3.3's concattoarray) instead of copying both.
                let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                if a == b {
                    // Cannot happen (b is a Ruby value); kept total.
                    if let Body::Array(v) = &mut *obj(a).body.borrow_mut() {
                        v.extend_from_within(..);
                    }
                    self.stack.truncate(l - 1);
                    return Ok(None);
                }
                let ok = match (&mut *obj(a).body.borrow_mut(), &*obj(b).body.borrow()) {
                    (Body::Array(into), Body::Array(from)) => {
                        let ok = into.try_reserve(from.len()).is_ok();
                        if ok {
                            into.extend_from_slice(from);
                        }
                        ok
                    }
                    _ => true,
                };
                if !ok {
                    return Err(self.no_memory_error());
                }
                self.heap
                    .note_malloc(self.array_len(b) * std::mem::size_of::<Value>());
                self.stack.truncate(l - 1);
                Ok(None)
            }
            Insn::NewHash { n } => {
                let l = self.stack.len() - n as usize;
                let items = self.stack[l..].to_vec();
                let pairs: Vec<(Value, Value)> = items.chunks(2).map(|c| (c[0], c[1])).collect();
                let h = self.hash_from_pairs(&pairs)?;
                self.stack.truncate(l);
                done(h)
            }
            Insn::MergeHash => {
                let b = pop!();
                let a = *self.stack.last().unwrap();
                // (`**nil` is a TypeError in Ruby 3.1.)
                let b = self.to_hash_for_splat(b)?;
                for (k, v) in self.hash_pairs(b) {
                    self.hash_aset(a, k, v)?;
                }
                Ok(None)
            }
            Insn::NewRange { excl } => {
                let e = pop!();
                let b = pop!();
                let r = self.range_new(b, e, excl)?;
                done(r)
            }
            Insn::ObjToString => {
                let v = pop!();
                if self.is_string(v) {
                    return done(v);
                }
                let s = self.funcall(v, sym::TO_S, &[], None)?;
                if self.is_string(s) {
                    return done(s);
                }
                let d = self.any_to_s(v);
                let r = self.str_new(&d);
                done(r)
            }
            Insn::ConcatStrings { n } | Insn::ConcatStringsEnc { n, .. } => {
                // The pieces are appended to an empty string of the
                // source's encoding (UTF-8 unless `ConcatStringsEnc`
                // says), each one's encoding mixing as `String#<<` has it
                // (`rb_str_concat_literals`).
                use crate::builtins::string::{Enc, append_encoding, incompatible, lit_enc};
                let l = self.stack.len() - n as usize;
                // Sized once: the result keeps no spare capacity (a
                // doubling buffer kept up to half again in every string).
                let len = self.stack[l..]
                    .iter()
                    .map(|&v| match &*obj(v).body.borrow() {
                        Body::String(s) => s.bytes.len(),
                        _ => 0,
                    })
                    .sum();
                let mut bytes = Vec::with_capacity(len);
                let mut enc = match insn {
                    Insn::ConcatStringsEnc { enc, .. } => lit_enc(enc),
                    _ => Enc::Utf8,
                };
                for i in l..self.stack.len() {
                    let v = self.stack[i];
                    if let Body::String(s) = &*obj(v).body.borrow() {
                        let ev = Enc::of(v);
                        if ev != enc {
                            let (a7, b7) = (bytes.is_ascii(), s.bytes.is_ascii());
                            enc = match append_encoding(enc, a7, ev, b7) {
                                Some(e) => e,
                                None => return Err(incompatible(self, enc, ev)),
                            };
                        }
                        bytes.extend_from_slice(&s.bytes);
                    }
                }
                self.stack.truncate(l);
                let s = self.str_from_bytes(bytes);
                if enc != Enc::Utf8 {
                    enc.set(s);
                }
                done(s)
            }
            Insn::ToRegexp { n, opts } => {
                let l = self.stack.len() - n as usize;
                let mut src = String::new();
                let parts: Vec<Value> = self.stack.drain(l..).collect();
                for v in parts {
                    if let Some(re_src) = self.regexp_source_for_interp(v) {
                        src.push_str(&re_src);
                    } else {
                        src.push_str(&self.string_lossy(v));
                    }
                }
                let r = self.regexp_new(&src, opts)?;
                done(r)
            }
            Insn::GetIvar { name, ic } => {
                let v = self.get_ivar_cached(fi, name, ic)?;
                done(v)
            }
            Insn::SetIvar { name, ic } => {
                let v = pop!();
                let pc = self.frames[fi].pc;
                self.set_ivar_cached(fi, name, ic, v, pc)?;
                Ok(None)
            }
            Insn::GetGlobal { name } => {
                if self.ractor_nonmain {
                    self.ractor_check_gvar(name)?;
                }
                let v = self.global_get(name);
                done(v)
            }
            Insn::SetGlobal { name } => {
                let v = pop!();
                if self.ractor_nonmain {
                    self.ractor_check_gvar(name)?;
                }
                self.global_set(name, v)?;
                Ok(None)
            }
            Insn::GetCvar { name } => {
                if self.ractor_nonmain {
                    self.ractor_check_cvar()?;
                }
                let c = self.cvar_base(fi)?;
                let v = self.cvar_get(c, name)?;
                done(v)
            }
            Insn::SetCvar { name } => {
                let v = pop!();
                if self.ractor_nonmain {
                    self.ractor_check_cvar()?;
                }
                let c = self.cvar_base(fi)?;
                self.cvar_set(c, name, v)?;
                Ok(None)
            }
            // The run loop reads constants itself; the JIT's exits to
            // here do not.
            Insn::GetConst { name, cache } => {
                let v = self.get_const_cached(fi, name, cache)?;
                done(v)
            }
            Insn::PutStringEnc { idx, enc } => {
                let bytes = self.frames[fi].iseq.strings[idx as usize].clone();
                let v = self.str_from_bytes(bytes);
                crate::builtins::string::lit_enc(enc).set(v);
                done(v)
            }
            Insn::GetConstTop { name } => {
                let v = match self.classes.get(cls::OBJECT).consts.get(&name) {
                    Some(v) => *v,
                    None => self.const_missing(cls::OBJECT, name)?,
                };
                if self.private_const_owner(cls::OBJECT, name).is_some() {
                    let v = self.private_const_missing(cls::OBJECT, cls::OBJECT, name)?;
                    return done(v);
                }
                done(v)
            }
            Insn::GetConstUnder { name, cache } => {
                let base = pop!();
                let v = self.get_const_under_cached(base, name, cache)?;
                if self.ractor_nonmain {
                    let owner = self.ractor_const_owner(fi, self.as_class(base), name);
                    self.ractor_check_const_get(owner, name, v)?;
                }
                done(v)
            }
            Insn::SetConst { name } => {
                let v = pop!();
                if self.ractor_nonmain {
                    self.ractor_check_const_set(v)?;
                }
                let c = self.frames[fi].cref.lexical().class;
                self.set_const(c, name, v);
                Ok(None)
            }
            Insn::SetConstUnder { name } => {
                let v = pop!();
                if self.ractor_nonmain {
                    self.ractor_check_const_set(v)?;
                }
                let base = pop!();
                let c = if base.is_undef() {
                    self.frames[fi].cref.lexical().class
                } else if base == Value::symbol(sym::MAIN) {
                    cls::OBJECT
                } else {
                    match self.as_class(base) {
                        Some(c) => c,
                        None => {
                            let s = self.inspect(base)?;
                            return Err(self.type_error(&format!("{s} is not a class/module")));
                        }
                    }
                };
                self.set_const(c, name, v);
                Ok(None)
            }
            Insn::DefineMethod { name, iseq } => {
                let target = self.def_target(fi)?;
                self.define_iseq_method(fi, target, name, iseq, false)?;
                done(Value::symbol(name))
            }
            Insn::DefineSMethod { name, iseq } => {
                let o = pop!();
                if crate::builtins::object::no_singleton(o) {
                    return Err(self.type_error("can't define singleton"));
                }
                if o.is_heap() && obj(o).is_frozen() {
                    return Err(self.frozen_singleton_error(o));
                }
                let s = self.singleton_class(o);
                self.define_iseq_method(fi, s, name, iseq, true)?;
                done(Value::symbol(name))
            }
            Insn::DefineClass { name, iseq } => {
                let sup = pop!();
                let cbase = pop!();
                let sup = if sup.is_undef() { None } else { Some(sup) };
                self.open_class(fi, name, iseq, cbase, sup, false).map(Some)
            }
            Insn::DefineModule { name, iseq } => {
                let cbase = pop!();
                self.open_class(fi, name, iseq, cbase, None, true).map(Some)
            }
            Insn::SingletonClassBody { iseq } => {
                let o = pop!();
                // nil, true and false open NilClass, TrueClass, FalseClass.
                if crate::builtins::object::no_singleton(o) {
                    return Err(self.type_error("can't define singleton"));
                }
                let s = self.singleton_class(o);
                self.run_class_body(fi, s, iseq).map(Some)
            }
            Insn::Lambda { iseq } => {
                let blk = self.make_block(iseq);
                let p = self.alloc_proc(blk, true);
                done(p)
            }
            Insn::Alias { new, old } => {
                let target = self.def_target(fi)?;
                self.alias_method(target, new, old)?;
                done(Value::NIL)
            }
            Insn::AliasGlobal { new, old } => {
                self.global_alias(new, old);
                done(Value::NIL)
            }
            Insn::Undef { name } => {
                let target = self.def_target(fi)?;
                self.undef_method(target, name)?;
                done(Value::NIL)
            }
            Insn::Defined { kind, name } => {
                let subject = pop!();
                let r = self.defined(fi, kind, name, subject)?;
                done(r)
            }
            Insn::BackRef { n } => {
                let v = self.backref(n)?;
                done(v)
            }
            Insn::ExpandArray { n, flags, post } => {
                let v = pop!();
                self.expand_array(v, n as usize, flags & 1 != 0, post as usize)?;
                Ok(None)
            }
            Insn::GetBlockParam => {
                let b = self.frames[fi].block.clone();
                let v = match b {
                    Some(b) => self.block_to_proc(&b),
                    None => Value::NIL,
                };
                done(v)
            }
            Insn::CheckMatch { kind } => {
                let pat = pop!();
                let target = pop!();
                let r = self.check_match(kind, target, pat)?;
                done(r)
            }
            Insn::PatternError => {
                let b = pop!();
                let a = pop!();
                let kind = pop!();
                let subj = pop!();
                Err(self.pattern_error(subj, kind, a, b))
            }
            Insn::PutSpecialObject { .. } => done(Value::NIL),
            Insn::Once { cache, target } => self.once(fi, cache, target),
            Insn::SetOnce { cache } => {
                let v = *self.stack.last().expect("the value");
                let c = &mut self.const_caches[cache as usize];
                (c.cref, c.value) = (ONCE_DONE, v);
                Ok(None)
            }
            Insn::ThrowClassJump { kind, depth } => {
                let v = pop!();
                Err(self.class_body_jump(fi, kind, depth, v))
            }
            other => Err(self.runtime_error(&format!(
                "carmine: instruction {} reached exec_misc",
                other.mnemonic()
            ))),
        }
    }

    /// `once`: the made value (jumping past the code making it), or on
    /// to make it: the first time, or again inside its own making
    /// (recursion). Another thread making it is waited for.
    fn once(&mut self, fi: usize, cache: u32, target: u32) -> Result<Option<Call>, Unwind> {
        let me = self.fibers.thread();
        loop {
            let c = &mut self.const_caches[cache as usize];
            match c.cref {
                ONCE_DONE => {
                    let v = c.value;
                    self.stack.push(v);
                    self.frames[fi].pc = target as usize;
                    // (The loop goes on at the frame's pc.)
                    return Ok(Some(Call::Pushed));
                }
                ONCE_RUNNING if c.state != me => {
                    let t = self.const_lookup(fi, crate::intern!("Thread"))?;
                    self.funcall(t, crate::intern!("pass"), &[], None)?;
                }
                _ => {
                    (c.cref, c.state) = (ONCE_RUNNING, me);
                    return Ok(None);
                }
            }
        }
    }

    /// `break`/`next` with `v` from the class body in frame `fi`, to the
    /// loop or block of the frame `depth` class bodies out.
    #[cold]
    fn class_body_jump(&mut self, fi: usize, kind: u32, depth: u32, v: Value) -> Unwind {
        use crate::compiler::control_kinds::*;
        let Some(t) = fi.checked_sub(depth as usize) else {
            return self.jump_error("break from proc-closure", "break", v);
        };
        let f = &self.frames[t];
        let (id, origin, iseq, lambda) = (f.id, f.origin, f.iseq.id, f.is_lambda);
        match kind {
            JUMP_LOOP_BREAK | JUMP_LOOP_NEXT => Unwind::Loop {
                target: id,
                value: v,
                next: kind == JUMP_LOOP_NEXT,
            },
            // `next` ends the block's run; `break` in a lambda too.
            JUMP_BLOCK_NEXT => Unwind::Return {
                target: id,
                value: v,
            },
            _ if lambda => Unwind::Return {
                target: id,
                value: v,
            },
            _ if self.break_target_live(origin, iseq) => Unwind::Break {
                target: origin,
                value: v,
            },
            _ => self.jump_error("break from proc-closure", "break", v),
        }
    }

    /// `C::NAME`: C's constants and its ancestors', but not Object's
    /// (top-level constants) unless C is Object.
    pub fn const_under(&mut self, c: ClassId, name: SymbolId) -> Option<Value> {
        let v = self.const_in_ancestors(c, name)?;
        let ok = c == cls::OBJECT
            || !self.classes.get(cls::OBJECT).consts.contains_key(&name)
            || self.classes.get(c).consts.contains_key(&name)
            || self
                .classes
                .ancestors(c)
                .iter()
                .any(|a| *a != cls::OBJECT && self.classes.get(*a).consts.contains_key(&name));
        ok.then_some(v)
    }

    fn check_match(&mut self, kind: u32, target: Value, pat: Value) -> Result<Value, Unwind> {
        use crate::compiler::control_kinds::*;
        match kind {
            CHECKMATCH_CASE => {
                let r = self.case_eq(pat, target)?;
                Ok(Value::bool(r))
            }
            CHECKMATCH_SPLAT => {
                let items = self.splat_to_array(pat)?;
                for p in self.array_items(items) {
                    if self.case_eq(p, target)? {
                        return Ok(Value::TRUE);
                    }
                }
                Ok(Value::FALSE)
            }
            CHECKMATCH_RESCUE => {
                self.check_rescue_class(pat)?;
                Ok(Value::bool(self.case_eq(pat, target)?))
            }
            CHECKMATCH_RESCUE_SPLAT => {
                let items = self.splat_to_array(pat)?;
                for p in self.array_items(items) {
                    self.check_rescue_class(p)?;
                    if self.case_eq(p, target)? {
                        return Ok(Value::TRUE);
                    }
                }
                Ok(Value::FALSE)
            }
            CHECKMATCH_WHEN_SPLAT => {
                let items = self.splat_to_array(pat)?;
                let any = self.array_items(items).iter().any(|v| v.truthy());
                Ok(Value::bool(any))
            }
            CHECKMATCH_DECONSTRUCT => {
                // `pat`: the case's cached result of an earlier branch.
                if pat.truthy() {
                    return Ok(pat);
                }
                if self.is_array(target) && self.answered_by(target, sym::DECONSTRUCT, cls::ARRAY) {
                    return Ok(target);
                }
                if !self.pattern_responds(target, sym::DECONSTRUCT)? {
                    return Ok(Value::FALSE);
                }
                let d = self.funcall(target, sym::DECONSTRUCT, &[], None)?;
                if !self.is_array(d) {
                    return Err(self.type_error("deconstruct must return Array"));
                }
                Ok(d)
            }
            CHECKMATCH_HASH_EXCEPT => {
                let keys = self.array_items(pat);
                let pairs: Vec<(Value, Value)> = self
                    .hash_pairs(target)
                    .into_iter()
                    .filter(|(k, _)| !keys.contains(k))
                    .collect();
                self.hash_from_pairs(&pairs)
            }
            _ => {
                if self.hash_len(target).is_some()
                    && self.answered_by(target, sym::DECONSTRUCT_KEYS, cls::HASH)
                {
                    return Ok(target);
                }
                if !self.pattern_responds(target, sym::DECONSTRUCT_KEYS)? {
                    return Ok(Value::FALSE);
                }
                let d = self.funcall(target, sym::DECONSTRUCT_KEYS, &[pat], None)?;
                if self.hash_len(d).is_none() {
                    return Err(self.type_error("deconstruct_keys must return Hash"));
                }
                Ok(d)
            }
        }
    }

    /// A rescue clause's class list holds classes and modules only.
    fn check_rescue_class(&mut self, c: Value) -> Result<(), Unwind> {
        if self.as_class(c).is_none() {
            return Err(self.type_error("class or module required for rescue clause"));
        }
        Ok(())
    }

    /// Whether `v`'s method `name` is the one `owner` defines (a builtin
    /// not redefined, nor overridden by a subclass or singleton).
    pub fn answered_by(&mut self, v: Value, name: SymbolId, owner: ClassId) -> bool {
        let c = self.class_of(v);
        let r = self.dispatch.resolve(&mut self.classes, c, name);
        r.method
            .is_some_and(|m| self.classes.method(m).owner == owner)
    }

    /// Whether a pattern may deconstruct `v`: `v.respond_to?(name)`, asked
    /// as a call when `respond_to?` is not Kernel's own (CRuby sends it).
    fn pattern_responds(&mut self, v: Value, name: SymbolId) -> Result<bool, Unwind> {
        if self.answered_by(v, sym::RESPOND_TO, cls::KERNEL) {
            return Ok(self.respond_to(v, name));
        }
        let r = self.funcall(v, sym::RESPOND_TO, &[Value::symbol(name)], None)?;
        Ok(r.truthy())
    }

    /// CRuby's `rb_equal(a, b)`: `a.equal?(b) || a == b`, without the call
    /// when `==` is a builtin's that answers for two Integers, a Symbol or
    /// two flonums (Array#include?/count/index/delete, Hash#value?).
    pub fn rb_equal(&mut self, a: Value, b: Value) -> Result<bool, Unwind> {
        if a == b {
            return Ok(true);
        }
        if Value::both_fixnum(a, b) && self.dispatch.bop_ok(bop::INT_CMP) {
            return Ok(false);
        }
        // Symbol#== is identity.
        if a.is_symbol() && self.dispatch.bop_ok(bop::EQ) {
            return Ok(false);
        }
        if Value::both_flonum(a, b) && self.dispatch.bop_ok(bop::FLOAT_CMP) {
            return Ok(a.flonum_value() == b.flonum_value());
        }
        Ok(self.funcall(a, sym::EQ, &[b], None)?.truthy())
    }

    /// `pat === v`, with fast paths for classes and simple values.
    pub fn case_eq(&mut self, pat: Value, v: Value) -> Result<bool, Unwind> {
        if !pat.is_heap() && !v.is_heap() && pat == v {
            return Ok(true);
        }
        // Integer#===, Symbol#=== and an Integer Range's === while none is
        // redefined: no call (a case/when over byte values or tags).
        if self.dispatch.bop_ok(bop::CASE_EQ) {
            if (pat.is_fixnum() && v.is_fixnum()) || pat.is_symbol() {
                return Ok(pat == v);
            }
            if v.is_fixnum()
                && pat.is_heap()
                && self.dispatch.bop_ok(bop::INT_CMP)
                && let Body::Range(b, e, excl) = &*obj(pat).body.borrow()
                && (b.is_fixnum() || b.is_nil())
                && (e.is_fixnum() || e.is_nil())
                && obj(pat).class.get() == cls::RANGE
            {
                let x = v.as_fixnum().unwrap_or(0);
                let lo_ok = b.as_fixnum().is_none_or(|lo| lo <= x);
                let hi_ok = match e.as_fixnum() {
                    None => true,
                    Some(hi) if *excl => x < hi,
                    Some(hi) => x <= hi,
                };
                return Ok(lo_ok && hi_ok);
            }
        }
        // (`Module#===` itself when builtin calls are traced.)
        if let Some(c) = self.as_class(pat)
            && !self
                .classes
                .get(self.class_of(pat))
                .methods
                .contains_key(&sym::EQQ)
            && self.trace.events & super::trace::event::C == 0
        {
            let vc = self.class_of(v);
            return Ok(self.classes.is_subclass_of(vc, c));
        }
        let r = self.funcall(pat, sym::EQQ, &[v], None)?;
        Ok(r.truthy())
    }

    fn expand_array(&mut self, v: Value, n: usize, rest: bool, post: usize) -> Result<(), Unwind> {
        let items = match self.check_array_type(v)? {
            Some(a) => self.array_items(a),
            None => vec![v],
        };
        let get = |i: usize| items.get(i).copied().unwrap_or(Value::NIL);
        let mut out = Vec::new();
        for i in 0..n {
            out.push(get(i));
        }
        if rest {
            let end = items.len().saturating_sub(post).max(n);
            let r: Vec<Value> = if n < end {
                items[n..end].to_vec()
            } else {
                Vec::new()
            };
            let a = self.ary_new(r);
            out.push(a);
            for i in 0..post {
                out.push(get(end + i));
            }
        } else {
            for i in 0..post {
                out.push(get(n + i));
            }
        }
        for v in out.into_iter().rev() {
            self.stack.push(v);
        }
        Ok(())
    }

    fn defined(
        &mut self,
        fi: usize,
        kind: u32,
        name: SymbolId,
        subject: Value,
    ) -> Result<Value, Unwind> {
        // The answers are frozen, one object per text (as CRuby's).
        let yes = |vm: &mut Vm, s: &str| {
            use crate::compiler::Host;
            vm.literal(crate::compiler::Literal::FrozenString(
                s.as_bytes().to_vec(),
            ))
            .map_err(|m| vm.runtime_error(&m))
        };
        match kind {
            DEFINED_IVAR => {
                let s = self.frames[fi].self_val;
                let has = self.ivar_list(s).iter().any(|(n, _)| *n == name);
                if has {
                    yes(self, "instance-variable")
                } else {
                    Ok(Value::NIL)
                }
            }
            DEFINED_GVAR => {
                if self.globals.contains_key(&name)
                    || self.global_aliases.contains_key(&name)
                    || matches!(
                        &*symbol::name(name),
                        "$stdout" | "$stderr" | "$0" | "$!" | "$~"
                    )
                {
                    yes(self, "global-variable")
                } else {
                    Ok(Value::NIL)
                }
            }
            DEFINED_CVAR => {
                // defined?(@@x) at toplevel is nil, not an error.
                let Ok(c) = self.cvar_base(fi) else {
                    return Ok(Value::NIL);
                };
                if self.cvar_owner(c, name).is_some() {
                    yes(self, "class variable")
                } else {
                    Ok(Value::NIL)
                }
            }
            DEFINED_CONST => match self.const_lookup_quiet(fi, name) {
                true => yes(self, "constant"),
                false => Ok(Value::NIL),
            },
            DEFINED_CONST_FROM => {
                if subject.is_undef() {
                    return Ok(Value::NIL);
                }
                match self.as_class(subject) {
                    Some(c)
                        if self.const_under(c, name).is_some()
                            && self.private_const_owner(c, name).is_none() =>
                    {
                        yes(self, "constant")
                    }
                    _ => Ok(Value::NIL),
                }
            }
            DEFINED_CONST_TOP => {
                if self.const_under(cls::OBJECT, name).is_some()
                    && self.private_const_owner(cls::OBJECT, name).is_none()
                {
                    yes(self, "constant")
                } else {
                    Ok(Value::NIL)
                }
            }
            DEFINED_METHOD => {
                if subject.is_undef() {
                    return Ok(Value::NIL);
                }
                if self.respond_to(subject, name) {
                    return yes(self, "method");
                }
                // A protected method is defined for a caller whose self is
                // a kind of the class that defined it.
                let c = self.class_of(subject);
                if let Some((m, vis)) = lookup::find_method(&self.classes, c, name)
                    && vis == crate::class::Visibility::Protected
                {
                    let owner = self
                        .classes
                        .ancestors(c)
                        .iter()
                        .copied()
                        .find(|&k| self.classes.get(k).methods.contains_key(&name))
                        .unwrap_or(self.classes.method(m).owner);
                    let owner = self.classes.real_class(owner);
                    let self_cls = self.class_of(self.frames[fi].self_val);
                    if self.classes.is_subclass_of(self_cls, owner) {
                        return yes(self, "method");
                    }
                    return Ok(Value::NIL);
                }
                // CRuby asks respond_to_missing?(name, false) when it exists.
                if lookup::find_method(&self.classes, c, sym::RESPOND_TO_MISSING).is_some() {
                    let args = [Value::symbol(name), Value::FALSE];
                    if self
                        .funcall(subject, sym::RESPOND_TO_MISSING, &args, None)?
                        .truthy()
                    {
                        return yes(self, "method");
                    }
                }
                Ok(Value::NIL)
            }
            DEFINED_FCALL => {
                let c = self.class_of(subject);
                match lookup::find_method(&self.classes, c, name) {
                    Some(_) => yes(self, "method"),
                    None => Ok(Value::NIL),
                }
            }
            DEFINED_YIELD => {
                if self.frames[fi].block.is_some() {
                    yes(self, "yield")
                } else {
                    Ok(Value::NIL)
                }
            }
            DEFINED_SUPER => {
                let f = &self.frames[fi];
                let Some(m) = f.method else {
                    return Ok(Value::NIL);
                };
                let owner = self.classes.method(m).owner;
                let mname = self.classes.method(m).name;
                let c = self.class_of(f.self_val);
                let r = lookup::resolve_super(&mut self.classes, c, owner, mname, &[]);
                if r.method.is_some() {
                    yes(self, "super")
                } else {
                    Ok(Value::NIL)
                }
            }
            _ => Ok(Value::NIL),
        }
    }

    fn const_lookup_quiet(&self, fi: usize, name: SymbolId) -> bool {
        let cref = &self.frames[fi].cref;
        let mut c = Some(cref);
        // The lexical scopes, not the top level (as `const_lookup`).
        while let Some(node) = c {
            if node.parent.is_none() {
                break;
            }
            if !node.def_only && self.classes.get(node.class).consts.contains_key(&name) {
                return true;
            }
            c = node.parent.as_ref();
        }
        let start = cref.lexical().class;
        if self.const_in_ancestors(start, name).is_some() {
            return true;
        }
        // Registered for autoload: defined, not loaded (as CRuby).
        !self.autoloads.is_empty()
            && (self.autoload_pending(&super::vars::lexical_classes(cref), name)
                || self.autoload_pending(&self.autoload_owners(start), name))
    }
}

/// The operator of a Float fast path (`opt_float_arith`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl FloatOp {
    /// `x op y` in IEEE arithmetic (division is CRuby's
    /// `double_div_double` for every divisor).
    #[inline(always)]
    fn apply(self, x: f64, y: f64) -> f64 {
        match self {
            FloatOp::Add => x + y,
            FloatOp::Sub => x - y,
            FloatOp::Mul => x * y,
            FloatOp::Div => x / y,
        }
    }
}

/// A Float's double (flonum or boxed); None for anything else.
#[inline]
fn float_of(v: Value) -> Option<f64> {
    if v.is_flonum() {
        return Some(v.flonum_value());
    }
    if v.is_heap()
        && obj(v).class.get() == cls::FLOAT
        && let Body::Float(f) = &*obj(v).body.borrow()
    {
        return Some(*f);
    }
    None
}
