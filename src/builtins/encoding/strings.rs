//! String operations on strings in encodings whose characters are not
//! single bytes or UTF-8 (UTF-16/32, Shift_JIS, EUC-JP, GBK, ...):
//! character splitting and `inspect`, by the encoding's layout.

use super::codec;
use super::table::Kind;
use crate::builtins::string::{Enc, inspect_bytes};

/// Whether String operations on `e` need its own layout (not bytes, not
/// UTF-8).
pub fn needs_layout(e: Enc) -> bool {
    matches!(e, Enc::Ext(_))
        && (!matches!(e.kind(), Kind::Utf8 | Kind::Single | Kind::Dummy)
            || matches!(e.def().name, "UTF-16" | "UTF-32"))
}

/// The encoding whose layout `b` (in `e`) is read with: the dummy UTF-16
/// and UTF-32 as their BOM says, others their own.
pub fn layout(e: Enc, b: &[u8]) -> Enc {
    match codec::codec(e) {
        Some(c) if e.dummy() => codec::codec_enc(codec::source_bom(c, b).0, e),
        _ => e,
    }
}

/// The number of characters of `b` in `e`.
pub fn char_count(e: Enc, b: &[u8]) -> usize {
    codec::chars(layout(e, b), b).len()
}

/// The characters of `b` in `e` as byte ranges.
pub fn char_slices(e: Enc, b: &[u8]) -> Vec<&[u8]> {
    codec::chars(layout(e, b), b)
        .into_iter()
        .map(|(i, n, _)| &b[i..i + n])
        .collect()
}

/// The ASCII character a valid character `c` of `e` stands for, if any.
fn ascii_of(e: Enc, c: &[u8]) -> Option<u8> {
    if e.unicode() {
        return codec::unicode_code(e, c)
            .filter(|&u| u < 0x80)
            .map(|u| u as u8);
    }
    (c.len() == 1 && c[0] < 0x80).then_some(c[0])
}

/// `inspect` of bytes `b` in `e` (CRuby's rb_str_inspect for an encoding
/// other than the result's: ASCII as is, other characters escaped).
pub fn inspect(e: Enc, b: &[u8]) -> String {
    let e = layout(e, b);
    let units = codec::chars(e, b);
    let mut o = String::from("\"");
    for (k, &(i, n, ok)) in units.iter().enumerate() {
        let c = &b[i..i + n];
        if !ok {
            for x in c {
                o.push_str(&format!("\\x{x:02X}"));
            }
            continue;
        }
        if let Some(a) = ascii_of(e, c) {
            if a == b'#' {
                let next = units
                    .get(k + 1)
                    .filter(|u| u.2)
                    .and_then(|u| ascii_of(e, &b[u.0..u.0 + u.1]));
                o.push_str(if matches!(next, Some(b'{' | b'$' | b'@')) {
                    "\\#"
                } else {
                    "#"
                });
            } else {
                let t = inspect_bytes(&[a], true);
                o.push_str(&t[1..t.len() - 1]);
            }
            continue;
        }
        if let Some(u) = codec::unicode_code(e, c) {
            if u > 0xFFFF {
                o.push_str(&format!("\\u{{{u:X}}}"));
            } else {
                o.push_str(&format!("\\u{u:04X}"));
            }
        } else if n == 1 {
            o.push_str(&format!("\\x{:02X}", c[0]));
        } else {
            o.push_str("\\x{");
            for x in c {
                o.push_str(&format!("{x:02X}"));
            }
            o.push('}');
        }
    }
    o.push('"');
    o
}
