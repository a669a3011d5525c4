//! `String#inspect` and `#dump` with CRuby's escapes: `\n`-style
//! specials, `\#{`, `\uXXXX` for unprintable characters of a UTF-8 string,
//! `\xHH` for invalid bytes and for binary strings.

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

pub fn init(vm: &mut Vm) {
    let s = cls::STRING;
    vm.def_builtin(s, "inspect", 0, |vm, s, _, _| {
        let t = inspect_bytes(&bytes(vm, s), is_binary(s));
        Ok(vm.str_new(&t))
    });
    vm.def_builtin(s, "dump", 0, |vm, s, _, _| {
        let t = dump_bytes(&bytes(vm, s), is_binary(s));
        Ok(vm.str_new(&t))
    });
}
