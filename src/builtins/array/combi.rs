//! Array#combination, #permutation, #repeated_combination and
//! #repeated_permutation, yielding in CRuby's (lexicographic index) order
//! from a snapshot of the receiver.

use std::rc::Rc;

use super::{B, enum_for, int_arg, items, rooted};
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
        return enum_for(vm, s, name, a);
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
        // CRuby allocates the n indices up front: a count no memory can
        // hold is NoMemoryError before anything is yielded.
        super::super::alloc_guard(vm, n, 2 * std::mem::size_of::<usize>())?;
        generate(vm, &v, n, kind, &b)
    })?;
    Ok(s)
}

/// Walks the index tuples depth-first with an explicit stack (a recursive
/// walk would overflow the Rust stack for a long tuple): `next[d]` is the
/// next candidate index for position `d`, `idx` the tuple so far.
fn generate(
    vm: &mut Vm,
    v: &[Value],
    n: usize,
    kind: Kind,
    b: &Rc<BlockArg>,
) -> Result<(), Unwind> {
    let len = v.len();
    let mut used = vec![false; len];
    let mut idx: Vec<usize> = Vec::new();
    let mut next: Vec<usize> = vec![0];
    while let Some(&cand) = next.last() {
        let depth = next.len() - 1;
        let mut found = None;
        if depth < n {
            let mut i = cand;
            while i < len && kind == Kind::Permutation && used[i] {
                i += 1;
            }
            found = (i < len).then_some(i);
        } else {
            let c = vm.ary_new(idx.iter().map(|&i| v[i]).collect());
            vm.yield_block(b, &[c])?;
        }
        let Some(i) = found else {
            next.pop();
            if let Some(j) = idx.pop() {
                used[j] = false;
            }
            continue;
        };
        *next.last_mut().expect("depth entry") = i + 1;
        used[i] = true;
        idx.push(i);
        next.push(match kind {
            Kind::Combination => i + 1,
            Kind::RepeatedCombination => i,
            _ => 0,
        });
    }
    Ok(())
}
