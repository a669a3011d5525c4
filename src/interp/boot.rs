//! Boot: the core class hierarchy in `cls::` order, exception classes,
//! the main object, global variables, then the builtins and prelude.

use crate::class::{AllocKind, ClassKind, cls};
use crate::object::Body;
use crate::value::{ClassId, Value, symbol};

use super::Vm;

pub fn boot(vm: &mut Vm) {
    // Bare records first: the metaclass chain needs Class to exist.
    let names: [(&str, ClassKind, Option<ClassId>); 26] = [
        ("BasicObject", ClassKind::Class, None),
        ("Object", ClassKind::Class, Some(cls::BASIC_OBJECT)),
        ("Module", ClassKind::Class, Some(cls::OBJECT)),
        ("Class", ClassKind::Class, Some(cls::MODULE)),
        ("Kernel", ClassKind::Module, None),
        ("Comparable", ClassKind::Module, None),
        ("Enumerable", ClassKind::Module, None),
        ("NilClass", ClassKind::Class, Some(cls::OBJECT)),
        ("TrueClass", ClassKind::Class, Some(cls::OBJECT)),
        ("FalseClass", ClassKind::Class, Some(cls::OBJECT)),
        ("Numeric", ClassKind::Class, Some(cls::OBJECT)),
        ("Integer", ClassKind::Class, Some(cls::NUMERIC)),
        ("Float", ClassKind::Class, Some(cls::NUMERIC)),
        ("String", ClassKind::Class, Some(cls::OBJECT)),
        ("Symbol", ClassKind::Class, Some(cls::OBJECT)),
        ("Array", ClassKind::Class, Some(cls::OBJECT)),
        ("Hash", ClassKind::Class, Some(cls::OBJECT)),
        ("Range", ClassKind::Class, Some(cls::OBJECT)),
        ("Proc", ClassKind::Class, Some(cls::OBJECT)),
        ("Method", ClassKind::Class, Some(cls::OBJECT)),
        ("UnboundMethod", ClassKind::Class, Some(cls::OBJECT)),
        ("Regexp", ClassKind::Class, Some(cls::OBJECT)),
        ("MatchData", ClassKind::Class, Some(cls::OBJECT)),
        ("Exception", ClassKind::Class, Some(cls::OBJECT)),
        ("<env>", ClassKind::Class, Some(cls::OBJECT)),
        ("<pending>", ClassKind::Class, Some(cls::OBJECT)),
    ];
    for (i, (name, kind, sup)) in names.iter().enumerate() {
        let id = vm.classes.add(Some(name.to_string()), *kind, *sup);
        assert_eq!(id.0, i as u32, "boot order");
    }
    for (c, a) in [
        (cls::STRING, AllocKind::String),
        (cls::ARRAY, AllocKind::Array),
        (cls::HASH, AllocKind::Hash),
        (cls::PROC, AllocKind::Proc),
        (cls::RANGE, AllocKind::Range),
        (cls::REGEXP, AllocKind::Regexp),
        (cls::INTEGER, AllocKind::None),
        (cls::FLOAT, AllocKind::None),
        (cls::SYMBOL, AllocKind::None),
        (cls::NIL, AllocKind::None),
        (cls::TRUE, AllocKind::None),
        (cls::FALSE, AllocKind::None),
        (cls::METHOD, AllocKind::None),
        (cls::UNBOUND_METHOD, AllocKind::None),
    ] {
        vm.classes.get_mut(c).alloc = a;
    }
    // Class objects and metaclasses.
    for i in 0..cls::COUNT {
        let c = ClassId(i);
        if vm.classes.get(c).kind == ClassKind::Module {
            let o = vm.heap.alloc(cls::MODULE, Body::Class(c));
            vm.classes.get_mut(c).obj = o;
            continue;
        }
        let sup_meta = match vm.classes.get(c).superclass {
            Some(s) => vm
                .classes
                .get(s)
                .metaclass
                .expect("superclass booted first"),
            None => cls::CLASS,
        };
        let meta = vm.classes.add(None, ClassKind::Singleton, Some(sup_meta));
        vm.classes.get_mut(meta).ivar_owner = cls::CLASS;
        let o = vm.heap.alloc(meta, Body::Class(c));
        vm.classes.get_mut(c).obj = o;
        vm.classes.get_mut(c).metaclass = Some(meta);
        vm.classes.get_mut(meta).attached = o;
        vm.give_class_object(meta);
    }
    for i in 0..cls::COUNT {
        let c = ClassId(i);
        let name = vm.classes.get(c).name.clone().unwrap();
        if !name.starts_with('<') {
            let o = vm.classes.get(c).obj;
            vm.classes.set_const(cls::OBJECT, symbol::intern(&name), o);
        }
    }
    // BasicObject::BasicObject: a BasicObject subclass does not see
    // Object's constants, but can name its root (as CRuby's Init_class_hierarchy).
    let bo = vm.classes.get(cls::BASIC_OBJECT).obj;
    vm.classes
        .set_const(cls::BASIC_OBJECT, symbol::intern("BasicObject"), bo);
    vm.classes.get_mut(cls::OBJECT).includes.push(cls::KERNEL);
    vm.classes.get_mut(cls::KERNEL).includers.push(cls::OBJECT);
    for c in [cls::ARRAY, cls::HASH, cls::RANGE] {
        vm.classes.get_mut(c).includes.push(cls::ENUMERABLE);
        vm.classes.get_mut(cls::ENUMERABLE).includers.push(c);
    }
    for c in [cls::NUMERIC, cls::STRING, cls::SYMBOL] {
        vm.classes.get_mut(c).includes.push(cls::COMPARABLE);
        vm.classes.get_mut(cls::COMPARABLE).includers.push(c);
    }
    vm.classes.reset_ancestors(cls::BASIC_OBJECT);
    vm.classes.reset_ancestors(cls::KERNEL);
    vm.classes.reset_ancestors(cls::ENUMERABLE);
    vm.classes.reset_ancestors(cls::COMPARABLE);

    boot_exceptions(vm);
    vm.main_obj = vm.heap.alloc(cls::OBJECT, Body::Object(Vec::new()));
    crate::builtins::init(vm);
    super::exc_methods::init(vm);
    let rs = vm.str_new("\n");
    crate::gc::obj(rs).freeze();
    vm.globals.insert(crate::intern!("$/"), rs);
    vm.globals.insert(crate::intern!("$."), Value::int(0));
}

fn boot_exceptions(vm: &mut Vm) {
    let o = Some(cls::OBJECT);
    let def = |vm: &mut Vm, name: &str, sup: ClassId| vm.new_class(Some(name), sup, o);
    let exc = cls::EXCEPTION;
    let e = &mut vm.e.clone();
    e.script_error = def(vm, "ScriptError", exc);
    e.load_error = def(vm, "LoadError", e.script_error);
    e.not_implemented_error = def(vm, "NotImplementedError", e.script_error);
    e.syntax_error = def(vm, "SyntaxError", e.script_error);
    e.standard_error = def(vm, "StandardError", exc);
    e.argument_error = def(vm, "ArgumentError", e.standard_error);
    e.uncaught_throw_error = def(vm, "UncaughtThrowError", e.argument_error);
    e.encoding_error = def(vm, "EncodingError", e.standard_error);
    e.fiber_error = def(vm, "FiberError", e.standard_error);
    e.io_error = def(vm, "IOError", e.standard_error);
    e.eof_error = def(vm, "EOFError", e.io_error);
    e.index_error = def(vm, "IndexError", e.standard_error);
    e.key_error = def(vm, "KeyError", e.index_error);
    e.stop_iteration = def(vm, "StopIteration", e.index_error);
    e.closed_queue_error = def(vm, "ClosedQueueError", e.stop_iteration);
    e.local_jump_error = def(vm, "LocalJumpError", e.standard_error);
    e.name_error = def(vm, "NameError", e.standard_error);
    e.no_method_error = def(vm, "NoMethodError", e.name_error);
    e.range_error = def(vm, "RangeError", e.standard_error);
    e.float_domain_error = def(vm, "FloatDomainError", e.range_error);
    e.regexp_error = def(vm, "RegexpError", e.standard_error);
    e.runtime_error = def(vm, "RuntimeError", e.standard_error);
    e.frozen_error = def(vm, "FrozenError", e.runtime_error);
    e.system_call_error = def(vm, "SystemCallError", e.standard_error);
    e.thread_error = def(vm, "ThreadError", e.standard_error);
    e.type_error = def(vm, "TypeError", e.standard_error);
    e.zero_division_error = def(vm, "ZeroDivisionError", e.standard_error);
    e.system_exit = def(vm, "SystemExit", exc);
    // CRuby's `fatal` (deadlock, ...): a constant no Ruby code can name.
    def(vm, "fatal", exc);
    e.no_memory_error = def(vm, "NoMemoryError", exc);
    e.security_error = def(vm, "SecurityError", exc);
    e.system_stack_error = def(vm, "SystemStackError", exc);
    e.signal_exception = def(vm, "SignalException", exc);
    e.interrupt = def(vm, "Interrupt", e.signal_exception);
    e.no_matching_pattern_error = def(vm, "NoMatchingPatternError", e.standard_error);
    e.no_matching_pattern_key_error =
        def(vm, "NoMatchingPatternKeyError", e.no_matching_pattern_error);
    let errno = vm.new_module(Some("Errno"), o);
    e.errno_enoent = vm.new_class(Some("ENOENT"), e.system_call_error, Some(errno));
    vm.e = *e;
    let _ = Value::NIL;
}
