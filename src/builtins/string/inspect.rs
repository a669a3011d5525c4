//! `String#inspect` and `#dump` with CRuby's escapes: `\n`-style
//! specials, `\#{`, `\uXXXX` for unprintable characters of a UTF-8 string,
//! `\xHH` for invalid bytes and for binary strings; `#undump`, its inverse.

use super::encoding::{Enc, enc_arg_name};
use super::{bytes, char_len, is_binary};
use crate::class::cls;
use crate::interp::Vm;

/// Ruby's String#inspect for UTF-8 bytes.
pub fn inspect_str(b: &[u8]) -> String {
    inspect_bytes(b, false)
}

/// Not printable in Onigmo's Unicode sense: controls (but U+0085),
/// line/paragraph separators and unassigned code points.
fn unprintable(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_control();
    }
    if c == '\u{85}' {
        return false;
    }
    thread_local! {
        static RE: fancy_regex::Regex =
            fancy_regex::Regex::new(r"\A[\p{Cc}\p{Cn}\p{Zl}\p{Zp}]\z").expect("class");
    }
    let mut buf = [0u8; 4];
    let t = c.encode_utf8(&mut buf);
    RE.with(|r| r.is_match(t).unwrap_or(false))
}

fn special(c: u8) -> Option<&'static str> {
    Some(match c {
        b'"' => "\\\"",
        b'\\' => "\\\\",
        b'\n' => "\\n",
        b'\r' => "\\r",
        b'\t' => "\\t",
        0x0c => "\\f",
        0x0b => "\\v",
        0x08 => "\\b",
        0x07 => "\\a",
        0x1b => "\\e",
        _ => return None,
    })
}

/// `inspect` of `b`; `binary` for ASCII-8BIT strings.
/// `inspect` of String `v` whose bytes are `b`, by its encoding.
pub fn inspect_value(v: crate::value::Value, b: &[u8]) -> String {
    let e = Enc::of(v);
    if crate::builtins::encoding::strings::needs_layout(e)
        || (matches!(e, Enc::Ext(_)) && !e.ascii_compatible())
    {
        return crate::builtins::encoding::strings::inspect(e, b);
    }
    // (US-ASCII's unprintable characters show as `\xHH`, not `\uXXXX`.)
    inspect_bytes(b, e.bytewise() || e == Enc::UsAscii)
}

pub fn inspect_bytes(b: &[u8], binary: bool) -> String {
    let mut o = String::with_capacity(b.len() + 2);
    o.push('"');
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if let Some(s) = special(c) {
            o.push_str(s);
            i += 1;
            continue;
        }
        if c == b'#' {
            if matches!(b.get(i + 1), Some(b'{' | b'$' | b'@')) {
                o.push_str("\\#");
            } else {
                o.push('#');
            }
            i += 1;
            continue;
        }
        if binary {
            if (0x20..0x7f).contains(&c) {
                o.push(c as char);
            } else {
                o.push_str(&format!("\\x{c:02X}"));
            }
            i += 1;
            continue;
        }
        let n = char_len(b, i);
        if n == 1 && c >= 0x80 {
            o.push_str(&format!("\\x{c:02X}"));
            i += 1;
            continue;
        }
        let ch = std::str::from_utf8(&b[i..i + n])
            .ok()
            .and_then(|s| s.chars().next())
            .unwrap_or('\u{FFFD}');
        if unprintable(ch) {
            let u = ch as u32;
            if u < 0x10000 {
                o.push_str(&format!("\\u{u:04X}"));
            } else {
                o.push_str(&format!("\\u{{{u:X}}}"));
            }
        } else {
            o.push(ch);
        }
        i += n;
    }
    o.push('"');
    o
}

/// `String#dump`: ASCII only.
pub fn dump_bytes(b: &[u8], binary: bool) -> String {
    let mut o = String::from("\"");
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if let Some(s) = special(c) {
            o.push_str(s);
            i += 1;
            continue;
        }
        if c == b'#' {
            o.push_str(if matches!(b.get(i + 1), Some(b'{' | b'$' | b'@')) {
                "\\#"
            } else {
                "#"
            });
            i += 1;
            continue;
        }
        if (0x20..0x7f).contains(&c) {
            o.push(c as char);
            i += 1;
            continue;
        }
        let n = if binary { 1 } else { char_len(b, i) };
        if n == 1 {
            o.push_str(&format!("\\x{c:02X}"));
        } else {
            let u = std::str::from_utf8(&b[i..i + n])
                .ok()
                .and_then(|s| s.chars().next())
                .map(|c| c as u32)
                .unwrap_or(0xFFFD);
            if u < 0x10000 {
                o.push_str(&format!("\\u{u:04X}"));
            } else {
                o.push_str(&format!("\\u{{{u:X}}}"));
            }
        }
        i += n;
    }
    o.push('"');
    o
}

const UNDUMP_FORM: &str =
    "invalid dumped string; not wrapped with '\"' nor '\"...\".force_encoding(\"...\")' form";

/// `String#undump` (CRuby's `str_undump`): the bytes and, when the dump
/// says so (`\u` escapes, a `.force_encoding("...")` suffix), the encoding;
/// Err is the RuntimeError's message.
pub fn undump_bytes(b: &[u8]) -> Result<(Vec<u8>, Option<String>), String> {
    if !b.is_ascii() {
        return Err("non-ASCII character detected".into());
    }
    if b.contains(&0) {
        return Err("string contains null byte".into());
    }
    if b.len() < 2 || b[0] != b'"' {
        return Err(UNDUMP_FORM.into());
    }
    let hex = |s: &[u8]| -> (u32, usize) {
        let n = s.iter().take_while(|c| c.is_ascii_hexdigit()).count();
        let v = s[..n].iter().fold(0u32, |a, &c| {
            a.saturating_mul(16)
                .saturating_add((c as char).to_digit(16).unwrap_or(0))
        });
        (v, n)
    };
    let (mut utf8, mut binary) = (false, false);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 1;
    let push_cp = |out: &mut Vec<u8>, c: u32| -> Result<(), String> {
        if (0xd800..=0xdfff).contains(&c) {
            return Err("invalid Unicode codepoint".into());
        }
        let ch = char::from_u32(c).ok_or("invalid Unicode codepoint (too large)")?;
        out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(())
    };
    loop {
        let Some(&c) = b.get(i) else {
            return Err("unterminated dumped string".into());
        };
        i += 1;
        if c == b'"' {
            let rest = &b[i..];
            if rest.is_empty() {
                return Ok((out, utf8.then(|| "UTF-8".to_string())));
            }
            let rest = rest
                .strip_prefix(b".dup")
                .filter(|r| !r.is_empty())
                .unwrap_or(rest);
            let Some(name) = rest.strip_prefix(b".force_encoding(\"") else {
                return Err(UNDUMP_FORM.into());
            };
            if name.is_empty() {
                return Err(UNDUMP_FORM.into());
            }
            if utf8 {
                return Err(
                    "dumped string contained Unicode escape but used force_encoding".into(),
                );
            }
            let Some(q) = name.iter().position(|&c| c == b'"') else {
                return Err(UNDUMP_FORM.into());
            };
            if &name[q..] != b"\")" {
                return Err(UNDUMP_FORM.into());
            }
            return Ok((out, Some(String::from_utf8_lossy(&name[..q]).into_owned())));
        }
        if c != b'\\' {
            out.push(c);
            continue;
        }
        let Some(&e) = b.get(i) else {
            return Err("invalid escape".into());
        };
        i += 1;
        match e {
            b'\\' | b'"' | b'#' => out.push(e),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'f' => out.push(0x0c),
            b'v' => out.push(0x0b),
            b'b' => out.push(0x08),
            b'a' => out.push(0x07),
            b'e' => out.push(0x1b),
            b'u' => {
                if binary {
                    return Err("hex escape and Unicode escape are mixed".into());
                }
                utf8 = true;
                if i >= b.len() {
                    return Err("invalid Unicode escape".into());
                }
                if b[i] == b'{' {
                    i += 1;
                    loop {
                        match b.get(i) {
                            None => return Err("unterminated Unicode escape".into()),
                            Some(b'}') => {
                                i += 1;
                                break;
                            }
                            Some(c) if c.is_ascii_whitespace() => i += 1,
                            Some(_) => {
                                let (v, n) = hex(&b[i..]);
                                if n == 0 || n > 6 {
                                    return Err("invalid Unicode escape".into());
                                }
                                push_cp(&mut out, v)?;
                                i += n;
                            }
                        }
                    }
                } else {
                    let (v, n) = hex(&b[i..b.len().min(i + 4)]);
                    if n != 4 {
                        return Err("invalid Unicode escape".into());
                    }
                    push_cp(&mut out, v)?;
                    i += 4;
                }
            }
            b'x' => {
                if utf8 {
                    return Err("hex escape and Unicode escape are mixed".into());
                }
                binary = true;
                let (v, n) = hex(&b[i..b.len().min(i + 2)]);
                if n != 2 {
                    return Err("invalid hex escape".into());
                }
                out.push(v as u8);
                i += 2;
            }
            _ => out.extend_from_slice(&[b'\\', e]),
        }
    }
}

pub fn init(vm: &mut Vm) {
    let s = cls::STRING;
    vm.def_builtin(s, "inspect", 0, |vm, s, _, _| {
        let t = inspect_value(s, &bytes(vm, s));
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(s, "dump", 0, |vm, s, _, _| {
        let t = dump_bytes(&bytes(vm, s), is_binary(s));
        let v = vm.str_new(&t);
        Enc::of(s).set(v);
        Ok(v)
    });
    vm.def_builtin(s, "undump", 0, |vm, s, _, _| {
        let (b, enc) = match undump_bytes(&bytes(vm, s)) {
            Ok(r) => r,
            Err(m) => return Err(vm.runtime_error(&m)),
        };
        let v = vm.str_from_bytes(b);
        match enc {
            Some(name) => match enc_arg_name(&name) {
                Some(n) => Enc::named(&n).set(v),
                None => return Err(vm.runtime_error("dumped string has unknown encoding name")),
            },
            None => Enc::of(s).set(v),
        }
        Ok(v)
    });
}
