//! Binding and `eval`: a Binding holds a frame's scope as CRuby's does —
//! its heap environment (the one its blocks capture), self, cref, method
//! and block — and `eval` compiles source as a scope nested in it
//! (`IseqKind::Eval`, reaching the binding's locals by depth), run as a
//! frame whose parent environment is the binding's.
//!
//! The compiler gives every scope that calls `binding`, `eval` or
//! `local_variables` (and the scopes around it) all its named locals on
//! the heap, so a Binding of such a frame is live: writes either way are
//! seen, two bindings of one frame share it. Locals an `eval` defines
//! live in its own environment, which the Binding then points to (later
//! evals on that Binding see them; the frame does not). A frame whose
//! code did not ask for it (`send(:binding)`, `TracePoint#binding`, a
//! Proc of a plain method) gets a snapshot: its locals' values copied
//! into a fresh environment, which writes do not reach the frame.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::str_arg;
use crate::bytecode::IseqKind;
use crate::class::cls;
use crate::compiler::{EvalScope, EvalSite};
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Block, BlockArg, Body, REnv, RProc, Unwind};
use crate::value::{ClassId, IseqId, SymbolId, Value, symbol};

type B = Option<Rc<BlockArg>>;

/// A Binding's hidden ivars: its scope (a Proc whose block holds the
/// iseq, env, self, cref, method and the frame's block) and where it was
/// taken.
const SCOPE: &str = "__scope";
const FILE: &str = "__file";
const LINE: &str = "__line";

pub fn init(vm: &mut Vm) {
    let k = cls::KERNEL;
    let c = vm.new_class(Some("Binding"), cls::OBJECT, Some(cls::OBJECT));
    vm.def_private_builtin(k, "binding", 0, |vm, _, _, _| match vm.frames.len() {
        0 => toplevel(vm),
        n => frame_binding(vm, n - 1),
    });
    vm.def_module_function(k, "eval", -2, kernel_eval);
    vm.def_private_builtin(k, "local_variables", 0, |vm, _, _, _| {
        let names = match vm.frames.last() {
            Some(f) => vm.scope_locals(f.iseq),
            None => Vec::new(),
        };
        let names = names.into_iter().map(|n| Value::symbol(n.0)).collect();
        Ok(vm.ary_new(names))
    });
    vm.def_singleton_builtin(c, "__toplevel", 0, |vm, _, _, _| toplevel(vm));
    vm.def_builtin(c, "eval", -2, |vm, s, a, _| {
        if a.len() > 3 {
            return Err(vm.argc_error(a.len(), 1, 3));
        }
        let src = str_arg(vm, a[0])?;
        let file = match a.get(1) {
            Some(f) => vm.string_lossy(*f),
            None => "(eval)".to_string(),
        };
        let line = match a.get(2) {
            Some(l) => super::int_arg(vm, *l)?,
            None => 1,
        };
        eval_in_binding(vm, s, &src, &file, line)
    });
    vm.def_builtin(c, "local_variables", 0, |vm, s, _, _| {
        let blk = scope_of(vm, s)?;
        let names = vm.scope_locals(vm.iseq(blk.iseq));
        let names = names.into_iter().map(|n| Value::symbol(n.0)).collect();
        Ok(vm.ary_new(names))
    });
    vm.def_builtin(c, "local_variable_get", 1, |vm, s, a, _| {
        let name = local_name(vm, s, a[0])?;
        let blk = scope_of(vm, s)?;
        match find_local(vm, &blk, name) {
            Some((idx, depth)) => Ok(env_read(env_up(blk.env, depth), idx)),
            None => {
                let d = vm.inspect(s)?;
                let msg = format!(
                    "local variable `{}' is not defined for {d}",
                    symbol::name(name)
                );
                Err(vm.name_error(&msg, name, s))
            }
        }
    });
    vm.def_builtin(c, "local_variable_set", 2, |vm, s, a, _| {
        let name = local_name(vm, s, a[0])?;
        let blk = scope_of(vm, s)?;
        let (env, idx) = match find_local(vm, &blk, name) {
            Some((idx, depth)) => (env_up(blk.env, depth), idx),
            None => extend(vm, s, &blk, name)?,
        };
        if let Body::Env(e) = &mut *obj(env).body.borrow_mut()
            && let Some(slot) = e.vals.get_mut(idx as usize)
        {
            *slot = a[1];
        }
        Ok(a[1])
    });
    vm.def_builtin(c, "local_variable_defined?", 1, |vm, s, a, _| {
        let name = local_name(vm, s, a[0])?;
        let blk = scope_of(vm, s)?;
        Ok(Value::bool(find_local(vm, &blk, name).is_some()))
    });
    vm.def_builtin(
        c,
        "receiver",
        0,
        |vm, s, _, _| Ok(scope_of(vm, s)?.self_val),
    );
    vm.def_builtin(c, "source_location", 0, |vm, s, _, _| {
        let f = vm.ivar_get_name(s, symbol::intern(FILE));
        let l = vm.ivar_get_name(s, symbol::intern(LINE));
        Ok(vm.ary_new(vec![f, l]))
    });
    vm.def_builtin(c, "irb", 0, |_, _, _, _| Ok(Value::NIL));
}

/// `Kernel#eval(src, binding = nil, file = "(eval)", line = 1)`.
fn kernel_eval(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    if a.len() > 4 {
        return Err(vm.argc_error(a.len(), 1, 4));
    }
    let src = str_arg(vm, a[0])?;
    let (file, line) = super::kernel::eval_location(vm, &a[1.min(a.len())..])?;
    match a.get(1) {
        Some(b) if !b.is_nil() => {
            if !is_binding(vm, *b) {
                let c = vm.class_of(*b);
                let msg = format!(
                    "wrong argument type {} (expected binding)",
                    vm.class_name(c)
                );
                return Err(vm.type_error(&msg));
            }
            eval_in_binding(vm, *b, &src, &file, line)
        }
        _ => {
            let Some(fi) = vm.frames.len().checked_sub(1) else {
                return Err(vm.runtime_error("eval without a caller"));
            };
            let (blk, snapshot) = frame_scope_or_snapshot(vm, fi)?;
            vm.push_root(blk.env);
            let r = eval_scope(vm, &src, &file, line, &blk, None);
            vm.temp_roots.pop();
            // A snapshot's values go back to the frame (an aliased or
            // `send`-called eval, which the compiler could not see).
            if let Some(locals) = snapshot
                && fi < vm.frames.len()
            {
                write_back(vm, fi, &locals, &blk);
            }
            r
        }
    }
}

/// `instance_eval(string)` / `class_eval(string)`: the string sees the
/// caller's locals (as `eval` does) but runs with `self_val` and the
/// lexical class `cref`.
pub fn eval_with_self(
    vm: &mut Vm,
    src: &[u8],
    file: &str,
    line: i64,
    self_val: Value,
    cref: crate::object::Cref,
) -> VResult {
    let Some(fi) = vm.frames.len().checked_sub(1) else {
        return Err(vm.runtime_error("eval without a caller"));
    };
    let (mut blk, snapshot) = frame_scope_or_snapshot(vm, fi)?;
    blk.self_val = self_val;
    blk.cref = cref;
    vm.push_root(blk.env);
    let r = eval_scope(vm, src, file, line, &blk, None);
    vm.temp_roots.pop();
    if let Some(locals) = snapshot
        && fi < vm.frames.len()
    {
        write_back(vm, fi, &locals, &blk);
    }
    r
}

fn is_binding(vm: &Vm, v: Value) -> bool {
    v.is_heap() && vm.class_name(vm.class_of(v)) == "Binding"
}

/// `b.eval(src, file, line)`.
fn eval_in_binding(vm: &mut Vm, b: Value, src: &[u8], file: &str, line: i64) -> VResult {
    let blk = scope_of(vm, b)?;
    vm.push_root(b);
    let r = eval_scope(vm, src, file, line, &blk, Some(b));
    vm.temp_roots.pop();
    r
}

/// The Block a Binding keeps its scope in.
fn scope_of(vm: &mut Vm, b: Value) -> Result<Block, Unwind> {
    let p = vm.ivar_get_name(b, symbol::intern(SCOPE));
    if p.is_heap()
        && let Body::Proc(pr) = &*obj(p).body.borrow()
    {
        return Ok(pr.block.clone());
    }
    Err(vm.type_error("uninitialized Binding"))
}

fn set_scope(vm: &mut Vm, b: Value, blk: Block) {
    let p = vm.heap.alloc(
        cls::PROC,
        Body::Proc(Box::new(RProc {
            block: blk,
            is_lambda: false,
            special: None,
        })),
    );
    vm.ivar_set_name(b, symbol::intern(SCOPE), p);
}

fn binding_class(vm: &Vm) -> ClassId {
    vm.classes
        .get(cls::OBJECT)
        .consts
        .get(&crate::intern!("Binding"))
        .and_then(|v| vm.as_class(*v))
        .unwrap_or(cls::OBJECT)
}

/// A new Binding of `blk`, taken at `file:line`.
fn make(vm: &mut Vm, blk: Block, file: &str, line: u32) -> VResult {
    vm.push_root(blk.env);
    vm.push_root(blk.self_val);
    let c = binding_class(vm);
    let b = vm.heap.alloc(c, Body::Object(Vec::new()));
    vm.push_root(b);
    set_scope(vm, b, blk);
    let f = vm.str_new(file);
    vm.ivar_set_name(b, symbol::intern(FILE), f);
    vm.ivar_set_name(b, symbol::intern(LINE), Value::int(line as i64));
    vm.temp_roots.truncate(vm.temp_roots.len() - 3);
    Ok(b)
}

/// A Binding of frame `fi` (`Kernel#binding` for the running frame,
/// `TracePoint#binding`).
pub fn frame_binding(vm: &mut Vm, fi: usize) -> VResult {
    let blk = frame_scope(vm, fi)?;
    let f = &vm.frames[fi];
    let (file, line) = (f.iseq.file.clone(), f.line());
    make(vm, blk, &file, line)
}

/// `TOPLEVEL_BINDING`: main with no locals.
fn toplevel(vm: &mut Vm) -> VResult {
    let iseq = snapshot_iseq(vm, &[], "<main>")?;
    let blk = Block {
        iseq,
        self_val: vm.main_obj,
        env: Value::NIL,
        cref: vm.top_cref.clone(),
        home: 0,
        origin: 0,
        method: None,
        outer_block: None,
    };
    make(vm, blk, "<main>", 0)
}

/// A Binding of the scope a Proc was written in (`Proc#binding`): live
/// when that scope keeps all its locals on the heap, else a snapshot of
/// the values the Proc captured (`names`, `vals`).
pub fn proc_binding(vm: &mut Vm, pr: &Block, names: Vec<Value>, vals: Vec<Value>) -> VResult {
    let scope = vm.iseq(pr.iseq);
    let (file, line) = (scope.file.clone(), scope.first_line);
    let mut blk = pr.clone();
    match scope.parent {
        Some(p) if live_chain(vm, p, pr.env) => blk.iseq = p,
        _ => {
            let names: Vec<SymbolId> = names.iter().filter_map(|n| n.as_symbol()).collect();
            let label = scope.label.clone();
            blk.iseq = snapshot_iseq(vm, &names, &label)?;
            blk.env = snapshot_env(vm, blk.iseq, &names, &vals);
        }
    }
    make(vm, blk, &file, line)
}

/// The scope of frame `fi` as a Block: its own environment when the
/// compiler put all its locals (and its outer scopes') on the heap, else
/// a snapshot of their values.
fn frame_scope(vm: &mut Vm, fi: usize) -> Result<Block, Unwind> {
    frame_scope_or_snapshot(vm, fi).map(|r| r.0)
}

/// A visible local of a frame: (name, scope, slot, depth).
type FrameLocal = (SymbolId, IseqId, u32, u32);

/// Copies a snapshot's values back into frame `fi`'s locals.
fn write_back(vm: &mut Vm, fi: usize, locals: &[FrameLocal], blk: &Block) {
    let snap = vm.iseq(blk.iseq);
    for &(n, iseq, idx, depth) in locals {
        let Some(k) = snap.local_names.iter().position(|l| *l == n) else {
            continue;
        };
        let v = env_read(blk.env, k as u32);
        let on_stack =
            depth > 0 && (!vm.env_at(fi, depth).is_heap() || !vm.iseq(iseq).captured(idx));
        if on_stack {
            if let Some(j) = (0..fi).rev().find(|&j| vm.frames[j].iseq.id == iseq) {
                vm.env_set(j, idx, 0, v);
            }
        } else {
            vm.env_set(fi, idx, depth, v);
        }
    }
}

/// `frame_scope`, with the frame's locals when it is a snapshot.
fn frame_scope_or_snapshot(
    vm: &mut Vm,
    fi: usize,
) -> Result<(Block, Option<Vec<FrameLocal>>), Unwind> {
    let f = &vm.frames[fi];
    let mut blk = Block {
        iseq: f.iseq.id,
        self_val: f.self_val,
        env: f.env,
        cref: f.cref.clone(),
        home: f.home,
        origin: f.origin,
        method: f.method,
        outer_block: f.block.clone(),
    };
    if live_chain(vm, f.iseq.id, f.env) {
        return Ok((blk, None));
    }
    let locals = vm.scope_locals(f.iseq);
    let (names, vals): (Vec<SymbolId>, Vec<Value>) = locals
        .iter()
        .map(|&(n, iseq, idx, depth)| (n, outer_local(vm, fi, iseq, idx, depth)))
        .unzip();
    let label = f.iseq.label.clone();
    blk.iseq = snapshot_iseq(vm, &names, &label)?;
    blk.env = snapshot_env(vm, blk.iseq, &names, &vals);
    Ok((blk, Some(locals)))
}

/// Scope `iseq` (and the scopes it is nested in) keep every named local
/// in `env` and its parents.
fn live_chain(vm: &Vm, iseq: IseqId, mut env: Value) -> bool {
    let mut i = vm.iseq(iseq);
    loop {
        let named = i.local_names.iter().take(i.local_count as usize);
        let all = named
            .enumerate()
            .all(|(k, n)| n.0 == u32::MAX || i.captured(k as u32));
        if i.local_count > 0 && (!i.env_on_heap || !all || !env.is_heap()) {
            return false;
        }
        if !matches!(i.kind, IseqKind::Block | IseqKind::Lambda | IseqKind::Eval) {
            return true;
        }
        let Some(p) = i.parent else {
            return true;
        };
        env = env_parent(env);
        i = vm.iseq(p);
    }
}

fn env_parent(env: Value) -> Value {
    if env.is_heap()
        && let Body::Env(e) = &*obj(env).body.borrow()
    {
        return e.parent;
    }
    Value::NIL
}

fn env_up(mut env: Value, depth: u32) -> Value {
    for _ in 0..depth {
        env = env_parent(env);
    }
    env
}

fn env_read(env: Value, idx: u32) -> Value {
    if env.is_heap()
        && let Body::Env(e) = &*obj(env).body.borrow()
    {
        return e.vals.get(idx as usize).copied().unwrap_or(Value::NIL);
    }
    Value::NIL
}

thread_local! {
    /// Snapshot scopes by their local names (a `:line` hook taking
    /// bindings must not compile one per event).
    static SNAPSHOTS: RefCell<HashMap<(Vec<SymbolId>, String), IseqId>> = RefCell::new(HashMap::new());
}

/// An `Eval` scope declaring `names` (no outer scope), for a snapshot.
fn snapshot_iseq(vm: &mut Vm, names: &[SymbolId], label: &str) -> Result<IseqId, Unwind> {
    let key = (names.to_vec(), label.to_string());
    // (Checked against the VM's table: a thread may run several VMs.)
    let cached = SNAPSHOTS.with(|s| s.borrow().get(&key).copied());
    if let Some(id) = cached
        && let Some(Some(i)) = vm.iseqs.get(id.index())
        && &*i.file == "(binding)"
        && i.label == label
        && names.iter().all(|n| i.local_names.contains(n))
        && i.local_count as usize == names.len()
    {
        return Ok(id);
    }
    let mut src = String::new();
    for n in names {
        src.push_str(symbol::name(*n).as_ref());
        src.push_str(" = ");
    }
    src.push_str("nil");
    let site = EvalSite {
        scope: EvalScope::Top,
        label: label.to_string(),
        outer: Vec::new(),
        parent: None,
    };
    let id = vm.compile_eval(src.as_bytes(), "(binding)", 1, site)?;
    SNAPSHOTS.with(|s| s.borrow_mut().insert(key, id));
    Ok(id)
}

/// A fresh environment for snapshot scope `iseq` holding `vals`.
fn snapshot_env(vm: &mut Vm, iseq: IseqId, names: &[SymbolId], vals: &[Value]) -> Value {
    let i = vm.iseq(iseq);
    let mut slots = vec![Value::NIL; i.local_count as usize];
    for (n, v) in names.iter().zip(vals) {
        if let Some(k) = i.local_names.iter().position(|l| l == n) {
            slots[k] = *v;
        }
    }
    vm.heap.alloc(
        cls::ENV_CLASS,
        Body::Env(Box::new(REnv {
            vals: slots,
            parent: Value::NIL,
        })),
    )
}

/// The local names of `iseq` and the scopes it is nested in (by slot,
/// innermost first): what code evaluated there reaches by depth.
fn scope_names(vm: &Vm, iseq: IseqId) -> Vec<Vec<Option<SymbolId>>> {
    let mut out = Vec::new();
    let mut i = vm.iseq(iseq);
    loop {
        out.push(
            i.local_names
                .iter()
                .take(i.local_count as usize)
                .map(|n| (n.0 != u32::MAX).then_some(*n))
                .collect(),
        );
        match i.parent {
            Some(p) if matches!(i.kind, IseqKind::Block | IseqKind::Lambda | IseqKind::Eval) => {
                i = vm.iseq(p)
            }
            _ => return out,
        }
    }
}

/// Where local `name` of `blk`'s scope lives: (slot, depth).
fn find_local(vm: &Vm, blk: &Block, name: SymbolId) -> Option<(u32, u32)> {
    scope_names(vm, blk.iseq)
        .iter()
        .enumerate()
        .find_map(|(d, names)| {
            let k = names.iter().position(|n| *n == Some(name))?;
            Some((k as u32, d as u32))
        })
}

/// A Symbol or String naming a local variable, else NameError.
fn local_name(vm: &mut Vm, b: Value, v: Value) -> Result<SymbolId, Unwind> {
    let name = match v.as_symbol() {
        Some(n) => n,
        None => {
            let s = str_arg(vm, v)?;
            symbol::intern(&String::from_utf8_lossy(&s))
        }
    };
    let s = symbol::name(name);
    let ok = s
        .chars()
        .next()
        .is_some_and(|c| c.is_lowercase() || c == '_' || !c.is_ascii())
        && s.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || !c.is_ascii());
    if !ok {
        let d = vm.inspect(b)?;
        let msg = format!("wrong local variable name `{s}' for {d}");
        return Err(vm.name_error(&msg, name, b));
    }
    Ok(name)
}

/// `local_variable_set` of a new local: the Binding's scope grows by one
/// holding it (as an eval defining it would); its (env, slot).
fn extend(vm: &mut Vm, b: Value, blk: &Block, name: SymbolId) -> Result<(Value, u32), Unwind> {
    let src = format!("{} = nil", symbol::name(name));
    let site = eval_site(vm, blk);
    let id = vm.compile_eval(src.as_bytes(), "(eval)", 1, site)?;
    let i = vm.iseq(id);
    let idx = i.local_names.iter().position(|n| *n == name).unwrap_or(0) as u32;
    let env = vm.heap.alloc(
        cls::ENV_CLASS,
        Body::Env(Box::new(REnv {
            vals: vec![Value::NIL; i.local_count as usize],
            parent: blk.env,
        })),
    );
    let mut grown = blk.clone();
    grown.iseq = id;
    grown.env = env;
    vm.push_root(env);
    set_scope(vm, b, grown);
    vm.temp_roots.pop();
    Ok((env, idx))
}

/// How code evaluated in `blk`'s scope is compiled.
fn eval_site(vm: &Vm, blk: &Block) -> EvalSite {
    let i = vm.iseq(blk.iseq);
    let scope = if blk.method.is_some() {
        EvalScope::Method
    } else if matches!(i.kind, IseqKind::Block | IseqKind::Lambda) {
        EvalScope::TopBlock
    } else {
        EvalScope::Top
    };
    EvalSite {
        scope,
        label: i.label.clone(),
        outer: scope_names(vm, blk.iseq),
        parent: Some(blk.iseq),
    }
}

/// Compiles eval'd `src` for `site`, telling TracePoint's
/// `script_compiled` hooks when there are any.
pub fn compile_eval_traced(
    vm: &mut Vm,
    src: &[u8],
    file: &str,
    line: i64,
    site: EvalSite,
) -> Result<crate::value::IseqId, crate::object::Unwind> {
    let id = vm.compile_eval(src, file, line, site)?;
    if vm.trace.events != 0 {
        let s = vm.str_from_bytes(src.to_vec());
        vm.push_root(s);
        let r = vm.trace_script_compiled(id, s);
        vm.temp_roots.pop();
        r?;
    }
    Ok(id)
}

/// Compiles `src` as a scope nested in `blk`'s and runs it there; with
/// `binding`, locals it defines stay in that Binding.
fn eval_scope(
    vm: &mut Vm,
    src: &[u8],
    file: &str,
    line: i64,
    blk: &Block,
    binding: Option<Value>,
) -> VResult {
    let site = eval_site(vm, blk);
    let id = compile_eval_traced(vm, src, file, line, site)?;
    let iseq = vm.iseq(id);
    let recv_ix = vm.stack.len();
    vm.stack.push(blk.self_val);
    let entry = crate::interp::call::Entry {
        self_val: blk.self_val,
        method: blk.method,
        cref: blk.cref.clone(),
        block: blk.outer_block.clone(),
        penv: blk.env,
        home: None,
        origin: 0,
        boundary: true,
        is_lambda: false,
        is_block: false,
    };
    vm.push_frame(iseq, recv_ix + 1, recv_ix, entry)?;
    if let Some(b) = binding
        && iseq.local_names.iter().any(|n| n.0 != u32::MAX)
    {
        let mut grown = blk.clone();
        grown.iseq = id;
        grown.env = vm.frames.last().map_or(Value::NIL, |f| f.env);
        set_scope(vm, b, grown);
    }
    vm.native_depth += 1;
    let r = vm.run();
    vm.native_depth -= 1;
    r
}

/// Local `idx` of the scope `depth` levels out from frame `fi` (running
/// `iseq`). A method whose blocks do not use its locals keeps them on the
/// stack (no heap env): read them from the frame running that scope.
fn outer_local(vm: &Vm, fi: usize, iseq: IseqId, idx: u32, depth: u32) -> Value {
    let on_stack = depth > 0 && (!vm.env_at(fi, depth).is_heap() || !vm.iseq(iseq).captured(idx));
    if on_stack {
        if let Some(j) = (0..fi).rev().find(|&j| vm.frames[j].iseq.id == iseq) {
            return vm.env_get(j, idx, 0);
        }
        return Value::NIL;
    }
    vm.env_get(fi, idx, depth)
}
