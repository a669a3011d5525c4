//! What the regexp engine reads for a String. The engine matches UTF-8
//! text; a String's own bytes serve as that text when they are valid
//! UTF-8 (or ASCII). A binary String with high bytes is read as Latin-1
//! instead — each byte the character of that code, as an ASCII-8BIT
//! regexp (`/\xff/n`) is compiled to expect — and match offsets are
//! mapped back to byte offsets, so callers only ever see the String's
//! bytes. Also the encoding checks CRuby makes before a match
//! (`rb_reg_prepare_enc`).

use std::rc::Rc;

use super::Groups;
use crate::object::RegexpEnc;

/// A String's text for matching.
#[derive(Clone)]
pub struct Subject {
    pub text: Rc<str>,
    /// Latin-1 only: the text offset of each byte (one more entry than
    /// bytes), strictly increasing.
    map: Option<Rc<[u32]>>,
    /// Every byte below 0x80 (read once here: the encoding check before
    /// each match of a cached subject must not walk it again).
    ascii: bool,
}

/// Why a String cannot be matched as it is.
pub enum SubjectError {
    /// Invalid bytes in a UTF-8 (or US-ASCII) String: CRuby's
    /// "invalid byte sequence in ENC" ArgumentError.
    Broken,
}

impl Subject {
    /// The text of `bytes`; `binary` for an ASCII-8BIT String.
    pub fn new(bytes: &[u8], binary: bool) -> Result<Subject, SubjectError> {
        if binary && !bytes.is_ascii() {
            let mut text = String::with_capacity(bytes.len() + bytes.len() / 2);
            let mut map = Vec::with_capacity(bytes.len() + 1);
            for &b in bytes {
                map.push(text.len() as u32);
                text.push(char::from(b));
            }
            map.push(text.len() as u32);
            return Ok(Subject {
                text: Rc::from(text),
                map: Some(Rc::from(map)),
                ascii: false,
            });
        }
        match std::str::from_utf8(bytes) {
            Ok(t) => Ok(Subject {
                text: Rc::from(t),
                map: None,
                ascii: bytes.is_ascii(),
            }),
            Err(_) => Err(SubjectError::Broken),
        }
    }

    /// Whether the String is all ASCII.
    pub fn is_ascii(&self) -> bool {
        self.ascii
    }

    /// The bytes' length.
    pub fn byte_len(&self) -> usize {
        match &self.map {
            Some(m) => m.len() - 1,
            None => self.text.len(),
        }
    }

    /// The text offset of byte offset `b` (None past the end).
    pub fn to_text(&self, b: usize) -> Option<usize> {
        match &self.map {
            Some(m) => m.get(b).map(|&t| t as usize),
            None => (b <= self.text.len()).then_some(b),
        }
    }

    /// The byte offset of text offset `t` (a character boundary).
    pub fn to_byte(&self, t: usize) -> usize {
        match &self.map {
            Some(m) => m.partition_point(|&x| (x as usize) < t),
            None => t,
        }
    }

    /// The byte offset one character after byte offset `b` (a byte of a
    /// binary String; a UTF-8 character otherwise).
    pub fn step(&self, b: usize) -> usize {
        if self.map.is_some() {
            return b + 1;
        }
        let w = match self.text.as_bytes().get(b) {
            Some(&c) if c >= 0xf0 => 4,
            Some(&c) if c >= 0xe0 => 3,
            Some(&c) if c >= 0xc0 => 2,
            _ => 1,
        };
        b + w
    }

    /// `g` (text offsets) in byte offsets.
    pub fn groups_to_bytes(&self, g: Groups) -> Groups {
        let hint = match (&self.map, g.first()) {
            (Some(m), Some(Some((a, _)))) => m.partition_point(|&x| (x as usize) < *a),
            _ => 0,
        };
        self.groups_to_bytes_near(g, hint)
    }

    /// `groups_to_bytes` for groups that lie near byte offset `hint`
    /// (a scanner's position, where its anchored match starts): each is
    /// searched from there outwards (galloping), in O(log distance)
    /// rather than O(log length) — a tokenizer over a long binary String
    /// maps every token's offsets.
    pub fn groups_to_bytes_near(&self, g: Groups, hint: usize) -> Groups {
        let Some(m) = &self.map else {
            return g;
        };
        g.into_iter()
            .map(|x| x.map(|(a, b)| (gallop(m, a, hint), gallop(m, b, hint))))
            .collect()
    }
}

/// The first index `i` with `m[i] >= t` (as `partition_point`), searched
/// from `hint` outwards, up or down: O(log distance) for offsets near the
/// hint.
fn gallop(m: &[u32], t: usize, hint: usize) -> usize {
    let below = |i: usize| (m[i] as usize) < t;
    let hint = hint.min(m.len());
    if hint < m.len() && below(hint) {
        let (mut lo, mut step) = (hint + 1, 1);
        while lo + step < m.len() && below(lo + step) {
            lo += step + 1;
            step *= 2;
        }
        let hi = (lo + step).min(m.len());
        lo + m[lo..hi].partition_point(|&x| (x as usize) < t)
    } else {
        // m[hint] >= t (or hint is the end): gallop down the same way.
        let (mut hi, mut step) = (hint, 1);
        while hi >= step && !below(hi - step) {
            hi -= step;
            step *= 2;
        }
        let lo = if hi >= step { hi - step + 1 } else { 0 };
        lo + m[lo..hi].partition_point(|&x| (x as usize) < t)
    }
}

/// A Regexp's encoding from its source and options (CRuby's rules): UTF-8
/// for non-ASCII source or `/u`, ASCII-8BIT for `/n` with a high `\x`
/// escape, else US-ASCII (which matches any ASCII-compatible String).
pub fn regexp_encoding(src: &str, utf8_flag: bool, noencoding: bool) -> RegexpEnc {
    if utf8_flag || !src.is_ascii() || has_high_unicode_escape(src) {
        return RegexpEnc::Utf8;
    }
    if noencoding && has_high_hex_escape(src) {
        return RegexpEnc::Binary;
    }
    RegexpEnc::Ascii
}

/// Whether `src` has a `\uHHHH` or `\u{...}` escape of a non-ASCII
/// character: such a regexp is UTF-8 with a fixed encoding (`/\u3042/`),
/// where `/\u{61}/` stays US-ASCII.
fn has_high_unicode_escape(src: &str) -> bool {
    let b = src.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        if b.get(i + 1) == Some(&b'u') {
            let braced = b.get(i + 2) == Some(&b'{');
            let start = i + 2 + usize::from(braced);
            let mut j = start;
            loop {
                while braced && b.get(j) == Some(&b' ') {
                    j += 1;
                }
                let d = b[j.min(b.len())..]
                    .iter()
                    .take(if braced { 6 } else { 4 })
                    .take_while(|c| c.is_ascii_hexdigit())
                    .count();
                if d == 0 {
                    break;
                }
                let hex = std::str::from_utf8(&b[j..j + d]).unwrap_or("0");
                if u32::from_str_radix(hex, 16).is_ok_and(|v| v >= 0x80) {
                    return true;
                }
                j += d;
                if !braced {
                    break;
                }
            }
        }
        i += 2;
    }
    false
}

/// Whether `src` has a `\xHH` escape of 0x80 or more.
pub fn has_high_hex_escape(src: &str) -> bool {
    let b = src.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            if b.get(i + 1) == Some(&b'x')
                && b.get(i + 2).is_some_and(|c| b"89abcdefABCDEF".contains(c))
            {
                return true;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    false
}

/// The encoding error CRuby raises before matching `re_enc` against a
/// String (binary or not) whose bytes are `ascii` or not:
/// "incompatible encoding regexp match (A regexp with B string)".
pub fn incompatible(re_enc: RegexpEnc, str_binary: bool, ascii: bool) -> Option<&'static str> {
    if ascii {
        return None;
    }
    match (re_enc, str_binary) {
        (RegexpEnc::Utf8, true) => Some("UTF-8 regexp with ASCII-8BIT string"),
        (RegexpEnc::Binary, false) => Some("ASCII-8BIT regexp with UTF-8 string"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gallop_agrees_with_partition_point() {
        let m: Vec<u32> = (0..300u32).map(|i| i * 2 - i / 3).collect();
        for t in 0..620usize {
            let want = m.partition_point(|&x| (x as usize) < t);
            for hint in [0, 1, 2, 3, 7, 64, 150, 200, 298, 299, 300, 400] {
                assert_eq!(gallop(&m, t, hint), want, "t={t} hint={hint}");
            }
        }
    }

    #[test]
    fn latin1_offsets_map_back_to_bytes() {
        let s = Subject::new(b"a\xffb\xfe", true).ok().unwrap();
        assert_eq!(&*s.text, "a\u{ff}b\u{fe}");
        assert_eq!(s.byte_len(), 4);
        assert_eq!(s.to_text(2), Some(3));
        assert_eq!(s.to_byte(3), 2);
        assert_eq!(s.to_byte(s.text.len()), 4);
        assert_eq!(s.to_text(5), None);
    }

    #[test]
    fn valid_utf8_is_its_own_text() {
        let s = Subject::new("é".as_bytes(), false).ok().unwrap();
        assert_eq!(s.to_text(2), Some(2));
        assert!(Subject::new(b"\xff", false).is_err());
    }

    #[test]
    fn encodings() {
        assert!(regexp_encoding("\\xff", false, true) == RegexpEnc::Binary);
        assert!(regexp_encoding("\\\\xff", false, true) == RegexpEnc::Ascii);
        assert!(regexp_encoding("é", false, false) == RegexpEnc::Utf8);
        assert!(regexp_encoding("a", true, false) == RegexpEnc::Utf8);
    }
}
