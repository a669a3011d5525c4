//! Definitions: `def` into the current cref, class and module bodies
//! (`class`/`module`/`class << x`), alias, undef and the method hooks
//! they fire.

use std::rc::Rc;

use crate::class::{ClassKind, MethodKind, Visibility, cls};
use crate::dispatch::{Reason, lookup};
use crate::gc::obj;
use crate::object::{Unwind, cref_new};
use crate::value::{ClassId, SymbolId, Value, sym, symbol};

use super::Vm;
use super::call::{Call, Entry};

impl Vm {
    // ---- definitions ---------------------------------------------------------------

    /// The class `def` defines into for the current frame.
    /// Where `def`, `alias` and `undef` in frame `fi` act.
    pub(super) fn def_target(&mut self, fi: usize) -> Result<ClassId, Unwind> {
        let cref = &self.frames[fi].cref;
        if cref.no_singleton {
            return Err(self.type_error("can't define singleton"));
        }
        Ok(cref.class)
    }

    pub fn define_iseq_method(
        &mut self,
        fi: usize,
        target: ClassId,
        name: SymbolId,
        iseq: crate::value::IseqId,
        singleton: bool,
    ) -> Result<(), Unwind> {
        if self.class_frozen(target) {
            return Err(self.frozen_class_error(target));
        }
        if target == cls::OBJECT
            && (name == sym::METHOD_MISSING || name == sym::RESPOND_TO)
            && self.warnings_on()
        {
            let loc = self.current_location();
            let n = symbol::name(name);
            self.emit_warning(&format!(
                "{loc}: warning: redefining Object#{n} may cause infinite loop\n"
            ))?;
        }
        let cref = self.frames[fi].cref.clone();
        let getter = self.iseq(iseq).returns_ivar();
        let k = self.classes.get(target);
        let top = Rc::ptr_eq(&cref, &self.top_cref) || (cref.parent.is_none() && !singleton);
        // A method body's scope is public whatever the class body's
        // visibility was (CRuby gives each method frame its own cref).
        let in_method = self.frames[fi].method.is_some();
        let mut vis = if singleton || in_method {
            Visibility::Public
        } else if top
            && target == cls::OBJECT
            && self.frames[fi].iseq.kind != crate::bytecode::IseqKind::Class
        {
            self.top_visibility
        } else {
            k.default_visibility
        };
        if always_private(name) {
            vis = Visibility::Private;
        }
        let module_function = k.module_function && !singleton && !in_method;
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

    /// Whether `c` cannot take methods: it is frozen, or it is the
    /// singleton class of a frozen object (CRuby freezes the two together).
    pub fn class_frozen(&self, c: ClassId) -> bool {
        let k = self.classes.get(c);
        obj(k.obj).is_frozen()
            || (k.kind == ClassKind::Singleton
                && k.attached.is_heap()
                && obj(k.attached).is_frozen())
    }

    /// FrozenError for defining into a frozen class or module
    /// (`rb_class_modify_check`): a singleton class is described by the
    /// object it belongs to.
    #[cold]
    pub fn frozen_class_error(&mut self, c: ClassId) -> Unwind {
        let k = self.classes.get(c);
        if k.kind == ClassKind::Singleton {
            return self.frozen_singleton_error(k.attached);
        }
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

    /// FrozenError for adding to the singleton class of frozen `v` (`def
    /// o.x`, `define_singleton_method`, `extend`): "Class: K", "Module:
    /// M", or "object: " and the object's `to_s`.
    #[cold]
    pub fn frozen_singleton_error(&mut self, v: Value) -> Unwind {
        let (kind, d) = match self.as_class(v) {
            Some(ac) if self.classes.is_module(ac) => ("Module", self.class_name(ac)),
            Some(ac) => ("Class", self.class_name(ac)),
            None => match self.to_s(v) {
                Ok(d) => ("object", d),
                Err(e) => return e,
            },
        };
        let e = self.new_exception(
            self.e.frozen_error,
            &format!("can't modify frozen {kind}: {d}"),
        );
        self.ivar_set_name(e, crate::intern!("recv"), v);
        self.fill_backtrace(e);
        Unwind::Raise(e)
    }

    /// `class Foo < Bar` / `module Foo`: finds or creates, then runs the body.
    pub(super) fn open_class(
        &mut self,
        fi: usize,
        name: SymbolId,
        iseq: crate::value::IseqId,
        cbase: Value,
        superclass: Option<Value>,
        module: bool,
    ) -> Result<Call, Unwind> {
        let outer = if cbase.is_undef() {
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
        let mut existing = self.classes.get(outer).consts.get(&name).copied();
        // `class B` / `module B` where B is registered for autoload loads
        // it first, then reopens what the file defined.
        if existing.is_none() && self.autoloads.contains_key(&(outer, name)) {
            existing = self.autoload_const(&[outer], name)?;
        }
        // `class A::B` reopens B only where A's B is visible.
        if existing.is_some()
            && !cbase.is_undef()
            && self.classes.get(outer).private_consts.contains(&name)
        {
            return Err(self.private_const_error(outer, name, cbase));
        }
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
                    if self.classes.get(s).kind == ClassKind::Singleton {
                        return Err(self.type_error("can't make subclass of singleton class"));
                    }
                    self.new_class(Some(&n), s, Some(outer))
                };
                self.note_const_site(outer, name);
                let origin = self.invalidation_origin();
                self.dispatch.constant_changed(
                    &self.classes,
                    outer,
                    name,
                    Reason::ConstSet,
                    &origin,
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

    pub(super) fn run_class_body(
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
        if always_private(new) {
            e.visibility = Visibility::Private;
        }
        e.owner = if matches!(e.kind, MethodKind::Iseq { .. } | MethodKind::Bmethod(_)) {
            e.owner
        } else {
            c
        };
        let id = self.classes.add_method_entry(e);
        self.classes.insert_method(c, new, id);
        self.invalidate_method(c, new, Reason::Alias);
        self.method_hook(c, new, "added")
    }

    /// Calls `method_<what>` (or `singleton_method_<what>` for a singleton
    /// class) after a method table change: what is added/removed/undefined.
    pub fn method_hook(&mut self, c: ClassId, name: SymbolId, what: &str) -> Result<(), Unwind> {
        if let Some((recv, hook)) = self.method_hook_target(c, what) {
            self.funcall(recv, hook, &[Value::symbol(name)], None)?;
        }
        Ok(())
    }

    /// The receiver and name of the hook `method_hook` would call for a
    /// change in `c`, or None while only the default (a no-op builtin)
    /// answers: a definer of many methods asks once, not per method.
    pub fn method_hook_target(&mut self, c: ClassId, what: &str) -> Option<(Value, SymbolId)> {
        let singleton = self.classes.get(c).kind == ClassKind::Singleton;
        let recv = if singleton {
            self.classes.get(c).attached
        } else {
            self.class_value(c)
        };
        let hook = match (singleton, what) {
            (false, "added") => sym::METHOD_ADDED,
            (true, "added") => sym::SINGLETON_METHOD_ADDED,
            (false, _) => symbol::intern(&format!("method_{what}")),
            (true, _) => symbol::intern(&format!("singleton_method_{what}")),
        };
        let k = self.class_of(recv);
        // Undefined (the program undef'd the default): called anyway, so
        // method_missing or NoMethodError answers, as rb_funcall does.
        let Some(m) = self.dispatch.resolve(&mut self.classes, k, hook).method else {
            return Some((recv, hook));
        };
        // (The default hooks do nothing: called only when traced.)
        (!matches!(self.classes.method(m).kind, MethodKind::Builtin { .. })
            || self.trace.events & super::trace::event::C != 0)
            .then_some((recv, hook))
    }

    pub fn undef_method(&mut self, c: ClassId, name: SymbolId) -> Result<(), Unwind> {
        let n = symbol::name(name);
        if matches!(&*n, "initialize" | "object_id" | "__send__") && self.warnings_on() {
            let loc = self.current_location();
            self.emit_warning(&format!(
                "{loc}: warning: undefining `{n}' may cause serious problems\n"
            ))?;
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

/// Names a method always gets private, however it is defined (`def`,
/// `define_method`, `alias_method`), as CRuby's rb_method_entry_make.
pub fn always_private(name: SymbolId) -> bool {
    name == sym::INITIALIZE
        || name == sym::INITIALIZE_COPY
        || name == sym::RESPOND_TO_MISSING
        || matches!(&*symbol::name(name), "initialize_dup" | "initialize_clone")
}
