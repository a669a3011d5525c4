//! String (and `format`).

use std::rc::Rc;

use super::{check_frozen, int_arg, str_arg};
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{Value, sym, symbol};

type B = Option<Rc<BlockArg>>;

/// Ruby's String#inspect for `s`.
pub fn inspect_str(bytes: &[u8]) -> String {
    let s = String::from_utf8_lossy(bytes);
    let mut o = String::from("\"");
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\t' => o.push_str("\\t"),
            '\r' => o.push_str("\\r"),
            '\x1b' => o.push_str("\\e"),
            '\x07' => o.push_str("\\a"),
            '\x08' => o.push_str("\\b"),
            '\x0b' => o.push_str("\\v"),
            '\x0c' => o.push_str("\\f"),
            '#' if matches!(chars.peek(), Some('{') | Some('$') | Some('@')) => o.push_str("\\#"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                o.push_str(&format!("\\x{:02X}", c as u32))
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn bytes(vm: &Vm, v: Value) -> Vec<u8> {
    vm.string_bytes(v)
}

fn with_mut(vm: &mut Vm, s: Value, f: impl FnOnce(&mut Vec<u8>)) -> Result<(), Unwind> {
    check_frozen(vm, s)?;
    if let Body::String(st) = &mut *obj(s).body.borrow_mut() {
        f(&mut st.bytes);
    }
    Ok(())
}

pub fn init(vm: &mut Vm) {
    let s = cls::STRING;
    vm.def_builtin(s, "initialize", -1, |vm, s, a, _| {
        if let Some(v) = a.first()
            && vm.hash_len(*v).is_none()
        {
            let b = str_arg(vm, *v)?;
            with_mut(vm, s, |x| *x = b)?;
        }
        Ok(Value::NIL)
    });
    vm.def_builtin(s, "to_s", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(s, "to_str", 0, |_, s, _, _| Ok(s));
    vm.def_builtin(s, "inspect", 0, |vm, s, _, _| {
        let t = inspect_str(&bytes(vm, s));
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(s, "dump", 0, |vm, s, _, _| {
        let t = inspect_str(&bytes(vm, s));
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(s, "==", 1, |vm, s, a, _| {
        Ok(Value::bool(
            vm.is_string(a[0]) && bytes(vm, s) == bytes(vm, a[0]),
        ))
    });
    vm.def_builtin(s, "===", 1, |vm, s, a, _| {
        Ok(Value::bool(
            vm.is_string(a[0]) && bytes(vm, s) == bytes(vm, a[0]),
        ))
    });
    vm.def_builtin(s, "eql?", 1, |vm, s, a, _| {
        Ok(Value::bool(
            vm.is_string(a[0]) && bytes(vm, s) == bytes(vm, a[0]),
        ))
    });
    vm.def_builtin(s, "hash", 0, |vm, s, _, _| {
        Ok(Value::int((vm.hash_of(s)? >> 2) as i64))
    });
    vm.def_builtin(s, "<=>", 1, |vm, s, a, _| {
        if !vm.is_string(a[0]) {
            return Ok(Value::NIL);
        }
        Ok(Value::int(bytes(vm, s).cmp(&bytes(vm, a[0])) as i64))
    });
    vm.def_builtin(s, "+", 1, |vm, s, a, _| {
        let mut b = bytes(vm, s);
        b.extend(str_arg(vm, a[0])?);
        Ok(vm.str_from_bytes(b))
    });
    vm.def_builtin(s, "*", 1, |vm, s, a, _| {
        let n = int_arg(vm, a[0])?;
        if n < 0 {
            return Err(vm.arg_error("negative argument"));
        }
        let b = bytes(vm, s);
        if (b.len() as u128) * (n as u128) > (1u128 << 31) {
            return Err(vm.arg_error("argument too big"));
        }
        Ok(vm.str_from_bytes(b.repeat(n as usize)))
    });
    vm.def_builtin(s, "%", 1, |vm, s, a, _| {
        let args = if vm.is_array(a[0]) {
            vm.array_items(a[0])
        } else {
            vec![a[0]]
        };
        let mut all = vec![s];
        all.extend(args);
        format(vm, &all)
    });
    vm.def_builtin(s, "<<", 1, |vm, s, a, _| {
        let b = match a[0].as_fixnum() {
            Some(n) => vec![n as u8],
            None => str_arg(vm, a[0])?,
        };
        with_mut(vm, s, |x| x.extend(b))?;
        Ok(s)
    });
    vm.def_builtin(s, "concat", -1, |vm, s, a, _| {
        for v in a {
            let b = str_arg(vm, *v)?;
            with_mut(vm, s, |x| x.extend(b))?;
        }
        Ok(s)
    });
    vm.def_builtin(s, "length", 0, |vm, s, _, _| {
        Ok(Value::int(vm.string_lossy(s).chars().count() as i64))
    });
    vm.def_builtin(s, "size", 0, |vm, s, _, _| {
        Ok(Value::int(vm.string_lossy(s).chars().count() as i64))
    });
    vm.def_builtin(s, "bytesize", 0, |vm, s, _, _| {
        Ok(Value::int(bytes(vm, s).len() as i64))
    });
    vm.def_builtin(s, "empty?", 0, |vm, s, _, _| {
        Ok(Value::bool(bytes(vm, s).is_empty()))
    });
    vm.def_builtin(s, "to_sym", 0, |vm, s, _, _| {
        Ok(Value::symbol(symbol::intern(&vm.string_lossy(s))))
    });
    vm.def_builtin(s, "intern", 0, |vm, s, _, _| {
        Ok(Value::symbol(symbol::intern(&vm.string_lossy(s))))
    });
    vm.def_builtin(s, "to_i", -1, |vm, s, a, _| {
        let base = a.first().and_then(|v| v.as_fixnum()).unwrap_or(10) as u32;
        let t = vm.string_lossy(s);
        let t = t.trim_start();
        let (neg, t) = match t.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let digits: String = t
            .chars()
            .take_while(|c| c.is_digit(base) || *c == '_')
            .filter(|c| *c != '_')
            .collect();
        let b = num_bigint::BigInt::parse_bytes(digits.as_bytes(), base).unwrap_or_default();
        Ok(vm.bignum_value(if neg { -b } else { b }))
    });
    vm.def_builtin(s, "to_f", 0, |vm, s, _, _| {
        let t = vm.string_lossy(s);
        let t = t.trim_start();
        let mut end = 0;
        let bytes_t = t.as_bytes();
        let mut seen_dot = false;
        let mut seen_e = false;
        while end < bytes_t.len() {
            let c = bytes_t[end];
            let ok = c.is_ascii_digit()
                || (c == b'-' || c == b'+')
                    && (end == 0 || matches!(bytes_t[end - 1], b'e' | b'E'))
                || c == b'.'
                    && !seen_dot
                    && !seen_e
                    && end + 1 < bytes_t.len()
                    && bytes_t[end + 1].is_ascii_digit()
                || (c == b'e' || c == b'E') && !seen_e && end > 0
                || c == b'_';
            if !ok {
                break;
            }
            seen_dot |= c == b'.';
            seen_e |= c == b'e' || c == b'E';
            end += 1;
        }
        let num: String = t[..end].chars().filter(|c| *c != '_').collect();
        let num = num.trim_end_matches(['e', 'E', '+', '-']);
        Ok(vm.float_new(num.parse::<f64>().unwrap_or(0.0)))
    });
    vm.def_builtin(s, "upcase", -1, |vm, s, _, _| {
        Ok(vm.str_new(&vm.string_lossy(s).to_uppercase()))
    });
    vm.def_builtin(s, "downcase", -1, |vm, s, _, _| {
        Ok(vm.str_new(&vm.string_lossy(s).to_lowercase()))
    });
    vm.def_builtin(s, "capitalize", -1, |vm, s, _, _| {
        let t = vm.string_lossy(s);
        let mut c = t.chars();
        let r = match c.next() {
            Some(f) => f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase(),
            None => String::new(),
        };
        Ok(vm.str_new(&r))
    });
    vm.def_builtin(s, "reverse", 0, |vm, s, _, _| {
        Ok(vm.str_new(&vm.string_lossy(s).chars().rev().collect::<String>()))
    });
    vm.def_builtin(s, "strip", 0, |vm, s, _, _| {
        Ok(vm.str_new(
            vm.string_lossy(s)
                .trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0'),
        ))
    });
    vm.def_builtin(s, "chomp", -1, |vm, s, _, _| {
        let t = vm.string_lossy(s);
        let r = t
            .strip_suffix("\r\n")
            .or_else(|| t.strip_suffix('\n'))
            .or_else(|| t.strip_suffix('\r'))
            .unwrap_or(&t);
        Ok(vm.str_new(r))
    });
    vm.def_builtin(s, "chars", 0, |vm, s, _, _| {
        let t = vm.string_lossy(s);
        let v: Vec<Value> = t.chars().map(|c| vm.str_new(&c.to_string())).collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(s, "each_char", 0, |vm, s, _, b| {
        let b = super::object::block_required(vm, b)?;
        let t = vm.string_lossy(s);
        for c in t.chars() {
            let v = vm.str_new(&c.to_string());
            vm.yield_block(&b, &[v])?;
        }
        Ok(s)
    });
    vm.def_builtin(s, "split", -1, |vm, s, a, _| {
        let t = vm.string_lossy(s);
        let parts: Vec<String> = match a.first() {
            None => t.split_ascii_whitespace().map(|x| x.to_string()).collect(),
            Some(p) if vm.is_string(*p) => {
                let sep = vm.string_lossy(*p);
                if sep == " " {
                    t.split_ascii_whitespace().map(|x| x.to_string()).collect()
                } else if sep.is_empty() {
                    t.chars().map(|c| c.to_string()).collect()
                } else {
                    let mut v: Vec<String> = t.split(sep.as_str()).map(|x| x.to_string()).collect();
                    while v.last().is_some_and(|x| x.is_empty()) {
                        v.pop();
                    }
                    v
                }
            }
            Some(_) => {
                return Err(
                    vm.runtime_error("carmine: String#split with a regexp is not supported yet")
                );
            }
        };
        let v: Vec<Value> = parts.iter().map(|p| vm.str_new(p)).collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(s, "start_with?", -1, |vm, s, a, _| {
        let t = bytes(vm, s);
        for p in a {
            if vm.is_string(*p) && t.starts_with(&bytes(vm, *p)) {
                return Ok(Value::TRUE);
            }
        }
        Ok(Value::FALSE)
    });
    vm.def_builtin(s, "end_with?", -1, |vm, s, a, _| {
        let t = bytes(vm, s);
        for p in a {
            if vm.is_string(*p) && t.ends_with(&bytes(vm, *p)) {
                return Ok(Value::TRUE);
            }
        }
        Ok(Value::FALSE)
    });
    vm.def_builtin(s, "include?", 1, |vm, s, a, _| {
        let (t, p) = (
            vm.string_lossy(s),
            String::from_utf8_lossy(&str_arg(vm, a[0])?).into_owned(),
        );
        Ok(Value::bool(t.contains(&p)))
    });
    vm.def_builtin(s, "[]", -2, aref);
    vm.def_builtin(s, "slice", -2, aref);
    vm.def_builtin(s, "freeze", 0, |_, s, _, _| {
        obj(s).freeze();
        Ok(s)
    });
    vm.def_builtin(s, "dup", 0, |vm, s, _, _| {
        let b = bytes(vm, s);
        let c = vm.real_class_of(s);
        Ok(vm
            .heap
            .alloc(c, Body::String(crate::object::RString { bytes: b })))
    });
    vm.def_builtin(s, "-@", 0, |vm, s, _, _| {
        if obj(s).is_frozen() {
            return Ok(s);
        }
        let b = bytes(vm, s);
        let v = vm.str_from_bytes(b);
        obj(v).freeze();
        Ok(v)
    });
    vm.def_builtin(s, "+@", 0, |vm, s, _, _| {
        if !obj(s).is_frozen() {
            return Ok(s);
        }
        let b = bytes(vm, s);
        Ok(vm.str_from_bytes(b))
    });
    vm.def_builtin(s, "ord", 0, |vm, s, _, _| {
        let t = vm.string_lossy(s);
        match t.chars().next() {
            Some(c) => Ok(Value::int(c as i64)),
            None => Err(vm.arg_error("empty string")),
        }
    });
    vm.def_builtin(s, "center", -2, |vm, s, a, _| justify(vm, s, a, 'c'));
    vm.def_builtin(s, "ljust", -2, |vm, s, a, _| justify(vm, s, a, 'l'));
    vm.def_builtin(s, "rjust", -2, |vm, s, a, _| justify(vm, s, a, 'r'));
    vm.def_builtin(s, "replace", 1, |vm, s, a, _| {
        let b = str_arg(vm, a[0])?;
        with_mut(vm, s, |x| *x = b)?;
        Ok(s)
    });
    vm.def_builtin(s, "=~", 1, |vm, s, a, _| {
        vm.funcall(a[0], sym::MATCH, &[s], None)
    });
    vm.def_builtin(s, "encoding", 0, |vm, _, _, _| Ok(vm.str_new("UTF-8")));
    vm.def_builtin(s, "force_encoding", 1, |_, s, _, _| Ok(s));
    vm.def_builtin(s, "unicode_normalize", -1, |_, s, _, _| Ok(s));
    vm.def_builtin(s, "succ", 0, |vm, s, _, _| {
        let t = vm.string_lossy(s);
        Ok(vm.str_new(&succ(&t)))
    });
    let _ = sym::EQ;
    init_more(vm);
}

pub fn succ(s: &str) -> String {
    if s.is_empty() {
        return String::new();
    }
    let mut chars: Vec<char> = s.chars().collect();
    let mut i = chars.len();
    loop {
        if i == 0 {
            let first = chars[0];
            let ins = if first.is_ascii_digit() {
                '1'
            } else if first.is_ascii_uppercase() {
                'A'
            } else {
                'a'
            };
            chars.insert(0, ins);
            break;
        }
        i -= 1;
        let c = chars[i];
        if !c.is_ascii_alphanumeric() {
            if chars.iter().any(|c| c.is_ascii_alphanumeric()) {
                continue;
            }
            chars[i] = char::from_u32(c as u32 + 1).unwrap_or(c);
            break;
        }
        match c {
            'z' => chars[i] = 'a',
            'Z' => chars[i] = 'A',
            '9' => chars[i] = '0',
            _ => {
                chars[i] = char::from_u32(c as u32 + 1).unwrap();
                break;
            }
        }
    }
    chars.into_iter().collect()
}

fn justify(vm: &mut Vm, s: Value, a: &[Value], how: char) -> VResult {
    let w = int_arg(vm, a[0])?.max(0) as usize;
    let pad: Vec<char> = match a.get(1) {
        Some(p) => String::from_utf8_lossy(&str_arg(vm, *p)?).chars().collect(),
        None => vec![' '],
    };
    if pad.is_empty() {
        return Err(vm.arg_error("zero width padding"));
    }
    let t = vm.string_lossy(s);
    let len = t.chars().count();
    if w <= len {
        return Ok(vm.str_new(&t));
    }
    let total = w - len;
    let (l, r) = match how {
        'l' => (0, total),
        'r' => (total, 0),
        _ => (total / 2, total - total / 2),
    };
    let mk = |n: usize| (0..n).map(|i| pad[i % pad.len()]).collect::<String>();
    Ok(vm.str_new(&format!("{}{t}{}", mk(l), mk(r))))
}

fn aref(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let t: Vec<char> = vm.string_lossy(s).chars().collect();
    let len = t.len() as i64;
    let (start, count) = if a.len() == 2 {
        (int_arg(vm, a[0])?, int_arg(vm, a[1])?)
    } else if let Some(i) = a[0].as_fixnum() {
        let i = if i < 0 { i + len } else { i };
        if i < 0 || i >= len {
            return Ok(Value::NIL);
        }
        return Ok(vm.str_new(&t[i as usize].to_string()));
    } else if vm.is_string(a[0]) {
        let p = vm.string_lossy(a[0]);
        let whole: String = t.iter().collect();
        return Ok(if whole.contains(&p) {
            vm.str_new(&p)
        } else {
            Value::NIL
        });
    } else if let Some((b, e, excl)) = super::range::range_parts(a[0]) {
        let b = if b.is_nil() { 0 } else { int_arg(vm, b)? };
        let e = if e.is_nil() { -1 } else { int_arg(vm, e)? };
        let b2 = if b < 0 { b + len } else { b };
        let e2 = if e < 0 { e + len } else { e };
        let e2 = if excl && !a[0].is_nil() { e2 - 1 } else { e2 };
        (b2, (e2 - b2 + 1).max(0))
    } else {
        return Err(vm.type_error("no implicit conversion into Integer"));
    };
    let start = if start < 0 { start + len } else { start };
    if start < 0 || start > len || count < 0 {
        return Ok(Value::NIL);
    }
    let end = (start + count).min(len);
    let r: String = t[start as usize..end as usize].iter().collect();
    Ok(vm.str_new(&r))
}

/// `format(fmt, *args)`: a small implementation of the common directives.
pub fn format(vm: &mut Vm, a: &[Value]) -> VResult {
    let f = String::from_utf8_lossy(&str_arg(vm, a[0])?).into_owned();
    let mut args = a[1..].iter().copied();
    let mut out = String::new();
    let mut it = f.chars().peekable();
    while let Some(c) = it.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut flags = String::new();
        while let Some(&p) = it.peek() {
            if "-+ 0#".contains(p) {
                flags.push(p);
                it.next();
            } else {
                break;
            }
        }
        let mut width = String::new();
        while let Some(&p) = it.peek() {
            if p.is_ascii_digit() {
                width.push(p);
                it.next();
            } else {
                break;
            }
        }
        let mut prec: Option<usize> = None;
        if it.peek() == Some(&'.') {
            it.next();
            let mut p = String::new();
            while let Some(&d) = it.peek() {
                if d.is_ascii_digit() {
                    p.push(d);
                    it.next();
                } else {
                    break;
                }
            }
            prec = Some(p.parse().unwrap_or(0));
        }
        let Some(conv) = it.next() else { break };
        let mut next = |vm: &mut Vm| -> Result<Value, Unwind> {
            args.next().ok_or_else(|| vm.arg_error("too few arguments"))
        };
        let body = match conv {
            '%' => "%".to_string(),
            'd' | 'i' | 'u' => {
                let v = next(vm)?;
                let v = super::integer::kernel_integer(vm, v, None)?;
                let s = super::integer::int_to_s(v, 10);
                if flags.contains('+') && !s.starts_with('-') {
                    format!("+{s}")
                } else if flags.contains(' ') && !s.starts_with('-') {
                    format!(" {s}")
                } else {
                    s
                }
            }
            'f' => {
                let v = next(vm)?;
                let x = super::float::to_f64(v).unwrap_or(0.0);
                let s = format!("{:.*}", prec.unwrap_or(6), x);
                if flags.contains('+') && x >= 0.0 {
                    format!("+{s}")
                } else {
                    s
                }
            }
            'e' => {
                let v = next(vm)?;
                let x = super::float::to_f64(v).unwrap_or(0.0);
                let s = format!("{:.*e}", prec.unwrap_or(6), x);
                let (m, e) = s.split_once('e').unwrap();
                let e: i32 = e.parse().unwrap_or(0);
                format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
            }
            'g' => {
                let v = next(vm)?;
                let x = super::float::to_f64(v).unwrap_or(0.0);
                format!("{x}")
            }
            's' => {
                let v = next(vm)?;
                let s = vm.to_s(v)?;
                match prec {
                    Some(p) => s.chars().take(p).collect(),
                    None => s,
                }
            }
            'p' => {
                let v = next(vm)?;
                vm.inspect(v)?
            }
            'x' | 'X' | 'o' | 'b' | 'B' => {
                let v = next(vm)?;
                let v = super::integer::kernel_integer(vm, v, None)?;
                let base = match conv {
                    'x' | 'X' => 16,
                    'o' => 8,
                    _ => 2,
                };
                let s = super::integer::int_to_s(v, base);
                let s = if conv == 'X' { s.to_uppercase() } else { s };
                if flags.contains('#') {
                    let p = match conv {
                        'x' => "0x",
                        'X' => "0X",
                        'o' => "0",
                        'b' => "0b",
                        _ => "0B",
                    };
                    format!("{p}{s}")
                } else {
                    s
                }
            }
            'c' => {
                let v = next(vm)?;
                match v.as_fixnum() {
                    Some(n) => char::from_u32(n as u32)
                        .map(|c| c.to_string())
                        .unwrap_or_default(),
                    None => vm
                        .to_s(v)?
                        .chars()
                        .next()
                        .map(|c| c.to_string())
                        .unwrap_or_default(),
                }
            }
            other => return Err(vm.arg_error(&format!("malformed format string - %{other}"))),
        };
        let w: usize = width.parse().unwrap_or(0);
        let len = body.chars().count();
        if len < w {
            let pad = w - len;
            if flags.contains('-') {
                out.push_str(&body);
                out.push_str(&" ".repeat(pad));
            } else if flags.contains('0') && conv != 's' {
                let (sign, digits) = if body.starts_with('-') || body.starts_with('+') {
                    body.split_at(1)
                } else {
                    ("", body.as_str())
                };
                out.push_str(sign);
                out.push_str(&"0".repeat(pad));
                out.push_str(digits);
            } else {
                out.push_str(&" ".repeat(pad));
                out.push_str(&body);
            }
        } else {
            out.push_str(&body);
        }
    }
    Ok(vm.str_new(&out))
}

/// Turns a String or Regexp pattern into a Regexp value.
fn pattern(vm: &mut Vm, p: Value) -> VResult {
    if vm.is_string(p) {
        let s = vm.string_lossy(p);
        let mut esc = String::new();
        for c in s.chars() {
            if ".*?+^$|()[]{}\\/-".contains(c) {
                esc.push('\\');
            }
            esc.push(c);
        }
        return vm.regexp_new(&esc, 0);
    }
    Ok(p)
}

/// Byte spans of successive matches (Ruby's scan/gsub stepping rules).
fn all_matches(vm: &mut Vm, re: Value, s: Value, once: bool) -> Result<Vec<Value>, Unwind> {
    let text = vm.string_lossy(s);
    let mut pos = 0;
    let mut out = Vec::new();
    while pos <= text.len() {
        let m = vm.regexp_match(re, s, pos)?;
        if m.is_nil() {
            break;
        }
        let (b, e) = match &*obj(m).body.borrow() {
            Body::MatchData(md) => md.groups[0].unwrap_or((0, 0)),
            _ => break,
        };
        out.push(m);
        vm.push_root(m);
        if once {
            break;
        }
        pos = if e == b {
            e + text[e..].chars().next().map(|c| c.len_utf8()).unwrap_or(1)
        } else {
            e
        };
    }
    // The matches stay rooted: callers truncate temp roots when done.
    Ok(out)
}

fn md_span(m: Value) -> (usize, usize, Vec<Option<(usize, usize)>>) {
    match &*obj(m).body.borrow() {
        Body::MatchData(md) => {
            let (b, e) = md.groups[0].unwrap_or((0, 0));
            (b, e, md.groups.clone())
        }
        _ => (0, 0, Vec::new()),
    }
}

fn expand_replacement(rep: &str, text: &str, groups: &[Option<(usize, usize)>]) -> String {
    let mut out = String::new();
    let mut it = rep.chars().peekable();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.peek().copied() {
                Some(d) if d.is_ascii_digit() => {
                    it.next();
                    let i = d.to_digit(10).unwrap() as usize;
                    if let Some(Some((a, b))) = groups.get(i) {
                        out.push_str(&text[*a..*b]);
                    }
                }
                Some('&') => {
                    it.next();
                    if let Some(Some((a, b))) = groups.first() {
                        out.push_str(&text[*a..*b]);
                    }
                }
                Some('\\') => {
                    it.next();
                    out.push('\\');
                }
                _ => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn sub_impl(vm: &mut Vm, s: Value, a: &[Value], b: B, global: bool) -> VResult {
    let mark = vm.roots_len();
    let r = sub_inner(vm, s, a, b, global);
    vm.truncate_roots(mark);
    r
}

fn sub_inner(vm: &mut Vm, s: Value, a: &[Value], b: B, global: bool) -> VResult {
    let re = pattern(vm, a[0])?;
    vm.push_root(re);
    let text = vm.string_lossy(s);
    let ms = all_matches(vm, re, s, !global)?;
    let mut out = String::new();
    let mut last = 0;
    for m in ms {
        let (st, en, groups) = md_span(m);
        out.push_str(&text[last..st]);
        let piece = if let Some(r) = a.get(1) {
            if vm.hash_len(*r).is_some() {
                let k = vm.str_new(&text[st..en]);
                let v = super::hash::hash_fetch_default(vm, *r, k)?;
                vm.to_s(v)?
            } else {
                let rep = String::from_utf8_lossy(&str_arg(vm, *r)?).into_owned();
                expand_replacement(&rep, &text, &groups)
            }
        } else if let Some(b) = &b {
            vm.last_match = m;
            let arg = vm.str_new(&text[st..en]);
            let v = vm.yield_block(b, &[arg])?;
            vm.to_s(v)?
        } else {
            vm.temp_roots.pop();
            return Err(vm.arg_error("wrong number of arguments (given 1, expected 2)"));
        };
        out.push_str(&piece);
        last = en;
    }
    out.push_str(&text[last..]);
    vm.temp_roots.pop();
    Ok(vm.str_new(&out))
}

pub fn init_more(vm: &mut Vm) {
    let s = cls::STRING;
    vm.def_builtin(s, "getbyte", 1, |vm, s, a, _| {
        let b = bytes(vm, s);
        let i = int_arg(vm, a[0])?;
        let i = if i < 0 { i + b.len() as i64 } else { i };
        Ok(if i >= 0 && (i as usize) < b.len() {
            Value::int(b[i as usize] as i64)
        } else {
            Value::NIL
        })
    });
    vm.def_builtin(s, "bytes", 0, |vm, s, _, _| {
        let v = bytes(vm, s)
            .into_iter()
            .map(|b| Value::int(b as i64))
            .collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(s, "match", -2, |vm, s, a, _| {
        let re = pattern(vm, a[0])?;
        vm.regexp_match(re, s, 0)
    });
    vm.def_builtin(s, "match?", -2, |vm, s, a, _| {
        let re = pattern(vm, a[0])?;
        let saved = vm.last_match;
        let m = vm.regexp_match(re, s, 0)?;
        vm.last_match = saved;
        Ok(Value::bool(!m.is_nil()))
    });
    vm.def_builtin(s, "scan", 1, |vm, s, a, b| {
        let mark = vm.roots_len();
        let r = scan(vm, s, a, b);
        vm.truncate_roots(mark);
        r
    });
    fn scan(vm: &mut Vm, s: Value, a: &[Value], b: B) -> VResult {
        let re = pattern(vm, a[0])?;
        vm.push_root(re);
        let text = vm.string_lossy(s);
        let ms = all_matches(vm, re, s, false)?;
        let mut out = Vec::new();
        for m in ms {
            let (st, en, groups) = md_span(m);
            let item = if groups.len() > 1 {
                let g: Vec<Value> = groups[1..]
                    .iter()
                    .map(|g| match g {
                        Some((x, y)) => vm.str_new(&text[*x..*y]),
                        None => Value::NIL,
                    })
                    .collect();
                vm.ary_new(g)
            } else {
                vm.str_new(&text[st..en])
            };
            match &b {
                Some(b) => {
                    vm.last_match = m;
                    vm.yield_block(b, &[item])?;
                }
                None => out.push(item),
            }
        }
        vm.temp_roots.pop();
        if b.is_some() {
            return Ok(s);
        }
        Ok(vm.ary_new(out))
    }
    vm.def_builtin(s, "sub", -2, |vm, s, a, b| sub_impl(vm, s, a, b, false));
    vm.def_builtin(s, "gsub", -2, |vm, s, a, b| sub_impl(vm, s, a, b, true));
    vm.def_builtin(s, "sub!", -2, |vm, s, a, b| {
        let r = sub_impl(vm, s, a, b, false)?;
        let nb = bytes(vm, r);
        let changed = nb != bytes(vm, s);
        with_mut(vm, s, |x| *x = nb)?;
        Ok(if changed { s } else { Value::NIL })
    });
    vm.def_builtin(s, "gsub!", -2, |vm, s, a, b| {
        let r = sub_impl(vm, s, a, b, true)?;
        let nb = bytes(vm, r);
        let changed = nb != bytes(vm, s);
        with_mut(vm, s, |x| *x = nb)?;
        Ok(if changed { s } else { Value::NIL })
    });
    vm.def_builtin(s, "lstrip", 0, |vm, s, _, _| {
        Ok(vm.str_new(vm.string_lossy(s).trim_start()))
    });
    vm.def_builtin(s, "rstrip", 0, |vm, s, _, _| {
        Ok(vm.str_new(vm.string_lossy(s).trim_end()))
    });
    vm.def_builtin(s, "swapcase", -1, |vm, s, _, _| {
        let t: String = vm
            .string_lossy(s)
            .chars()
            .map(|c| {
                if c.is_uppercase() {
                    c.to_lowercase().next().unwrap_or(c)
                } else {
                    c.to_uppercase().next().unwrap_or(c)
                }
            })
            .collect();
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(s, "lines", 0, |vm, s, _, _| {
        let t = vm.string_lossy(s);
        let v: Vec<Value> = t.split_inclusive('\n').map(|l| vm.str_new(l)).collect();
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(s, "each_line", 0, |vm, s, _, b| {
        let b = super::object::block_required(vm, b)?;
        let t = vm.string_lossy(s);
        for l in t.split_inclusive('\n') {
            let v = vm.str_new(l);
            vm.yield_block(&b, &[v])?;
        }
        Ok(s)
    });
    vm.def_builtin(s, "count", -2, |vm, s, a, _| {
        let set: Vec<char> = String::from_utf8_lossy(&str_arg(vm, a[0])?)
            .chars()
            .collect();
        let n = vm
            .string_lossy(s)
            .chars()
            .filter(|c| set.contains(c))
            .count();
        Ok(Value::int(n as i64))
    });
    vm.def_builtin(s, "delete", -2, |vm, s, a, _| {
        let set: Vec<char> = String::from_utf8_lossy(&str_arg(vm, a[0])?)
            .chars()
            .collect();
        let t: String = vm
            .string_lossy(s)
            .chars()
            .filter(|c| !set.contains(c))
            .collect();
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(s, "index", -2, |vm, s, a, _| {
        let t = vm.string_lossy(s);
        if !vm.is_string(a[0]) {
            return Ok(Value::NIL);
        }
        let p = vm.string_lossy(a[0]);
        Ok(match t.find(&p) {
            Some(i) => Value::int(t[..i].chars().count() as i64),
            None => Value::NIL,
        })
    });
    vm.def_builtin(s, "upcase!", -1, |vm, s, _, _| {
        let t = vm.string_lossy(s).to_uppercase().into_bytes();
        with_mut(vm, s, |x| *x = t)?;
        Ok(s)
    });
    vm.def_builtin(s, "downcase!", -1, |vm, s, _, _| {
        let t = vm.string_lossy(s).to_lowercase().into_bytes();
        with_mut(vm, s, |x| *x = t)?;
        Ok(s)
    });
}
