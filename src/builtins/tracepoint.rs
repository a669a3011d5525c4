//! `TracePoint` and `Kernel#set_trace_func`: creating and enabling hooks
//! and the attributes a hook reads. The hooks, the events and when they
//! fire are src/interp/trace.rs's.

use std::rc::Rc;

use crate::class::cls;
use crate::interp::trace::{Event, Hook, event};
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{IseqId, Value, symbol};

/// Hidden ivars of a TracePoint object.
const EVENTS: &str = "__events";
const PROC: &str = "__proc";
/// Whether the hook was enabled with `target:` (it cannot nest then).
const TARGETED: &str = "__targeted";

type Blk = Option<Rc<BlockArg>>;

pub fn init(vm: &mut Vm) {
    let c = vm.new_class(Some("TracePoint"), cls::OBJECT, Some(cls::OBJECT));
    vm.trace.class = Some(c);
    vm.def_singleton_builtin(c, "new", -1, tp_new);
    vm.def_singleton_builtin(c, "trace", -1, |vm, s, a, b| {
        let tp = tp_new(vm, s, a, b)?;
        vm.push_root(tp);
        let r = enable_hook(vm, tp, None, None);
        vm.temp_roots.pop();
        r.map(|_| tp)
    });
    vm.def_singleton_builtin(c, "stat", 0, |vm, _, _, _| Ok(vm.new_hash()));
    vm.def_singleton_builtin(c, "allow_reentry", 0, allow_reentry);
    vm.def_builtin(c, "enable", -1, tp_enable);
    vm.def_builtin(c, "disable", 0, tp_disable);
    vm.def_builtin(c, "enabled?", 0, |vm, s, _, _| {
        Ok(Value::bool(vm.trace_enabled(s)))
    });
    vm.def_builtin(c, "inspect", 0, tp_inspect);
    vm.def_builtin(c, "event", 0, |vm, _, _, _| {
        let ev = vm.trace_current()?;
        Ok(vm.sym(event::name(ev.kind)))
    });
    vm.def_builtin(c, "lineno", 0, |vm, _, _, _| {
        let ev = vm.trace_current()?;
        Ok(Value::int(ev.line as i64))
    });
    vm.def_builtin(c, "path", 0, |vm, _, _, _| {
        let ev = vm.trace_current()?;
        Ok(match &ev.path {
            Some(p) => vm.str_new(p),
            None => Value::NIL,
        })
    });
    vm.def_builtin(c, "method_id", 0, |vm, _, _, _| {
        let ev = vm.trace_current()?;
        Ok(vm.event_method_id(&ev))
    });
    vm.def_builtin(c, "callee_id", 0, |vm, _, _, _| {
        let ev = vm.trace_current()?;
        Ok(vm.event_callee_id(&ev))
    });
    vm.def_builtin(c, "defined_class", 0, |vm, _, _, _| {
        let ev = vm.trace_current()?;
        Ok(vm.event_defined_class(&ev))
    });
    vm.def_builtin(c, "binding", 0, |vm, _, _, _| {
        let ev = vm.trace_current()?;
        vm.event_binding(&ev)
    });
    vm.def_builtin(c, "self", 0, |vm, _, _, _| Ok(vm.trace_current()?.self_val));
    vm.def_builtin(c, "return_value", 0, |vm, _, _, _| {
        let ev = only(vm, event::RETURN | event::C_RETURN | event::B_RETURN)?;
        Ok(ev.value)
    });
    vm.def_builtin(c, "raised_exception", 0, |vm, _, _, _| {
        Ok(only(vm, event::RAISE)?.value)
    });
    vm.def_builtin(c, "parameters", 0, tp_parameters);
    vm.def_builtin(c, "instruction_sequence", 0, |vm, _, _, _| {
        let ev = only(vm, event::SCRIPT_COMPILED)?;
        let iseq = vm.iseq(IseqId(ev.value.as_fixnum().unwrap_or(0) as u32));
        let (file, line) = (vm.str_new(&iseq.file), Value::int(iseq.first_line as i64));
        vm.push_root(file);
        let r = super::object::prelude_call(vm, "make_iseq", &[ev.value, file, line]);
        vm.temp_roots.pop();
        r
    });
    vm.def_builtin(c, "eval_script", 0, |vm, _, _, _| {
        Ok(only(vm, event::SCRIPT_COMPILED)?.script)
    });
    vm.def_private_builtin(cls::KERNEL, "set_trace_func", 1, set_trace_func);
}

/// The running hook's event when it is one of `kinds`.
fn only(vm: &mut Vm, kinds: u32) -> Result<Event, Unwind> {
    let ev = vm.trace_current()?;
    if ev.kind & kinds == 0 {
        return Err(vm.runtime_error("not supported by this event"));
    }
    Ok(ev)
}

/// `TracePoint.new(*events) { |tp| }`: every event when none is named.
fn tp_new(vm: &mut Vm, s: Value, a: &[Value], b: Blk) -> VResult {
    let mut events = 0;
    for &e in a {
        let name = match e.as_symbol() {
            Some(n) => symbol::name(n),
            None => {
                let ins = vm.inspect(e)?;
                return Err(vm.type_error(&format!("{ins} is not a symbol")));
            }
        };
        match event::NAMES.iter().find(|n| n.0 == &*name) {
            Some(n) => events |= n.1,
            None => return Err(vm.arg_error(&format!("unknown event: {name}"))),
        }
    }
    if events == 0 {
        events = event::ALL;
    }
    let Some(b) = b else {
        return Err(vm.arg_error("must be called with a block"));
    };
    let p = vm.block_to_proc(&b);
    vm.push_root(p);
    let c = vm.as_class(s).unwrap_or(cls::OBJECT);
    let tp = vm.heap.alloc(c, Body::Object(Vec::new()));
    vm.temp_roots.pop();
    vm.ivar_set_name(tp, symbol::intern(EVENTS), Value::int(events as i64));
    vm.ivar_set_name(tp, symbol::intern(PROC), p);
    Ok(tp)
}

/// Enables TracePoint `tp` (again: with new targets).
fn enable_hook(
    vm: &mut Vm,
    tp: Value,
    target: Option<Vec<IseqId>>,
    target_line: Option<u32>,
) -> Result<(), Unwind> {
    let events = vm.ivar_get_name(tp, symbol::intern(EVENTS));
    let p = vm.ivar_get_name(tp, symbol::intern(PROC));
    let Some(events) = events.as_fixnum() else {
        return Err(vm.type_error("not a TracePoint"));
    };
    let targeted = Value::bool(target.is_some());
    vm.ivar_set_name(tp, symbol::intern(TARGETED), targeted);
    let ractor = vm.ractor_nonmain.then(|| vm.fibers.thread_root());
    vm.trace_add_hook(Hook {
        tp,
        proc: p,
        events: events as u32,
        target,
        target_line,
        legacy: false,
        ractor,
    });
    Ok(())
}

/// `enable(target: nil, target_line: nil, target_thread: nil) { }`.
fn tp_enable(vm: &mut Vm, s: Value, a: &[Value], b: Blk) -> VResult {
    let mut target = None;
    let mut target_line = None;
    let kw = vm.kw_passed && a.len() == 1;
    if a.len() > usize::from(kw) {
        return Err(vm.argc_error(a.len(), 0, 0));
    }
    if kw {
        let h = a[0];
        let t = vm.hash_get(h, vm.sym("target"))?.unwrap_or(Value::NIL);
        let l = vm.hash_get(h, vm.sym("target_line"))?.unwrap_or(Value::NIL);
        if !t.is_nil() {
            target = Some(target_iseqs(vm, t)?);
        }
        if !l.is_nil() {
            let n = super::int_arg(vm, l)?;
            target_line = Some(u32::try_from(n).unwrap_or(0));
            if target.is_none() {
                return Err(vm.arg_error("only target_line is specified"));
            }
        }
    }
    if let (Some(t), Some(line)) = (&target, target_line) {
        // Some `:line` event of the target must be on that line.
        let found = vm.iseqs.iter().flatten().any(|i| {
            vm.iseq_within(i, t)
                && i.line_events
                    .iter()
                    .any(|&pc| i.line_at(pc as usize) == line)
        });
        if !found {
            return Err(vm.arg_error("can not enable any hooks"));
        }
    }
    let was = vm.trace_enabled(s);
    if target.is_some() && was {
        return Err(vm.arg_error("can't nest-enable a targeting TracePoint"));
    }
    enable_hook(vm, s, target, target_line)?;
    let Some(b) = b else {
        return Ok(Value::bool(was));
    };
    let r = vm.yield_block(&b, &[]);
    if !was {
        vm.trace_remove_hook(s);
    }
    r
}

/// The iseqs `enable(target:)` names: a Method's, an UnboundMethod's or
/// a Proc's (with the blocks inside).
fn target_iseqs(vm: &mut Vm, t: Value) -> Result<Vec<IseqId>, Unwind> {
    let found = if t.is_heap() {
        match &*crate::gc::obj(t).body.borrow() {
            Body::Proc(p) if p.special.is_none() => Some(p.block.iseq),
            Body::Method(m) => match &vm.classes.method(m.method).kind {
                crate::class::MethodKind::Iseq { iseq, .. } => Some(*iseq),
                crate::class::MethodKind::Bmethod(p) => match &*crate::gc::obj(*p).body.borrow() {
                    Body::Proc(p) => Some(p.block.iseq),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }
    } else {
        None
    };
    match found {
        Some(i) => Ok(vec![i]),
        None => Err(vm.arg_error("specified target is not supported")),
    }
}

/// `disable { }`: off for the block, then as before.
fn tp_disable(vm: &mut Vm, s: Value, _: &[Value], b: Blk) -> VResult {
    let was = vm.trace_enabled(s);
    let Some(b) = b else {
        vm.trace_remove_hook(s);
        return Ok(Value::bool(was));
    };
    let targeted = vm.ivar_get_name(s, symbol::intern(TARGETED));
    if was && targeted.truthy() {
        return Err(vm.arg_error("can't disable a targeting TracePoint in a block"));
    }
    vm.trace_remove_hook(s);
    let r = vm.yield_block(&b, &[]);
    if was {
        enable_hook(vm, s, None, None)?;
    }
    r
}

/// `#<TracePoint:enabled>` outside a hook; inside, the event and where.
fn tp_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Blk) -> VResult {
    let Some(ev) = vm.trace.current.last().cloned() else {
        let state = if vm.trace_enabled(s) {
            "enabled"
        } else {
            "disabled"
        };
        return Ok(vm.str_new(&format!("#<TracePoint:{state}>")));
    };
    let name = event::name(ev.kind);
    let path = ev.path.as_deref().unwrap_or("");
    let mid = vm.event_method_id(&ev);
    let t = match ev.kind {
        event::LINE if !mid.is_nil() => {
            let m = vm.inspect(mid)?;
            let m = m.trim_start_matches(':');
            format!("#<TracePoint:{name} {path}:{} in `{m}'>", ev.line)
        }
        event::CALL | event::C_CALL | event::RETURN | event::C_RETURN => {
            let m = vm.inspect(mid)?;
            let m = m.trim_start_matches(':');
            format!("#<TracePoint:{name} `{m}' {path}:{}>", ev.line)
        }
        event::THREAD_BEGIN | event::THREAD_END => {
            let t = vm.inspect(ev.self_val)?;
            format!("#<TracePoint:{name} {t}>")
        }
        _ => format!("#<TracePoint:{name} {path}:{}>", ev.line),
    };
    Ok(vm.str_new(&t))
}

/// The parameters of the method or block the event is about.
fn tp_parameters(vm: &mut Vm, _: Value, _: &[Value], _: Blk) -> VResult {
    let calls = event::CALL | event::RETURN | event::B_CALL | event::B_RETURN;
    let ev = only(vm, calls | event::C)?;
    if let Some((iseq, lambda)) = ev.block
        && ev.kind & (event::B_CALL | event::B_RETURN) != 0
    {
        let i = vm.iseq(iseq);
        return super::proc::params_list(vm, i, !lambda);
    }
    match ev.method {
        Some(m) => super::method::method_parameters(vm, m),
        None => Ok(vm.ary_new(vec![])),
    }
}

/// `TracePoint.allow_reentry { }`: hooks may fire inside the block
/// although a hook is running.
fn allow_reentry(vm: &mut Vm, _: Value, _: &[Value], b: Blk) -> VResult {
    let Some(b) = b else {
        return Err(vm.local_jump_error("no block given (yield)"));
    };
    if !vm.trace.running {
        return Err(vm.runtime_error("No need to allow reentrance."));
    }
    vm.trace.running = false;
    let r = vm.yield_block(&b, &[]);
    vm.trace.running = true;
    r
}

/// `set_trace_func(proc)`: the proc hears the classic events with
/// (event, file, line, id, binding, class); nil removes it.
fn set_trace_func(vm: &mut Vm, s: Value, a: &[Value], _: Blk) -> VResult {
    let p = a[0];
    let is_proc = p.is_heap() && matches!(&*crate::gc::obj(p).body.borrow(), Body::Proc(_));
    if !p.is_nil() && !is_proc {
        return Err(vm.type_error("trace_func needs to be Proc"));
    }
    let old: Vec<Value> = vm
        .trace
        .hooks
        .iter()
        .filter(|h| h.legacy)
        .map(|h| h.tp)
        .collect();
    for h in old {
        vm.trace_remove_hook(h);
    }
    if p.is_nil() {
        return Ok(Value::NIL);
    }
    let traced = vm.trace.events & event::C_RETURN != 0;
    let ractor = vm.ractor_nonmain.then(|| vm.fibers.thread_root());
    vm.trace_add_hook(Hook {
        tp: p,
        proc: p,
        events: event::SET_TRACE_FUNC,
        target: None,
        target_line: None,
        legacy: true,
        ractor,
    });
    if !traced {
        // Its own return is the first event the proc hears (as CRuby's).
        let k = vm.class_of(s);
        let name = crate::intern!("set_trace_func");
        if let Some(m) = vm.dispatch.resolve(&mut vm.classes, k, name).method {
            vm.trace_c(m, name, s, Some(p))?;
        }
    }
    Ok(p)
}
