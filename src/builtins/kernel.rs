//! Kernel's private functions: output, require, raise, loop, lambda/proc,
//! catch/throw, conversions (`Integer()` ...), exit and friends.

use std::rc::Rc;

use super::object::block_required;
use super::{int_arg, str_arg};
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{Value, sym, symbol};

type B = Option<Rc<BlockArg>>;

pub fn init(vm: &mut Vm) {
    let k = cls::KERNEL;
    vm.def_builtin(k, "puts", -1, |vm, s, a, _| {
        if let Some(io) = redirected_stdout(vm) {
            if io != s {
                return vm.funcall(io, crate::intern!("puts"), a, None);
            }
            // `$stdout` without its own puts (rb_io_puts): one write call.
            let mut out = Vec::new();
            puts_into(vm, a, &mut out)?;
            let line = vm.str_from_bytes(out);
            vm.funcall(io, crate::intern!("write"), &[line], None)?;
            return Ok(Value::NIL);
        }
        let mut out = Vec::new();
        puts_into(vm, a, &mut out)?;
        vm.write_out(&out);
        Ok(Value::NIL)
    });
    vm.def_builtin(k, "print", -1, |vm, _, a, _| {
        let parts = print_parts(vm, a);
        if let Some(io) = redirected_stdout(vm) {
            // rb_io_print: each argument through `$stdout.write`.
            for v in parts {
                vm.funcall(io, crate::intern!("write"), &[v], None)?;
            }
            return Ok(Value::NIL);
        }
        for v in parts {
            let b = vm.value_to_bytes(v)?;
            vm.write_out(&b);
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(k, "p", -1, |vm, _, a, _| {
        let io = redirected_stdout(vm);
        for v in a {
            let s = vm.inspect(*v)?;
            match io {
                Some(io) => {
                    let line = vm.str_new(&format!("{s}\n"));
                    vm.funcall(io, crate::intern!("write"), &[line], None)?;
                }
                None => {
                    vm.write_out(s.as_bytes());
                    vm.write_out(b"\n");
                }
            }
        }
        // CRuby's Kernel#p flushes $stdout (a redirected one too when it
        // is an IO: a File's buffer goes out).
        vm.flush();
        if let Some(io) = io
            && !a.is_empty()
            && let Some(&io_class) = vm
                .classes
                .get(cls::OBJECT)
                .consts
                .get(&crate::intern!("IO"))
            && vm
                .funcall(io, crate::intern!("is_a?"), &[io_class], None)?
                .truthy()
        {
            vm.funcall(io, crate::intern!("flush"), &[], None)?;
        }
        Ok(match a.len() {
            0 => Value::NIL,
            1 => a[0],
            _ => vm.ary_new(a.to_vec()),
        })
    });
    vm.def_builtin(k, "require", 1, |vm, _, a, _| {
        let f = super::path_arg(vm, a[0])?;
        vm.require(&f, None)
    });
    // On the caller's lexical class (Object at the top level).
    vm.def_builtin(k, "autoload", 2, |vm, _, a, _| {
        let c = vm.caller_cbase();
        super::module::autoload(vm, c, a)
    });
    vm.def_builtin(
        k,
        "autoload?",
        crate::class::arity::range(1, 2),
        |vm, _, a, _| {
            let c = vm.caller_cbase();
            super::module::autoload_query(vm, c, a)
        },
    );
    vm.def_builtin(k, "require_relative", 1, |vm, _, a, _| {
        let f = super::path_arg(vm, a[0])?;
        let cur = vm.current_file();
        let dir = crate::interp::features::absolute_file(&cur)
            .parent()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        vm.require(&f, Some(&dir))
    });
    vm.def_builtin(k, "load", -2, |vm, _, a, _| {
        let mut f = super::path_arg(vm, a[0])?;
        // A relative name not in the current directory: as CRuby, the
        // first $LOAD_PATH directory that has it.
        if !f.starts_with('/') && !std::path::Path::new(&f).exists() {
            let hit = vm
                .load_dirs()
                .into_iter()
                .map(|d| std::path::Path::new(&d).join(&f))
                .find(|p| p.is_file());
            if let Some(p) = hit {
                f = p.to_string_lossy().into_owned();
            }
        }
        vm.load_path_file(&f)?;
        Ok(Value::TRUE)
    });
    vm.def_builtin(k, "raise", -1, raise);
    vm.def_builtin(k, "fail", -1, raise);
    vm.def_builtin(k, "loop", 0, |vm, s, _, b| {
        let Some(b) = b else {
            let n = vm.sym("loop");
            return vm.funcall(s, crate::intern!("enum_for"), &[n], None);
        };
        loop {
            match vm.yield_block(&b, &[]) {
                Ok(_) => {}
                Err(Unwind::Raise(e)) if vm.exception_is(e, vm.e.stop_iteration) => {
                    let r = vm.ivar_get_name(e, crate::intern!("result"));
                    return Ok(r);
                }
                Err(e) => return Err(e),
            }
            vm.safepoint()?;
        }
    });
    vm.def_builtin(k, "block_given?", 0, |vm, _, _, _| {
        Ok(Value::bool(
            vm.frames.last().is_some_and(|f| f.block.is_some()),
        ))
    });
    vm.def_builtin(k, "iterator?", 0, |vm, _, _, _| {
        Ok(Value::bool(
            vm.frames.last().is_some_and(|f| f.block.is_some()),
        ))
    });
    vm.def_builtin(k, "lambda", 0, |vm, _, _, b| {
        let b = block_required(vm, b)
            .map_err(|_| vm.arg_error("tried to create Proc object without a block"))?;
        match &*b {
            BlockArg::Literal(blk) => Ok(vm.alloc_proc(blk.clone(), true)),
            _ => Ok(vm.block_to_proc(&b)),
        }
    });
    vm.def_builtin(k, "proc", 0, |vm, _, _, b| {
        let b = block_required(vm, b)
            .map_err(|_| vm.arg_error("tried to create Proc object without a block"))?;
        Ok(vm.block_to_proc(&b))
    });
    vm.def_builtin(k, "catch", -1, |vm, _, a, b| {
        let tag = match a.first() {
            Some(t) => *t,
            None => vm.heap.alloc(cls::OBJECT, Body::Object(Vec::new())),
        };
        let Some(b) = b else {
            return Err(vm.error(vm.e.local_jump_error, "no block given"));
        };
        let errinfo = vm.errinfo;
        let roots = vm.roots_len();
        vm.push_root(tag);
        vm.push_root(errinfo);
        vm.catch_tags.push(tag);
        let r = vm.yield_block(&b, &[tag]);
        vm.catch_tags.pop();
        vm.truncate_roots(roots);
        match r {
            Err(Unwind::Throw { tag: t, value }) if t == tag => {
                // A throw out of a rescue clause leaves it: `$!` as at
                // the catch.
                vm.errinfo = errinfo;
                Ok(value)
            }
            other => other,
        }
    });
    vm.def_builtin(k, "throw", -1, |vm, _, a, _| {
        if a.is_empty() || a.len() > 2 {
            return Err(vm.arg_error(&format!(
                "wrong number of arguments (given {}, expected 1..2)",
                a.len()
            )));
        }
        let tag = a[0];
        let value = a.get(1).copied().unwrap_or(Value::NIL);
        if !vm.catch_tags.contains(&tag) {
            return Err(vm.uncaught_throw(tag, value));
        }
        Err(Unwind::Throw { tag, value })
    });
    vm.def_builtin(k, "Integer", -1, |vm, _, a, _| kernel_integer(vm, a));
    // Object#<=> (rb_obj_cmp): 0 for the same or == objects, else nil.
    vm.def_builtin(k, "<=>", 1, |vm, s, a, _| {
        if s == a[0]
            || vm
                .funcall(s, crate::value::sym::EQ, &[a[0]], None)?
                .truthy()
        {
            return Ok(Value::int(0));
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(k, "Float", -2, |vm, _, a, _| {
        let exception = match a.last() {
            Some(h) if a.len() > 1 && vm.hash_len(*h).is_some() => {
                let k = vm.sym("exception");
                vm.hash_get(*h, k)?.map(|v| v.truthy()).unwrap_or(true)
            }
            _ => true,
        };
        match super::float::kernel_float(vm, a[0], None) {
            Err(_) if !exception => Ok(Value::NIL),
            other => other,
        }
    });
    // rb_String: `to_str`, else `to_s` (which must give a String).
    vm.def_builtin(k, "String", 1, |vm, _, a, _| {
        let v = a[0];
        if vm.is_string(v) {
            return Ok(v);
        }
        if v.is_heap()
            && let Some(s) = vm.check_funcall(v, sym::TO_STR)?
            && !s.is_nil()
        {
            return convert_result(vm, v, s, "String", "to_str", |vm, r| vm.is_string(r));
        }
        match vm.check_funcall(v, sym::TO_S)? {
            Some(s) => convert_result(vm, v, s, "String", "to_s", |vm, r| vm.is_string(r)),
            None => {
                let c = super::type_name(vm, v);
                Err(vm.type_error(&format!("can't convert {c} into String")))
            }
        }
    });
    // rb_Array: `to_ary`, else `to_a`, else a one-element Array.
    vm.def_builtin(k, "Array", 1, |vm, _, a, _| {
        let v = a[0];
        if let Some(arr) = vm.check_array_type(v)? {
            return Ok(arr);
        }
        match vm.check_funcall(v, crate::intern!("to_a"))? {
            Some(r) if !r.is_nil() => {
                convert_result(vm, v, r, "Array", "to_a", |vm, r| vm.is_array(r))
            }
            _ => Ok(vm.ary_new(vec![v])),
        }
    });
    vm.def_builtin(k, "Hash", 1, |vm, _, a, _| {
        if a[0].is_nil() || (vm.is_array(a[0]) && vm.array_len(a[0]) == 0) {
            return Ok(vm.new_hash());
        }
        let v = a[0];
        if v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Hash(_)) {
            return Ok(v);
        }
        if vm.respond_to(v, sym::TO_HASH) {
            let h = vm.funcall(v, sym::TO_HASH, &[], None)?;
            if h.is_heap() && matches!(&*obj(h).body.borrow(), Body::Hash(_)) {
                return Ok(h);
            }
            let c = super::type_name(vm, v);
            let hc = super::type_name(vm, h);
            return Err(vm.type_error(&format!(
                "can't convert {c} to Hash ({c}#to_hash gives {hc})"
            )));
        }
        let c = super::type_name(vm, v);
        Err(vm.type_error(&format!("can't convert {c} into Hash")))
    });
    vm.def_builtin(k, "exit", -1, |vm, _, a, _| {
        let code = match a.first() {
            None => 0,
            Some(v) if *v == Value::TRUE => 0,
            Some(v) if *v == Value::FALSE => 1,
            Some(v) => int_arg(vm, *v)? as i32,
        };
        Err(system_exit(vm, code, "exit"))
    });
    vm.def_builtin(k, "exit!", -1, |vm, _, a, _| {
        let code = match a.first() {
            None => 0,
            Some(v) if *v == Value::TRUE => 0,
            Some(v) if *v == Value::FALSE => 1,
            Some(v) => int_arg(vm, *v)? as i32,
        };
        Err(Unwind::Exit(code))
    });
    vm.def_builtin(k, "abort", -1, |vm, _, a, _| {
        let msg = match a.first() {
            Some(m) => {
                let s = String::from_utf8_lossy(&str_arg(vm, *m)?).into_owned();
                vm.write_err(format!("{s}\n").as_bytes());
                s
            }
            None => {
                // `abort` with no message reports the exception being
                // handled, as CRuby.
                if !vm.errinfo.is_nil() {
                    vm.report_exception(vm.errinfo);
                }
                String::new()
            }
        };
        Err(system_exit(vm, 1, &msg))
    });
    // trace_var(name, cmd = nil) { |value| }: hooks on assignment.
    vm.def_private_builtin(k, "trace_var", -1, |vm, _, a, b| {
        if a.is_empty() || a.len() > 2 {
            return Err(vm.argc_error(a.len(), 1, 2));
        }
        let name = gvar_name_arg(vm, a[0])?;
        let cmd = match (a.get(1), b) {
            (Some(c), _) => *c,
            (None, Some(b)) => vm.block_to_proc(&b),
            (None, None) => {
                return Err(vm.arg_error("tried to create Proc object without a block"));
            }
        };
        if cmd.is_nil() {
            vm.gvar_traces.remove(&name);
        } else {
            vm.gvar_traces.entry(name).or_default().insert(0, cmd);
        }
        Ok(Value::NIL)
    });
    // untrace_var(name[, cmd]): the removed hooks (all of them: an Array).
    vm.def_private_builtin(k, "untrace_var", -1, |vm, _, a, _| {
        if a.is_empty() || a.len() > 2 {
            return Err(vm.argc_error(a.len(), 1, 2));
        }
        let name = gvar_name_arg(vm, a[0])?;
        if !vm.globals.contains_key(&name) && !vm.gvar_traces.contains_key(&name) {
            let msg = format!("undefined global variable {}", symbol::name(name));
            return Err(vm.name_error(&msg, name, Value::NIL));
        }
        match a.get(1) {
            Some(&c) => {
                let hooks = vm.gvar_traces.entry(name).or_default();
                let found = hooks.iter().position(|h| *h == c);
                let r = found.map(|i| hooks.remove(i));
                if hooks.is_empty() {
                    vm.gvar_traces.remove(&name);
                }
                Ok(r.unwrap_or(Value::NIL))
            }
            None => {
                let hooks = vm.gvar_traces.remove(&name).unwrap_or_default();
                Ok(vm.ary_new(hooks))
            }
        }
    });
    vm.def_builtin(k, "at_exit", 0, |vm, _, _, b| {
        let Some(b) = b else {
            return Err(vm.arg_error("called without a block"));
        };
        Ok(register_at_exit(vm, &b))
    });
    // `END { }` (compiled as a call with the block and its iseq's index):
    // registered as at_exit the first time only.
    vm.def_private_builtin(k, "__end_block", 1, |vm, _, a, b| {
        let (Some(key), Some(b)) = (a[0].as_fixnum(), b) else {
            return Ok(Value::NIL);
        };
        if !vm.end_blocks.contains(&key) {
            vm.end_blocks.push(key);
            register_at_exit(vm, &b);
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(k, "warn", -1, warn);
    vm.def_builtin(k, "sleep", -1, |vm, _, a, _| {
        let secs = match a.first() {
            Some(v) => match super::float::to_f64(*v).or_else(|| v.as_fixnum().map(|n| n as f64)) {
                Some(x) if x < 0.0 => {
                    return Err(vm.arg_error("time interval must not be negative"));
                }
                Some(x) => time_interval(vm, x)?,
                None => {
                    let c = vm.class_name(vm.real_class_of(*v));
                    return Err(vm.type_error(&format!("can't convert {c} into time interval")));
                }
            },
            None => 1e9,
        };
        vm.flush();
        interruptible_sleep(vm, secs.clamp(0.0, 1e6))?;
        Ok(Value::int(secs.round() as i64))
    });
    vm.def_builtin(k, "__method__", 0, |vm, _, _, _| {
        let f = vm.frames.last();
        Ok(match f.and_then(|f| f.method) {
            Some(m) => Value::symbol(vm.classes.method(m).original_name),
            None => Value::NIL,
        })
    });
    vm.def_builtin(k, "caller", -1, |vm, _, a, _| {
        // caller(start = 1, length = nil) / caller(range)
        let (start, len) = match a.first() {
            Some(v) if v.as_fixnum().is_some() => {
                let n = v.as_fixnum().unwrap();
                if n < 0 {
                    return Err(vm.arg_error(&format!("negative level ({n})")));
                }
                let l = match a.get(1) {
                    Some(l) if !l.is_nil() => {
                        let l = super::int_arg(vm, *l)?;
                        if l < 0 {
                            return Err(vm.arg_error(&format!("negative size ({l})")));
                        }
                        Some(l as usize)
                    }
                    _ => None,
                };
                (n as usize, l)
            }
            _ => (1, None),
        };
        let bt = vm.backtrace();
        if start + 1 > bt.len() {
            return Ok(Value::NIL);
        }
        let items: Vec<Value> = bt
            .iter()
            .skip(start + 1)
            .take(len.unwrap_or(usize::MAX))
            .map(|s| vm.str_new(s))
            .collect();
        Ok(vm.ary_new(items))
    });
    vm.def_builtin(k, "gets", -1, |vm, _, _, _| {
        let mut line = String::new();
        vm.flush();
        match std::io::stdin().read_line(&mut line) {
            Ok(0) | Err(_) => Ok(Value::NIL),
            Ok(_) => Ok(vm.str_new(&line)),
        }
    });
    vm.def_builtin(k, "putc", 1, |vm, _, a, _| {
        let b = super::io::putc_byte(vm, a[0])?;
        vm.write_out(&b);
        Ok(a[0])
    });
    for name in ["format", "sprintf"] {
        vm.def_builtin(k, name, -1, |vm, _, a, _| {
            if a.is_empty() {
                // rb_f_sprintf's own check, not an arity error.
                return Err(vm.arg_error("too few arguments"));
            }
            super::string::format(vm, a)
        });
    }
    // rb_f_printf: a first argument that is not a String is the IO (any
    // object with `write`); else `$stdout`.
    vm.def_builtin(k, "printf", -1, |vm, _, a, _| {
        if a.is_empty() {
            return Ok(Value::NIL);
        }
        let (io, fa) = if vm.is_string(a[0]) {
            (redirected_stdout(vm), a)
        } else {
            (Some(a[0]), &a[1..])
        };
        if fa.is_empty() {
            return Err(vm.arg_error("too few arguments"));
        }
        let s = super::string::format(vm, fa)?;
        match io {
            Some(io) => {
                vm.push_root(s);
                let r = vm.funcall(io, crate::intern!("write"), &[s], None);
                vm.temp_roots.pop();
                r?;
            }
            None => {
                let b = vm.string_bytes(s);
                vm.write_out(&b);
            }
        }
        Ok(Value::NIL)
    });
}

/// `puts` formatting: arrays flattened, newline unless present.
/// `$stdout` when a program has replaced it (e.g. with a StringIO):
/// Kernel#puts/print/p then go through its methods, as in CRuby.
fn redirected_stdout(vm: &Vm) -> Option<Value> {
    let cur = *vm.globals.get(&crate::intern!("$stdout"))?;
    let orig = *vm
        .classes
        .get(cls::OBJECT)
        .consts
        .get(&crate::intern!("STDOUT"))?;
    (cur != orig).then_some(cur)
}

pub fn puts_into(vm: &mut Vm, args: &[Value], out: &mut Vec<u8>) -> Result<(), Unwind> {
    if args.is_empty() {
        out.push(b'\n');
        return Ok(());
    }
    for v in args {
        // io_puts_ary: anything rb_check_array_type accepts is flattened.
        let ary = if vm.is_array(*v) || (v.is_heap() && !vm.is_string(*v)) {
            vm.check_array_type(*v)?
        } else {
            None
        };
        if let Some(a) = ary {
            let items = vm.array_items(a);
            if items.is_empty() {
                continue;
            }
            if vm.native_depth > 200 {
                out.extend_from_slice(b"[...]\n");
                continue;
            }
            vm.native_depth += 1;
            let r = puts_into(vm, &items, out);
            vm.native_depth -= 1;
            r?;
            continue;
        }
        let b = vm.value_to_bytes(*v)?;
        if out.try_reserve(b.len() + 1).is_err() {
            return Err(vm.no_memory_error());
        }
        out.extend_from_slice(&b);
        if b.last() != Some(&b'\n') {
            out.push(b'\n');
        }
    }
    Ok(())
}

pub fn system_exit(vm: &mut Vm, code: i32, msg: &str) -> Unwind {
    let e = vm.new_exception(vm.e.system_exit, msg);
    vm.ivar_set_name(e, crate::intern!("status"), Value::int(code as i64));
    vm.fill_backtrace(e);
    Unwind::Raise(e)
}

fn raise(vm: &mut Vm, _: Value, a: &[Value], _: B) -> VResult {
    let e = raise_exception(vm, a)?;
    vm.fill_backtrace(e);
    // A raise of an exception raised before is a new `:raise` event.
    vm.trace.last_raised = Value::NIL;
    Err(Unwind::Raise(e))
}

/// Makes block `b` an at_exit handler (kept alive until exit); its Proc.
fn register_at_exit(vm: &mut Vm, b: &Rc<BlockArg>) -> Value {
    let p = vm.block_to_proc(b);
    vm.at_exit.push(p);
    vm.literal_roots.push(p);
    p
}

/// The exception `raise(*a)` raises (its cause set, no backtrace yet).
pub(crate) fn raise_exception(vm: &mut Vm, a: &[Value]) -> Result<Value, Unwind> {
    // As CRuby's extract_raise_opts: `cause:` is taken from the keywords
    // and any other keywords stay, as one more positional Hash.
    let kw = vm.kw_passed;
    let mut args: Vec<Value> = a.to_vec();
    let mut cause = None;
    if let Some(&last) = args.last()
        && let Some(n) = vm.hash_len(last)
        && n > 0
    {
        let key = vm.sym("cause");
        let pairs = vm.hash_pairs(last);
        let only_cause = pairs.len() == 1 && pairs[0].0 == key;
        if kw || only_cause {
            args.pop();
            let rest: Vec<(Value, Value)> = pairs.iter().filter(|p| p.0 != key).copied().collect();
            cause = pairs.iter().find(|p| p.0 == key).map(|p| p.1);
            if !rest.is_empty() {
                let h = if cause.is_some() {
                    vm.hash_from_pairs(&rest)?
                } else {
                    last
                };
                args.push(h);
            }
        }
    }
    if args.len() > 3 {
        let msg = format!(
            "wrong number of arguments (given {}, expected 0..3)",
            args.len()
        );
        return Err(vm.arg_error(&msg));
    }
    let e = match args.len() {
        0 => {
            if !vm.errinfo.is_nil() {
                vm.errinfo
            } else {
                vm.new_exception(vm.e.runtime_error, "unhandled exception")
            }
        }
        _ => {
            let first = args[0];
            if args.len() == 1 && vm.is_string(first) {
                let m = vm.string_lossy(first);
                let e = vm.new_exception(vm.e.runtime_error, &m);
                if vm.trace.events & crate::interp::trace::event::C != 0 {
                    // (CRuby's rb_exc_new3 runs `initialize`: traced.)
                    vm.push_root(e);
                    let r = vm.funcall(e, sym::INITIALIZE, &[first], None);
                    vm.temp_roots.pop();
                    r?;
                }
                e
            } else {
                let rest: Vec<Value> = args[1..args.len().min(2)].to_vec();
                let ex = if vm.respond_to(first, sym::EXCEPTION) {
                    vm.funcall(first, sym::EXCEPTION, &rest, None)?
                } else {
                    Value::NIL
                };
                if !ex.is_heap() || !vm.exception_is(ex, cls::EXCEPTION) {
                    return Err(vm.type_error("exception class/object expected"));
                }
                if let Some(&bt) = args.get(2)
                    && !bt.is_nil()
                {
                    let bt = crate::builtins::exception::check_backtrace(vm, bt)?;
                    vm.set_backtrace(ex, bt);
                }
                ex
            }
        }
    };
    let cause = cause.unwrap_or(vm.errinfo);
    if cause != e && vm.ivar_get_name(e, sym::IVAR_CAUSE).is_nil() && !cause.is_nil() {
        vm.ivar_set_name(e, sym::IVAR_CAUSE, cause);
    }
    Ok(e)
}

fn kernel_integer(vm: &mut Vm, a: &[Value]) -> VResult {
    let n = a.len() - usize::from(a.last().is_some_and(|h| vm.hash_len(*h).is_some()));
    if !(1..=2).contains(&n) {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {n}, expected 1..2)"
        )));
    }
    let v = a[0];
    let base = match a.get(1) {
        Some(b) if b.is_fixnum() => Some(b.fixnum_unchecked()),
        _ => None,
    };
    let exception = match a.last() {
        Some(h) if vm.hash_len(*h).is_some() => {
            let k = vm.sym("exception");
            vm.hash_get(*h, k)?.map(|v| v.truthy()).unwrap_or(true)
        }
        _ => true,
    };
    let r = super::integer::kernel_integer(vm, v, base);
    match r {
        Err(_) if !exception => Ok(Value::NIL),
        other => other,
    }
}

/// The optional `file, line` arguments of eval-like methods, after a
/// binding if there is one.
pub fn eval_location(vm: &mut Vm, a: &[Value]) -> Result<(String, i64), Unwind> {
    let rest: Vec<Value> = a
        .iter()
        .copied()
        .skip_while(|v| !v.is_nil() && !vm.is_string(*v) && v.as_fixnum().is_none())
        .collect();
    let rest: &[Value] = if rest.first().is_some_and(|v| v.is_nil()) {
        &rest[1..]
    } else {
        &rest
    };
    let file = match rest.first() {
        Some(v) if vm.is_string(*v) => vm.string_lossy(*v),
        _ => "(eval)".to_string(),
    };
    let line = match rest.get(1) {
        Some(v) => int_arg(vm, *v)?,
        None => 1,
    };
    Ok((file, line))
}

/// What `print` writes (rb_io_print): its arguments, or `$_` when it has
/// none, with `$,` between them and `$\` after them when those are set.
pub fn print_parts(vm: &mut Vm, a: &[Value]) -> Vec<Value> {
    let args = if a.is_empty() {
        vec![vm.last_line()]
    } else {
        a.to_vec()
    };
    let sep = vm.global_get(crate::intern!("$,"));
    let mut out = Vec::with_capacity(args.len() * 2);
    for (i, v) in args.into_iter().enumerate() {
        if i > 0 && !sep.is_nil() {
            out.push(sep);
        }
        out.push(v);
    }
    let rs = vm.global_get(crate::intern!("$\\"));
    if !rs.is_nil() {
        out.push(rs);
    }
    out
}

/// A time interval in seconds as CRuby's `rb_time_interval` takes it:
/// NaN, infinities and anything past `time_t` raise RangeError.
pub(super) fn time_interval(vm: &mut Vm, secs: f64) -> Result<f64, Unwind> {
    const TIMET_MAX: f64 = i64::MAX as f64;
    if secs.is_nan() {
        return Err(vm.error(vm.e.range_error, "NaN out of Time range"));
    }
    if secs.is_infinite() {
        let sign = if secs < 0.0 { "-" } else { "" };
        let msg = format!("{sign}Inf out of Time range");
        return Err(vm.error(vm.e.range_error, &msg));
    }
    if secs >= TIMET_MAX || secs <= -TIMET_MAX {
        let msg = format!("{secs:.6} out of Time range");
        return Err(vm.error(vm.e.range_error, &msg));
    }
    Ok(secs)
}

/// Sleeps `secs` seconds in short slices, raising Interrupt as soon as
/// Ctrl-C (SIGINT) sets `vm.interrupted`; trapped signals' handlers run
/// meanwhile.
fn interruptible_sleep(vm: &mut Vm, secs: f64) -> Result<(), Unwind> {
    let end = std::time::Instant::now() + std::time::Duration::from_secs_f64(secs);
    loop {
        vm.deliver_traps()?;
        if vm.take_sigint() {
            return Err(vm.error(vm.e.interrupt, ""));
        }
        let now = std::time::Instant::now();
        if now >= end {
            return Ok(());
        }
        std::thread::sleep((end - now).min(std::time::Duration::from_millis(20)));
    }
}

/// `Kernel#warn(*msgs, uplevel: nil, category: nil)`: nothing when
/// `$VERBOSE` is nil or the category is disabled; `uplevel: n` prefixes
/// the location n frames above the caller, as `file:line: warning: `.
fn warn(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> Result<Value, Unwind> {
    let (mut msgs, opts) = match a.split_last() {
        Some((h, rest)) if vm.hash_len(*h).is_some() => (rest.to_vec(), Some(*h)),
        _ => (a.to_vec(), None),
    };
    let warning = vm.warning_module().unwrap_or(Value::NIL);
    let mut prefix = None;
    let mut category = None;
    if let Some(h) = opts {
        let (up, cat) = (vm.sym("uplevel"), vm.sym("category"));
        if let Some(c) = vm.hash_get(h, cat)?
            && !c.is_nil()
        {
            // `rb_to_symbol_type`, then `Warning[category]` (which rejects
            // unknown categories): a disabled one prints nothing.
            let c = if vm.is_string(c) {
                let n = vm.string_lossy(c);
                vm.sym(&n)
            } else {
                c
            };
            if !c.is_symbol() {
                let d = vm.inspect(c)?;
                return Err(vm.error(
                    vm.e.type_error,
                    &format!("{d} is not a symbol nor a string"),
                ));
            }
            let on = vm.funcall(warning, crate::intern!("[]"), &[c], None)?;
            if !on.truthy() {
                return Ok(Value::NIL);
            }
            category = Some(c);
        }
        if let Some(n) = vm.hash_get(h, up)?
            && !n.is_nil()
        {
            let n = super::int_arg(vm, n)?;
            if n < 0 {
                return Err(vm.arg_error(&format!("negative level ({n})")));
            }
            // backtrace()[0] is `warn` itself, [1] the line calling it.
            let bt = vm.backtrace();
            prefix = Some(match bt.get(1 + n as usize) {
                Some(l) => {
                    let loc = l.split(":in ").next().unwrap_or(l);
                    format!("{loc}: warning: ")
                }
                None => "warning: ".to_string(),
            });
        }
    }
    if msgs.is_empty() || !vm.warnings_on() {
        return Ok(Value::NIL);
    }
    if let Some(p) = prefix {
        let first = vm.funcall(msgs[0], sym::TO_S, &[], None)?;
        let text = format!("{p}{}", vm.string_lossy(first));
        msgs[0] = vm.str_new(&text);
    }
    let mut out = Vec::new();
    puts_into(vm, &msgs, &mut out)?;
    // The finished message goes to `Warning.warn` (prelude/warning.rb:
    // `$stderr.write`), which programs may redefine to capture it.
    let text = vm.str_from_bytes(out);
    let (w, name) = (warning, crate::intern!("warn"));
    match category {
        Some(c) => {
            let k = vm.sym("category");
            let kw = vm.hash_from_pairs(&[(k, c)])?;
            vm.funcall_kw(w, name, &[text, kw], None, true)?;
        }
        None => {
            vm.funcall(w, name, &[text], None)?;
        }
    }
    Ok(Value::NIL)
}

/// A global variable's name given as a Symbol or String (`:$x`, "$x").
fn gvar_name_arg(vm: &mut Vm, v: Value) -> Result<crate::value::SymbolId, Unwind> {
    let name = super::name_arg(vm, v)?;
    Ok(vm.global_aliases.get(&name).copied().unwrap_or(name))
}

/// The result `r` of conversion method `meth` on `v`, or CRuby's
/// "can't convert X to T (X#meth gives Y)" when it is not a `T`.
fn convert_result(
    vm: &mut Vm,
    v: Value,
    r: Value,
    to: &str,
    meth: &str,
    ok: fn(&Vm, Value) -> bool,
) -> VResult {
    if ok(vm, r) {
        return Ok(r);
    }
    let c = super::type_name(vm, v);
    let rc = super::type_name(vm, r);
    Err(vm.type_error(&format!(
        "can't convert {c} to {to} ({c}#{meth} gives {rc})"
    )))
}
