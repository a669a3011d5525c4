//! Enumerable methods Array runs natively in their common form (a block,
//! no optional arguments): `group_by`, `min_by`, `max_by`,
//! `each_with_object`, `each_slice(n)`, `inject`/`reduce` with a block
//! or a Symbol, and `all?`/`any?`/`none?`/`one?` (a block, a pattern or
//! neither, as CRuby's rb_ary_any_p and enum.c's ENUMFUNC family). CRuby
//! runs them as C loops calling the block once per element; the
//! prelude's Ruby copies (prelude/array.rb) called a Ruby block from
//! `each` that yielded again, two block frames per element. Every other
//! form (no block: an Enumerator; `min_by(n)`; `inject("+")`; a slice
//! size that is not a positive Fixnum) goes to Enumerable's Ruby method
//! (prelude/enumerable.rb), which gives the same results for an Array.
//!
//! Elements are read by index from the live array, as Array#each does, so
//! a block that changes the array sees CRuby's behaviour.

use std::cmp::Ordering;

use super::{B, compare, get};
use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::object::BlockArg;
use crate::value::{Value, symbol};
use std::rc::Rc;

pub(super) fn init(vm: &mut Vm) {
    let a = cls::ARRAY;
    vm.def_builtin(a, "group_by", 0, |vm, s, a, b| match b {
        Some(b) => group_by(vm, s, &b),
        None => enumerable(vm, s, "group_by", a, None),
    });
    vm.def_builtin(a, "min_by", -1, |vm, s, a, b| match b {
        Some(b) if a.is_empty() => best_by(vm, s, &b, Ordering::Less),
        b => enumerable(vm, s, "min_by", a, b),
    });
    vm.def_builtin(a, "max_by", -1, |vm, s, a, b| match b {
        Some(b) if a.is_empty() => best_by(vm, s, &b, Ordering::Greater),
        b => enumerable(vm, s, "max_by", a, b),
    });
    vm.def_builtin(a, "each_with_object", 1, |vm, s, a, b| match b {
        Some(b) => {
            let memo = a[0];
            let mut i = 0;
            while let Some(x) = get(s, i) {
                vm.yield_block(&b, &[x, memo])?;
                i += 1;
            }
            Ok(memo)
        }
        None => enumerable(vm, s, "each_with_object", a, None),
    });
    vm.def_builtin(a, "each_slice", 1, |vm, s, a, b| {
        match (b, a[0].as_fixnum()) {
            (Some(b), Some(n)) if n > 0 => each_slice(vm, s, &b, n as usize),
            (b, _) => enumerable(vm, s, "each_slice", a, b),
        }
    });
    vm.def_builtin(a, "inject", -1, |vm, s, a, b| match (b, a) {
        (Some(b), [] | [_]) => inject(vm, s, &b, a.first().copied()),
        (None, [op]) if op.is_symbol() => inject_op(vm, s, None, *op),
        (None, [init, op]) if op.is_symbol() => inject_op(vm, s, Some(*init), *op),
        (b, _) => enumerable(vm, s, "inject", a, b),
    });
    vm.def_builtin(a, "reduce", -1, |vm, s, a, b| match (b, a) {
        (Some(b), [] | [_]) => inject(vm, s, &b, a.first().copied()),
        (None, [op]) if op.is_symbol() => inject_op(vm, s, None, *op),
        (None, [init, op]) if op.is_symbol() => inject_op(vm, s, Some(*init), *op),
        (b, _) => enumerable(vm, s, "reduce", a, b),
    });
    vm.def_builtin(a, "all?", -1, |vm, s, a, b| {
        quantifier(vm, s, a, b, Quantifier::All)
    });
    vm.def_builtin(a, "any?", -1, |vm, s, a, b| {
        quantifier(vm, s, a, b, Quantifier::Any)
    });
    vm.def_builtin(a, "none?", -1, |vm, s, a, b| {
        quantifier(vm, s, a, b, Quantifier::None)
    });
    vm.def_builtin(a, "one?", -1, |vm, s, a, b| {
        quantifier(vm, s, a, b, Quantifier::One)
    });
}

/// Which of `all?`, `any?`, `none?`, `one?`.
#[derive(Clone, Copy)]
enum Quantifier {
    All,
    Any,
    None,
    One,
}

impl Quantifier {
    fn name(self) -> &'static str {
        match self {
            Quantifier::All => "all?",
            Quantifier::Any => "any?",
            Quantifier::None => "none?",
            Quantifier::One => "one?",
        }
    }
}

/// `all?`/`any?`/`none?`/`one?` with a block, a pattern (`pattern ===
/// element`) or neither (the elements' truth), stopping at the first
/// element that decides, as CRuby does. A pattern with a block (a warning)
/// and a wrong argument count go to Enumerable's Ruby method.
fn quantifier(vm: &mut Vm, s: Value, a: &[Value], b: B, q: Quantifier) -> VResult {
    let pattern = match (a, &b) {
        ([], _) => None,
        ([p], None) => Some(*p),
        _ => return enumerable(vm, s, q.name(), a, b),
    };
    let mut found = false;
    let mut i = 0;
    while let Some(x) = get(s, i) {
        i += 1;
        let ok = match (pattern, &b) {
            (Some(p), _) => vm.case_eq(p, x)?,
            (None, Some(b)) => vm.yield_block(b, &[x])?.truthy(),
            (None, None) => x.truthy(),
        };
        match q {
            Quantifier::All if !ok => return Ok(Value::FALSE),
            Quantifier::Any if ok => return Ok(Value::TRUE),
            Quantifier::None if ok => return Ok(Value::FALSE),
            Quantifier::One if ok && found => return Ok(Value::FALSE),
            Quantifier::One if ok => found = true,
            _ => {}
        }
    }
    Ok(Value::bool(match q {
        Quantifier::All | Quantifier::None => true,
        Quantifier::Any => false,
        Quantifier::One => found,
    }))
}

/// Runs Enumerable's (Ruby) method `name` on the Array `s`.
#[cold]
fn enumerable(vm: &mut Vm, s: Value, name: &str, a: &[Value], b: B) -> VResult {
    let id = symbol::intern(name);
    match crate::dispatch::lookup::find_method(&vm.classes, cls::ENUMERABLE, id) {
        Some((m, _)) => vm.call_method_id(m, s, a, b),
        None => Err(vm.arg_error(&format!("Enumerable#{name} is not defined"))),
    }
}

/// enum.c's group_by_i: one Array per key, keys as Hash#[]= stores them.
fn group_by(vm: &mut Vm, s: Value, b: &Rc<BlockArg>) -> VResult {
    let hash = vm.new_hash();
    let mark = vm.roots_len();
    vm.push_root(hash);
    let r = (|| {
        let mut i = 0;
        while let Some(x) = get(s, i) {
            let key = vm.yield_block(b, &[x])?;
            match vm.hash_get(hash, key)? {
                Some(list) if vm.is_array(list) => super::push(list, x),
                _ => {
                    let list = vm.ary_new(vec![x]);
                    vm.push_root(list);
                    let r = vm.hash_aset(hash, key, list);
                    vm.temp_roots.pop();
                    r?;
                }
            }
            i += 1;
        }
        Ok(hash)
    })();
    vm.truncate_roots(mark);
    r
}

/// enum.c's min_by_i / max_by_i: the first element whose key compares
/// `want` (Less for min_by) against the best key so far.
fn best_by(vm: &mut Vm, s: Value, b: &Rc<BlockArg>, want: Ordering) -> VResult {
    let mark = vm.roots_len();
    // Slots for the best element and its key, kept reachable.
    vm.push_root(Value::NIL);
    vm.push_root(Value::NIL);
    let r = (|| {
        let mut found = false;
        let mut i = 0;
        while let Some(x) = get(s, i) {
            let key = vm.yield_block(b, &[x])?;
            if !found || compare(vm, key, vm.temp_roots[mark + 1])? == want {
                vm.temp_roots[mark] = x;
                vm.temp_roots[mark + 1] = key;
                found = true;
            }
            i += 1;
        }
        Ok(vm.temp_roots[mark])
    })();
    vm.truncate_roots(mark);
    r
}

/// enum.c's each_slice_i: yields each full slice as it fills, then the
/// rest; returns the receiver (Ruby 3.1).
fn each_slice(vm: &mut Vm, s: Value, b: &Rc<BlockArg>, n: usize) -> VResult {
    let mark = vm.roots_len();
    let first = vm.ary_new(Vec::with_capacity(n.min(1024)));
    vm.push_root(first);
    let r = (|| {
        let mut i = 0;
        while let Some(x) = get(s, i) {
            let cur = vm.temp_roots[mark];
            super::push(cur, x);
            if super::len(cur) == n {
                let next = vm.ary_new(Vec::with_capacity(n.min(1024)));
                vm.temp_roots[mark] = next;
                vm.push_root(cur);
                let r = vm.yield_block(b, &[cur]);
                vm.temp_roots.pop();
                r?;
            }
            i += 1;
        }
        let cur = vm.temp_roots[mark];
        if super::len(cur) > 0 {
            vm.yield_block(b, &[cur])?;
        }
        Ok(s)
    })();
    vm.truncate_roots(mark);
    r
}

/// inject's first accumulator and the index of the first element folded
/// in: `init`, else the first element (None for an empty array).
fn inject_start(s: Value, init: Option<Value>) -> Option<(Value, usize)> {
    match init {
        Some(v) => Some((v, 0)),
        None => get(s, 0).map(|v| (v, 1)),
    }
}

/// enum.c's inject_op_i: `inject(:sym)` / `inject(init, :sym)`, each step
/// a public call `acc.sym(element)`.
fn inject_op(vm: &mut Vm, s: Value, init: Option<Value>, op: Value) -> VResult {
    let Some(op) = op.as_symbol() else {
        return Ok(Value::NIL);
    };
    let Some((acc, mut i)) = inject_start(s, init) else {
        return Ok(Value::NIL);
    };
    let mark = vm.roots_len();
    vm.push_root(acc);
    let r = (|| {
        while let Some(x) = get(s, i) {
            let acc = vm.temp_roots[mark];
            let v = vm.call_method_public(acc, op, &[x], None)?;
            vm.temp_roots[mark] = v;
            i += 1;
        }
        Ok(vm.temp_roots[mark])
    })();
    vm.truncate_roots(mark);
    r
}

/// enum.c's inject_i: the accumulator starts at `init` or the first
/// element, then becomes what the block returns for (acc, element).
fn inject(vm: &mut Vm, s: Value, b: &Rc<BlockArg>, init: Option<Value>) -> VResult {
    let mark = vm.roots_len();
    let Some((acc, mut i)) = inject_start(s, init) else {
        return Ok(Value::NIL);
    };
    vm.push_root(acc);
    let r = (|| {
        while let Some(x) = get(s, i) {
            let acc = vm.temp_roots[mark];
            let v = vm.yield_block(b, &[acc, x])?;
            vm.temp_roots[mark] = v;
            i += 1;
        }
        Ok(vm.temp_roots[mark])
    })();
    vm.truncate_roots(mark);
    r
}
