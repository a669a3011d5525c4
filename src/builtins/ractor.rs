//! What prelude/ractor.rb's green-thread Ractors need from the VM: which
//! outer locals a block reads and writes (isolation), a Proc's environment
//! detached from its scope (`make_shareable`), moving an object's contents
//! out (`send(obj, move: true)`), and the isolation errors a non-main
//! Ractor gets on globals, class variables, constants and the instance
//! variables of classes (`Vm::ractor_nonmain`, kept per fiber).

use crate::bytecode::Insn;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::Vm;
use crate::object::{Body, REnv, Unwind};
use crate::value::{ClassId, IseqId, SymbolId, Value, symbol};

pub fn init(vm: &mut Vm) {
    let p = cls::PROC;
    // [names read, names written] of the locals outside the block that it
    // (or a block inside it) uses, each once, in order of appearance.
    vm.def_builtin(p, "__outer_lvars", 0, |vm, s, _, _| {
        let iseq = match &*obj(s).body.borrow() {
            Body::Proc(p) if p.special.is_none() => p.block.iseq,
            _ => return Ok(vm.ary_new(vec![])),
        };
        let (reads, writes) = outer_lvars(vm, iseq);
        let r = reads.into_iter().map(Value::symbol).collect();
        let w = writes.into_iter().map(Value::symbol).collect();
        let (r, w) = (vm.ary_new(r), vm.ary_new(w));
        Ok(vm.ary_new(vec![r, w]))
    });
    // The Proc's self.
    vm.def_builtin(p, "__self", 0, |_, s, _, _| match &*obj(s).body.borrow() {
        Body::Proc(p) if p.special.is_none() => Ok(p.block.self_val),
        _ => Ok(Value::NIL),
    });
    // The Proc keeps a copy of its captured environment: later writes in
    // its scope no longer reach it (nor its writes the scope).
    vm.def_builtin(p, "__isolate_env", 0, |vm, s, _, _| {
        let env = match &*obj(s).body.borrow() {
            Body::Proc(p) => p.block.env,
            _ => return Ok(s),
        };
        let copy = copy_env(vm, env);
        if let Body::Proc(p) = &mut *obj(s).body.borrow_mut() {
            p.block.env = copy;
        }
        Ok(s)
    });
    // The Ractor class (prelude/ractor.rb defines the rest).
    let ractor = vm.new_class(Some("Ractor"), cls::OBJECT, Some(cls::OBJECT));
    vm.ractor_class = Some(ractor);
    // A new object of `obj`'s class holding its contents; `obj` becomes a
    // `moved` (Ractor::MovedObject) with none.
    vm.def_singleton_builtin(ractor, "__move", 2, |vm, _, a, _| {
        let v = a[0];
        let Some(moved) = vm.as_class(a[1]) else {
            return Err(vm.type_error("not a class"));
        };
        if !v.is_heap() || vm.as_class(v).is_some() {
            return Ok(v);
        }
        let o = obj(v);
        if matches!(
            &*o.body.borrow(),
            Body::Proc(_) | Body::Method(_) | Body::Env(_)
        ) {
            return Err(vm.type_error("can not move this object"));
        }
        let c = o.class.get();
        let body = std::mem::replace(&mut *o.body.borrow_mut(), Body::Object(Vec::new()));
        let new = vm.heap.alloc(c, body);
        if o.is_frozen() {
            obj(new).freeze();
        }
        if let Some(ivs) = vm.generic_ivars.remove(&v.raw()) {
            vm.generic_ivars.insert(new.raw(), ivs);
        }
        o.class.set(moved);
        Ok(new)
    });
    vm.def_singleton_builtin(ractor, "__nonmain?", 0, |vm, _, _, _| {
        Ok(Value::bool(vm.ractor_nonmain))
    });
    vm.def_singleton_builtin(ractor, "__set_nonmain", 1, |vm, _, a, _| {
        vm.ractor_nonmain = a[0].truthy();
        Ok(Value::NIL)
    });
}

/// Names of the outer locals `block` and the blocks inside it read and
/// write (depth beyond their own nesting).
fn outer_lvars(vm: &Vm, block: IseqId) -> (Vec<SymbolId>, Vec<SymbolId>) {
    let (mut reads, mut writes) = (Vec::new(), Vec::new());
    for i in vm.iseqs.iter().flatten() {
        // Its nesting below `block` (None: not inside it).
        let mut level = 0u32;
        let mut cur = Some(i.id);
        while let Some(id) = cur {
            if id == block {
                break;
            }
            cur = vm.iseq(id).parent;
            level += 1;
        }
        if cur.is_none() {
            continue;
        }
        for insn in i.code() {
            let (idx, depth, write) = match *insn {
                Insn::GetLocalUp { idx, depth } => (idx, depth, false),
                Insn::SetLocalUp { idx, depth } | Insn::SetLocalUpPop { idx, depth } => {
                    (idx, depth, true)
                }
                _ => continue,
            };
            if depth <= level {
                continue;
            }
            let mut target = Some(i.id);
            for _ in 0..depth {
                target = target.and_then(|t| vm.iseq(t).parent);
            }
            let Some(t) = target else { continue };
            let Some(&name) = vm.iseq(t).local_names.get(idx as usize) else {
                continue;
            };
            // (An unnamed local: an anonymous parameter or a temporary.)
            if name.0 == u32::MAX {
                continue;
            }
            let list = if write { &mut writes } else { &mut reads };
            if !list.contains(&name) {
                list.push(name);
            }
        }
    }
    (reads, writes)
}

/// A copy of an environment chain (Env objects), nil stays nil.
fn copy_env(vm: &mut Vm, env: Value) -> Value {
    if !env.is_heap() {
        return env;
    }
    let (vals, parent) = match &*obj(env).body.borrow() {
        Body::Env(e) => (e.vals.clone(), e.parent),
        _ => return env,
    };
    let parent = copy_env(vm, parent);
    vm.heap
        .alloc(cls::ENV_CLASS, Body::Env(Box::new(REnv { vals, parent })))
}

/// Ractor::IsolationError (defined by the prelude), or RuntimeError.
#[cold]
fn isolation_error(vm: &mut Vm, msg: &str) -> Unwind {
    ractor_error(vm, "IsolationError", msg)
}

/// Ractor::`which` (defined by the prelude), or RuntimeError.
#[cold]
fn ractor_error(vm: &mut Vm, which: &str, msg: &str) -> Unwind {
    let c = vm
        .classes
        .get(cls::OBJECT)
        .consts
        .get(&crate::intern!("Ractor"))
        .and_then(|r| vm.as_class(*r))
        .and_then(|r| {
            vm.classes
                .get(r)
                .consts
                .get(&symbol::intern(which))
                .copied()
        })
        .and_then(|e| vm.as_class(e))
        .unwrap_or(vm.e.runtime_error);
    vm.error(c, msg)
}

/// Globals a non-main Ractor may use (ractor-local, process-wide
/// read-only or frame-local ones).
fn ractor_local_gvar(name: &str) -> bool {
    matches!(
        name,
        "$stdin"
            | "$stdout"
            | "$stderr"
            | "$>"
            | "$<"
            | "$DEBUG"
            | "$-d"
            | "$VERBOSE"
            | "$-v"
            | "$-w"
            | "$-W"
            | "$-p"
            | "$-l"
            | "$-a"
            | "$-i"
            | "$$"
            | "$?"
            | "$0"
            | "$PROGRAM_NAME"
            | "$:"
            | "$-I"
            | "$LOAD_PATH"
            | "$\""
            | "$LOADED_FEATURES"
            | "$~"
            | "$!"
            | "$@"
            | "$_"
            | "$&"
            | "$`"
            | "$'"
            | "$+"
            | "$;"
            | "$-F"
            | "$,"
            | "$/"
            | "$-0"
            | "$\\"
            | "$."
            | "$FILENAME"
            | "$*"
    ) || name[1..].bytes().all(|b| b.is_ascii_digit())
}

impl Vm {
    /// The running code is the prelude's (its own state is not the
    /// program's: no isolation checks).
    fn in_prelude(&self) -> bool {
        self.frames
            .last()
            .is_some_and(|f| f.iseq.file.starts_with("<internal:"))
    }

    /// A non-main Ractor touching global `name`.
    #[cold]
    pub fn ractor_check_gvar(&mut self, name: SymbolId) -> Result<(), Unwind> {
        let n = symbol::name(name);
        if ractor_local_gvar(&n) || self.in_prelude() {
            return Ok(());
        }
        let msg = format!("can not access global variables {n} from non-main Ractors");
        Err(isolation_error(self, &msg))
    }

    /// A non-main Ractor reached an autoload of constant `name`.
    #[cold]
    pub fn ractor_unsafe_autoload(&mut self, name: SymbolId) -> Unwind {
        let msg = format!(
            "require by autoload on non-main Ractor is not supported ({})",
            symbol::name(name)
        );
        ractor_error(self, "UnsafeError", &msg)
    }

    /// A non-main Ractor touching a class variable.
    #[cold]
    pub fn ractor_check_cvar(&mut self) -> Result<(), Unwind> {
        if self.in_prelude() {
            return Ok(());
        }
        Err(isolation_error(
            self,
            "can not access class variables from non-main Ractors",
        ))
    }

    /// A non-main Ractor read constant `name` (found in `owner`) holding
    /// `v`.
    #[cold]
    pub fn ractor_check_const_get(
        &mut self,
        owner: ClassId,
        name: SymbolId,
        v: Value,
    ) -> Result<(), Unwind> {
        if self.in_prelude() || self.ractor_shareable(v)? {
            return Ok(());
        }
        let msg = format!(
            "can not access non-shareable objects in constant {}::{} by non-main Ractor.",
            self.class_name(owner),
            symbol::name(name)
        );
        Err(isolation_error(self, &msg))
    }

    /// A non-main Ractor sets a constant to `v`.
    #[cold]
    pub fn ractor_check_const_set(&mut self, v: Value) -> Result<(), Unwind> {
        if self.in_prelude() || self.ractor_shareable(v)? {
            return Ok(());
        }
        Err(isolation_error(
            self,
            "can not set constants with non-shareable objects by non-main Ractors",
        ))
    }

    /// A non-main Ractor reads instance variable `name` of class `recv`
    /// (its value `v`) or, with `v` None, sets one.
    #[cold]
    pub fn ractor_check_class_ivar(
        &mut self,
        name: SymbolId,
        v: Option<Value>,
    ) -> Result<(), Unwind> {
        if self.ractor_ivar_exempt(name) {
            return Ok(());
        }
        self.class_ivar_verdict(v)
    }

    /// The prelude's own (`@__`) instance variables, or the prelude's code.
    fn ractor_ivar_exempt(&self, name: SymbolId) -> bool {
        symbol::name(name).starts_with("@__") || self.in_prelude()
    }

    /// A class's instance variable read (its value) or written (None).
    fn class_ivar_verdict(&mut self, v: Option<Value>) -> Result<(), Unwind> {
        match v {
            Some(v) if self.ractor_shareable(v)? => Ok(()),
            Some(_) => Err(isolation_error(
                self,
                "can not get unshareable values from instance variables of classes/modules from non-main Ractors",
            )),
            None => Err(isolation_error(
                self,
                "can not set instance variables of classes/modules by non-main Ractors",
            )),
        }
    }

    /// A non-main Ractor uses instance variable `name` of `recv` (checked:
    /// a Ractor's or a class's).
    #[cold]
    pub fn ractor_check_ivar(&mut self, recv: Value, name: SymbolId) -> Result<(), Unwind> {
        if self.ractor_ivar_exempt(name) {
            return Ok(());
        }
        if self.as_class(recv).is_some() {
            let v = self.ivar_get_name(recv, name);
            return self.class_ivar_verdict(Some(v));
        }
        if recv.is_heap() && Some(self.real_class_of(recv)) == self.ractor_class {
            return Err(isolation_error(
                self,
                "can not access instance variables of shareable objects from non-main Ractors",
            ));
        }
        Ok(())
    }

    /// `Ractor.shareable?(v)` (prelude/ractor.rb answers for objects that
    /// need a walk).
    pub fn ractor_shareable(&mut self, v: Value) -> Result<bool, Unwind> {
        if !v.is_heap() || self.as_class(v).is_some() {
            return Ok(true);
        }
        let r = self
            .classes
            .get(cls::OBJECT)
            .consts
            .get(&crate::intern!("Ractor"))
            .copied();
        let Some(r) = r else { return Ok(true) };
        let res = self.funcall(r, crate::intern!("shareable?"), &[v], None)?;
        Ok(res.truthy())
    }
}

impl Vm {
    /// Where constant `name`, read in frame `fi`'s scope (or under `base`),
    /// is defined (for the isolation error's message).
    pub fn ractor_const_owner(&self, fi: usize, base: Option<ClassId>, name: SymbolId) -> ClassId {
        let start = match base {
            Some(b) => b,
            None => match self.lexical_const_holder(fi, name) {
                Some(k) => return k,
                None => self.frames[fi].cref.lexical().class,
            },
        };
        self.classes
            .ancestors(start)
            .iter()
            .copied()
            .find(|a| self.classes.get(*a).consts.contains_key(&name))
            .unwrap_or(cls::OBJECT)
    }
}
