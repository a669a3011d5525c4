//! Fiber: `Fiber.new { }`, `resume`, `Fiber.yield`, `Fiber#raise`,
//! `alive?`, `Fiber.current`, `blocking?`, with CRuby 3.1's FiberErrors.
//! The switching itself is `interp::fiber`; a Fiber object keeps its
//! state's index in the hidden ivar `__fiber` (-1: the root fiber).

use crate::class::cls;
use crate::interp::fiber::{Resume, Status};
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{Value, sym};

/// The state index of Fiber object `f` (None: the root fiber).
fn fiber_id(vm: &mut Vm, f: Value) -> Result<Option<usize>, Unwind> {
    let v = vm.ivar_get_name(f, sym::IVAR_FIBER);
    match v.as_fixnum() {
        Some(n) if n >= 0 => Ok(Some(n as usize)),
        Some(_) => Ok(None),
        None => Err(vm.error(vm.e.fiber_error, "uninitialized fiber")),
    }
}

/// Makes `f` the Fiber object of state `id` (-1: the root fiber).
fn tag(vm: &mut Vm, f: Value, id: i64, blocking: bool) {
    vm.ivar_set_name(f, sym::IVAR_FIBER, Value::int(id));
    vm.ivar_set_name(f, sym::IVAR_FIBER_BLOCKING, Value::bool(blocking));
}

fn resume_with(vm: &mut Vm, f: Value, what: Resume) -> VResult {
    let Some(id) = fiber_id(vm, f)? else {
        // The root fiber is always running below any other.
        let msg = if vm.fibers.current().is_none() {
            "attempt to resume the current fiber"
        } else {
            "attempt to resume a resuming fiber"
        };
        return Err(vm.error(vm.e.fiber_error, msg));
    };
    vm.fiber_resume(id, what)
}

pub fn init(vm: &mut Vm) {
    let c = vm.new_class(Some("Fiber"), cls::OBJECT, Some(cls::OBJECT));
    vm.def_builtin(c, "initialize", -1, |vm, s, a, blk| {
        let Some(b) = blk else {
            return Err(vm.arg_error("tried to create Proc object without a block"));
        };
        // Positional arguments are ignored, as CRuby 3.1 does.
        let mut blocking = false;
        if vm.kw_passed
            && let Some(&h) = a.last()
            && vm.hash_len(h).is_some()
        {
            for (k, v) in vm.hash_pairs(h) {
                if k != vm.sym("blocking") {
                    let ks = vm.inspect(k)?;
                    return Err(vm.arg_error(&format!("unknown keyword: {ks}")));
                }
                blocking = v.truthy();
            }
        }
        let p = vm.block_to_proc(&b);
        // Where the block was written, for `inspect`.
        let loc = match &*b {
            BlockArg::Literal(blk) => {
                let iseq = vm.iseq(blk.iseq);
                format!(" {}:{}", iseq.file, iseq.first_line)
            }
            _ => String::new(),
        };
        let loc = vm.str_new(&loc);
        vm.ivar_set_name(s, sym::IVAR_FIBER_LOCATION, loc);
        let id = vm.fiber_new(s, p)?;
        tag(vm, s, id as i64, blocking);
        Ok(Value::NIL)
    });
    // A copy is an uninitialized fiber, as in CRuby (it must not share
    // the original's state).
    vm.def_builtin(c, "initialize_copy", 1, |vm, s, _, _| {
        vm.ivar_set_name(s, sym::IVAR_FIBER, Value::NIL);
        Ok(s)
    });
    vm.def_builtin(c, "resume", -1, |vm, s, a, _| {
        let kw = vm.kw_passed;
        resume_with(vm, s, Resume::Values(a.to_vec(), kw))
    });
    vm.def_builtin(c, "raise", -1, |vm, s, a, _| {
        // With no arguments a RuntimeError (not `$!`, as Kernel#raise).
        let e = if a.is_empty() {
            vm.new_exception(vm.e.runtime_error, "")
        } else {
            crate::builtins::kernel::raise_exception(vm, a)?
        };
        resume_with(vm, s, Resume::Raise(e))
    });
    vm.def_builtin(c, "transfer", -1, |vm, s, a, _| {
        let target = fiber_id(vm, s)?;
        vm.fiber_transfer(target, a.to_vec())
    });
    vm.def_builtin(c, "alive?", 0, |vm, s, _, _| {
        Ok(Value::bool(match fiber_id(vm, s)? {
            Some(id) => vm.fibers.status(id) != Status::Terminated,
            None => true,
        }))
    });
    vm.def_builtin(c, "blocking?", 0, |vm, s, _, _| {
        Ok(Value::bool(
            vm.ivar_get_name(s, sym::IVAR_FIBER_BLOCKING).truthy(),
        ))
    });
    vm.def_builtin(c, "to_s", 0, |vm, s, _, _| {
        let status = match fiber_id(vm, s)? {
            Some(id) => match vm.fibers.status(id) {
                Status::Created => "created",
                Status::Resumed => "resumed",
                Status::Suspended => "suspended",
                Status::Terminated => "terminated",
            },
            None => "resumed",
        };
        let loc = vm.ivar_get_name(s, sym::IVAR_FIBER_LOCATION);
        let loc = if loc.is_nil() {
            String::new()
        } else {
            vm.string_lossy(loc)
        };
        let text = format!("#<Fiber:0x{:016x}{loc} ({status})>", s.raw());
        Ok(vm.str_new(&text))
    });
    vm.def_builtin(c, "inspect", 0, |vm, s, _, _| {
        vm.funcall(s, crate::intern!("to_s"), &[], None)
    });
    // 1 while a blocking fiber (a root one included) runs, else false.
    vm.def_singleton_builtin(c, "blocking?", 0, |vm, _, _, _| {
        let blocking = match vm.fibers.current() {
            Some(id) => {
                let f = vm.fibers.obj(id);
                vm.ivar_get_name(f, sym::IVAR_FIBER_BLOCKING).truthy()
            }
            None => true,
        };
        Ok(if blocking {
            Value::int(1)
        } else {
            Value::FALSE
        })
    });
    vm.def_singleton_builtin(c, "yield", -1, |vm, _, a, _| {
        let v = vm.fiber_pack(a.to_vec());
        match vm.fiber_yield(v)? {
            Resume::Values(v, _) => Ok(vm.fiber_pack(v)),
            Resume::Raise(e) => Err(Unwind::Raise(e)),
        }
    });
    // prelude/thread.rb's scheduler: a thread's body runs on a root fiber
    // of its own (a Fiber object, kept by the Thread), run until it waits.
    vm.def_singleton_builtin(c, "__thread_new", 1, |vm, _, a, _| {
        let c = vm.fibers.class.expect("Fiber is defined");
        let f = vm.heap.alloc(c, Body::Object(Vec::new()));
        let id = vm.thread_new(f, a[0])?;
        tag(vm, f, id as i64, false);
        Ok(f)
    });
    // (`args` are the body's arguments when it starts.)
    vm.def_singleton_builtin(c, "__thread_resume", 3, |vm, _, a, _| {
        let Some(id) = fiber_id(vm, a[0])? else {
            return Err(vm.error(vm.e.thread_error, "not a waiting thread"));
        };
        let what = if a[1].is_nil() {
            Resume::Values(vm.array_items(a[2]), false)
        } else {
            Resume::Raise(a[1])
        };
        vm.thread_resume(id, what)
    });
    vm.def_singleton_builtin(c, "__timeslice_start", 0, |vm, _, _, _| {
        vm.interrupts.start_timer();
        Ok(Value::NIL)
    });
    // A waiting thread's backtrace (nil: not waiting).
    vm.def_singleton_builtin(c, "__thread_backtrace", 1, |vm, _, a, _| {
        let Some(id) = fiber_id(vm, a[0])? else {
            return Ok(Value::NIL);
        };
        match vm.thread_backtrace(id) {
            Some(lines) => {
                let v = lines.iter().map(|l| vm.str_new(l)).collect();
                Ok(vm.ary_new(v))
            }
            None => Ok(Value::NIL),
        }
    });
    vm.def_singleton_builtin(c, "__thread_kill_class=", 1, |vm, _, a, _| {
        vm.thread_kill = vm.as_class(a[0]);
        Ok(a[0])
    });
    // No fiber of the program's runs (a thread's root fiber does).
    vm.def_singleton_builtin(c, "__in_root?", 0, |vm, _, _, _| {
        Ok(Value::bool(vm.fibers.current().is_none()))
    });
    // A thread is loading the feature at this path (`Vm::require`'s lock).
    vm.def_singleton_builtin(c, "__feature_loading?", 1, |vm, _, a, _| {
        let key = vm.string_lossy(a[0]);
        Ok(Value::bool(vm.loading_owner(&key).is_some()))
    });
    vm.def_singleton_builtin(c, "__thread_block", 0, |vm, _, _, _| {
        match vm.thread_block()? {
            Resume::Values(..) => Ok(Value::NIL),
            Resume::Raise(e) => Err(Unwind::Raise(e)),
        }
    });
    vm.fibers.class = Some(c);
    vm.def_singleton_builtin(c, "current", 0, |vm, _, _, _| {
        if let Some(id) = vm.fibers.current().or(vm.fibers.thread_root()) {
            return Ok(vm.fibers.obj(id));
        }
        if vm.fibers.root.is_nil() {
            let c = vm.fibers.class.expect("Fiber is defined");
            let root = vm.heap.alloc(c, Body::Object(Vec::new()));
            tag(vm, root, -1, true);
            vm.fibers.root = root;
        }
        Ok(vm.fibers.root)
    });
}
