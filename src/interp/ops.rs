//! Instruction helpers: locals and environments, instance/class/global
//! variables, constants, operator fast paths, definitions and the less
//! frequent instructions (`exec_misc`).

use std::rc::Rc;

use crate::bytecode::Insn;
use crate::class::{ClassKind, MethodKind, Visibility, cls};
use crate::compiler::{
    DEFINED_CONST, DEFINED_CONST_FROM, DEFINED_CVAR, DEFINED_FCALL, DEFINED_GVAR, DEFINED_IVAR,
    DEFINED_METHOD, DEFINED_SUPER, DEFINED_YIELD,
};
use crate::dispatch::{Reason, bop, lookup};
use crate::gc::obj;
use crate::object::{Body, Unwind, cref_new};
use crate::value::{ClassId, SymbolId, Value, sym, symbol};

use super::call::{Call, Entry};
use super::{IvarCache, VResult, Vm};

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

impl Vm {
    // ---- locals -------------------------------------------------------------

    pub fn env_at(&self, fi: usize, depth: u32) -> Value {
        let f = &self.frames[fi];
        if depth == 0 {
            return f.env;
        }
        let mut e = f.penv;
        for _ in 1..depth {
            if !e.is_heap() {
                // A scope whose locals stayed on its frame's stack has no
                // env: callers read such locals from that frame.
                return Value::NIL;
            }
            e = match &*obj(e).body.borrow() {
                Body::Env(env) => env.parent,
                _ => Value::NIL,
            };
        }
        e
    }

    pub fn env_get(&self, fi: usize, idx: u32, depth: u32) -> Value {
        let e = self.env_at(fi, depth);
        if !e.is_heap() || (depth == 0 && !self.frames[fi].iseq.captured(idx)) {
            return self.stack[self.frames[fi].base + idx as usize];
        }
        match &*obj(e).body.borrow() {
            Body::Env(env) => env.vals.get(idx as usize).copied().unwrap_or(Value::NIL),
            _ => Value::NIL,
        }
    }

    pub fn env_set(&mut self, fi: usize, idx: u32, depth: u32, v: Value) {
        let e = self.env_at(fi, depth);
        if !e.is_heap() || (depth == 0 && !self.frames[fi].iseq.captured(idx)) {
            let b = self.frames[fi].base;
            self.stack[b + idx as usize] = v;
            return;
        }
        if let Body::Env(env) = &mut *obj(e).body.borrow_mut() {
            if env.vals.len() <= idx as usize {
                env.vals.resize(idx as usize + 1, Value::NIL);
            }
            env.vals[idx as usize] = v;
        }
    }

    /// A depth-0 local wherever it lives (stack or heap env).
    pub fn local_get(&self, fi: usize, idx: u32) -> Value {
        self.env_get(fi, idx, 0)
    }

    pub fn local_set(&mut self, fi: usize, idx: u32, v: Value) {
        self.env_set(fi, idx, 0, v)
    }

    // ---- instance variables ---------------------------------------------------

    pub fn ivar_get_slot(&self, recv: Value, slot: u32, _name: SymbolId) -> Value {
        if recv.is_heap()
            && let Body::Object(iv) = &*obj(recv).body.borrow()
        {
            return match iv.get(slot as usize) {
                Some(v) if !v.is_undef() => *v,
                _ => Value::NIL,
            };
        }
        self.ivar_get_generic(recv, _name)
    }

    pub fn ivar_set_slot(
        &mut self,
        recv: Value,
        slot: u32,
        name: SymbolId,
        v: Value,
    ) -> Result<(), Unwind> {
        if recv.is_heap() {
            let o = obj(recv);
            if o.is_frozen() {
                return Err(self.frozen_error(recv));
            }
            if let Body::Object(iv) = &mut *o.body.borrow_mut() {
                if iv.len() <= slot as usize {
                    iv.resize(slot as usize + 1, Value::UNDEF);
                }
                iv[slot as usize] = v;
                return Ok(());
            }
        }
        self.ivar_set_generic(recv, name, v)
    }

    pub fn ivar_get_name(&self, recv: Value, name: SymbolId) -> Value {
        if recv.is_heap() {
            let c = obj(recv).class.get();
            if let Body::Object(iv) = &*obj(recv).body.borrow() {
                return match self.classes.ivar_slot_lookup(c, name) {
                    Some(s) => match iv.get(s as usize) {
                        Some(v) if !v.is_undef() => *v,
                        _ => Value::NIL,
                    },
                    None => Value::NIL,
                };
            }
        }
        self.ivar_get_generic(recv, name)
    }

    pub fn ivar_set_name(&mut self, recv: Value, name: SymbolId, v: Value) {
        if recv.is_heap() && matches!(&*obj(recv).body.borrow(), Body::Object(_)) {
            let c = obj(recv).class.get();
            let slot = self.classes.ivar_slot(c, name);
            let _ = self.ivar_set_slot(recv, slot, name, v);
            return;
        }
        let _ = self.ivar_set_generic(recv, name, v);
    }

    fn ivar_get_generic(&self, recv: Value, name: SymbolId) -> Value {
        if let Some(c) = self.as_class(recv) {
            return self
                .classes
                .get(c)
                .ivars
                .get(&name)
                .copied()
                .unwrap_or(Value::NIL);
        }
        self.generic_ivars
            .get(&recv.raw())
            .and_then(|ivs| ivs.iter().find(|(n, _)| *n == name))
            .map_or(Value::NIL, |&(_, v)| v)
    }

    fn ivar_set_generic(&mut self, recv: Value, name: SymbolId, v: Value) -> Result<(), Unwind> {
        if let Some(c) = self.as_class(recv) {
            if obj(recv).is_frozen() {
                return Err(self.frozen_error(recv));
            }
            self.classes.get_mut(c).ivars.insert(name, v);
            return Ok(());
        }
        if !recv.is_heap() || obj(recv).is_frozen() {
            // Immediates (Integer, Symbol, nil...) are always frozen.
            return Err(self.frozen_error(recv));
        }
        let ivs = self.generic_ivars.entry(recv.raw()).or_default();
        match ivs.iter_mut().find(|(n, _)| *n == name) {
            Some(e) => e.1 = v,
            None => ivs.push((name, v)),
        }
        Ok(())
    }

    /// dup/clone: the copy gets the original's generic instance variables.
    pub fn copy_generic_ivars(&mut self, from: Value, to: Value) {
        if let Some(ivs) = self.generic_ivars.get(&from.raw()).cloned() {
            self.generic_ivars.insert(to.raw(), ivs);
        }
    }

    /// Instance variables of `recv` in definition order (for inspect).
    pub fn ivar_list(&self, recv: Value) -> Vec<(SymbolId, Value)> {
        if recv.is_heap() {
            let c = obj(recv).class.get();
            if let Body::Object(iv) = &*obj(recv).body.borrow() {
                let owner = self.classes.get(c).ivar_owner;
                let names = &self.classes.get(owner).ivar_names;
                return iv
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| !v.is_undef())
                    .filter_map(|(i, v)| names.get(i).map(|n| (*n, *v)))
                    .filter(|(n, _)| symbol::name(*n).starts_with('@'))
                    .collect();
            }
            if let Some(c) = self.as_class(recv) {
                let mut v: Vec<(SymbolId, Value)> = self
                    .classes
                    .get(c)
                    .ivars
                    .iter()
                    .map(|(k, v)| (*k, *v))
                    .collect();
                v.sort_by_key(|(k, _)| k.0);
                return v;
            }
        }
        self.generic_ivars
            .get(&recv.raw())
            .map(|ivs| {
                ivs.iter()
                    .copied()
                    .filter(|(n, _)| symbol::name(*n).starts_with('@'))
                    .collect()
            })
            .unwrap_or_default()
    }

    #[inline]
    pub(super) fn get_ivar_cached(&mut self, fi: usize, name: SymbolId, ic: u32) -> Value {
        let recv = self.frames[fi].self_val;
        if recv.is_heap() {
            let o = obj(recv);
            let c = o.class.get();
            let hit = self
                .ivar_caches
                .get(ic as usize)
                .filter(|k| k.class == c.0 + 1)
                .map(|k| k.slot);
            // One borrow of the body on a hit.
            if let Some(slot) = hit
                && let Body::Object(iv) = &*o.body.borrow()
            {
                return match iv.get(slot as usize) {
                    Some(v) if !v.is_undef() => *v,
                    _ => Value::NIL,
                };
            }
            if hit.is_none() && matches!(&*o.body.borrow(), Body::Object(_)) {
                return self.get_ivar_miss(recv, c, name, ic);
            }
        }
        self.ivar_get_generic(recv, name)
    }

    #[cold]
    fn get_ivar_miss(&mut self, recv: Value, c: ClassId, name: SymbolId, ic: u32) -> Value {
        let Some(slot) = self.classes.ivar_slot_lookup(c, name) else {
            return Value::NIL;
        };
        self.fill_ivar_cache(ic, c, slot);
        match &*obj(recv).body.borrow() {
            Body::Object(iv) => match iv.get(slot as usize) {
                Some(v) if !v.is_undef() => *v,
                _ => Value::NIL,
            },
            _ => Value::NIL,
        }
    }

    fn fill_ivar_cache(&mut self, ic: u32, c: ClassId, slot: u32) {
        if let Some(k) = self.ivar_caches.get_mut(ic as usize) {
            *k = IvarCache {
                class: c.0 + 1,
                slot,
            };
        }
    }

    #[inline]
    pub(super) fn set_ivar_cached(
        &mut self,
        fi: usize,
        name: SymbolId,
        ic: u32,
        v: Value,
    ) -> Result<(), Unwind> {
        let recv = self.frames[fi].self_val;
        // A hit on an unfrozen plain object whose slot exists or comes
        // next (`initialize` setting its ivars in order): one borrow, one
        // store.
        if recv.is_heap() {
            let o = obj(recv);
            let c = o.class.get();
            if let Some(k) = self.ivar_caches.get(ic as usize)
                && k.class == c.0 + 1
                && !o.is_frozen()
                && let Body::Object(iv) = &mut *o.body.borrow_mut()
            {
                let i = k.slot as usize;
                if let Some(slot) = iv.get_mut(i) {
                    *slot = v;
                    return Ok(());
                }
                if i == iv.len() {
                    iv.push(v);
                    return Ok(());
                }
            }
        }
        self.set_ivar_slow(recv, name, ic, v)
    }

    #[inline(never)]
    fn set_ivar_slow(
        &mut self,
        recv: Value,
        name: SymbolId,
        ic: u32,
        v: Value,
    ) -> Result<(), Unwind> {
        if recv.is_heap() && matches!(&*obj(recv).body.borrow(), Body::Object(_)) {
            let c = obj(recv).class.get();
            let cache = self
                .ivar_caches
                .get(ic as usize)
                .copied()
                .unwrap_or_default();
            let slot = if cache.class == c.0 + 1 {
                cache.slot
            } else {
                let s = self.classes.ivar_slot(c, name);
                self.fill_ivar_cache(ic, c, s);
                s
            };
            return self.ivar_set_slot(recv, slot, name, v);
        }
        self.ivar_set_generic(recv, name, v)
    }

    // ---- globals --------------------------------------------------------------

    pub fn global_get(&mut self, name: SymbolId) -> Value {
        let name = self.global_aliases.get(&name).copied().unwrap_or(name);
        match &*symbol::name(name) {
            "$!" => self.errinfo,
            "$~" => self.last_match(),
            "$0" | "$PROGRAM_NAME" => {
                let s = self.script_name.clone();
                self.str_new(&s)
            }
            _ => self.globals.get(&name).copied().unwrap_or(Value::NIL),
        }
    }

    pub fn global_set(&mut self, name: SymbolId, v: Value) -> Result<(), Unwind> {
        let name = self.global_aliases.get(&name).copied().unwrap_or(name);
        match &*symbol::name(name) {
            "$!" => self.errinfo = v,
            "$~" => self.set_last_match(v),
            "$stdout" | "$stderr" if !self.respond_to(v, symbol::intern("write")) => {
                let c = self.class_name(self.real_class_of(v));
                return Err(self.type_error(&format!("$stdout must have write method, {c} given")));
            }
            _ => {
                self.globals.insert(name, v);
            }
        }
        Ok(())
    }

    // ---- class variables ---------------------------------------------------------

    fn cvar_base(&mut self, fi: usize) -> Result<ClassId, Unwind> {
        let f = &self.frames[fi];
        let lex = f.cref.lexical();
        let mut c = lex.class;
        if c == cls::OBJECT && lex.parent.is_none() {
            return Err(self.runtime_error("class variable access from toplevel"));
        }
        if self.classes.get(c).kind == ClassKind::Singleton
            && let Some(k) = self.as_class(self.classes.get(c).attached)
        {
            c = k;
        }
        Ok(c)
    }

    fn cvar_owner(&self, c: ClassId, name: SymbolId) -> Option<ClassId> {
        self.classes
            .ancestors(c)
            .iter()
            .copied()
            .find(|a| self.classes.get(*a).cvars.contains_key(&name))
    }

    pub fn cvar_get(&mut self, c: ClassId, name: SymbolId) -> Result<Value, Unwind> {
        match self.cvar_owner(c, name) {
            Some(o) => Ok(self.classes.get(o).cvars[&name]),
            None => {
                let cn = self.class_name(c);
                let msg = format!(
                    "uninitialized class variable {} in {cn}",
                    symbol::name(name)
                );
                let cv = self.class_value(c);
                Err(self.name_error(&msg, name, cv))
            }
        }
    }

    pub fn cvar_set(&mut self, c: ClassId, name: SymbolId, v: Value) {
        let owner = self.cvar_owner(c, name).unwrap_or(c);
        self.classes.get_mut(owner).cvars.insert(name, v);
    }

    // ---- constants --------------------------------------------------------------

    /// Lexical scope, then ancestors of the innermost class, then Object.
    pub fn const_lookup(&mut self, fi: usize, name: SymbolId) -> Result<Value, Unwind> {
        let cref = self.frames[fi].cref.clone();
        let mut c = Some(&cref);
        while let Some(node) = c {
            if node.parent.is_none() {
                break;
            }
            if !node.def_only
                && let Some(v) = self.classes.get(node.class).consts.get(&name)
            {
                return Ok(*v);
            }
            c = node.parent.as_ref();
        }
        let start = cref.lexical().class;
        if let Some(v) = self.const_in_ancestors(start, name) {
            return Ok(v);
        }
        if let Some(v) = self.classes.get(cls::OBJECT).consts.get(&name) {
            return Ok(*v);
        }
        self.const_missing(start, name)
    }

    pub fn const_in_ancestors(&self, c: ClassId, name: SymbolId) -> Option<Value> {
        for a in self.classes.ancestors(c).iter() {
            if let Some(v) = self.classes.get(*a).consts.get(&name) {
                return Some(*v);
            }
        }
        if self.classes.get(c).kind == ClassKind::Module
            && let Some(v) = self.classes.get(cls::OBJECT).consts.get(&name)
        {
            return Some(*v);
        }
        None
    }

    #[cold]
    pub fn const_missing(&mut self, c: ClassId, name: SymbolId) -> Result<Value, Unwind> {
        let cv = self.class_value(c);
        let cc = self.class_of(cv);
        let r = self
            .dispatch
            .resolve(&mut self.classes, cc, sym::CONST_MISSING);
        if let Some(m) = r.method
            && self.classes.method(m).owner != cls::MODULE
        {
            return self.funcall(cv, sym::CONST_MISSING, &[Value::symbol(name)], None);
        }
        let msg = if c == cls::OBJECT {
            format!("uninitialized constant {}", symbol::name(name))
        } else {
            format!(
                "uninitialized constant {}::{}",
                self.class_name(c),
                symbol::name(name)
            )
        };
        Err(self.name_error(&msg, name, cv))
    }

    fn get_const_cached(&mut self, fi: usize, name: SymbolId, cache: u32) -> Result<Value, Unwind> {
        let cref_id = Rc::as_ptr(&self.frames[fi].cref) as usize;
        let state = self.dispatch.global_constant_state;
        if let Some(c) = self.const_caches.get(cache as usize)
            && c.state == state
            && c.cref == cref_id
        {
            self.dispatch.counters.const_cache_hit += 1;
            return Ok(c.value);
        }
        self.dispatch.counters.const_cache_miss += 1;
        let v = self.const_lookup(fi, name)?;
        if let Some(k) = self.const_caches.get_mut(cache as usize) {
            *k = super::ConstCache {
                state,
                cref: cref_id,
                value: v,
            };
        }
        Ok(v)
    }

    /// `base::NAME`, cached per instruction while the constant state and
    /// `base` are unchanged (misses check privacy and `const_missing`).
    fn get_const_under_cached(
        &mut self,
        base: Value,
        name: SymbolId,
        cache: u32,
    ) -> Result<Value, Unwind> {
        let Some(c) = self.as_class(base) else {
            let s = self.inspect(base)?;
            return Err(self.type_error(&format!("{s} is not a class/module")));
        };
        let state = self.dispatch.global_constant_state;
        // Class ids are never reused, unlike heap addresses.
        let key = c.index() + 1;
        if let Some(k) = self.const_caches.get(cache as usize)
            && k.state == state
            && k.cref == key
        {
            self.dispatch.counters.const_cache_hit += 1;
            return Ok(k.value);
        }
        self.dispatch.counters.const_cache_miss += 1;
        let v = match self.const_under(c, name) {
            Some(v) => {
                if let Some(owner) = self
                    .classes
                    .ancestors(c)
                    .iter()
                    .find(|a| self.classes.get(**a).consts.contains_key(&name))
                    .copied()
                    && self.classes.get(owner).private_consts.contains(&name)
                {
                    let msg = format!(
                        "private constant {}::{} referenced",
                        self.class_name(owner),
                        symbol::name(name)
                    );
                    return Err(self.name_error(&msg, name, base));
                }
                v
            }
            // Not cached: const_missing may answer differently each time.
            _ => return self.const_missing(c, name),
        };
        if let Some(k) = self.const_caches.get_mut(cache as usize) {
            *k = super::ConstCache {
                state,
                cref: key,
                value: v,
            };
        }
        Ok(v)
    }

    pub fn set_const(&mut self, c: ClassId, name: SymbolId, v: Value) {
        if let Some(k) = self.as_class(v)
            && self.classes.get(k).name.is_none()
        {
            let n = if c == cls::OBJECT {
                symbol::name(name).to_string()
            } else {
                format!("{}::{}", self.class_name(c), symbol::name(name))
            };
            self.classes.get_mut(k).name = Some(n);
        }
        if self.classes.get(c).consts.contains_key(&name) && self.options.warnings > 0 {
            let loc = self.current_location();
            let n = symbol::name(name);
            let full = if c == cls::OBJECT {
                n.to_string()
            } else {
                format!("{}::{n}", self.class_name(c))
            };
            let mut msg = format!("{loc}: warning: already initialized constant {full}\n");
            if let Some(prev) = self.classes.get(c).const_sites.get(&name) {
                msg.push_str(&format!(
                    "{prev}: warning: previous definition of {n} was here\n"
                ));
            }
            self.write_err(msg.as_bytes());
        }
        self.note_const_site(c, name);
        self.classes.set_const(c, name, v);
        let loc = self.location_for_trace();
        self.dispatch
            .constant_changed(&self.classes, c, name, Reason::ConstSet, &|| loc.clone());
    }

    pub fn location_for_trace(&self) -> String {
        if self.dispatch.sources.record || self.dispatch.config.trace_invalidations.is_some() {
            self.current_location()
        } else {
            String::new()
        }
    }

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
        if a.is_flonum() && b.is_flonum() && self.dispatch.bop_ok(bop::FLOAT_CMP) {
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
    /// redefined.
    #[inline]
    pub fn opt_float_arith(&mut self, insn: Insn, a: Value, b: Value) -> Option<Value> {
        let (x, y) = if a.is_flonum() && b.is_flonum() {
            (a.flonum_value(), b.flonum_value())
        } else if a.is_heap() || b.is_heap() {
            boxed_float_pair(a, b)?
        } else {
            return None;
        };
        if !self.dispatch.bop_ok(bop::FLOAT_ARITH) {
            return None;
        }
        let r = match insn {
            Insn::OptPlus { .. } => x + y,
            Insn::OptMinus { .. } => x - y,
            Insn::OptMult { .. } => x * y,
            Insn::OptDiv { .. } => x / y,
            _ => return None,
        };
        Some(self.float_new(r))
    }

    /// `v` is a Hash (not a subclass, no singleton methods can matter:
    /// the class test is on the object's class) and its `[]`/`[]=` are
    /// CRuby's.
    #[inline(always)]
    pub fn is_plain_hash(&self, v: Value) -> bool {
        v.is_heap() && obj(v).class.get() == cls::HASH && self.dispatch.bop_ok(bop::HASH_AREF)
    }

    /// `opt_aref` on a Hash: `rb_hash_aref` without a method call (the
    /// default value or default proc when the key is missing).
    #[inline(never)]
    pub fn opt_aref_hash(&mut self, h: Value, k: Value) -> VResult {
        crate::builtins::hash::hash_fetch_default(self, h, k)
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

    /// Records where constant `name` of `c` is being set from Ruby code.
    fn note_const_site(&mut self, c: ClassId, name: SymbolId) {
        if !self.frames.is_empty() {
            let site = self.current_location();
            self.classes.get_mut(c).const_sites.insert(name, site);
        }
    }

    // ---- definitions ---------------------------------------------------------------

    /// The class `def` defines into for the current frame.
    fn def_target(&self, fi: usize) -> ClassId {
        self.frames[fi].cref.class
    }

    pub fn define_iseq_method(
        &mut self,
        fi: usize,
        target: ClassId,
        name: SymbolId,
        iseq: crate::value::IseqId,
        singleton: bool,
    ) -> Result<(), Unwind> {
        let cv = self.class_value(target);
        if !singleton && obj(cv).is_frozen() {
            return Err(self.frozen_class_error(target));
        }
        if target == cls::OBJECT
            && (name == sym::METHOD_MISSING || name == sym::RESPOND_TO)
            && self.options.warnings > 0
        {
            let loc = self.current_location();
            let n = symbol::name(name);
            self.write_err(
                format!("{loc}: warning: redefining Object#{n} may cause infinite loop\n")
                    .as_bytes(),
            );
        }
        let cref = self.frames[fi].cref.clone();
        let getter = self.iseq(iseq).returns_ivar();
        let k = self.classes.get(target);
        let top = Rc::ptr_eq(&cref, &self.top_cref) || (cref.parent.is_none() && !singleton);
        let mut vis = if singleton {
            Visibility::Public
        } else if top
            && target == cls::OBJECT
            && self.frames[fi].iseq.kind != crate::bytecode::IseqKind::Class
        {
            Visibility::Private
        } else {
            k.default_visibility
        };
        if name == sym::INITIALIZE
            || name == sym::INITIALIZE_COPY
            || name == sym::RESPOND_TO_MISSING
            || matches!(&*symbol::name(name), "initialize_dup" | "initialize_clone")
        {
            vis = Visibility::Private;
        }
        let module_function = k.module_function && !singleton;
        if module_function {
            vis = Visibility::Private;
        }
        self.add_method(
            target,
            name,
            MethodKind::Iseq {
                iseq,
                cref: cref.clone(),
                getter,
            },
            vis,
        );
        if module_function {
            let meta = self.singleton_class(self.class_value(target));
            self.add_method(
                meta,
                name,
                MethodKind::Iseq { iseq, cref, getter },
                Visibility::Public,
            );
        }
        // Errors from the hook propagate (a method_added that defines
        // methods recurses into SystemStackError, as CRuby).
        self.method_hook(target, name, "added")
    }

    /// FrozenError for defining into a frozen class or module.
    #[cold]
    pub fn frozen_class_error(&mut self, c: ClassId) -> Unwind {
        let kind = if self.classes.is_module(c) {
            "module"
        } else {
            "class"
        };
        let n = self.class_name(c);
        self.error(
            self.e.frozen_error,
            &format!("can't modify frozen {kind}: {n}"),
        )
    }

    /// `class Foo < Bar` / `module Foo`: finds or creates, then runs the body.
    fn open_class(
        &mut self,
        fi: usize,
        name: SymbolId,
        iseq: crate::value::IseqId,
        cbase: Value,
        superclass: Option<Value>,
        module: bool,
    ) -> Result<Call, Unwind> {
        let outer = if cbase.is_nil() {
            self.frames[fi].cref.lexical().class
        } else if cbase == Value::symbol(sym::MAIN) {
            cls::OBJECT
        } else {
            match self.as_class(cbase) {
                Some(c) => c,
                None => {
                    let s = self.inspect(cbase)?;
                    return Err(self.type_error(&format!("{s} is not a class/module")));
                }
            }
        };
        let existing = self.classes.get(outer).consts.get(&name).copied();
        let sup = match superclass {
            Some(s) => match self.as_class(s) {
                Some(c) if !self.classes.is_module(c) => Some(c),
                _ => {
                    let d = self.inspect(s)?;
                    return Err(self.type_error(&format!(
                        "superclass must be an instance of Class (given an instance of {})",
                        {
                            let _ = d;
                            self.class_name(self.real_class_of(s))
                        }
                    )));
                }
            },
            None => None,
        };
        let c = match existing {
            Some(v) => {
                let Some(c) = self.as_class(v) else {
                    let n = symbol::name(name);
                    let what = if module { "module" } else { "class" };
                    let mut msg = format!("{n} is not a {what}");
                    if let Some(prev) = self.classes.get(outer).const_sites.get(&name) {
                        msg.push_str(&format!("\n{prev}: previous definition of {n} was here"));
                    }
                    return Err(self.type_error(&msg));
                };
                if module != self.classes.is_module(c) {
                    let n = symbol::name(name);
                    let what = if module { "module" } else { "class" };
                    let mut msg = format!("{n} is not a {what}");
                    if let Some(prev) = self.classes.get(outer).const_sites.get(&name) {
                        msg.push_str(&format!("\n{prev}: previous definition of {n} was here"));
                    }
                    return Err(self.type_error(&msg));
                }
                if let Some(s) = sup
                    && self
                        .classes
                        .get(c)
                        .superclass
                        .map(|x| self.classes.real_class(x))
                        != Some(s)
                {
                    return Err(self.type_error(&format!(
                        "superclass mismatch for class {}",
                        symbol::name(name)
                    )));
                }
                c
            }
            None => {
                let n = symbol::name(name).to_string();
                let c = if module {
                    self.new_module(Some(&n), Some(outer))
                } else {
                    let s = sup.unwrap_or(cls::OBJECT);
                    if s == cls::CLASS {
                        return Err(self.type_error("can't make subclass of Class"));
                    }
                    let c = self.new_class(Some(&n), s, Some(outer));
                    if let Some(sc) = self.struct_class
                        && self.classes.is_subclass_of(s, sc)
                    {
                        // Struct subclasses share their parent's allocator.
                    }
                    c
                };
                self.note_const_site(outer, name);
                let loc = self.location_for_trace();
                self.dispatch.constant_changed(
                    &self.classes,
                    outer,
                    name,
                    Reason::ConstSet,
                    &|| loc.clone(),
                );
                if !module {
                    let sv = self.class_value(sup.unwrap_or(cls::OBJECT));
                    let cv = self.class_value(c);
                    self.funcall(sv, sym::INHERITED, &[cv], None)?;
                }
                c
            }
        };
        self.run_class_body(fi, c, iseq)
    }

    /// `private`/`module_function` without arguments last until the end
    /// of the class body that said them.
    #[cold]
    pub fn end_class_body(&mut self, class_val: Value) {
        if let Some(c) = self.as_class(class_val) {
            let k = self.classes.get_mut(c);
            k.default_visibility = Visibility::Public;
            k.module_function = false;
        }
    }

    fn run_class_body(
        &mut self,
        fi: usize,
        c: ClassId,
        iseq: crate::value::IseqId,
    ) -> Result<Call, Unwind> {
        let cref = cref_new(c, Some(self.frames[fi].cref.clone()));
        self.classes.get_mut(c).default_visibility = Visibility::Public;
        self.classes.get_mut(c).module_function = false;
        let iseq = self.iseq(iseq);
        let recv_ix = self.stack.len();
        let cv = self.class_value(c);
        self.stack.push(cv);
        let entry = Entry {
            self_val: cv,
            method: None,
            cref,
            block: None,
            penv: Value::NIL,
            home: None,
            origin: 0,
            boundary: false,
            is_lambda: false,
            is_block: false,
        };
        self.push_frame(iseq, recv_ix + 1, recv_ix, entry)?;
        Ok(Call::Pushed)
    }

    // ---- the rest ---------------------------------------------------------------

    /// Less frequent instructions. Ok(None): nothing pushed by the caller.
    pub fn exec_misc(&mut self, fi: usize, insn: Insn) -> Result<Option<Call>, Unwind> {
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
            Insn::SplatArray => {
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
                if !b.is_nil() {
                    let b = self.to_hash_for_splat(b)?;
                    for (k, v) in self.hash_pairs(b) {
                        self.hash_aset(a, k, v)?;
                    }
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
            Insn::ConcatStrings { n } => {
                let l = self.stack.len() - n as usize;
                let mut bytes = Vec::new();
                for v in &self.stack[l..] {
                    if let Body::String(s) = &*obj(*v).body.borrow() {
                        bytes.extend_from_slice(&s.bytes);
                    }
                }
                self.stack.truncate(l);
                let s = self.str_from_bytes(bytes);
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
                let v = self.get_ivar_cached(fi, name, ic);
                done(v)
            }
            Insn::SetIvar { name, ic } => {
                let v = pop!();
                self.set_ivar_cached(fi, name, ic, v)?;
                Ok(None)
            }
            Insn::GetGlobal { name } => {
                let v = self.global_get(name);
                done(v)
            }
            Insn::SetGlobal { name } => {
                let v = pop!();
                self.global_set(name, v)?;
                Ok(None)
            }
            Insn::GetCvar { name } => {
                let c = self.cvar_base(fi)?;
                let v = self.cvar_get(c, name)?;
                done(v)
            }
            Insn::SetCvar { name } => {
                let v = pop!();
                let c = self.cvar_base(fi)?;
                self.cvar_set(c, name, v);
                Ok(None)
            }
            Insn::GetConst { name, cache } => {
                let v = self.get_const_cached(fi, name, cache)?;
                done(v)
            }
            Insn::GetConstTop { name } => {
                let v = match self.classes.get(cls::OBJECT).consts.get(&name) {
                    Some(v) => *v,
                    None => self.const_missing(cls::OBJECT, name)?,
                };
                done(v)
            }
            Insn::GetConstUnder { name, cache } => {
                let base = pop!();
                let v = self.get_const_under_cached(base, name, cache)?;
                done(v)
            }
            Insn::SetConst { name } => {
                let v = pop!();
                let c = self.frames[fi].cref.lexical().class;
                self.set_const(c, name, v);
                Ok(None)
            }
            Insn::SetConstUnder { name } => {
                let v = pop!();
                let base = pop!();
                let c = if base.is_nil() {
                    self.frames[fi].cref.lexical().class
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
                let target = self.def_target(fi);
                self.define_iseq_method(fi, target, name, iseq, false)?;
                done(Value::symbol(name))
            }
            Insn::DefineSMethod { name, iseq } => {
                let o = pop!();
                if crate::builtins::object::no_singleton(o) {
                    return Err(self.type_error("can't define singleton"));
                }
                if o.is_heap() && obj(o).is_frozen() {
                    let d = self.any_to_s(o);
                    return Err(self.error(
                        self.e.frozen_error,
                        &format!("can't modify frozen object: {d}"),
                    ));
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
                if !o.is_heap() {
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
                let target = self.def_target(fi);
                self.alias_method(target, new, old)?;
                done(Value::NIL)
            }
            Insn::AliasGlobal { new, old } => {
                self.global_aliases.insert(new, old);
                done(Value::NIL)
            }
            Insn::Undef { name } => {
                let target = self.def_target(fi);
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
            other => Err(self.runtime_error(&format!(
                "carmine: instruction {} reached exec_misc",
                other.mnemonic()
            ))),
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
            CHECKMATCH_DECONSTRUCT => {
                if self.is_array(target) {
                    return Ok(target);
                }
                if !self.respond_to(target, sym::DECONSTRUCT) {
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
                if self.hash_len(target).is_some() {
                    return Ok(target);
                }
                if !self.respond_to(target, sym::DECONSTRUCT_KEYS) {
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

    /// `pat === v`, with fast paths for classes and simple values.
    pub fn case_eq(&mut self, pat: Value, v: Value) -> Result<bool, Unwind> {
        if !pat.is_heap() && !v.is_heap() && pat == v {
            return Ok(true);
        }
        if let Some(c) = self.as_class(pat)
            && !self
                .classes
                .get(self.class_of(pat))
                .methods
                .contains_key(&sym::EQQ)
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
        let yes = |vm: &mut Vm, s: &str| Ok(vm.str_new(s));
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
                    Some(c) if self.const_under(c, name).is_some() => yes(self, "constant"),
                    _ => Ok(Value::NIL),
                }
            }
            DEFINED_METHOD => {
                if subject.is_undef() {
                    return Ok(Value::NIL);
                }
                if self.respond_to(subject, name) {
                    return yes(self, "method");
                }
                // CRuby asks respond_to_missing?(name, false) when it exists.
                let c = self.class_of(subject);
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
        while let Some(node) = c {
            if !node.def_only && self.classes.get(node.class).consts.contains_key(&name) {
                return true;
            }
            c = node.parent.as_ref();
        }
        self.const_in_ancestors(cref.lexical().class, name)
            .is_some()
            || self.classes.get(cls::OBJECT).consts.contains_key(&name)
    }

    /// `alias new old` in class `c`.
    pub fn alias_method(&mut self, c: ClassId, new: SymbolId, old: SymbolId) -> Result<(), Unwind> {
        let Some((m, _)) = lookup::find_method(&self.classes, c, old).or_else(|| {
            if self.classes.is_module(c) {
                lookup::find_method(&self.classes, cls::OBJECT, old)
            } else {
                None
            }
        }) else {
            let cn = self.class_name(c);
            let msg = format!("undefined method `{}' for class `{cn}'", symbol::name(old));
            let cv = self.class_value(c);
            return Err(self.name_error(&msg, old, cv));
        };
        let mut e = self.classes.method(m).clone();
        e.name = new;
        e.is_alias = true;
        e.owner = if matches!(e.kind, MethodKind::Iseq { .. } | MethodKind::Bmethod(_)) {
            e.owner
        } else {
            c
        };
        let id = self.classes.add_method_entry(e);
        self.classes.get_mut(c).methods.insert(new, id);
        self.invalidate_method(c, new, Reason::Alias);
        self.method_hook(c, new, "added")
    }

    /// Calls `method_<what>` (or `singleton_method_<what>` for a singleton
    /// class) after a method table change: what is added/removed/undefined.
    pub fn method_hook(&mut self, c: ClassId, name: SymbolId, what: &str) -> Result<(), Unwind> {
        let singleton = self.classes.get(c).kind == ClassKind::Singleton;
        let (recv, hook) = if singleton {
            (
                self.classes.get(c).attached,
                format!("singleton_method_{what}"),
            )
        } else {
            (self.class_value(c), format!("method_{what}"))
        };
        let hook = symbol::intern(&hook);
        let k = self.class_of(recv);
        let r = self.dispatch.resolve(&mut self.classes, k, hook);
        if let Some(m) = r.method
            && !matches!(self.classes.method(m).kind, MethodKind::Builtin { .. })
        {
            self.funcall(recv, hook, &[Value::symbol(name)], None)?;
        }
        Ok(())
    }

    pub fn undef_method(&mut self, c: ClassId, name: SymbolId) -> Result<(), Unwind> {
        let n = symbol::name(name);
        if matches!(&*n, "initialize" | "object_id" | "__send__") && self.options.warnings > 0 {
            let loc = self.current_location();
            self.write_err(
                format!("{loc}: warning: undefining `{n}' may cause serious problems\n").as_bytes(),
            );
        }
        if lookup::find_method(&self.classes, c, name).is_none() {
            let cn = self.class_name(c);
            let kind = if self.classes.is_module(c) {
                "module"
            } else {
                "class"
            };
            let msg = format!(
                "undefined method `{}' for {kind} `{cn}'",
                symbol::name(name)
            );
            let cv = self.class_value(c);
            return Err(self.name_error(&msg, name, cv));
        }
        self.add_method(c, name, MethodKind::Undefined, Visibility::Public);
        self.invalidate_method(c, name, Reason::MethodUndefined);
        self.method_hook(c, name, "undefined")
    }
}

/// Both operands as doubles when each is a Float (flonum or boxed).
#[cold]
#[inline(never)]
fn boxed_float_pair(a: Value, b: Value) -> Option<(f64, f64)> {
    let f = |v: Value| -> Option<f64> {
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
    };
    Some((f(a)?, f(b)?))
}
