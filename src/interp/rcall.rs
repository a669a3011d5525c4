//! Calls from Rust into Ruby (the rb_funcall family), respond_to? and
//! the check_* conversions builtins use.

use std::rc::Rc;

use crate::class::{Visibility, cls};
use crate::dispatch::{IcEntry, flags, lookup};
use crate::gc::obj;
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{MethodId, SymbolId, Value, sym};

use super::call::{Args, Call};
use super::{VResult, Vm};

impl Vm {
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
        let refs = self.active_refinements();
        if refs.is_empty() {
            return self.call_with_visibility(recv, name, args, block, private_ok, fl);
        }
        let c = self.class_of(recv);
        let (r, _) = lookup::resolve_uncached(&mut self.classes, c, name, &refs);
        let e = IcEntry::uncached(c, r);
        if e.visibility != Visibility::Public && !private_ok && !self.visible(&e, recv) {
            let why = self.visibility_miss(&e);
            let e = IcEntry { method: None, ..e };
            return self.call_entry(e, name, recv, args, block, fl | why);
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
        let e = IcEntry::uncached(c, r);
        if e.visibility != Visibility::Public && !private_ok && !self.visible(&e, recv) {
            let why = self.visibility_miss(&e);
            let e = IcEntry { method: None, ..e };
            return self.call_entry(e, name, recv, args, block, fl | why);
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
        let a = Args {
            boundary: true,
            ..Args::at(recv, recv_ix, args.len(), fl | flags::FCALL)
        };
        match self.invoke(e, name, a, block)? {
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
        let r = crate::dispatch::Resolved {
            method: Some(m),
            handler,
            visibility: vis,
        };
        let e = IcEntry::uncached(c, r);
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
        // (The borrow ends before the error allocates.)
        let found = match &*obj(m).body.borrow() {
            Body::Method(rm) => Some((rm.recv, rm.method)),
            _ => None,
        };
        let Some((recv, mid)) = found else {
            return Err(self.type_error("not a method"));
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
    /// A private method answers too, but a `respond_to?` of the object's
    /// own that says no is believed.
    pub fn check_funcall(&mut self, v: Value, name: SymbolId) -> Result<Option<Value>, Unwind> {
        let c = self.class_of(v);
        let found = self
            .dispatch
            .resolve(&mut self.classes, c, name)
            .method
            .is_some();
        if !v.is_heap() {
            return if found {
                self.funcall(v, name, &[], None).map(Some)
            } else {
                Ok(None)
            };
        }
        let rt = self.dispatch.resolve(&mut self.classes, c, sym::RESPOND_TO);
        if rt
            .method
            .is_some_and(|m| self.classes.method(m).owner != cls::KERNEL)
        {
            let n = Value::symbol(name);
            if !self
                .funcall(v, sym::RESPOND_TO, &[n, Value::TRUE], None)?
                .truthy()
            {
                return Ok(None);
            }
        }
        if found {
            return self.funcall(v, name, &[], None).map(Some);
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
                    && self.ivar_get_name(e, crate::intern!("name")) == n =>
            {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }
}
