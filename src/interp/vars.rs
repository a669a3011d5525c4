//! Variables as the interpreter sees them: locals and environments,
//! instance variables (with their inline caches), globals, class variables
//! and constants (lookup, const_missing, cached reads, assignment).

use std::rc::Rc;

use crate::bytecode::{Iseq, IseqKind};
use crate::class::{ClassKind, cls};
use crate::dispatch::Reason;
use crate::gc::obj;
use crate::object::{Body, Cref, RObject, Unwind};
use crate::value::{ClassId, IseqId, SymbolId, Value, sym, symbol};

use super::{IvarCache, Vm};

impl Vm {
    // ---- locals -------------------------------------------------------------

    /// The local variables visible in the running frame, innermost scope
    /// first, each name once: (name, scope, index, depth). `local_variables`
    /// and `binding` read them.
    pub fn visible_locals(&self) -> Vec<(SymbolId, IseqId, u32, u32)> {
        match self.frames.last() {
            Some(f) => self.scope_locals(f.iseq),
            None => Vec::new(),
        }
    }

    /// The local variables visible in code of `iseq`: its own, then (for a
    /// block) its outer scopes'. Hidden temporaries and names that are not
    /// local-variable names are left out. NameError keeps the iseq and
    /// asks for these only when `local_variables` is called.
    pub fn scope_locals(&self, iseq: &'static Iseq) -> Vec<(SymbolId, IseqId, u32, u32)> {
        let mut out: Vec<(SymbolId, IseqId, u32, u32)> = Vec::new();
        let mut iseq = Some(iseq);
        let mut depth = 0;
        while let Some(i) = iseq {
            for (idx, n) in i.local_names.iter().enumerate() {
                if n.0 == u32::MAX || idx as u32 >= i.local_count {
                    continue;
                }
                let name = symbol::name(*n);
                let ok = name
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_lowercase() || c == '_' || !c.is_ascii());
                if ok && !out.iter().any(|o| o.0 == *n) {
                    out.push((*n, i.id, idx as u32, depth));
                }
            }
            if !matches!(i.kind, IseqKind::Block | IseqKind::Lambda | IseqKind::Eval) {
                break;
            }
            iseq = i.parent.map(|p| self.iseq(p));
            depth += 1;
        }
        out
    }

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

    /// `getlocal` of an outer scope: a block reading its parent's local
    /// (depth 1, the parent's env on the heap) is read in place; deeper
    /// or unusual cases take `env_get`.
    #[inline(always)]
    pub(super) fn outer_local_get(&self, fi: usize, idx: u32, depth: u32) -> Value {
        if depth == 1 {
            let e = self.frames[fi].penv;
            if e.is_heap()
                && let Body::Env(env) = &*obj(e).body.borrow()
                && let Some(v) = env.vals.get(idx as usize)
            {
                return *v;
            }
        }
        self.env_get(fi, idx, depth)
    }

    /// `setlocal` of an outer scope, like `outer_local_get`.
    #[inline(always)]
    pub(super) fn outer_local_set(&mut self, fi: usize, idx: u32, depth: u32, v: Value) {
        if depth == 1 {
            let e = self.frames[fi].penv;
            if e.is_heap()
                && let Body::Env(env) = &mut *obj(e).body.borrow_mut()
                && let Some(slot) = env.vals.get_mut(idx as usize)
            {
                *slot = v;
                return;
            }
        }
        self.env_set(fi, idx, depth, v)
    }

    #[inline(never)]
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

    #[inline(never)]
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
            if self.ractor_nonmain {
                self.ractor_check_class_ivar(name, None)?;
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

    /// Instance variables of `recv` in definition order (for inspect):
    /// the ones Ruby can name (`@x`), not the VM's hidden ones.
    pub fn ivar_list(&self, recv: Value) -> Vec<(SymbolId, Value)> {
        self.ivars_with(recv, false)
    }

    /// Whether `recv` has instance variable `n` set, hidden ones too.
    pub fn ivar_is_set(&self, recv: Value, n: SymbolId) -> bool {
        self.ivars_with(recv, true).iter().any(|(k, _)| *k == n)
    }

    fn ivars_with(&self, recv: Value, hidden: bool) -> Vec<(SymbolId, Value)> {
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
                    .filter(|(n, _)| hidden || symbol::name(*n).starts_with('@'))
                    .collect();
            }
            if let Some(c) = self.as_class(recv) {
                let mut v: Vec<(SymbolId, Value)> = self
                    .classes
                    .get(c)
                    .ivars
                    .iter()
                    .map(|(k, v)| (*k, *v))
                    .filter(|(n, _)| hidden || symbol::name(*n).starts_with('@'))
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
                    .filter(|(n, _)| hidden || symbol::name(*n).starts_with('@'))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// `getinstancevariable`: a hit reads the slot in place; misses and
    /// objects without plain ivars go out of line.
    #[inline(always)]
    pub(super) fn get_ivar_cached(
        &mut self,
        fi: usize,
        name: SymbolId,
        ic: u32,
    ) -> Result<Value, Unwind> {
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
                return Ok(match iv.get(slot as usize) {
                    Some(v) if !v.is_undef() => *v,
                    _ => Value::NIL,
                });
            }
            if hit.is_none() && matches!(&*o.body.borrow(), Body::Object(_)) {
                if self.ractor_nonmain && self.ractor_class == Some(self.classes.real_class(c)) {
                    let v = self.get_ivar_miss(recv, c, name, ic);
                    self.ractor_check_ivar(recv, name)?;
                    return Ok(v);
                }
                return Ok(self.get_ivar_miss(recv, c, name, ic));
            }
        }
        let v = self.ivar_get_generic(recv, name);
        if self.ractor_nonmain && self.as_class(recv).is_some() {
            self.ractor_check_class_ivar(name, Some(v))?;
        }
        Ok(v)
    }

    /// `@x += imm` on an unfrozen plain object whose ivar cache `ic` hits
    /// and whose ivar holds a Fixnum that stays one: added in place, true.
    /// False with nothing done otherwise (the instructions it fused run).
    #[inline(always)]
    pub(super) fn ivar_add_imm(&mut self, recv: Value, ic: u32, imm: i32) -> bool {
        let Some((o, i)) = self.cached_ivar_slot(recv, ic) else {
            return false;
        };
        let Body::Object(iv) = &mut *o.body.borrow_mut() else {
            return false;
        };
        match iv.get_mut(i) {
            Some(v) if v.is_fixnum() => match Value::fix_add(*v, Value::int(imm as i64)) {
                Some(r) => {
                    *v = r;
                    true
                }
                None => false,
            },
            _ => false,
        }
    }

    /// `recv` and the ivar slot its cache `ic` holds, when `recv` is an
    /// unfrozen object of the cached class: the writes' fast path (the
    /// caller borrows the body once, a plain object's `Body::Object`).
    #[inline(always)]
    fn cached_ivar_slot(&self, recv: Value, ic: u32) -> Option<(&'static RObject, usize)> {
        if !recv.is_heap() {
            return None;
        }
        let o = obj(recv);
        let k = self.ivar_caches.get(ic as usize)?;
        if k.class != o.class.get().0 + 1 || o.is_frozen() {
            return None;
        }
        Some((o, k.slot as usize))
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
        // (A Ractor's ivars are checked on each access: never cached.)
        if self.ractor_class.is_some() && self.ractor_class == Some(self.classes.real_class(c)) {
            return;
        }
        if let Some(k) = self.ivar_caches.get_mut(ic as usize) {
            *k = IvarCache {
                class: c.0 + 1,
                slot,
            };
        }
    }

    /// `setinstancevariable`. `pc` is stored in the frame only when the
    /// slow path runs (it may raise or call Ruby); a hit cannot.
    #[inline(always)]
    pub(super) fn set_ivar_cached(
        &mut self,
        fi: usize,
        name: SymbolId,
        ic: u32,
        v: Value,
        pc: usize,
    ) -> Result<(), Unwind> {
        let recv = self.frames[fi].self_val;
        if self.set_ivar_hit(recv, ic, v) {
            return Ok(());
        }
        self.frames[fi].pc = pc;
        self.set_ivar_slow(recv, name, ic, v)
    }

    /// `setinstancevariable`'s hit: on an unfrozen plain object whose
    /// slot exists or comes next (`initialize` setting its ivars in
    /// order), one borrow, one store, true; false with nothing done.
    #[inline(always)]
    pub(super) fn set_ivar_hit(&self, recv: Value, ic: u32, v: Value) -> bool {
        if let Some((o, i)) = self.cached_ivar_slot(recv, ic)
            && let Body::Object(iv) = &mut *o.body.borrow_mut()
        {
            if let Some(slot) = iv.get_mut(i) {
                *slot = v;
                return true;
            }
            if i == iv.len() {
                iv.push(v);
                return true;
            }
        }
        false
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
            if self.ractor_nonmain && self.ractor_class == Some(self.classes.real_class(c)) {
                self.ractor_check_ivar(recv, name)?;
            }
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

    /// `$?`: the status of the last child process this thread waited
    /// for (each thread its own, nil in a new one).
    fn last_status(&mut self) -> Value {
        let t = self.current_thread();
        if t.is_nil() {
            return Value::NIL;
        }
        self.ivar_get_name(t, crate::intern!("__last_status"))
    }

    pub fn set_last_status(&mut self, st: Value) {
        let t = self.current_thread();
        if !t.is_nil() {
            self.ivar_set_name(t, crate::intern!("__last_status"), st);
        }
    }

    pub fn global_get(&mut self, name: SymbolId) -> Value {
        let name = self.global_aliases.get(&name).copied().unwrap_or(name);
        match &*symbol::name(name) {
            "$!" => self.errinfo,
            "$~" => self.last_match(),
            "$_" => self.last_line(),
            "$?" => self.last_status(),
            "$=" => {
                // (A warning that raises, from a Warning.warn the program
                // redefined, is dropped: a read cannot fail.)
                let _ = self.warn_deprecated("variable $= is no longer effective");
                Value::FALSE
            }
            "$$" => Value::int(std::process::id() as i64),
            "$0" | "$PROGRAM_NAME" => {
                let s = self.script_name.clone();
                self.str_new(&s)
            }
            "$@" => {
                let e = self.errinfo;
                if e.is_nil() {
                    return Value::NIL;
                }
                self.funcall(e, crate::intern!("backtrace"), &[], None)
                    .unwrap_or(Value::NIL)
            }
            // Reached through an alias (`alias $MATCH $&`, English.rb).
            "$&" => self.backref(1000).unwrap_or(Value::NIL),
            "$`" => self.backref(1001).unwrap_or(Value::NIL),
            "$'" => self.backref(1002).unwrap_or(Value::NIL),
            "$+" => self.backref(1003).unwrap_or(Value::NIL),
            n if n.len() > 1 && n[1..].bytes().all(|b| b.is_ascii_digit()) => {
                let k = n[1..].parse::<u32>().unwrap_or(u32::MAX);
                self.backref(k.min(999)).unwrap_or(Value::NIL)
            }
            _ => self.globals.get(&name).copied().unwrap_or(Value::NIL),
        }
    }

    /// A warning of the `deprecated` category (`rb_warn_deprecated`):
    /// shown only while `Warning[:deprecated]` is true.
    #[cold]
    pub fn warn_deprecated(&mut self, msg: &str) -> Result<(), Unwind> {
        let Some(w) = self.warning_module() else {
            return Ok(());
        };
        let cat = Value::symbol(crate::intern!("deprecated"));
        if !self.funcall(w, sym::AREF, &[cat], None)?.truthy() {
            return Ok(());
        }
        let loc = self.current_location();
        self.emit_warning(&format!("{loc}: warning: {msg}\n"))
    }

    /// `alias $new $old`: both names are then one variable (an alias of an
    /// alias names the original).
    pub fn global_alias(&mut self, new: SymbolId, old: SymbolId) {
        let old = self.global_aliases.get(&old).copied().unwrap_or(old);
        if new != old {
            self.global_aliases.insert(new, old);
        }
    }

    pub fn global_set(&mut self, written: SymbolId, v: Value) -> Result<(), Unwind> {
        let name = self
            .global_aliases
            .get(&written)
            .copied()
            .unwrap_or(written);
        let mut v = v;
        match &*symbol::name(name) {
            "$!" => self.errinfo = v,
            "$~" => {
                if !v.is_nil() && self.real_class_of(v) != cls::MATCH_DATA {
                    let c = crate::builtins::type_name(self, v);
                    let msg = format!("wrong argument type {c} (expected MatchData)");
                    return Err(self.type_error(&msg));
                }
                self.set_last_match(v)
            }
            "$_" => self.set_last_line(v),
            "$$" | "$?" | "$-p" | "$-l" | "$-a" | "$:" | "$\"" | "$<" | "$FILENAME" | "$*"
            | "$LOAD_PATH" | "$LOADED_FEATURES" | "$-I" => {
                let g = symbol::name(written);
                let msg = format!("{g} is a read-only variable");
                return Err(self.name_error(&msg, written, Value::NIL));
            }
            g @ ("$/" | "$\\" | "$," | "$;") => {
                let regexp_ok = g == "$;";
                let ok = v.is_nil()
                    || self.is_string(v)
                    || (regexp_ok && self.real_class_of(v) == cls::REGEXP);
                if !ok {
                    let w = symbol::name(written);
                    let what = if regexp_ok {
                        "String or Regexp"
                    } else {
                        "String"
                    };
                    return Err(self.type_error(&format!("value of {w} must be {what}")));
                }
                if matches!(g, "$," | "$;") && !v.is_nil() {
                    self.warn_deprecated(&format!("`{g}' is deprecated"))?;
                }
                self.globals.insert(name, v);
            }
            "$." => {
                v = Value::int(crate::builtins::int_arg(self, v)?);
                self.globals.insert(name, v);
            }
            "$VERBOSE" => {
                if v.truthy() {
                    v = Value::TRUE;
                }
                self.globals.insert(name, v);
            }
            "$=" => {
                self.warn_deprecated("variable $= is no longer effective; ignored")?;
            }
            "$0" | "$PROGRAM_NAME" => {
                let b = crate::builtins::str_arg(self, v)?;
                self.script_name = String::from_utf8_lossy(&b).into_owned();
            }
            "$stdout" | "$stderr" if !self.respond_to(v, crate::intern!("write")) => {
                let c = self.class_name(self.real_class_of(v));
                let g = symbol::name(written);
                return Err(self.type_error(&format!("{g} must have write method, {c} given")));
            }
            _ => {
                self.globals.insert(name, v);
            }
        }
        if !self.gvar_traces.is_empty() && !self.gvar_tracing {
            self.run_gvar_traces(name, v)?;
        }
        Ok(())
    }

    /// `trace_var` hooks of global `name` after it was set to `v`.
    #[cold]
    fn run_gvar_traces(&mut self, name: SymbolId, v: Value) -> Result<(), Unwind> {
        let Some(hooks) = self.gvar_traces.get(&name).cloned() else {
            return Ok(());
        };
        self.gvar_tracing = true;
        let mut r = Ok(());
        for h in hooks {
            // A Proc gets the value; a String is evaluated at the top level.
            r = if self.real_class_of(h) == cls::PROC {
                self.funcall(h, crate::intern!("call"), &[v], None)
            } else {
                let main = self.main_obj;
                self.funcall(main, crate::intern!("eval"), &[h], None)
            }
            .map(|_| ());
            if r.is_err() {
                break;
            }
        }
        self.gvar_tracing = false;
        r
    }

    // ---- class variables ---------------------------------------------------------

    pub(super) fn cvar_base(&mut self, fi: usize) -> Result<ClassId, Unwind> {
        // vm_get_cvar_base: singleton-class scopes (`class << x`, an
        // instance_eval string) are skipped while an outer scope exists.
        let f = &self.frames[fi];
        let mut lex = f.cref.lexical();
        while self.classes.get(lex.class).kind == ClassKind::Singleton
            && let Some(p) = &lex.parent
        {
            lex = p.lexical();
        }
        if lex.parent.is_none() {
            return Err(self.runtime_error("class variable access from toplevel"));
        }
        Ok(lex.class)
    }

    pub(super) fn cvar_owner(&self, c: ClassId, name: SymbolId) -> Option<ClassId> {
        self.classes
            .ancestors(c)
            .iter()
            .copied()
            .find(|a| self.classes.get(*a).cvars.contains_key(&name))
    }

    /// The class that holds class variable `name` for `c`: the first of
    /// its ancestors with one. Another, later holder of a different class
    /// means the first "overtakes" it: RuntimeError, as CRuby.
    fn cvar_owner_checked(
        &mut self,
        c: ClassId,
        name: SymbolId,
    ) -> Result<Option<ClassId>, Unwind> {
        let ancestors = self.classes.ancestors(c);
        let mut holders = ancestors
            .iter()
            .copied()
            .filter(|a| self.classes.get(*a).cvars.contains_key(&name));
        let Some(front) = holders.next() else {
            return Ok(None);
        };
        let target = holders.next_back().unwrap_or(front);
        if target != front {
            let msg = format!(
                "class variable {} of {} is overtaken by {}",
                symbol::name(name),
                self.class_name(front),
                self.class_name(target)
            );
            return Err(self.runtime_error(&msg));
        }
        Ok(Some(front))
    }

    pub fn cvar_get(&mut self, c: ClassId, name: SymbolId) -> Result<Value, Unwind> {
        match self.cvar_owner_checked(c, name)? {
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

    pub fn cvar_set(&mut self, c: ClassId, name: SymbolId, v: Value) -> Result<(), Unwind> {
        let owner = self.cvar_owner_checked(c, name)?.unwrap_or(c);
        self.classes.get_mut(owner).cvars.insert(name, v);
        Ok(())
    }

    // ---- constants --------------------------------------------------------------

    /// The class a builtin's caller defines constants in (its innermost
    /// lexical class; Object at the top level).
    pub fn caller_cbase(&self) -> ClassId {
        self.frames
            .last()
            .map_or(cls::OBJECT, |f| f.cref.lexical().class)
    }

    /// Lexical scope, then ancestors of the innermost class, then Object.
    /// The innermost lexical scope of frame `fi` (not the top level)
    /// that defines constant `name` itself.
    pub fn lexical_const_holder(&self, fi: usize, name: SymbolId) -> Option<ClassId> {
        let mut c = Some(&self.frames[fi].cref);
        while let Some(node) = c {
            if node.parent.is_none() {
                break;
            }
            if !node.def_only && self.classes.get(node.class).consts.contains_key(&name) {
                return Some(node.class);
            }
            c = node.parent.as_ref();
        }
        None
    }

    pub fn const_lookup(&mut self, fi: usize, name: SymbolId) -> Result<Value, Unwind> {
        if let Some(k) = self.lexical_const_holder(fi, name) {
            return Ok(self.classes.get(k).consts[&name]);
        }
        let cref = self.frames[fi].cref.clone();
        let start = cref.lexical().class;
        // rb_const_get(cref class): its ancestors (Object's constants
        // through them, or for a module; not in a BasicObject subclass).
        if let Some(v) = self.const_in_ancestors(start, name) {
            return Ok(v);
        }
        if !self.autoloads.is_empty() {
            let lexical = lexical_classes(&cref);
            if let Some(v) = self.autoload_const(&lexical, name)? {
                return Ok(v);
            }
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
        if !self.autoloads.is_empty() {
            let owners = self.autoload_owners(c);
            if let Some(v) = self.autoload_const(&owners, name)? {
                return Ok(v);
            }
        }
        let cv = self.class_value(c);
        if let Some(r) = self.own_const_missing(cv, name) {
            return r;
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

    /// The fast path of `get_const_cached`, inlined into the run loop:
    /// the cached value while the constant state and the lexical scope
    /// are the ones it was filled under.
    #[inline(always)]
    pub(super) fn const_cache_hit(&mut self, fi: usize, cache: u32) -> Option<Value> {
        let cref_id = Rc::as_ptr(&self.frames[fi].cref) as usize;
        let c = self.const_caches.get(cache as usize)?;
        if c.state == self.dispatch.global_constant_state && c.cref == cref_id {
            self.dispatch.counters.const_cache_hit += 1;
            return Some(c.value);
        }
        None
    }

    #[inline(never)]
    pub(super) fn get_const_cached(
        &mut self,
        fi: usize,
        name: SymbolId,
        cache: u32,
    ) -> Result<Value, Unwind> {
        // (A non-main Ractor looks up and checks every read.)
        if !self.ractor_nonmain
            && let Some(v) = self.const_cache_hit(fi, cache)
        {
            return Ok(v);
        }
        let cref_id = Rc::as_ptr(&self.frames[fi].cref) as usize;
        let state = self.dispatch.global_constant_state;
        self.dispatch.counters.const_cache_miss += 1;
        let v = self.const_lookup(fi, name)?;
        if let Some(k) = self.const_caches.get_mut(cache as usize) {
            *k = super::ConstCache {
                state,
                cref: cref_id,
                value: v,
            };
        }
        if self.ractor_nonmain {
            let owner = self.ractor_const_owner(fi, None, name);
            self.ractor_check_const_get(owner, name, v)?;
        }
        Ok(v)
    }

    /// `base::NAME`, cached per instruction while the constant state and
    /// `base` are unchanged (misses check privacy and `const_missing`).
    pub(super) fn get_const_under_cached(
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
                if let Some(owner) = self.private_const_owner(c, name) {
                    return self.private_const_missing(c, owner, name);
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

    /// The class whose private constant `name` a scoped reference
    /// `c::name` finds (None when the constant found is public).
    pub fn private_const_owner(&self, c: ClassId, name: SymbolId) -> Option<ClassId> {
        let owner = self
            .classes
            .ancestors(c)
            .iter()
            .find(|a| self.classes.get(**a).consts.contains_key(&name))
            .copied()?;
        self.classes
            .get(owner)
            .private_consts
            .contains(&name)
            .then_some(owner)
    }

    /// `cv.const_missing(name)` when cv's class defines its own (the
    /// default Module#const_missing is answered in Rust by the callers).
    fn own_const_missing(&mut self, cv: Value, name: SymbolId) -> Option<Result<Value, Unwind>> {
        let cc = self.class_of(cv);
        let r = self
            .dispatch
            .resolve(&mut self.classes, cc, sym::CONST_MISSING);
        let m = r.method?;
        (self.classes.method(m).owner != cls::MODULE)
            .then(|| self.funcall(cv, sym::CONST_MISSING, &[Value::symbol(name)], None))
    }

    /// A scoped reference to a private constant: the class's own
    /// `const_missing` answers when it has one (as CRuby), else NameError.
    #[cold]
    pub fn private_const_missing(
        &mut self,
        c: ClassId,
        owner: ClassId,
        name: SymbolId,
    ) -> Result<Value, Unwind> {
        let cv = self.class_value(c);
        if let Some(r) = self.own_const_missing(cv, name) {
            return r;
        }
        Err(self.private_const_error(owner, name, cv))
    }

    #[cold]
    pub fn private_const_error(&mut self, owner: ClassId, name: SymbolId, recv: Value) -> Unwind {
        let msg = format!(
            "private constant {}::{} referenced",
            self.class_name(owner),
            symbol::name(name)
        );
        self.name_error(&msg, name, recv)
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
        if self.classes.get(c).consts.contains_key(&name) && self.warnings_on() {
            let loc = self.current_location();
            let n = symbol::name(name);
            let full = if c == cls::OBJECT {
                n.to_string()
            } else {
                format!("{}::{n}", self.class_name(c))
            };
            let mut msgs = vec![format!(
                "{loc}: warning: already initialized constant {full}\n"
            )];
            if let Some(prev) = self.classes.get(c).const_sites.get(&name) {
                msgs.push(format!(
                    "{prev}: warning: previous definition of {n} was here\n"
                ));
            }
            // set_const cannot raise: an exception from a redefined
            // Warning.warn is dropped here.
            for m in msgs {
                let _ = self.emit_warning(&m);
            }
        }
        self.note_const_site(c, name);
        self.classes.set_const(c, name, v);
        let origin = self.invalidation_origin();
        self.dispatch
            .constant_changed(&self.classes, c, name, Reason::ConstSet, &origin);
    }

    /// Records where constant `name` of `c` is being set from Ruby code.
    pub(super) fn note_const_site(&mut self, c: ClassId, name: SymbolId) {
        if !self.frames.is_empty() {
            let site = self.current_location();
            self.classes.get_mut(c).const_sites.insert(name, site);
        }
    }
}

/// The classes of a lexical scope chain, innermost first (without the
/// top level's).
pub(super) fn lexical_classes(cref: &Cref) -> Vec<ClassId> {
    let mut out = Vec::new();
    let mut c = Some(cref);
    while let Some(node) = c {
        if node.parent.is_none() {
            break;
        }
        if !node.def_only {
            out.push(node.class);
        }
        c = node.parent.as_ref();
    }
    out
}
