//! Character ↔ byte offsets of multibyte Strings, amortised O(1).
//!
//! A binary or ASCII-only String is indexed by byte. Any other String of
//! `MIN_BYTES` or more gets breadcrumbs on first use: the byte offset of
//! every `STRIDE`th character, found lazily as far as an index asks, plus
//! the last position looked up. A lookup walks at most `STRIDE`
//! characters (from the nearer of its breadcrumb and the last position),
//! so a parser walking a document by character index costs what it reads
//! instead of the length of the string per step.
//!
//! The crumbs of the last few Strings indexed live in `CACHE`, each valid
//! while its String carries `FLAG_CHAR_INDEX`: `with_mut` (the only way
//! to change a String's bytes) and encoding changes clear the flag, as
//! they clear the code range, and a freed or new object has no flags. An
//! entry holds its String's identity only (no root): a String that died
//! reads as a miss, since its slot's flags were cleared.

use std::cell::RefCell;

use super::{Cr, byte_indexed, char_len, coderange_of, is_char_head, valid_char_count};
use crate::gc::obj;
use crate::value::Value;

/// Object flag: `CACHE` holds breadcrumbs for this String's bytes.
pub const FLAG_CHAR_INDEX: u32 = 1 << 21;

/// Characters between breadcrumbs.
const STRIDE: usize = 64;
/// Shorter Strings are scanned directly (cheaper than a cache entry).
const MIN_BYTES: usize = 256;
/// Strings whose crumbs are kept at once (a subject and its MatchData's
/// frozen copy, a few more).
const SLOTS: usize = 4;

/// Breadcrumbs of one String.
struct Crumbs {
    subject: Value,
    /// The bytes are valid UTF-8 (else some are broken: one char each).
    valid: bool,
    /// `marks[k]`: byte offset of character `k * STRIDE` (`marks[0]` = 0).
    marks: Vec<usize>,
    /// Number of characters, once a walk reached the end.
    total: Option<usize>,
    /// The last position found: (character, byte).
    last: (usize, usize),
}

thread_local! {
    static CACHE: RefCell<Vec<Crumbs>> = const { RefCell::new(Vec::new()) };
}

impl Crumbs {
    fn new(subject: Value, valid: bool) -> Crumbs {
        Crumbs {
            subject,
            valid,
            marks: vec![0],
            total: None,
            last: (0, 0),
        }
    }

    /// Adds crumbs until the last one is at or past character `i` or at
    /// or past byte `off`, or the end is reached (then `total` is known).
    fn extend(&mut self, b: &[u8], i: usize, off: usize) {
        while self.total.is_none() {
            let k = self.marks.len() - 1;
            let (c, p) = (k * STRIDE, self.marks[k]);
            if c >= i || p >= off {
                return;
            }
            let (q, n) = advance(b, self.valid, p, STRIDE);
            if n < STRIDE || q >= b.len() {
                // The end: `n` characters after the last crumb.
                self.total = Some(c + n);
                if n == STRIDE {
                    self.marks.push(q);
                }
                return;
            }
            self.marks.push(q);
        }
    }

    /// Byte offset of character `i`, None when past the end.
    fn offset(&mut self, b: &[u8], i: usize) -> Option<usize> {
        self.extend(b, i, usize::MAX);
        if self.total.is_some_and(|t| i > t) {
            return None;
        }
        let k = (i / STRIDE).min(self.marks.len() - 1);
        let (mut c, mut p) = (k * STRIDE, self.marks[k]);
        if self.last.0 <= i && self.last.0 > c {
            (c, p) = self.last;
        }
        let (q, n) = advance(b, self.valid, p, i - c);
        if n < i - c {
            return None;
        }
        self.last = (i, q);
        Some(q)
    }

    /// Number of characters that start before byte `off`.
    fn index(&mut self, b: &[u8], off: usize) -> usize {
        let off = off.min(b.len());
        self.extend(b, usize::MAX, off);
        let k = self.marks.partition_point(|&m| m <= off).max(1) - 1;
        let (mut c, mut p) = (k * STRIDE, self.marks[k]);
        if self.last.1 <= off && self.last.1 > p {
            (c, p) = self.last;
        }
        let n = count(&b[..off], self.valid, p);
        // Remembered only at a character start (`off` may be inside one).
        if self.valid && b.get(off).is_none_or(|&x| is_char_head(x)) {
            self.last = (c + n, off);
        }
        c + n
    }

    fn total(&mut self, b: &[u8]) -> usize {
        self.extend(b, usize::MAX, usize::MAX);
        self.total.unwrap_or(0)
    }
}

/// Steps up to `n` characters from byte `p`: (new offset, characters
/// stepped).
fn advance(b: &[u8], valid: bool, mut p: usize, n: usize) -> (usize, usize) {
    let mut k = 0;
    if valid {
        // Whole words first: count their character starts, stop before
        // the word that holds the target.
        while let Some(w) = b.get(p..p + 8) {
            let x = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
            // Continuation bytes: bit 7 set, bit 6 clear.
            let heads = 8 - (x & !(x << 1) & 0x8080_8080_8080_8080).count_ones() as usize;
            // A start in the next word would end the last character.
            if k + heads >= n {
                break;
            }
            k += heads;
            p += 8;
        }
        // Inside a character: on to the next start.
        while p < b.len() && !is_char_head(b[p]) {
            p += 1;
        }
        while k < n && p < b.len() {
            p += valid_width(b[p]);
            k += 1;
        }
        return (p.min(b.len()), k);
    }
    while k < n && p < b.len() {
        p += char_len(b, p);
        k += 1;
    }
    (p, k)
}

/// Characters of `b` that start at or after byte `p` (a character start).
fn count(b: &[u8], valid: bool, p: usize) -> usize {
    if valid {
        return valid_char_count(&b[p..]);
    }
    advance(b, false, p, usize::MAX).1
}

/// Width of the character led by `c` in valid UTF-8.
#[inline(always)]
pub(super) fn valid_width(c: u8) -> usize {
    match c {
        0..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// Runs `f` on the crumbs of multibyte String `v` (bytes `b`), made or
/// found in `CACHE`.
fn with_crumbs<R>(v: Value, b: &[u8], f: impl FnOnce(&mut Crumbs) -> R) -> R {
    let o = obj(v);
    let hit = o.flags.get() & FLAG_CHAR_INDEX != 0;
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let at = if hit {
            c.iter().position(|e| e.subject == v)
        } else {
            None
        };
        let at = match at {
            Some(i) => i,
            None => {
                let valid = coderange_of(v, b) == Cr::Valid;
                c.retain(|e| e.subject != v);
                if c.len() == SLOTS {
                    c.remove(0);
                }
                c.push(Crumbs::new(v, valid));
                o.flags.set(o.flags.get() | FLAG_CHAR_INDEX);
                c.len() - 1
            }
        };
        f(&mut c[at])
    })
}

/// True when `v`'s character offsets come from the cache (multibyte and
/// long enough).
#[inline]
fn cached(v: Value, b: &[u8]) -> bool {
    b.len() >= MIN_BYTES && !byte_indexed(v, b)
}

/// Characters of String `v` (bytes `b`): a byte each when binary.
pub(crate) fn str_char_len(v: Value, b: &[u8]) -> usize {
    if byte_indexed(v, b) {
        return b.len();
    }
    if b.len() >= MIN_BYTES {
        return with_crumbs(v, b, |c| c.total(b));
    }
    match coderange_of(v, b) {
        Cr::Valid => valid_char_count(b),
        _ => advance(b, false, 0, usize::MAX).1,
    }
}

/// Byte offset of character `i` of String `v` (`i` may be its length),
/// None past the end.
pub(crate) fn char_offset(v: Value, b: &[u8], i: usize) -> Option<usize> {
    if byte_indexed(v, b) {
        return (i <= b.len()).then_some(i);
    }
    if cached(v, b) {
        return with_crumbs(v, b, |c| c.offset(b, i));
    }
    let (p, n) = advance(b, coderange_of(v, b) == Cr::Valid, 0, i);
    (n == i).then_some(p)
}

/// Number of characters of String `v` that start before byte `off`.
pub(crate) fn char_index(v: Value, b: &[u8], off: usize) -> usize {
    let off = off.min(b.len());
    if byte_indexed(v, b) {
        return off;
    }
    if cached(v, b) {
        return with_crumbs(v, b, |c| c.index(b, off));
    }
    count(&b[..off], coderange_of(v, b) == Cr::Valid, 0)
}

/// Byte offset of character index `i` (negative from the end) of String
/// `v`, or None out of range (`i` may be the length).
pub(crate) fn char_to_byte(v: Value, b: &[u8], i: i64) -> Option<usize> {
    let i = if i < 0 {
        i + str_char_len(v, b) as i64
    } else {
        i
    };
    if i < 0 {
        return None;
    }
    char_offset(v, b, i as usize)
}

/// Byte span of character `i` (negative from the end) of String `v`, or
/// None when out of range.
pub(crate) fn char_span(v: Value, b: &[u8], i: i64) -> Option<(usize, usize)> {
    if byte_indexed(v, b) {
        let n = b.len() as i64;
        let i = if i < 0 { i + n } else { i };
        return (i >= 0 && i < n).then(|| (i as usize, i as usize + 1));
    }
    let p = char_to_byte(v, b, i)?;
    if p >= b.len() {
        return None;
    }
    let w = if coderange_of(v, b) == Cr::Valid {
        valid_width(b[p])
    } else {
        char_len(b, p)
    };
    Some((p, p + w))
}

/// Where the characters of String `v` start, asked one at a time (through
/// the cache for a long multibyte String).
pub(crate) struct CharMap<'a> {
    v: Value,
    b: &'a [u8],
}

impl<'a> CharMap<'a> {
    pub(crate) fn of(v: Value, b: &'a [u8]) -> CharMap<'a> {
        CharMap { v, b }
    }
    /// Number of characters.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        str_char_len(self.v, self.b)
    }
    /// Byte offset of character `i` (`i <= len()`; the byte length past
    /// that).
    #[inline]
    pub(crate) fn at(&self, i: usize) -> usize {
        char_offset(self.v, self.b, i).unwrap_or(self.b.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starts(b: &[u8], valid: bool) -> Vec<usize> {
        let mut v = vec![];
        let mut p = 0;
        while p < b.len() {
            v.push(p);
            p += if valid {
                valid_width(b[p])
            } else {
                char_len(b, p)
            };
        }
        v.push(b.len());
        v
    }

    fn check(b: &[u8], valid: bool) {
        let st = starts(b, valid);
        let mut c = Crumbs::new(Value::NIL, valid);
        // Out of order on purpose: forward, backward, jumps.
        let order: Vec<usize> = (0..st.len())
            .rev()
            .chain((0..st.len()).step_by(7))
            .chain(0..st.len())
            .collect();
        for &i in &order {
            assert_eq!(c.offset(b, i), Some(st[i]), "char {i}");
            assert_eq!(c.index(b, st[i]), i, "byte {}", st[i]);
        }
        assert_eq!(c.offset(b, st.len()), None);
        assert_eq!(c.total(b), st.len() - 1);
        let mut c = Crumbs::new(Value::NIL, valid);
        assert_eq!(c.total(b), st.len() - 1);
    }

    #[test]
    fn crumbs_agree_with_a_full_scan() {
        for n in [0, 1, 63, 64, 65, 127, 128, 129, 500] {
            let s: String = (0..n).map(|i| ['a', 'é', 'b', '日', '𝄞'][i % 5]).collect();
            check(s.as_bytes(), true);
            let mut broken = s.into_bytes();
            broken.extend_from_slice(b"\xff\xe3\x81x\xf0");
            broken.extend_from_slice("é".repeat(n).as_bytes());
            check(&broken, false);
        }
    }
}
