//! StringScanner's engine (`require 'strscan'`): matching at a byte
//! position of the subject without copying its rest.
//!
//! lib/strscan.rb defines the class and its rarely hot methods, then
//! calls `RubyVM::Prelude.define_strscan(self)`, which installs the
//! methods here. The state lives in the scanner's instance variables:
//! `@string` (the subject), `@pos` (byte offset), `@prev` (the position
//! before the last match, for `unscan`) and `@match` (a MatchData over
//! the subject with absolute byte offsets, its regexp nil for a String
//! pattern or `getch`, or nil after a miss).
//!
//! A Regexp matches the subject's shared text from `@pos` on, as CRuby's
//! default (`fixed_anchor: false`) scanner does: the rest reads as the
//! whole string, so `\A` and `^` match at the position. Anchored forms
//! (`scan`, `skip`, `match?`, `check`) use `\A(?:pattern)`, compiled once
//! per Regexp and kept in it (`RRegexp::anchored`); a Regexp that matches
//! one fixed ASCII text (`/\{/`, `/true/`) compares bytes instead.

use std::rc::Rc;

use crate::builtins::regexp::{self as re, Groups};
use crate::builtins::string::{char_index_of, new_like, with_bytes};
use crate::builtins::type_name;
use crate::gc::obj;
use crate::interp::{BuiltinFn, VResult, Vm};
use crate::object::{Anchored, Body, Unwind};
use crate::value::{ClassId, Value, symbol};

/// What a scan does: match at the position or search from it, move the
/// position, answer the matched string (else its length).
#[derive(Clone, Copy)]
struct Mode {
    advance: bool,
    return_str: bool,
    anchored: bool,
}

const fn mode(advance: bool, return_str: bool, anchored: bool) -> Mode {
    Mode {
        advance,
        return_str,
        anchored,
    }
}

/// The subject and the position (clamped to its length: the subject may
/// have shrunk).
/// ArgumentError when `initialize` has not run (no String subject).
fn state(vm: &mut Vm, s: Value) -> Result<(Value, usize), Unwind> {
    let st = vm.ivar_get_name(s, crate::intern!("@string"));
    if !vm.is_string(st) {
        return Err(uninitialized(vm));
    }
    let pos = vm
        .ivar_get_name(s, crate::intern!("@pos"))
        .as_fixnum()
        .unwrap_or(0)
        .max(0) as usize;
    Ok((st, pos.min(with_bytes(st, |b| b.len()))))
}

#[cold]
fn uninitialized(vm: &mut Vm) -> Unwind {
    vm.arg_error("uninitialized StringScanner object")
}

fn set_pos(vm: &mut Vm, s: Value, pos: usize) {
    vm.ivar_set_name(s, crate::intern!("@pos"), Value::int(pos as i64));
}

/// The last match's MatchData, nil after a miss (or if `@match` was set
/// to anything else).
fn last_match(vm: &mut Vm, s: Value) -> VResult {
    state(vm, s)?;
    let m = vm.ivar_get_name(s, crate::intern!("@match"));
    Ok(
        if m.is_heap() && matches!(&*obj(m).body.borrow(), Body::MatchData(_)) {
            m
        } else {
            Value::NIL
        },
    )
}

/// Byte span `x..y` of the subject as a new String (its encoding kept);
/// nil when `x` is past the end (the subject shrank), as CRuby's
/// extract_range.
fn piece(vm: &mut Vm, st: Value, x: usize, y: usize) -> Value {
    match with_bytes(st, |b| b.get(x..y.min(b.len()).max(x)).map(<[u8]>::to_vec)) {
        Some(b) => new_like(vm, st, b),
        None => Value::NIL,
    }
}

/// Records a match of `groups` (absolute byte offsets) from `pos`.
fn record(vm: &mut Vm, s: Value, st: Value, pos: usize, re_v: Value, groups: Groups) -> Value {
    let m = re::make_match(vm, re_v, st, groups);
    vm.ivar_set_name(s, crate::intern!("@match"), m);
    vm.ivar_set_name(s, crate::intern!("@prev"), Value::int(pos as i64));
    m
}

/// Runs Regexp `re_v` on the subject's text from byte `pos`: groups in
/// absolute byte offsets.
fn regexp_at(
    vm: &mut Vm,
    re_v: Value,
    st: Value,
    pos: usize,
    anchored: bool,
) -> Result<Option<Groups>, Unwind> {
    let subj = vm.match_subject(re_v, st)?;
    // A position inside a character (after `get_byte`) matches nothing.
    let Some(tpos) = subj.to_text(pos) else {
        return Ok(None);
    };
    let Some(rest) = subj.text.get(tpos..) else {
        return Ok(None);
    };
    let body = obj(re_v).body.borrow();
    let Body::Regexp(r) = &*body else {
        return Ok(None);
    };
    let found = if anchored {
        let anchored = r.anchored.get_or_init(|| {
            if r.options == 0
                && let Some(lit) = re::literal_text(&r.source)
            {
                return Some(Anchored::Literal(lit.into()));
            }
            re::compile(&format!("\\A(?:{})", r.source), r.options)
                .ok()
                .map(|a| Anchored::Regex(Rc::new(a)))
        });
        match anchored {
            Some(Anchored::Literal(lit)) => rest
                .as_bytes()
                .starts_with(lit)
                .then(|| vec![Some((tpos, tpos + lit.len()))]),
            Some(Anchored::Regex(a)) => re::groups_from(a, rest, 0, tpos),
            None => None,
        }
    } else {
        re::groups_from(&r.regex, rest, 0, tpos)
    };
    Ok(found.map(|g| subj.groups_to_bytes_near(g, pos)))
}

/// CRuby's strscan_do_scan.
fn do_scan(vm: &mut Vm, s: Value, pat: Value, m: Mode) -> VResult {
    let (st, pos) = state(vm, s)?;
    let found = if re::is_regexp(pat) {
        regexp_at(vm, pat, st, pos, m.anchored)?.map(|g| (pat, g))
    } else if !m.anchored {
        let t = type_name(vm, pat);
        return Err(vm.type_error(&format!("wrong argument type {t} (expected Regexp)")));
    } else {
        let p = string_pattern(vm, pat)?;
        with_bytes(st, |b| b[pos..].starts_with(&p))
            .then(|| (Value::NIL, vec![Some((pos, pos + p.len()))]))
    };
    let Some((re_v, groups)) = found else {
        vm.ivar_set_name(s, crate::intern!("@match"), Value::NIL);
        return Ok(Value::NIL);
    };
    let end = groups[0].map_or(pos, |(_, e)| e);
    // The answer runs from the position (the match's start when anchored).
    let from = pos;
    record(vm, s, st, pos, re_v, groups);
    if m.advance {
        set_pos(vm, s, end);
    }
    if m.return_str {
        Ok(piece(vm, st, from, end))
    } else {
        Ok(Value::int((end - pos) as i64))
    }
}

/// A String pattern's bytes (StringValue: CRuby's TypeError otherwise).
fn string_pattern(vm: &mut Vm, pat: Value) -> Result<Vec<u8>, Unwind> {
    if vm.is_string(pat) {
        return Ok(with_bytes(pat, |b| b.to_vec()));
    }
    crate::builtins::str_arg(vm, pat)
}

/// Constant `name` of class `parent`, when it is a class or module.
fn const_class(vm: &Vm, parent: ClassId, name: &str) -> Option<ClassId> {
    let v = *vm.classes.get(parent).consts.get(&symbol::intern(name))?;
    vm.as_class(v)
}

/// `getch` / `get_byte`: a match of the next `n` bytes (0: at the end).
fn take(vm: &mut Vm, s: Value, whole_char: bool) -> VResult {
    let (st, pos) = state(vm, s)?;
    let n = with_bytes(st, |b| {
        if pos >= b.len() {
            0
        } else if whole_char && !crate::builtins::string::is_binary(st) {
            crate::builtins::string::char_len(b, pos)
        } else {
            1
        }
    });
    if n == 0 {
        vm.ivar_set_name(s, crate::intern!("@match"), Value::NIL);
        return Ok(Value::NIL);
    }
    record(vm, s, st, pos, Value::NIL, vec![Some((pos, pos + n))]);
    set_pos(vm, s, pos + n);
    Ok(piece(vm, st, pos, pos + n))
}

/// Group `i` (negative from the end, or a name) of the last match.
fn aref(vm: &mut Vm, s: Value, a: &[Value], _: crate::builtins::string::B) -> VResult {
    let m = last_match(vm, s)?;
    if m.is_nil() {
        return Ok(Value::NIL);
    }
    let (st, groups) = re::parts(m);
    let i = if vm.symbol_name(a[0]).is_some() || vm.is_string(a[0]) {
        if re::match_regexp(m).is_nil() {
            let n = vm
                .symbol_name(a[0])
                .unwrap_or_else(|| vm.string_lossy(a[0]));
            return Err(vm.error(
                vm.e.index_error,
                &format!("undefined group name reference: {n}"),
            ));
        }
        re::group_index(vm, m, a[0])?
    } else {
        crate::builtins::int_arg(vm, a[0])?
    };
    let i = if i < 0 { i + groups.len() as i64 } else { i };
    match usize::try_from(i)
        .ok()
        .and_then(|i| groups.get(i).copied().flatten())
    {
        Some((x, y)) => Ok(piece(vm, st, x, y)),
        None => Ok(Value::NIL),
    }
}

/// The last match's span (whole match).
fn span(vm: &mut Vm, s: Value) -> Result<Option<(Value, usize, usize)>, Unwind> {
    let m = last_match(vm, s)?;
    if m.is_nil() {
        return Ok(None);
    }
    let (st, g) = re::parts(m);
    Ok(g.first().copied().flatten().map(|(x, y)| (st, x, y)))
}

fn define(vm: &mut Vm, c: ClassId) {
    const SCAN: Mode = mode(true, true, true);
    const MATCH_P: Mode = mode(false, false, true);
    const SKIP: Mode = mode(true, false, true);
    const CHECK: Mode = mode(false, true, true);
    const SCAN_UNTIL: Mode = mode(true, true, false);
    const EXIST_P: Mode = mode(false, false, false);
    const SKIP_UNTIL: Mode = mode(true, false, false);
    const CHECK_UNTIL: Mode = mode(false, true, false);
    let scans: [(&str, i32, BuiltinFn); 10] = [
        ("scan", 1, |vm, s, a, _| do_scan(vm, s, a[0], SCAN)),
        ("match?", 1, |vm, s, a, _| do_scan(vm, s, a[0], MATCH_P)),
        ("skip", 1, |vm, s, a, _| do_scan(vm, s, a[0], SKIP)),
        ("check", 1, |vm, s, a, _| do_scan(vm, s, a[0], CHECK)),
        ("scan_until", 1, |vm, s, a, _| {
            do_scan(vm, s, a[0], SCAN_UNTIL)
        }),
        ("exist?", 1, |vm, s, a, _| do_scan(vm, s, a[0], EXIST_P)),
        ("skip_until", 1, |vm, s, a, _| {
            do_scan(vm, s, a[0], SKIP_UNTIL)
        }),
        ("check_until", 1, |vm, s, a, _| {
            do_scan(vm, s, a[0], CHECK_UNTIL)
        }),
        ("search_full", 3, |vm, s, a, _| {
            let m = mode(a[1].truthy(), a[2].truthy(), false);
            do_scan(vm, s, a[0], m)
        }),
        ("scan_full", 3, |vm, s, a, _| {
            let m = mode(a[1].truthy(), a[2].truthy(), true);
            do_scan(vm, s, a[0], m)
        }),
    ];
    for (name, arity, f) in scans {
        vm.def_builtin(c, name, arity, f);
    }
    vm.def_builtin(c, "getch", 0, |vm, s, _, _| take(vm, s, true));
    for n in ["get_byte", "getbyte"] {
        vm.def_builtin(c, n, 0, |vm, s, _, _| take(vm, s, false));
    }
    vm.def_builtin(c, "[]", 1, aref);
    for n in ["pos", "pointer"] {
        vm.def_builtin(c, n, 0, |vm, s, _, _| {
            state(vm, s)?;
            // As set: not clamped to a subject that shrank since.
            Ok(vm.ivar_get_name(s, crate::intern!("@pos")))
        });
    }
    vm.def_builtin(c, "charpos", 0, |vm, s, _, _| {
        let (st, pos) = state(vm, s)?;
        Ok(Value::int(char_index_of(st, pos) as i64))
    });
    for n in ["eos?", "empty?"] {
        vm.def_builtin(c, n, 0, |vm, s, _, _| {
            let (st, pos) = state(vm, s)?;
            Ok(Value::bool(pos >= with_bytes(st, |b| b.len())))
        });
    }
    vm.def_builtin(c, "rest?", 0, |vm, s, _, _| {
        let (st, pos) = state(vm, s)?;
        Ok(Value::bool(pos < with_bytes(st, |b| b.len())))
    });
    vm.def_builtin(c, "rest", 0, |vm, s, _, _| {
        let (st, pos) = state(vm, s)?;
        Ok(piece(vm, st, pos, usize::MAX))
    });
    for n in ["rest_size", "restsize"] {
        vm.def_builtin(c, n, 0, |vm, s, _, _| {
            let (st, pos) = state(vm, s)?;
            Ok(Value::int((with_bytes(st, |b| b.len()) - pos) as i64))
        });
    }
    for n in ["peek", "peep"] {
        vm.def_builtin(c, n, 1, |vm, s, a, _| {
            let n = crate::builtins::int_arg(vm, a[0])?;
            if n < 0 {
                return Err(vm.arg_error("negative string size (or size too big)"));
            }
            let (st, pos) = state(vm, s)?;
            Ok(piece(vm, st, pos, pos.saturating_add(n as usize)))
        });
    }
    vm.def_builtin(c, "matched?", 0, |vm, s, _, _| {
        Ok(Value::bool(!last_match(vm, s)?.is_nil()))
    });
    vm.def_builtin(c, "matched", 0, |vm, s, _, _| {
        Ok(match span(vm, s)? {
            Some((st, x, y)) => piece(vm, st, x, y),
            None => Value::NIL,
        })
    });
    vm.def_builtin(c, "matched_size", 0, |vm, s, _, _| {
        Ok(span(vm, s)?.map_or(Value::NIL, |(_, x, y)| Value::int((y - x) as i64)))
    });
    vm.def_builtin(c, "pre_match", 0, |vm, s, _, _| {
        Ok(match span(vm, s)? {
            Some((st, x, _)) => piece(vm, st, 0, x),
            None => Value::NIL,
        })
    });
    vm.def_builtin(c, "post_match", 0, |vm, s, _, _| {
        Ok(match span(vm, s)? {
            Some((st, _, y)) => piece(vm, st, y, usize::MAX),
            None => Value::NIL,
        })
    });
    vm.def_builtin(c, "size", 0, |vm, s, _, _| {
        let m = last_match(vm, s)?;
        Ok(if m.is_nil() {
            Value::NIL
        } else {
            Value::int(re::parts(m).1.len() as i64)
        })
    });
    vm.def_builtin(c, "captures", 0, |vm, s, _, _| {
        let m = last_match(vm, s)?;
        if m.is_nil() {
            return Ok(Value::NIL);
        }
        // strscan 3.0.1: an unmatched group reads as "".
        let (st, g) = re::parts(m);
        let mut out = Vec::with_capacity(g.len().saturating_sub(1));
        for sp in g.iter().skip(1) {
            let (x, y) = sp.unwrap_or((0, 0));
            out.push(piece(vm, st, x, y));
        }
        Ok(vm.ary_new(out))
    });
    vm.def_builtin(c, "unscan", 0, |vm, s, _, _| {
        if last_match(vm, s)?.is_nil() {
            let e = const_class(vm, crate::class::cls::OBJECT, "StringScanner")
                .and_then(|c| const_class(vm, c, "Error"))
                .unwrap_or(vm.e.runtime_error);
            return Err(vm.error(e, "unscan failed: previous match record not exist"));
        }
        let prev = vm.ivar_get_name(s, crate::intern!("@prev"));
        vm.ivar_set_name(s, crate::intern!("@pos"), prev);
        vm.ivar_set_name(s, crate::intern!("@match"), Value::NIL);
        Ok(s)
    });
}

pub fn init(vm: &mut Vm) {
    let Some(rv) = const_class(vm, crate::class::cls::OBJECT, "RubyVM")
        .and_then(|c| const_class(vm, c, "Prelude"))
    else {
        return;
    };
    vm.def_singleton_builtin(rv, "define_strscan", 1, |vm, _, a, _| {
        let Some(c) = vm.as_class(a[0]) else {
            return Err(vm.type_error("define_strscan: class expected"));
        };
        define(vm, c);
        Ok(Value::NIL)
    });
}
