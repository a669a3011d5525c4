//! Struct's native methods: `Struct#initialize`, `==`, `eql?`, `hash` and the class-level
//! methods every struct class gets on its own singleton class (`new`,
//! `[]`, `members`, `inspect`, `keyword_init?`, as CRuby's `setup_struct`
//! defines them). The rest of Struct is Ruby (prelude/struct.rb); these
//! run once per instance or per class, where a Ruby body would pay an
//! inline-cache miss at each of its call sites for every new struct class.

use std::rc::Rc;

use crate::class::{AllocKind, MethodKind};
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{ClassId, Value, sym, symbol};

type B = Option<Rc<BlockArg>>;

/// `RubyVM::Prelude.install_struct(Struct)` (prelude/struct.rb): defines
/// `Struct#initialize` and registers the struct classes' singleton
/// methods for `Vm::define_struct_accessors`.
pub fn init(vm: &mut Vm, prelude: ClassId) {
    vm.def_singleton_builtin(prelude, "install_struct", 1, |vm, _, a, _| {
        let Some(st) = vm.as_class(a[0]) else {
            return Err(vm.type_error("install_struct: class expected"));
        };
        vm.classes.get_mut(st).alloc = AllocKind::Struct;
        vm.def_private_builtin(st, "initialize", -1, initialize);
        vm.def_builtin(st, "==", 1, |vm, s, a, _| equal(vm, s, a[0], false));
        vm.def_builtin(st, "eql?", 1, |vm, s, a, _| equal(vm, s, a[0], true));
        vm.def_builtin(st, "hash", 0, |vm, s, _, _| {
            Ok(Value::int((hash_code(vm, s)? >> 2) as i64))
        });
        let own = &vm.classes.get(st).methods;
        let (h, e) = (own.get(&sym::HASH).copied(), own.get(&sym::EQL).copied());
        vm.key_methods.struct_hash = h;
        vm.key_methods.struct_eql = e;
        let table: [(&str, i32, crate::interp::BuiltinFn); 5] = [
            ("keyword_init?", 0, s_keyword_init),
            ("members", 0, s_members),
            ("[]", -1, super::module::class_new_instance),
            ("inspect", 0, s_inspect),
            ("new", -1, super::module::class_new_instance),
        ];
        vm.struct_class_methods = table
            .into_iter()
            .map(|(name, arity, f)| {
                let func = vm.register_builtin(f);
                (symbol::intern(name), MethodKind::Builtin { func, arity })
            })
            .collect();
        Ok(Value::NIL)
    });
    // The member list and keyword_init of a struct class, for the Ruby
    // half of Struct.
    vm.def_singleton_builtin(prelude, "struct_members", 1, |vm, _, a, _| {
        let c = this(vm, a[0])?;
        Ok(vm.struct_layout(c)?.0)
    });
    vm.def_singleton_builtin(prelude, "struct_keyword_init", 1, |vm, _, a, _| {
        let c = this(vm, a[0])?;
        Ok(vm.struct_layout(c).map_or(Value::NIL, |(_, k)| k))
    });
}

/// rb_struct_hash: the class and the values (their `hash`es, an inner
/// occurrence of the same values as a constant, as Array#hash).
pub(crate) fn hash_code(vm: &mut Vm, s: Value) -> Result<u64, Unwind> {
    use std::hash::{Hash, Hasher};
    let values = vm.ivar_get_name(s, sym::STRUCT_VALUES);
    let mut h = crate::support::fasthash::FastHasher::default();
    3u8.hash(&mut h);
    vm.real_class_of(s).hash(&mut h);
    vm.hash_of(values)?.hash(&mut h);
    Ok(h.finish())
}

/// rb_struct_equal / rb_struct_eql: the same object, or an instance of
/// the same class whose members are equal (`==` or `eql?`) in order.
pub(crate) fn equal(vm: &mut Vm, s: Value, o: Value, eql: bool) -> VResult {
    if s == o {
        return Ok(Value::TRUE);
    }
    if !o.is_heap() || vm.real_class_of(o) != vm.real_class_of(s) {
        return Ok(Value::FALSE);
    }
    let x = vm.ivar_get_name(s, sym::STRUCT_VALUES);
    let y = vm.ivar_get_name(o, sym::STRUCT_VALUES);
    if !vm.is_array(x) || !vm.is_array(y) {
        return Ok(Value::FALSE);
    }
    let same = super::array::elements_equal(vm, x, y, s, o, eql)?;
    Ok(Value::bool(same))
}

/// The struct class a class-level method was called on.
fn this(vm: &mut Vm, s: Value) -> Result<ClassId, Unwind> {
    vm.as_class(s)
        .ok_or_else(|| vm.type_error("not a struct class"))
}

/// `StructClass.members`: a new Array of the member names.
fn s_members(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let c = this(vm, s)?;
    let (members, _) = vm.struct_layout(c)?;
    let items = vm.array_items(members);
    Ok(vm.ary_new(items))
}

/// `StructClass.keyword_init?`: true, false or nil (not given).
fn s_keyword_init(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let c = this(vm, s)?;
    Ok(vm.struct_layout(c)?.1)
}

/// `StructClass.inspect`: the class name, with `(keyword_init: true)`.
fn s_inspect(vm: &mut Vm, s: Value, _: &[Value], _: B) -> VResult {
    let c = this(vm, s)?;
    let mut text = vm.class_name(c);
    if vm.struct_layout(c).is_ok_and(|(_, k)| k.truthy()) {
        text.push_str("(keyword_init: true)");
    }
    Ok(vm.str_new(&text))
}

/// `Struct#initialize(*values)` (CRuby 3.1's `rb_struct_initialize_m`):
/// the values in member order, nil for the rest; with `keyword_init:
/// true`, one Hash of member (name or position) => value. The instance
/// keeps them in its `@__values__` Array.
fn initialize(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let kw = vm.kw_passed;
    if s.is_heap() && obj(s).is_frozen() {
        return Err(vm.frozen_error(s));
    }
    let klass = vm.real_class_of(s);
    let (members, keyword_init) = vm.struct_layout(klass)?;
    let n = vm.array_len(members);
    let values = if !a.is_empty() && keyword_init.truthy() {
        if a.len() > 1 || vm.hash_len(a[0]).is_none() {
            let msg = vm.argc_message(a.len(), 0, 0);
            return Err(vm.arg_error(&msg));
        }
        keyword_values(vm, members, a[0])?
    } else {
        if a.len() > n {
            return Err(vm.arg_error("struct size differs"));
        }
        if kw && keyword_init.is_nil() && a.len() == 1 && vm.hash_len(a[0]).is_some() {
            let loc = vm.current_location();
            vm.emit_warning(&format!(
                "{loc}: warning: Passing only keyword arguments to Struct#initialize will \
                 behave differently from Ruby 3.2. Please use a Hash literal like .new({{k: v}}) \
                 instead of .new(k: v).\n"
            ))?;
        }
        let mut v = a.to_vec();
        v.resize(n, Value::NIL);
        v
    };
    // The Array `allocate` made is filled in place (a frozen or missing
    // one is replaced).
    let held = vm.ivar_get_name(s, sym::STRUCT_VALUES);
    if held.is_heap()
        && !obj(held).is_frozen()
        && let Body::Array(items) = &mut *obj(held).body.borrow_mut()
    {
        *items = values;
        return Ok(Value::NIL);
    }
    let values = vm.ary_new(values);
    vm.ivar_set_name(s, sym::STRUCT_VALUES, values);
    Ok(Value::NIL)
}

/// The allocator of struct classes (CRuby's `struct_alloc`): an object
/// whose values Array holds one nil per member. Struct itself, and a
/// subclass `Struct.new` did not make, have none.
pub fn allocate(vm: &mut Vm, c: ClassId) -> VResult {
    let Some((members, _)) = vm.struct_layout_of(c) else {
        let cn = vm.class_name(c);
        return Err(vm.type_error(&format!("allocator undefined for {cn}")));
    };
    let n = vm.array_len(members);
    let owner = vm.classes.get(c).ivar_owner;
    let room = vm.classes.get(owner).ivar_names.len();
    let values = vm.ary_new(vec![Value::NIL; n]);
    vm.push_root(values);
    let o = vm.heap.alloc(c, Body::Object(Vec::with_capacity(room)));
    vm.temp_roots.pop();
    vm.ivar_set_name(o, sym::STRUCT_VALUES, values);
    Ok(o)
}

/// The values a `keyword_init: true` struct gets from Hash `h`: each key
/// names a member (Symbol or String) or gives its position (an Integer,
/// negative from the end: `rb_struct_pos`); ArgumentError listing the
/// keys that name none.
fn keyword_values(vm: &mut Vm, members: Value, h: Value) -> Result<Vec<Value>, Unwind> {
    let names = vm.array_items(members);
    let n = names.len() as i64;
    let mut values = vec![Value::NIL; names.len()];
    let mut unknown = Vec::new();
    for (key, v) in vm.hash_pairs(h) {
        let pos = if key.is_symbol() {
            names.iter().position(|m| *m == key)
        } else if vm.is_string(key) {
            let text = String::from_utf8(vm.string_bytes(key)).ok();
            text.and_then(|t| symbol::lookup(&t))
                .and_then(|id| names.iter().position(|m| m.as_symbol() == Some(id)))
        } else {
            let given = super::int_arg(vm, key)?;
            let i = if given < 0 { given + n } else { given };
            if !(0..n).contains(&i) {
                // CRuby lists the position it was given, as an Integer.
                unknown.push(Value::int(given));
                continue;
            }
            Some(i as usize)
        };
        match pos {
            Some(i) => values[i] = v,
            None => unknown.push(key),
        }
    }
    if !unknown.is_empty() {
        let list = vm.ary_new(unknown);
        vm.push_root(list);
        let sep = vm.str_new(", ");
        let text = super::array::join(vm, list, Some(sep));
        vm.temp_roots.pop();
        let text = text?;
        let text = vm.string_lossy(text);
        return Err(vm.arg_error(&format!("unknown keywords: {text}")));
    }
    Ok(values)
}
