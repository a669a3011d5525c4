//! Regexp and MatchData (on the fancy-regex engine).

use crate::class::cls;
use crate::gc::obj;
use crate::interp::Vm;
use crate::object::{Body, RRegexp};
use crate::value::Value;

/// Ruby regexp source to fancy-regex syntax (minimal; see support/).
pub fn translate(src: &str, opts: u32) -> String {
    let mut flags = String::from("(?m");
    if opts & 1 != 0 {
        flags.push('i');
    }
    if opts & 2 != 0 {
        flags.push('x');
    }
    if opts & 4 != 0 {
        flags.push('s');
    }
    flags.push(')');
    let body = src
        .replace("\\h", "[0-9a-fA-F]")
        .replace("\\A", "\\A")
        .replace("\\z", "\\z")
        .replace("\\Z", "(?=\\n?\\z)")
        .replace("(?<", "(?P<")
        .replace("(?P<=", "(?<=")
        .replace("(?P<!", "(?<!");
    format!("{flags}{body}")
}

/// `(?-mix:src)` form used by Regexp#to_s and interpolation.
pub fn to_s_form(r: &RRegexp) -> String {
    let on: String = [(4, 'm'), (1, 'i'), (2, 'x')]
        .iter()
        .filter(|(b, _)| r.options & b != 0)
        .map(|(_, c)| *c)
        .collect();
    let off: String = [(4, 'm'), (1, 'i'), (2, 'x')]
        .iter()
        .filter(|(b, _)| r.options & b == 0)
        .map(|(_, c)| *c)
        .collect();
    if off.is_empty() {
        format!("(?{on}:{})", r.source)
    } else {
        format!("(?{on}-{off}:{})", r.source)
    }
}

fn with_re<R>(v: Value, f: impl FnOnce(&RRegexp) -> R) -> Option<R> {
    match &*obj(v).body.borrow() {
        Body::Regexp(r) => Some(f(r)),
        _ => None,
    }
}

pub fn init(vm: &mut Vm) {
    let r = cls::REGEXP;
    vm.def_builtin(r, "source", 0, |vm, s, _, _| {
        let t = with_re(s, |r| r.source.clone()).unwrap_or_default();
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(r, "to_s", 0, |vm, s, _, _| {
        let t = with_re(s, to_s_form).unwrap_or_default();
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(r, "inspect", 0, |vm, s, _, _| {
        let t = with_re(s, |r| {
            let mut o = format!("/{}/", r.source);
            if r.options & 4 != 0 {
                o.push('m');
            }
            if r.options & 1 != 0 {
                o.push('i');
            }
            if r.options & 2 != 0 {
                o.push('x');
            }
            o
        })
        .unwrap_or_default();
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(r, "match", -2, |vm, s, a, _| {
        if a[0].is_nil() {
            vm.last_match = Value::NIL;
            return Ok(Value::NIL);
        }
        let st = if vm.is_string(a[0]) {
            a[0]
        } else {
            let t = vm.to_s(a[0])?;
            vm.str_new(&t)
        };
        vm.regexp_match(s, st, 0)
    });
    vm.def_builtin(r, "match?", -2, |vm, s, a, _| {
        if a[0].is_nil() {
            return Ok(Value::FALSE);
        }
        let saved = vm.last_match;
        let m = vm.regexp_match(s, a[0], 0)?;
        vm.last_match = saved;
        Ok(Value::bool(!m.is_nil()))
    });
    vm.def_builtin(r, "=~", 1, |vm, s, a, _| {
        if a[0].is_nil() {
            vm.last_match = Value::NIL;
            return Ok(Value::NIL);
        }
        let m = vm.regexp_match(s, a[0], 0)?;
        if m.is_nil() {
            return Ok(Value::NIL);
        }
        let (st, start) = match &*obj(m).body.borrow() {
            Body::MatchData(md) => (md.string, md.groups[0].map(|g| g.0).unwrap_or(0)),
            _ => return Ok(Value::NIL),
        };
        let t = vm.string_lossy(st);
        Ok(Value::int(t[..start].chars().count() as i64))
    });
    vm.def_builtin(r, "===", 1, |vm, s, a, _| {
        if !vm.is_string(a[0]) && !a[0].is_symbol() {
            return Ok(Value::FALSE);
        }
        let st = if a[0].is_symbol() {
            let t = vm.symbol_name(a[0]).unwrap_or_default();
            vm.str_new(&t)
        } else {
            a[0]
        };
        let m = vm.regexp_match(s, st, 0)?;
        Ok(Value::bool(!m.is_nil()))
    });
    vm.def_builtin(r, "==", 1, |_, s, a, _| {
        let x = with_re(s, |r| (r.source.clone(), r.options));
        let y = if a[0].is_heap() {
            with_re(a[0], |r| (r.source.clone(), r.options))
        } else {
            None
        };
        Ok(Value::bool(x.is_some() && x == y))
    });
    vm.def_builtin(r, "names", 0, |vm, s, _, _| {
        let n = with_re(s, |r| r.names.clone()).unwrap_or_default();
        let v = n.iter().map(|x| vm.str_new(x)).collect();
        Ok(vm.ary_new(v))
    });
    vm.def_singleton_builtin(r, "new", -2, |vm, _, a, _| {
        if let Some(src) = a[0]
            .is_heap()
            .then(|| with_re(a[0], |r| (r.source.clone(), r.options)))
            .flatten()
        {
            return vm.regexp_new(&src.0, src.1);
        }
        let s = vm.to_s(a[0])?;
        let opts = match a.get(1) {
            Some(v) if v.is_fixnum() => v.fixnum_unchecked() as u32,
            Some(v) if v.truthy() => 1,
            _ => 0,
        };
        vm.regexp_new(&s, opts)
    });
    vm.def_singleton_builtin(r, "escape", 1, |vm, _, a, _| {
        let s = vm.to_s(a[0])?;
        let mut o = String::new();
        for c in s.chars() {
            match c {
                '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}'
                | '\\' | '/' | '-' => {
                    o.push('\\');
                    o.push(c)
                }
                '\n' => o.push_str("\\n"),
                '\t' => o.push_str("\\t"),
                ' ' => o.push_str("\\ "),
                c => o.push(c),
            }
        }
        Ok(vm.str_new(&o))
    });
    for (n, v) in [("IGNORECASE", 1), ("EXTENDED", 2), ("MULTILINE", 4)] {
        vm.classes
            .set_const(r, crate::value::symbol::intern(n), Value::int(v));
    }

    let m = cls::MATCH_DATA;
    vm.def_builtin(m, "[]", 1, |vm, s, a, _| {
        let idx = match a[0].as_fixnum() {
            Some(i) => Some(i),
            None => {
                let name = if a[0].is_symbol() {
                    vm.symbol_name(a[0]).unwrap_or_default()
                } else {
                    vm.to_s(a[0])?
                };
                let re = match &*obj(s).body.borrow() {
                    Body::MatchData(md) => md.regexp,
                    _ => return Ok(Value::NIL),
                };
                let pos = with_re(re, |r| {
                    r.regex
                        .capture_names()
                        .position(|n| n == Some(name.as_str()))
                })
                .flatten();
                match pos {
                    Some(p) => Some(p as i64),
                    None => {
                        return Err(vm.error(
                            vm.e.index_error,
                            &format!("undefined group name reference: {name}"),
                        ));
                    }
                }
            }
        };
        group(vm, s, idx.unwrap_or(0))
    });
    vm.def_builtin(m, "to_a", 0, |vm, s, _, _| {
        let n = ngroups(s);
        let v: Vec<Value> = (0..n)
            .map(|i| group(vm, s, i as i64).unwrap_or(Value::NIL))
            .collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(m, "captures", 0, |vm, s, _, _| {
        let n = ngroups(s);
        let v: Vec<Value> = (1..n)
            .map(|i| group(vm, s, i as i64).unwrap_or(Value::NIL))
            .collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(m, "to_s", 0, |vm, s, _, _| group(vm, s, 0));
    vm.def_builtin(m, "pre_match", 0, |vm, s, _, _| {
        let (st, g) = parts(s);
        let t = vm.string_lossy(st);
        Ok(vm.str_new(&t[..g.first().copied().flatten().map(|x| x.0).unwrap_or(0)]))
    });
    vm.def_builtin(m, "post_match", 0, |vm, s, _, _| {
        let (st, g) = parts(s);
        let t = vm.string_lossy(st);
        Ok(vm.str_new(&t[g.first().copied().flatten().map(|x| x.1).unwrap_or(0)..]))
    });
    vm.def_builtin(m, "named_captures", 0, |vm, s, _, _| {
        let re = match &*obj(s).body.borrow() {
            Body::MatchData(md) => md.regexp,
            _ => return Ok(Value::NIL),
        };
        let names: Vec<(usize, String)> = with_re(re, |r| {
            r.regex
                .capture_names()
                .enumerate()
                .filter_map(|(i, n)| n.map(|n| (i, n.to_string())))
                .collect()
        })
        .unwrap_or_default();
        let h = vm.new_hash();
        for (i, n) in names {
            let k = vm.str_new(&n);
            let v = group(vm, s, i as i64)?;
            vm.hash_aset(h, k, v)?;
        }
        Ok(h)
    });
    vm.def_builtin(m, "begin", 1, |vm, s, a, _| {
        let (st, g) = parts(s);
        let i = a[0].as_fixnum().unwrap_or(0) as usize;
        let t = vm.string_lossy(st);
        Ok(match g.get(i).copied().flatten() {
            Some((b, _)) => Value::int(t[..b].chars().count() as i64),
            None => Value::NIL,
        })
    });
    vm.def_builtin(m, "end", 1, |vm, s, a, _| {
        let (st, g) = parts(s);
        let i = a[0].as_fixnum().unwrap_or(0) as usize;
        let t = vm.string_lossy(st);
        Ok(match g.get(i).copied().flatten() {
            Some((_, e)) => Value::int(t[..e].chars().count() as i64),
            None => Value::NIL,
        })
    });
    vm.def_builtin(m, "inspect", 0, |vm, s, _, _| {
        let n = ngroups(s);
        let mut o = String::from("#<MatchData");
        for i in 0..n {
            let g = group(vm, s, i as i64)?;
            let gi = vm.inspect(g)?;
            if i == 0 {
                o.push_str(&format!(" {gi}"));
            } else {
                o.push_str(&format!(" {i}:{gi}"));
            }
        }
        o.push('>');
        Ok(vm.str_new(&o))
    });
}

fn parts(s: Value) -> (Value, Vec<Option<(usize, usize)>>) {
    match &*obj(s).body.borrow() {
        Body::MatchData(md) => (md.string, md.groups.clone()),
        _ => (Value::NIL, Vec::new()),
    }
}

fn ngroups(s: Value) -> usize {
    parts(s).1.len()
}

fn group(vm: &mut Vm, s: Value, i: i64) -> crate::interp::VResult {
    let (st, g) = parts(s);
    let i = if i < 0 { i + g.len() as i64 } else { i };
    if i < 0 {
        return Ok(Value::NIL);
    }
    let t = vm.string_lossy(st);
    Ok(match g.get(i as usize).copied().flatten() {
        Some((a, b)) => vm.str_new(&t[a..b]),
        None => Value::NIL,
    })
}
