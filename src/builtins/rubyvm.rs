//! `RubyVM`, `RubyVM.stat` and `RubyVM::MethodCache`: the dispatch
//! instruments visible from Ruby (`GC` and `ObjectSpace` are in
//! `objectspace`).

use crate::class::cls;
use crate::interp::Vm;
use crate::value::{Value, symbol};

fn stat_pairs(vm: &Vm) -> Vec<(&'static str, u64)> {
    let d = &vm.dispatch;
    let mut v = vec![
        ("global_method_state", d.serials[0]),
        ("global_constant_state", d.global_constant_state),
        ("class_serial", d.counters.class_serial),
    ];
    v.extend(d.counters.list());
    v
}

pub fn init(vm: &mut Vm) {
    let o = Some(cls::OBJECT);
    let rv = vm.new_class(Some("RubyVM"), cls::OBJECT, o);
    super::iseq::init(vm, rv);
    vm.def_singleton_builtin(rv, "stat", -1, |vm, _, a, _| {
        let pairs = stat_pairs(vm);
        if let Some(k) = a.first() {
            if let Some(s) = k.as_symbol() {
                let n = symbol::name(s);
                return match pairs.iter().find(|(k, _)| **k == *n) {
                    Some((_, v)) => Ok(vm.bignum_value((*v).into())),
                    None => Err(vm.arg_error(&format!("unknown key: {n}"))),
                };
            }
            if vm.hash_len(*k).is_some() {
                for (name, v) in pairs {
                    let key = vm.sym(name);
                    let val = vm.bignum_value(v.into());
                    vm.hash_aset(*k, key, val)?;
                }
                return Ok(*k);
            }
        }
        let h = vm.new_hash();
        for (name, v) in pairs {
            let key = vm.sym(name);
            let val = vm.bignum_value(v.into());
            vm.hash_aset(h, key, val)?;
        }
        Ok(h)
    });
    // Native helpers for the Ruby-written core library (prelude/); the
    // prelude reopens this module with its Ruby helpers.
    let pm = vm.new_module(Some("Prelude"), Some(rv));
    let pv = vm.class_value(pm);
    vm.prelude_helpers = Some(vm.singleton_class(pv));
    // CRuby's `fatal` has a name no Ruby code can write: the thread
    // library raises it (deadlock) through this constant.
    if let Some(&fatal) = vm
        .classes
        .get(cls::OBJECT)
        .consts
        .get(&crate::intern!("fatal"))
    {
        vm.set_const(pm, crate::intern!("FATAL"), fatal);
    }
    // rb_obj_dig's loop after a Struct's first key (Struct#dig).
    vm.def_singleton_builtin(pm, "dig_rest", 2, |vm, _, a, _| {
        let rest = vm.array_items(a[1]);
        super::array::dig_rest(vm, a[0], &rest)
    });
    // rb_ec_error_print's text (message escaped) for a thread's report.
    vm.def_singleton_builtin(pm, "error_report", 1, |vm, _, a, _| {
        let style = crate::interp::error_report::ReportStyle {
            escape: true,
            ..Default::default()
        };
        let t = vm.exception_report(a[0], style);
        Ok(vm.str_new(&t))
    });
    // Instance variables Ruby code cannot name (no `@`): the state CRuby
    // keeps hidden on an object (SystemCallError's errno, say).
    vm.def_singleton_builtin(pm, "hidden_get", 2, |vm, _, a, _| {
        let n = super::name_arg(vm, a[1])?;
        Ok(vm.ivar_get_name(a[0], n))
    });
    // The object's singleton class if it has one, else nil (without
    // making one, as `singleton_class` would): Marshal's w_extended.
    vm.def_singleton_builtin(pm, "existing_singleton_class", 1, |vm, _, a, _| {
        let c = vm.class_of(a[0]);
        Ok(if vm.classes.is_singleton(c) {
            vm.class_value(c)
        } else {
            Value::NIL
        })
    });
    vm.def_singleton_builtin(pm, "hidden_set", 3, |vm, _, a, _| {
        let n = super::name_arg(vm, a[1])?;
        vm.ivar_set_name(a[0], n, a[2]);
        Ok(a[2])
    });
    vm.def_singleton_builtin(pm, "strerror", 1, |vm, _, a, _| {
        let n = super::int_arg(vm, a[0])?;
        let n = i32::try_from(n).unwrap_or(i32::MAX);
        let m = std::io::Error::from_raw_os_error(n).to_string();
        // "No such file or directory (os error 2)": the C library's text.
        let m = m
            .rsplit_once(" (os error")
            .map_or(m.as_str(), |(a, _)| a)
            .to_string();
        Ok(vm.str_new(&m))
    });
    // Struct's native methods, and Struct.new's member readers and
    // writers (prelude/struct.rb).
    super::structs::init(vm, pm);
    super::enumerator::init(vm, pm);
    super::time::init(vm, pm);
    vm.def_singleton_builtin(pm, "define_struct_accessors", 2, |vm, _, a, _| {
        let Some(c) = vm.as_class(a[0]) else {
            return Err(vm.type_error("define_struct_accessors: class expected"));
        };
        if !vm.is_array(a[1]) {
            return Err(vm.type_error("define_struct_accessors: array expected"));
        }
        let members = vm.array_items(a[1]);
        vm.define_struct_accessors(c, &members)?;
        Ok(Value::NIL)
    });
    vm.def_singleton_builtin(pm, "sort_by_keys", 2, |vm, _, a, _| {
        let (vals, keys) = (a[0], a[1]);
        if !vm.is_array(vals) || !vm.is_array(keys) {
            return Err(vm.type_error("sort_by_keys: arrays expected"));
        }
        let (v, k) = (vm.array_items(vals), vm.array_items(keys));
        if v.len() != k.len() {
            return Err(vm.arg_error("sort_by_keys: lengths differ"));
        }
        let sorted = crate::builtins::array::sort_by_keys(vm, v, &k)?;
        Ok(vm.ary_new(sorted))
    });
    // Array#zip of Arrays without a block (rb_ary_zip): row i holds
    // element i of each, nil past an Array's end.
    vm.def_singleton_builtin(pm, "zip_rows", 2, |vm, _, a, _| {
        let (ary, others) = (a[0], a[1]);
        if !vm.is_array(ary) || !vm.is_array(others) {
            return Err(vm.type_error("zip_rows: arrays expected"));
        }
        let cols: Vec<Vec<Value>> = vm
            .array_items(others)
            .into_iter()
            .map(|o| vm.array_items(o))
            .collect();
        let items = vm.array_items(ary);
        crate::builtins::alloc_guard(vm, items.len(), cols.len() + 1)?;
        let mut rows = Vec::with_capacity(items.len());
        for (i, &x) in items.iter().enumerate() {
            let mut row = Vec::with_capacity(cols.len() + 1);
            row.push(x);
            row.extend(cols.iter().map(|c| c.get(i).copied().unwrap_or(Value::NIL)));
            rows.push(vm.ary_new(row));
        }
        Ok(vm.ary_new(rows))
    });
    // rb_cmpint(a <=> b) with OPTIMIZED_CMP's fast paths: -1, 0 or 1.
    vm.def_singleton_builtin(pm, "compare", 2, |vm, _, a, _| {
        let o = crate::builtins::array::compare(vm, a[0], a[1])?;
        Ok(Value::int(o as i64))
    });
    let mc = vm.new_module(Some("MethodCache"), Some(rv));
    vm.def_singleton_builtin(mc, "hits", 0, |vm, _, _, _| {
        let c = &vm.dispatch.counters;
        Ok(Value::int((c.mc_inline_hit + c.mc_global_hit) as i64))
    });
    vm.def_singleton_builtin(mc, "misses", 0, |vm, _, _, _| {
        Ok(Value::int(vm.dispatch.counters.method_searches as i64))
    });
    vm.def_singleton_builtin(mc, "miss_time", 0, |vm, _, _, _| {
        Ok(vm.float_new(vm.dispatch.counters.miss_time_ns as f64 / 1e9))
    });
    vm.def_singleton_builtin(mc, "invalidation_time", 0, |vm, _, _, _| {
        Ok(vm.float_new(vm.dispatch.counters.invalidation_time_ns as f64 / 1e9))
    });
    vm.def_singleton_builtin(mc, "invalidations", 0, |vm, _, _, _| {
        Ok(Value::int(vm.dispatch.counters.invalidations as i64))
    });
    vm.def_singleton_builtin(mc, "reset!", 0, |vm, _, _, _| {
        vm.dispatch.reset_counts();
        Ok(Value::NIL)
    });
    vm.def_singleton_builtin(mc, "stats", 0, |vm, _, _, _| {
        let h = vm.new_hash();
        let mut pairs: Vec<(String, u64)> = vm
            .dispatch
            .counters
            .list()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        pairs.push(("gmc_size".into(), vm.dispatch.gmc.size() as u64));
        pairs.push(("ic_size".into(), vm.dispatch.config.ic_size as u64));
        for (k, v) in pairs {
            let key = vm.sym(&k);
            let val = vm.bignum_value(v.into());
            vm.hash_aset(h, key, val)?;
        }
        let key = vm.sym("strategy");
        let sv = vm.sym(vm.dispatch.config.strategy.name());
        vm.hash_aset(h, key, sv)?;
        Ok(h)
    });
    vm.def_singleton_builtin(mc, "call_sites", 0, |vm, _, _, _| {
        let n = vm.dispatch.sites.len();
        let mut out = Vec::new();
        for i in 0..n {
            let s = &vm.dispatch.sites[i];
            if s.hits + s.misses == 0 || !vm.dispatch.site_reported(s) {
                continue;
            }
            let (loc, name, state, seen, hits, misses) = (
                format!("{}:{}", s.file, s.line),
                symbol::name(s.name).to_string(),
                s.state_name(),
                s.seen.clone(),
                s.hits,
                s.misses,
            );
            let h = vm.new_hash();
            vm.push_root(h);
            let entries: Vec<(&str, Value)> = {
                let l = vm.str_new(&loc);
                let m = vm.sym(&name);
                let st = vm.sym(state);
                let cl: Vec<Value> = seen
                    .iter()
                    .map(|c| vm.class_value(vm.classes.real_class(*c)))
                    .collect();
                let cl = vm.ary_new(cl);
                vec![
                    ("location", l),
                    ("method", m),
                    ("state", st),
                    ("classes", cl),
                    ("hits", Value::int(hits as i64)),
                    ("misses", Value::int(misses as i64)),
                ]
            };
            for (k, v) in entries {
                let key = vm.sym(k);
                vm.hash_aset(h, key, v)?;
            }
            vm.temp_roots.pop();
            out.push(h);
        }
        Ok(vm.ary_new(out))
    });
}
