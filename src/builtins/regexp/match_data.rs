//! MatchData: groups by number or name, offsets in characters, captures,
//! pre/post match, inspect.

use super::{group, group_index, group_names_of, match_regexp, parts};
use crate::builtins::string::char_index_of;
use crate::class::arity;
use crate::class::cls;
use crate::interp::Vm;
use crate::object::Unwind;
use crate::value::{Value, sym};

/// Group number for an offset query, with CRuby's IndexError when out of
/// range.
fn checked_index(vm: &mut Vm, m: Value, v: Value) -> Result<usize, Unwind> {
    let i = group_index(vm, m, v)?;
    let n = parts(m).1.len() as i64;
    if i < 0 || i >= n {
        return Err(vm.error(vm.e.index_error, &format!("index {i} out of matches")));
    }
    Ok(i as usize)
}

/// Character offsets (begin, end) of group `i`, if it matched.
fn char_span(m: Value, i: usize) -> Option<(i64, i64)> {
    let (st, g) = parts(m);
    g.get(i)
        .copied()
        .flatten()
        .map(|(x, y)| (char_index_of(st, x) as i64, char_index_of(st, y) as i64))
}

fn to_a(vm: &mut Vm, m: Value) -> Result<Vec<Value>, Unwind> {
    let n = parts(m).1.len();
    let mut v = Vec::with_capacity(n);
    for i in 0..n {
        v.push(group(vm, m, i as i64)?);
    }
    Ok(v)
}

pub fn init(vm: &mut Vm) {
    let m = cls::MATCH_DATA;
    vm.def_builtin(m, "[]", arity::range(1, 2), |vm, s, a, _| {
        if a.len() == 1 && (a[0].is_fixnum() || a[0].is_symbol() || vm.is_string(a[0])) {
            let i = group_index(vm, s, a[0])?;
            return group(vm, s, i);
        }
        let all = to_a(vm, s)?;
        let arr = vm.ary_new(all);
        vm.push_root(arr);
        let r = vm.funcall(arr, sym::AREF, a, None);
        vm.temp_roots.pop();
        r
    });
    vm.def_builtin(m, "to_a", 0, |vm, s, _, _| {
        let v = to_a(vm, s)?;
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(m, "captures", 0, |vm, s, _, _| {
        let mut v = to_a(vm, s)?;
        v.remove(0);
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(m, "values_at", -1, |vm, s, a, _| {
        let mut out = Vec::new();
        for v in a {
            if v.is_fixnum() || v.is_symbol() || vm.is_string(*v) {
                let i = group_index(vm, s, *v)?;
                out.push(group(vm, s, i)?);
            } else {
                let all = to_a(vm, s)?;
                let arr = vm.ary_new(all);
                let r = vm.funcall(arr, crate::intern!("values_at"), &[*v], None)?;
                out.extend(vm.array_items(r));
            }
        }
        Ok(vm.ary_new(out))
    });
    for n in ["size", "length"] {
        vm.def_builtin(m, n, 0, |_, s, _, _| {
            Ok(Value::int(parts(s).1.len() as i64))
        });
    }
    vm.def_builtin(m, "to_s", 0, |vm, s, _, _| group(vm, s, 0));
    vm.def_builtin(m, "string", 0, |_, s, _, _| Ok(parts(s).0));
    vm.def_builtin(m, "regexp", 0, |_, s, _, _| Ok(match_regexp(s)));
    vm.def_builtin(m, "names", 0, |vm, s, _, _| {
        let re = match_regexp(s);
        let mut names: Vec<String> = Vec::new();
        for n in group_names_of(re).into_iter().flatten() {
            if !names.contains(&n) {
                names.push(n);
            }
        }
        let v = names.iter().map(|n| vm.str_new(n)).collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(m, "pre_match", 0, |vm, s, _, _| {
        let (st, g) = parts(s);
        let b = vm.string_bytes(st);
        let e = g[0].map(|x| x.0).unwrap_or(0);
        Ok(crate::builtins::string::new_like(vm, st, b[..e].to_vec()))
    });
    vm.def_builtin(m, "post_match", 0, |vm, s, _, _| {
        let (st, g) = parts(s);
        let b = vm.string_bytes(st);
        let e = g[0].map(|x| x.1).unwrap_or(0);
        Ok(crate::builtins::string::new_like(vm, st, b[e..].to_vec()))
    });
    vm.def_builtin(m, "named_captures", 0, |vm, s, _, _| {
        let re = match_regexp(s);
        let names = group_names_of(re);
        let h = vm.new_hash();
        vm.push_root(h);
        for (i, n) in names.iter().enumerate() {
            let Some(n) = n else { continue };
            let v = group(vm, s, i as i64 + 1)?;
            let k = vm.str_new(n);
            // A later group of the same name wins only if it matched.
            if v.is_nil() && vm.hash_get(h, k)?.is_some() {
                continue;
            }
            vm.hash_aset(h, k, v)?;
        }
        vm.temp_roots.pop();
        Ok(h)
    });
    vm.def_builtin(m, "begin", 1, |vm, s, a, _| {
        let i = checked_index(vm, s, a[0])?;
        Ok(char_span(s, i).map_or(Value::NIL, |x| Value::int(x.0)))
    });
    vm.def_builtin(m, "end", 1, |vm, s, a, _| {
        let i = checked_index(vm, s, a[0])?;
        Ok(char_span(s, i).map_or(Value::NIL, |x| Value::int(x.1)))
    });
    vm.def_builtin(m, "offset", 1, |vm, s, a, _| {
        let i = checked_index(vm, s, a[0])?;
        let v = match char_span(s, i) {
            Some((x, y)) => vec![Value::int(x), Value::int(y)],
            None => vec![Value::NIL, Value::NIL],
        };
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(m, "byteoffset", 1, |vm, s, a, _| {
        let i = checked_index(vm, s, a[0])?;
        let v = match parts(s).1[i] {
            Some((x, y)) => vec![Value::int(x as i64), Value::int(y as i64)],
            None => vec![Value::NIL, Value::NIL],
        };
        Ok(vm.ary_new(v))
    });
    for n in ["==", "eql?"] {
        vm.def_builtin(m, n, 1, |vm, s, a, _| {
            if !a[0].is_heap() || vm.real_class_of(a[0]) != cls::MATCH_DATA {
                return Ok(Value::FALSE);
            }
            let (s1, g1) = parts(s);
            let (s2, g2) = parts(a[0]);
            let same = vm.string_bytes(s1) == vm.string_bytes(s2)
                && g1 == g2
                && match_regexp(s) == match_regexp(a[0]);
            Ok(Value::bool(same))
        });
    }
    vm.def_builtin(m, "inspect", 0, |vm, s, _, _| {
        let names = group_names_of(match_regexp(s));
        let n = parts(s).1.len();
        let mut o = String::from("#<MatchData");
        for i in 0..n {
            let g = group(vm, s, i as i64)?;
            let gi = vm.inspect(g)?;
            if i == 0 {
                o.push_str(&format!(" {gi}"));
            } else {
                match names.get(i - 1).cloned().flatten() {
                    Some(name) => o.push_str(&format!(" {name}:{gi}")),
                    None => o.push_str(&format!(" {i}:{gi}")),
                }
            }
        }
        o.push('>');
        Ok(vm.str_new(&o))
    });
}
