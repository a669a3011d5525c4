//! How each encoding lays characters out in bytes (character lengths and
//! validity), and reading/writing Unicode characters in an encoding: the
//! Unicode and single-byte identity encodings directly, every other
//! table-driven encoding through `encoding_rs`.

use super::table::Kind;
use crate::builtins::string::Enc;

/// The byte length of the character at `b[i]` in `e`, and whether it is
/// a valid character (an invalid one is its longest broken prefix, or 1).
pub fn char_at(e: Enc, b: &[u8], i: usize) -> (usize, bool) {
    let c = b[i];
    let rest = b.len() - i;
    let trail = |k: usize, ok: &dyn Fn(u8) -> bool| -> (usize, bool) {
        for j in 1..k {
            if i + j >= b.len() || !ok(b[i + j]) {
                return (1, false);
            }
        }
        (k, true)
    };
    match e.kind() {
        Kind::Single | Kind::Dummy => (1, e != Enc::UsAscii || c < 0x80),
        Kind::Utf8 => match read_utf8(b, i) {
            Unit::Char(_, n) => (n, true),
            Unit::Invalid { len, .. } | Unit::Undef(len) => (len, false),
        },
        Kind::Utf16Be | Kind::Utf16Le => {
            if rest < 2 {
                return (rest, false);
            }
            let be = e.kind() == Kind::Utf16Be;
            let unit = |j: usize| -> u16 {
                let (x, y) = (b[i + j], b[i + j + 1]);
                if be {
                    u16::from_be_bytes([x, y])
                } else {
                    u16::from_le_bytes([x, y])
                }
            };
            let u = unit(0);
            match u {
                0xD800..=0xDBFF => {
                    if rest >= 4 && (0xDC00..=0xDFFF).contains(&unit(2)) {
                        (4, true)
                    } else {
                        (2, false)
                    }
                }
                0xDC00..=0xDFFF => (2, false),
                _ => (2, true),
            }
        }
        Kind::Utf32Be | Kind::Utf32Le => {
            if rest < 4 {
                return (rest, false);
            }
            let w = [b[i], b[i + 1], b[i + 2], b[i + 3]];
            let u = if e.kind() == Kind::Utf32Be {
                u32::from_be_bytes(w)
            } else {
                u32::from_le_bytes(w)
            };
            (4, char::from_u32(u).is_some())
        }
        Kind::EucJp => match c {
            0..=0x7F => (1, true),
            0x8E => trail(2, &|t| (0xA1..=0xFE).contains(&t)),
            0x8F => trail(3, &|t| (0xA1..=0xFE).contains(&t)),
            0xA1..=0xFE => trail(2, &|t| (0xA1..=0xFE).contains(&t)),
            _ => (1, false),
        },
        Kind::EucTw => match c {
            0..=0x7F => (1, true),
            0x8E => trail(4, &|t| (0xA1..=0xFE).contains(&t)),
            0xA1..=0xFE => trail(2, &|t| (0xA1..=0xFE).contains(&t)),
            _ => (1, false),
        },
        Kind::Sjis => match c {
            0..=0x7F | 0xA1..=0xDF => (1, true),
            0x81..=0x9F | 0xE0..=0xFC => trail(2, &|t| matches!(t, 0x40..=0x7E | 0x80..=0xFC)),
            _ => (1, false),
        },
        Kind::DoubleByte => match c {
            0..=0x7F => (1, true),
            0x81..=0xFE => trail(2, &|t| matches!(t, 0x40..=0x7E | 0x80..=0xFE)),
            _ => (1, false),
        },
        Kind::Gb18030 => match c {
            0..=0x7F => (1, true),
            0x81..=0xFE if rest >= 2 && b[i + 1].is_ascii_digit() => {
                let four =
                    rest >= 4 && (0x81..=0xFE).contains(&b[i + 2]) && b[i + 3].is_ascii_digit();
                if four { (4, true) } else { (1, false) }
            }
            0x81..=0xFE => trail(2, &|t| matches!(t, 0x40..=0x7E | 0x80..=0xFE)),
            _ => (1, false),
        },
    }
}

/// Whether `b` is entirely valid characters of `e`.
pub fn valid(e: Enc, b: &[u8]) -> bool {
    match e {
        Enc::Binary => true,
        Enc::UsAscii => b.is_ascii(),
        Enc::Utf8 => std::str::from_utf8(b).is_ok(),
        _ => {
            let mut i = 0;
            while i < b.len() {
                let (n, ok) = char_at(e, b, i);
                if !ok {
                    return false;
                }
                i += n;
            }
            true
        }
    }
}

/// The characters of `b` in `e`, as (start, length, valid).
pub fn chars(e: Enc, b: &[u8]) -> Vec<(usize, usize, bool)> {
    let mut v = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let (n, ok) = char_at(e, b, i);
        v.push((i, n, ok));
        i += n;
    }
    v
}

/// The Unicode code point of the valid character `c` of a Unicode
/// encoding `e`.
pub fn unicode_code(e: Enc, c: &[u8]) -> Option<u32> {
    match e.kind() {
        Kind::Utf8 => std::str::from_utf8(c)
            .ok()?
            .chars()
            .next()
            .map(|c| c as u32),
        Kind::Utf16Be | Kind::Utf16Le => {
            let be = e.kind() == Kind::Utf16Be;
            let units: Vec<u16> = c
                .chunks(2)
                .filter(|p| p.len() == 2)
                .map(|p| {
                    if be {
                        u16::from_be_bytes([p[0], p[1]])
                    } else {
                        u16::from_le_bytes([p[0], p[1]])
                    }
                })
                .collect();
            char::decode_utf16(units).next()?.ok().map(|c| c as u32)
        }
        Kind::Utf32Be | Kind::Utf32Le => {
            let w: [u8; 4] = c.try_into().ok()?;
            Some(if e.kind() == Kind::Utf32Be {
                u32::from_be_bytes(w)
            } else {
                u32::from_le_bytes(w)
            })
        }
        _ => None,
    }
}

/// One step of reading a source encoding as Unicode.
pub enum Unit {
    /// A character and its byte length.
    Char(char, usize),
    /// Bytes that are not a valid character: their length, whether the
    /// input ended inside the character, and how many following bytes
    /// were read to find it broken (CRuby's readagain bytes).
    Invalid {
        len: usize,
        incomplete: bool,
        readagain: usize,
    },
    /// A valid character with no Unicode equivalent (ASCII-8BIT's high
    /// bytes): its byte length.
    Undef(usize),
}

/// A reader or writer for one encoding.
#[derive(Copy, Clone)]
pub enum Codec {
    Binary,
    Ascii,
    Latin1,
    Utf8,
    Utf16 { be: bool, bom: bool },
    Utf32 { be: bool, bom: bool },
    Rs(&'static encoding_rs::Encoding),
}

/// The codec for `e`, or None when carmine cannot convert it.
pub fn codec(e: Enc) -> Option<Codec> {
    Some(match e.def().name {
        "ASCII-8BIT" => Codec::Binary,
        "US-ASCII" => Codec::Ascii,
        "ISO-8859-1" => Codec::Latin1,
        "UTF-16BE" => Codec::Utf16 {
            be: true,
            bom: false,
        },
        "UTF-16LE" => Codec::Utf16 {
            be: false,
            bom: false,
        },
        "UTF-16" => Codec::Utf16 {
            be: true,
            bom: true,
        },
        "UTF-32BE" => Codec::Utf32 {
            be: true,
            bom: false,
        },
        "UTF-32LE" => Codec::Utf32 {
            be: false,
            bom: false,
        },
        "UTF-32" => Codec::Utf32 {
            be: true,
            bom: true,
        },
        "UTF-7" => return None,
        _ if e.kind() == Kind::Utf8 => Codec::Utf8,
        name => {
            let label = match name {
                "macRoman" => "macintosh",
                "macCyrillic" | "macUkraine" => "x-mac-cyrillic",
                "Windows-31J" | "SJIS-DoCoMo" | "SJIS-KDDI" | "SJIS-SoftBank" => "shift_jis",
                "TIS-620" | "ISO-8859-11" => "windows-874",
                "CP949" => "euc-kr",
                "GB2312" | "GB12345" => "gbk",
                "Big5-HKSCS" | "CP950" | "CP951" | "Big5-UAO" => "big5",
                "eucJP-ms" | "CP51932" | "EUC-JIS-2004" => "euc-jp",
                "CP50220" | "CP50221" => "iso-2022-jp",
                n => n,
            };
            let rs = encoding_rs::Encoding::for_label(label.as_bytes())?;
            if rs == encoding_rs::UTF_8
                || rs == encoding_rs::REPLACEMENT
                || rs.output_encoding() != rs
            {
                return None;
            }
            Codec::Rs(rs)
        }
    })
}

impl Codec {
    /// Reads the unit at `b[i]` (`i < b.len()`).
    pub fn read(self, e: Enc, b: &[u8], i: usize) -> Unit {
        let c = b[i];
        match self {
            Codec::Binary => {
                if c < 0x80 {
                    Unit::Char(c as char, 1)
                } else {
                    Unit::Undef(1)
                }
            }
            Codec::Ascii => {
                if c < 0x80 {
                    Unit::Char(c as char, 1)
                } else {
                    Unit::Invalid {
                        len: 1,
                        incomplete: false,
                        readagain: 0,
                    }
                }
            }
            Codec::Latin1 => Unit::Char(c as char, 1),
            Codec::Utf8 => read_utf8(b, i),
            Codec::Utf16 { .. } | Codec::Utf32 { .. } => {
                let (n, ok) = char_at(e, b, i);
                let code = if ok {
                    unicode_code(e, &b[i..i + n])
                } else {
                    None
                };
                match code.and_then(char::from_u32) {
                    Some(ch) => Unit::Char(ch, n),
                    None => Unit::Invalid {
                        len: n,
                        incomplete: i + n >= b.len() && n < unit_len(self),
                        readagain: 0,
                    },
                }
            }
            Codec::Rs(rs) => {
                let (n, ok) = char_at(e, b, i);
                if !ok {
                    let incomplete =
                        n == 1 && c >= 0x80 && i + 1 >= b.len() && e.kind() != Kind::Single;
                    return Unit::Invalid {
                        len: n,
                        incomplete,
                        readagain: 0,
                    };
                }
                match rs.decode_without_bom_handling_and_without_replacement(&b[i..i + n]) {
                    Some(s) => match s.chars().next() {
                        Some(ch) if s.chars().count() == 1 => Unit::Char(ch, n),
                        _ => Unit::Undef(n),
                    },
                    None => Unit::Undef(n),
                }
            }
        }
    }
}

fn unit_len(c: Codec) -> usize {
    if matches!(c, Codec::Utf32 { .. }) {
        4
    } else {
        2
    }
}

/// One UTF-8 unit, with CRuby's broken-sequence extents: a valid prefix of
/// a multi-byte character followed by a byte that cannot continue it is
/// invalid with that byte to be read again; one cut off by the end of the
/// input is incomplete.
fn read_utf8(b: &[u8], i: usize) -> Unit {
    let c = b[i];
    if c < 0x80 {
        return Unit::Char(c as char, 1);
    }
    let need = match c {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => {
            return Unit::Invalid {
                len: 1,
                incomplete: false,
                readagain: 0,
            };
        }
    };
    let mut k = 1;
    while k < need {
        let Some(&t) = b.get(i + k) else {
            return Unit::Invalid {
                len: k,
                incomplete: true,
                readagain: 0,
            };
        };
        let (lo, hi) = match (k, c) {
            (1, 0xE0) => (0xA0, 0xBF),
            (1, 0xED) => (0x80, 0x9F),
            (1, 0xF0) => (0x90, 0xBF),
            (1, 0xF4) => (0x80, 0x8F),
            _ => (0x80, 0xBF),
        };
        if !(lo..=hi).contains(&t) {
            // A byte that cannot follow: reported with the prefix.
            return Unit::Invalid {
                len: k,
                incomplete: false,
                readagain: 1,
            };
        }
        k += 1;
    }
    match std::str::from_utf8(&b[i..i + need])
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(ch) => Unit::Char(ch, need),
        None => Unit::Invalid {
            len: 1,
            incomplete: false,
            readagain: 0,
        },
    }
}

/// A writer of Unicode characters into one encoding.
pub struct Writer {
    codec: Codec,
    rs: Option<encoding_rs::Encoder>,
    started: bool,
}

impl Writer {
    pub fn new(codec: Codec) -> Writer {
        let rs = match codec {
            Codec::Rs(e) => Some(e.new_encoder()),
            _ => None,
        };
        Writer {
            codec,
            rs,
            started: false,
        }
    }

    /// Appends `ch` to `out`; false (nothing written) when the encoding
    /// has no such character.
    pub fn write(&mut self, ch: char, out: &mut Vec<u8>) -> bool {
        let first = !self.started;
        self.started = true;
        let u = ch as u32;
        match self.codec {
            Codec::Binary | Codec::Ascii => {
                if u >= 0x80 {
                    return false;
                }
                out.push(u as u8);
            }
            Codec::Latin1 => {
                if u >= 0x100 {
                    return false;
                }
                out.push(u as u8);
            }
            Codec::Utf8 => {
                let mut buf = [0; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
            }
            Codec::Utf16 { be, bom } => {
                if bom && first {
                    out.extend_from_slice(&[0xFE, 0xFF]);
                }
                let mut buf = [0u16; 2];
                for unit in ch.encode_utf16(&mut buf) {
                    out.extend_from_slice(&if be {
                        unit.to_be_bytes()
                    } else {
                        unit.to_le_bytes()
                    });
                }
            }
            Codec::Utf32 { be, bom } => {
                if bom && first {
                    out.extend_from_slice(&[0, 0, 0xFE, 0xFF]);
                }
                out.extend_from_slice(&if be { u.to_be_bytes() } else { u.to_le_bytes() });
            }
            Codec::Rs(_) => {
                let Some(enc) = self.rs.as_mut() else {
                    return false;
                };
                let mut buf = [0; 4];
                let s = ch.encode_utf8(&mut buf);
                let mut tmp = [0u8; 16];
                let (r, _, written) = enc.encode_from_utf8_without_replacement(s, &mut tmp, false);
                if let encoding_rs::EncoderResult::Unmappable(_) = r {
                    return false;
                }
                out.extend_from_slice(&tmp[..written]);
            }
        }
        true
    }

    /// Ends the output (a stateful encoding's return to ASCII).
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        if let Some(enc) = self.rs.as_mut() {
            let mut tmp = [0u8; 16];
            let (_, _, written) = enc.encode_from_utf8_without_replacement("", &mut tmp, true);
            out.extend_from_slice(&tmp[..written]);
        }
    }
}

/// The BOM-less codec a BOM-carrying `UTF-16`/`UTF-32` source reads as
/// (from its BOM; big-endian without one), and the BOM's length.
pub fn source_bom(c: Codec, b: &[u8]) -> (Codec, usize) {
    match c {
        Codec::Utf16 { bom: true, .. } => match b {
            [0xFF, 0xFE, ..] => (
                Codec::Utf16 {
                    be: false,
                    bom: false,
                },
                2,
            ),
            [0xFE, 0xFF, ..] => (
                Codec::Utf16 {
                    be: true,
                    bom: false,
                },
                2,
            ),
            _ => (
                Codec::Utf16 {
                    be: true,
                    bom: false,
                },
                0,
            ),
        },
        Codec::Utf32 { bom: true, .. } => match b {
            [0xFF, 0xFE, 0, 0, ..] => (
                Codec::Utf32 {
                    be: false,
                    bom: false,
                },
                4,
            ),
            [0, 0, 0xFE, 0xFF, ..] => (
                Codec::Utf32 {
                    be: true,
                    bom: false,
                },
                4,
            ),
            _ => (
                Codec::Utf32 {
                    be: true,
                    bom: false,
                },
                0,
            ),
        },
        c => (c, 0),
    }
}

/// The Enc a BOM-less UTF-16/32 codec reads with.
pub fn codec_enc(c: Codec, e: Enc) -> Enc {
    let name = match c {
        Codec::Utf16 {
            be: true,
            bom: false,
        } => "UTF-16BE",
        Codec::Utf16 {
            be: false,
            bom: false,
        } => "UTF-16LE",
        Codec::Utf32 {
            be: true,
            bom: false,
        } => "UTF-32BE",
        Codec::Utf32 {
            be: false,
            bom: false,
        } => "UTF-32LE",
        _ => return e,
    };
    Enc::find(name).unwrap_or(e)
}
