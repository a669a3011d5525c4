//! Array#combination, #permutation, #repeated_combination and
//! #repeated_permutation, yielding in CRuby's (lexicographic index) order
//! from a snapshot of the receiver.

use std::rc::Rc;

use super::{B, enum_for_args, int_arg, items, rooted};
use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Unwind};
use crate::value::Value;

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Combination,
    Permutation,
    RepeatedCombination,
    RepeatedPermutation,
}

pub fn init(vm: &mut Vm) {
    let a = cls::ARRAY;
    vm.def_builtin(a, "combination", 1, |vm, s, a, b| {
        run(vm, s, a, b, Kind::Combination, "combination")
    });
    vm.def_builtin(a, "permutation", -1, |vm, s, a, b| {
        run(vm, s, a, b, Kind::Permutation, "permutation")
    });
    vm.def_builtin(a, "repeated_combination", 1, |vm, s, a, b| {
        run(
            vm,
            s,
            a,
            b,
            Kind::RepeatedCombination,
            "repeated_combination",
        )
    });
    vm.def_builtin(a, "repeated_permutation", 1, |vm, s, a, b| {
        run(
            vm,
            s,
            a,
            b,
            Kind::RepeatedPermutation,
            "repeated_permutation",
        )
    });
}

fn run(vm: &mut Vm, s: Value, a: &[Value], b: B, kind: Kind, name: &str) -> VResult {
    if a.len() > 1 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        )));
    }
    let Some(b) = b else {
        return enum_for_args(vm, s, name, a);
    };
    let v = items(vm, s);
    let n = match a.first() {
        Some(n) => int_arg(vm, *n)?,
        None => v.len() as i64,
    };
    let snap = vm.ary_new(v.clone());
    rooted(vm, snap, |vm| {
        let len = v.len() as i64;
        let empty_ok = match kind {
            Kind::Combination | Kind::Permutation => n >= 0 && n <= len,
            _ => n >= 0 && (len > 0 || n == 0),
        };
        if !empty_ok {
            return Ok(());
        }
        let n = n as usize;
        let mut idx = Vec::with_capacity(n);
        let mut used = vec![false; v.len()];
        generate(vm, &v, n, kind, &b, &mut idx, &mut used)
    })?;
    Ok(s)
}

fn generate(
    vm: &mut Vm,
    v: &[Value],
    n: usize,
    kind: Kind,
    b: &Rc<BlockArg>,
    idx: &mut Vec<usize>,
    used: &mut Vec<bool>,
) -> Result<(), Unwind> {
    if idx.len() == n {
        let c = vm.ary_new(idx.iter().map(|&i| v[i]).collect());
        vm.yield_block(b, &[c])?;
        return Ok(());
    }
    let start = match kind {
        Kind::Combination => idx.last().map_or(0, |&i| i + 1),
        Kind::RepeatedCombination => idx.last().copied().unwrap_or(0),
        _ => 0,
    };
    for i in start..v.len() {
        if kind == Kind::Permutation && used[i] {
            continue;
        }
        used[i] = true;
        idx.push(i);
        let r = generate(vm, v, n, kind, b, idx, used);
        idx.pop();
        used[i] = false;
        r?;
    }
    Ok(())
}
