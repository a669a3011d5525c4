//! Struct member accessors (`MethodKind::StructRef` / `StructSet`): the
//! general paths behind the inline cache's frameless reads and writes of
//! an instance's values Array (`@__values__`, see prelude/struct.rb).

use crate::class::{MethodKind, Visibility};
use crate::gc::obj;
use crate::object::{Body, Unwind};
use crate::value::{ClassId, MethodId, Value, sym, symbol};

use super::Vm;

impl Vm {
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

    /// Defines the reader and writer of each member of a struct class
    /// (`members` in order), firing `method_added` as `define_method` does.
    pub fn define_struct_accessors(&mut self, c: ClassId, members: &[Value]) -> Result<(), Unwind> {
        for (i, m) in members.iter().enumerate() {
            let Some(name) = m.as_symbol() else {
                return Err(self.type_error("struct member must be a Symbol"));
            };
            let i = i as u32;
            self.add_method(c, name, MethodKind::StructRef(i), Visibility::Public);
            self.method_hook(c, name, "added")?;
            let w = symbol::intern(&format!("{}=", symbol::name(name)));
            self.add_method(c, w, MethodKind::StructSet(i), Visibility::Public);
            self.method_hook(c, w, "added")?;
        }
        Ok(())
    }
}
