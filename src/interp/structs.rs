//! Struct member accessors (`MethodKind::StructRef` / `StructSet`): the
//! general paths behind the inline cache's frameless reads and writes of
//! an instance's values Array (`@__values__`, see prelude/struct.rb).

use crate::class::{MethodKind, Visibility};
use crate::dispatch::{Handler, StructMember};
use crate::gc::obj;
use crate::object::{Body, Unwind};
use crate::value::{ClassId, MethodId, Value, sym, symbol};

use super::Vm;
use super::call::ivar_slot_get;

impl Vm {
    /// `hot_read` of a Struct member (out of line: the attr_reader path
    /// stays as short as it was).
    #[inline(never)]
    pub(super) fn hot_struct_read(&mut self, handler: Handler, recv: Value) -> Option<Value> {
        let Handler::StructGet(sm) = handler else {
            return None;
        };
        let v = struct_get(recv, sm)?;
        self.dispatch.counters.ccf_ivar += 1;
        Some(v)
    }

    /// A Struct reader or writer hit (the writer's value above the
    /// receiver at `recv_ix`), counted; None (nothing done) for another
    /// handler, an object without its values Array or a frozen struct.
    /// Out of line, so the run loop's attr_reader path keeps its shape.
    #[inline(never)]
    pub(super) fn hot_struct(
        &mut self,
        handler: Handler,
        recv: Value,
        recv_ix: usize,
    ) -> Option<Value> {
        match handler {
            Handler::StructGet(sm) => {
                let v = struct_get(recv, sm)?;
                self.dispatch.counters.ccf_ivar += 1;
                Some(v)
            }
            Handler::StructSet(sm) => {
                let v = self.stack[recv_ix + 1];
                if !struct_set(recv, sm, v) {
                    return None;
                }
                self.dispatch.counters.ccf_attrset += 1;
                Some(v)
            }
            _ => None,
        }
    }

    /// The member index of the Struct accessor `m`.
    fn struct_index(&self, m: MethodId) -> usize {
        match self.classes.method(m).kind {
            MethodKind::StructRef(i) | MethodKind::StructSet(i) => i as usize,
            _ => 0,
        }
    }

    /// The member the Struct reader `m` reads: nil when the struct has no
    /// values Array yet (`allocate`) or the Array is shorter.
    pub(super) fn struct_ref(&self, recv: Value, m: MethodId) -> Value {
        let i = self.struct_index(m);
        let values = self.ivar_get_name(recv, sym::STRUCT_VALUES);
        if values.is_heap()
            && let Body::Array(items) = &*obj(values).body.borrow()
        {
            return items.get(i).copied().unwrap_or(Value::NIL);
        }
        Value::NIL
    }

    /// Sets the member the Struct writer `m` writes: CRuby's FrozenError
    /// on a frozen struct.
    #[cold]
    pub(super) fn struct_store(
        &mut self,
        recv: Value,
        m: MethodId,
        v: Value,
    ) -> Result<(), Unwind> {
        let i = self.struct_index(m);
        if recv.is_heap() && obj(recv).is_frozen() {
            crate::builtins::object::prelude_call(self, "check_struct_frozen", &[recv])?;
            return Err(self.frozen_error(recv));
        }
        let mut values = self.ivar_get_name(recv, sym::STRUCT_VALUES);
        if !self.is_array(values) {
            values = self.ary_new(Vec::new());
            self.ivar_set_name(recv, sym::STRUCT_VALUES, values);
        }
        if obj(values).is_frozen() {
            return Err(self.frozen_error(recv));
        }
        if let Body::Array(items) = &mut *obj(values).body.borrow_mut() {
            if items.len() <= i {
                items.resize(i + 1, Value::NIL);
            }
            items[i] = v;
        }
        Ok(())
    }

    /// Sets up a new struct class as CRuby's `setup_struct` does: the
    /// class-level `new`, `[]`, `members`, `inspect` and `keyword_init?`
    /// on its own singleton class, then a reader and a writer for each of
    /// `members` (in order), each firing `singleton_method_added` /
    /// `method_added` as any definition does. Every struct class shares
    /// the same builtin entries (registered once), so making one costs a
    /// few method-table inserts.
    pub fn define_struct_accessors(&mut self, c: ClassId, members: &[Value]) -> Result<(), Unwind> {
        let cv = self.class_value(c);
        let meta = self.singleton_class(cv);
        let n = self.struct_class_methods.len();
        self.classes.get_mut(meta).methods.reserve(n);
        self.classes.get_mut(c).methods.reserve(2 * members.len());
        let hook = self.method_hook_target(meta, "added").is_some();
        for i in 0..n {
            let (name, kind) = self.struct_class_methods[i].clone();
            self.add_method(meta, name, kind, Visibility::Public);
            if hook {
                self.method_hook(meta, name, "added")?;
            }
        }
        let hook = self.method_hook_target(c, "added").is_some();
        for (i, m) in members.iter().enumerate() {
            let Some(name) = m.as_symbol() else {
                return Err(self.type_error("struct member must be a Symbol"));
            };
            let i = i as u32;
            self.add_method(c, name, MethodKind::StructRef(i), Visibility::Public);
            if hook {
                self.method_hook(c, name, "added")?;
            }
            let w = symbol::intern(&format!("{}=", symbol::name(name)));
            self.add_method(c, w, MethodKind::StructSet(i), Visibility::Public);
            if hook {
                self.method_hook(c, w, "added")?;
            }
        }
        Ok(())
    }

    /// The member list (a frozen Array of Symbols) of struct class `c` and
    /// its `keyword_init` (true, false or nil), from the nearest class
    /// that has them (CRuby's `struct_ivar_get`); TypeError "uninitialized
    /// struct" for Struct itself or a class not made by `Struct.new`.
    pub fn struct_layout(&mut self, c: ClassId) -> Result<(Value, Value), Unwind> {
        match self.struct_layout_of(c) {
            Some((members, _)) if !self.is_array(members) => {
                Err(self.type_error("corrupted struct"))
            }
            Some(layout) => Ok(layout),
            None => Err(self.type_error("uninitialized struct")),
        }
    }

    /// `struct_layout` without the errors: None when no class up from `c`
    /// has a member list.
    pub fn struct_layout_of(&self, c: ClassId) -> Option<(Value, Value)> {
        let mut k = Some(c);
        while let Some(c) = k {
            let cv = self.class_value(c);
            let members = self.ivar_get_name(cv, sym::STRUCT_MEMBERS);
            if !members.is_nil() {
                return Some((members, self.ivar_get_name(cv, sym::STRUCT_KEYWORD_INIT)));
            }
            k = self.classes.get(c).superclass;
        }
        None
    }
}

/// A Struct reader hit: element `i` of the values Array in ivar `slot`
/// of a plain object (nil past its end); None sends the call down the
/// general path.
#[inline(always)]
fn struct_get(recv: Value, sm: StructMember) -> Option<Value> {
    let (slot, i) = (sm.slot(), sm.index());
    let values = ivar_slot_get(recv, slot)?;
    if !values.is_heap() {
        return None;
    }
    match &*obj(values).body.borrow() {
        Body::Array(items) => Some(items.get(i as usize).copied().unwrap_or(Value::NIL)),
        _ => None,
    }
}

/// A Struct writer hit on an unfrozen struct whose values Array holds
/// element `i`; false sends the call down the general path.
#[inline(always)]
fn struct_set(recv: Value, sm: StructMember, v: Value) -> bool {
    if !recv.is_heap() || obj(recv).is_frozen() {
        return false;
    }
    let (slot, i) = (sm.slot(), sm.index());
    let Some(values) = ivar_slot_get(recv, slot) else {
        return false;
    };
    if !values.is_heap() || obj(values).is_frozen() {
        return false;
    }
    match &mut *obj(values).body.borrow_mut() {
        Body::Array(items) if (i as usize) < items.len() => {
            items[i as usize] = v;
            true
        }
        _ => false,
    }
}
