//! `Array#pack` and `String#unpack`/`unpack1` (CRuby's pack.c directives:
//! integers `cCsSlLqQjJiInNvV` with `_ ! < >`, `U`, `w`, floats `dDfFeEgG`,
//! strings `aAZ`, `bB`, `hH`, `m` (base64), `M` (quoted-printable), `u`,
//! and `x X @`).

use crate::interp::{VResult, Vm};
use crate::object::Unwind;
use crate::value::Value;
use num_bigint::BigInt;

type R<T> = Result<T, Unwind>;

struct Dir {
    c: u8,
    count: Option<usize>, // None = '*'
    explicit: bool,
    native: bool,
    big: Option<bool>,
}

fn parse(vm: &mut Vm, fmt: &[u8], unpack: bool) -> R<Vec<Dir>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        i += 1;
        if c.is_ascii_whitespace() {
            continue;
        }
        if c == b'#' {
            while i < fmt.len() && fmt[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let mut d = Dir {
            c,
            count: Some(1),
            explicit: false,
            native: false,
            big: None,
        };
        while i < fmt.len() && matches!(fmt[i], b'_' | b'!' | b'<' | b'>') {
            match fmt[i] {
                b'_' | b'!' => {
                    if !b"sSiIlLqQjJ".contains(&c) {
                        let what = if unpack { "unpack" } else { "pack" };
                        return Err(vm
                            .arg_error(&format!(
                                "'{}' allowed only after types sSiIlLqQjJ",
                                fmt[i] as char
                            ))
                            .tap_msg(what));
                    }
                    d.native = true
                }
                b'<' => d.big = Some(false),
                _ => d.big = Some(true),
            }
            i += 1;
        }
        if i < fmt.len() && fmt[i] == b'*' {
            d.count = None;
            d.explicit = true;
            i += 1;
        } else if i < fmt.len() && fmt[i].is_ascii_digit() {
            let mut n = 0usize;
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                n = n
                    .saturating_mul(10)
                    .saturating_add((fmt[i] - b'0') as usize);
                i += 1;
            }
            d.count = Some(n);
            d.explicit = true;
        }
        out.push(d);
    }
    Ok(out)
}

trait TapMsg {
    fn tap_msg(self, _: &str) -> Self;
}
impl TapMsg for Unwind {
    fn tap_msg(self, _: &str) -> Self {
        self
    }
}

/// (size in bytes, signed) of an integer directive, or None.
fn int_kind(d: &Dir) -> Option<(usize, bool, Option<bool>)> {
    let (n, s, big) = match d.c {
        b'c' => (1, true, None),
        b'C' => (1, false, None),
        b's' => (2, true, None),
        b'S' => (2, false, None),
        b'l' => (if d.native { 8 } else { 4 }, true, None),
        b'L' => (if d.native { 8 } else { 4 }, false, None),
        b'i' => (4, true, None),
        b'I' => (4, false, None),
        b'q' | b'j' => (8, true, None),
        b'Q' | b'J' => (8, false, None),
        b'n' => (2, false, Some(true)),
        b'N' => (4, false, Some(true)),
        b'v' => (2, false, Some(false)),
        b'V' => (4, false, Some(false)),
        _ => return None,
    };
    Some((n, s, big.or(d.big)))
}

fn int_bits(vm: &mut Vm, v: Value) -> R<u64> {
    if v.is_nil() {
        return Err(vm.type_error("no implicit conversion of nil into Integer"));
    }
    if let Some(n) = v.as_fixnum() {
        return Ok(n as u64);
    }
    if let Some(b) = super::integer::to_big(v) {
        let m = BigInt::from(1u8) << 64;
        let r: BigInt = ((b % &m) + &m) % &m;
        return Ok(r.try_into().unwrap_or(0u64));
    }
    let n = super::int_arg(vm, v)?;
    Ok(n as u64)
}

fn float_arg(vm: &mut Vm, v: Value) -> R<f64> {
    if let Some(f) = super::float::to_f64(v) {
        return Ok(f);
    }
    if let Some(n) = v.as_fixnum() {
        return Ok(n as f64);
    }
    if let Some(b) = super::integer::to_big(v) {
        return Ok(super::integer::big_to_f64(&b));
    }
    if vm.is_string(v) || v.is_nil() {
        let t = super::type_name(vm, v);
        return Err(vm.type_error(&format!("can't convert {t} into Float")));
    }
    let f = vm.funcall(v, crate::intern!("to_f"), &[], None)?;
    Ok(super::float::to_f64(f).unwrap_or(0.0))
}

fn next(vm: &mut Vm, items: &[Value], idx: &mut usize) -> R<Value> {
    let v = items.get(*idx).copied();
    *idx += 1;
    v.ok_or_else(|| too_few(vm))
}

fn too_few(vm: &mut Vm) -> Unwind {
    vm.arg_error("too few arguments")
}

const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn base64(out: &mut Vec<u8>, s: &[u8], line: Option<usize>) {
    let per = line.map(|l| (l / 3 * 3).max(3)).unwrap_or(usize::MAX);
    for chunk in s.chunks(if per == usize::MAX {
        s.len().max(1)
    } else {
        per
    }) {
        for g in chunk.chunks(3) {
            let b = [g[0], *g.get(1).unwrap_or(&0), *g.get(2).unwrap_or(&0)];
            out.push(B64[(b[0] >> 2) as usize]);
            out.push(B64[(((b[0] & 3) << 4) | (b[1] >> 4)) as usize]);
            out.push(if g.len() > 1 {
                B64[(((b[1] & 15) << 2) | (b[2] >> 6)) as usize]
            } else {
                b'='
            });
            out.push(if g.len() > 2 {
                B64[(b[2] & 63) as usize]
            } else {
                b'='
            });
        }
        if line.is_some() && !chunk.is_empty() {
            out.push(b'\n');
        }
    }
}

fn pack(vm: &mut Vm, s: Value, a: &[Value], _: super::string::B) -> VResult {
    let fmt = super::str_arg(vm, a[0])?;
    let items = vm.array_items(s);
    let dirs = parse(vm, &fmt, false)?;
    let mut out: Vec<u8> = Vec::new();
    let mut idx = 0;
    let mut utf8 = false;
    for (k, d) in dirs.iter().enumerate() {
        if let Some((n, _, big)) = int_kind(d) {
            let cnt = d.count.unwrap_or(usize::MAX);
            let mut j = 0;
            while j < cnt {
                if d.count.is_none() && idx >= items.len() {
                    break;
                }
                let v = next(vm, &items, &mut idx)?;
                let x = int_bits(vm, v)?;
                let le = x.to_le_bytes();
                if big == Some(true) {
                    out.extend(le[..n].iter().rev());
                } else {
                    out.extend(&le[..n]);
                }
                j += 1;
            }
            continue;
        }
        match d.c {
            b'U' => {
                if k == 0 {
                    utf8 = true;
                }
                let cnt = d.count.unwrap_or(usize::MAX);
                let mut j = 0;
                while j < cnt {
                    if d.count.is_none() && idx >= items.len() {
                        break;
                    }
                    let v = next(vm, &items, &mut idx)?;
                    let c = super::int_arg(vm, v)?;
                    if c < 0 {
                        return Err(vm.error(vm.e.range_error, "pack(U): value out of range"));
                    }
                    let mut buf = [0u8; 4];
                    match char::from_u32(c as u32) {
                        Some(ch) => out.extend(ch.encode_utf8(&mut buf).as_bytes()),
                        None => {
                            return Err(vm.error(vm.e.range_error, "pack(U): value out of range"));
                        }
                    }
                    j += 1;
                }
            }
            b'w' => {
                let cnt = d.count.unwrap_or(usize::MAX);
                let mut j = 0;
                while j < cnt {
                    if d.count.is_none() && idx >= items.len() {
                        break;
                    }
                    let v = next(vm, &items, &mut idx)?;
                    let mut b = super::integer::to_big(v)
                        .ok_or_else(|| vm.type_error("can't compress non-integer"))?;
                    if b < BigInt::from(0) {
                        return Err(vm.arg_error("can't compress negative numbers"));
                    }
                    let mut bytes = Vec::new();
                    loop {
                        let low: u8 = (&b % 128u32).try_into().unwrap_or(0);
                        bytes.push(low);
                        b >>= 7;
                        if b == BigInt::from(0) {
                            break;
                        }
                    }
                    for (i, x) in bytes.iter().enumerate().rev() {
                        out.push(if i > 0 { x | 0x80 } else { *x });
                    }
                    j += 1;
                }
            }
            b'd' | b'D' | b'f' | b'F' | b'e' | b'E' | b'g' | b'G' => {
                let cnt = d.count.unwrap_or(usize::MAX);
                let mut j = 0;
                while j < cnt {
                    if d.count.is_none() && idx >= items.len() {
                        break;
                    }
                    let v = next(vm, &items, &mut idx)?;
                    let f = float_arg(vm, v)?;
                    let be = matches!(d.c, b'g' | b'G') || (d.big == Some(true));
                    if matches!(d.c, b'f' | b'F' | b'e' | b'g') {
                        let b = (f as f32).to_bits().to_le_bytes();
                        if be {
                            out.extend(b.iter().rev());
                        } else {
                            out.extend(b);
                        }
                    } else {
                        let b = f.to_bits().to_le_bytes();
                        if be {
                            out.extend(b.iter().rev());
                        } else {
                            out.extend(b);
                        }
                    }
                    j += 1;
                }
            }
            b'a' | b'A' | b'Z' | b'B' | b'b' | b'H' | b'h' | b'm' | b'M' | b'u' => {
                let v = next(vm, &items, &mut idx)?;
                let src = if d.c == b'M' {
                    let s = vm.to_s(v)?;
                    s.into_bytes()
                } else {
                    super::str_arg(vm, v)?
                };
                match d.c {
                    b'a' | b'A' | b'Z' => {
                        let n = match d.count {
                            None => src.len() + (d.c == b'Z') as usize,
                            Some(n) => n,
                        };
                        let pad = if d.c == b'A' { b' ' } else { 0 };
                        for i in 0..n {
                            out.push(*src.get(i).unwrap_or(&pad));
                        }
                    }
                    b'B' | b'b' => {
                        let n = d.count.unwrap_or(src.len());
                        let mut byte = 0u8;
                        let mut bits = 0;
                        for &c in src.iter().take(n) {
                            let bit = c & 1;
                            if d.c == b'B' {
                                byte |= bit << (7 - bits);
                            } else {
                                byte |= bit << bits;
                            }
                            bits += 1;
                            if bits == 8 {
                                out.push(byte);
                                byte = 0;
                                bits = 0;
                            }
                        }
                        if bits > 0 {
                            out.push(byte);
                        }
                        let want = n.div_ceil(8);
                        let have = n.min(src.len()).div_ceil(8);
                        out.extend(std::iter::repeat_n(0, want.saturating_sub(have)));
                    }
                    b'H' | b'h' => {
                        let n = d.count.unwrap_or(src.len());
                        let mut byte = 0u8;
                        let mut half = 0;
                        for &c in src.iter().take(n) {
                            let nib = if c.is_ascii_alphabetic() {
                                ((c & 7) + 9) & 15
                            } else {
                                c & 15
                            };
                            if (d.c == b'H') == (half == 0) {
                                byte |= nib << 4;
                            } else {
                                byte |= nib;
                            }
                            half += 1;
                            if half == 2 {
                                out.push(byte);
                                byte = 0;
                                half = 0;
                            }
                        }
                        if half > 0 {
                            out.push(byte);
                        }
                        let want = n.div_ceil(2);
                        let have = n.min(src.len()).div_ceil(2);
                        out.extend(std::iter::repeat_n(0, want.saturating_sub(have)));
                    }
                    b'm' => {
                        let line = match d.count {
                            Some(0) if d.explicit => None,
                            Some(n) if d.explicit && n >= 3 => Some(n),
                            _ => Some(45),
                        };
                        base64(&mut out, &src, line);
                    }
                    b'u' => {
                        let per = match d.count {
                            Some(n) if d.explicit && n >= 3 => (n / 3 * 3).min(45),
                            _ => 45,
                        };
                        for chunk in src.chunks(per) {
                            out.push(32 + chunk.len() as u8);
                            for g in chunk.chunks(3) {
                                let b = [g[0], *g.get(1).unwrap_or(&0), *g.get(2).unwrap_or(&0)];
                                for x in [
                                    b[0] >> 2,
                                    ((b[0] & 3) << 4) | (b[1] >> 4),
                                    ((b[1] & 15) << 2) | (b[2] >> 6),
                                    b[2] & 63,
                                ] {
                                    out.push(if x == 0 { b'`' } else { x + 32 });
                                }
                            }
                            out.push(b'\n');
                        }
                    }
                    _ => {
                        // M: quoted-printable
                        let mut col = 0;
                        let lim = match d.count {
                            Some(n) if n > 1 => n,
                            _ => 72,
                        };
                        let mut i = 0;
                        while i < src.len() {
                            let c = src[i];
                            if c > 126 || (c < 32 && c != b'\n' && c != b'\t') || c == b'=' {
                                out.extend(format!("={c:02X}").bytes());
                                col += 3;
                            } else if c == b'\n' {
                                if i > 0 && (src[i - 1] == b' ' || src[i - 1] == b'\t') {
                                    out.extend(b"=\n");
                                }
                                out.push(b'\n');
                                col = 0;
                                i += 1;
                                continue;
                            } else {
                                out.push(c);
                                col += 1;
                            }
                            if col > lim {
                                out.extend(b"=\n");
                                col = 0;
                            }
                            i += 1;
                        }
                        if col > 0 {
                            out.extend(b"=\n");
                        }
                    }
                }
            }
            b'x' => {
                let n = d.count.unwrap_or(0);
                out.extend(std::iter::repeat_n(0, n));
            }
            b'X' => {
                let n = d.count.unwrap_or(0);
                if n > out.len() {
                    return Err(vm.arg_error("X outside of string"));
                }
                out.truncate(out.len() - n);
            }
            b'@' => {
                let n = d.count.unwrap_or(0);
                out.resize(n, 0);
            }
            b'p' | b'P' => {
                let _ = next(vm, &items, &mut idx)?;
                out.extend([0u8; 8]);
            }
            // CRuby 3.1 ignores unknown directives (warning only with -w).
            _ => {}
        }
    }
    let r = vm.str_from_bytes(out);
    if !utf8 {
        mark_binary(r);
    }
    Ok(r)
}

fn mark_binary(s: Value) {
    super::string::force_encoding_name(s, "ASCII-8BIT");
}

fn unb64(s: &[u8], strict: bool) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut acc = 0u32;
    let mut n = 0;
    for &c in s {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => break,
            _ => {
                if strict {
                    return None;
                }
                continue;
            }
        };
        acc = (acc << 6) | v as u32;
        n += 1;
        if n == 4 {
            out.extend([(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
            acc = 0;
            n = 0;
        }
    }
    if n == 2 {
        out.push((acc >> 4) as u8);
    } else if n == 3 {
        out.extend([(acc >> 10) as u8, (acc >> 2) as u8]);
    }
    Some(out)
}

pub fn unpack(vm: &mut Vm, s: Value, a: &[Value], _: super::string::B) -> VResult {
    let fmt = super::str_arg(vm, a[0])?;
    let b = vm.string_bytes(s);
    let dirs = parse(vm, &fmt, true)?;
    let mut out = Vec::new();
    let mut pos = 0usize;
    for d in &dirs {
        if let Some((n, signed, big)) = int_kind(d) {
            let cnt = d.count.unwrap_or(usize::MAX);
            let mut j = 0;
            while j < cnt {
                if pos + n > b.len() {
                    if d.count.is_some() {
                        out.push(Value::NIL);
                        j += 1;
                        continue;
                    }
                    break;
                }
                let mut buf = [0u8; 8];
                if big == Some(true) {
                    for i in 0..n {
                        buf[i] = b[pos + n - 1 - i];
                    }
                } else {
                    buf[..n].copy_from_slice(&b[pos..pos + n]);
                }
                let x = u64::from_le_bytes(buf);
                let v = if signed {
                    let sh = 64 - 8 * n as u32;
                    let sv = ((x << sh) as i64) >> sh;
                    super::integer::int_value(vm, crate::support::numparse::Int::Small(sv))
                } else if x > i64::MAX as u64 || Value::fixnum(x as i64).is_none() {
                    vm.bignum_value(BigInt::from(x))
                } else {
                    Value::int(x as i64)
                };
                out.push(v);
                pos += n;
                j += 1;
            }
            continue;
        }
        match d.c {
            b'U' => {
                let cnt = d.count.unwrap_or(usize::MAX);
                let mut j = 0;
                while j < cnt && pos < b.len() {
                    let c0 = b[pos];
                    let len = if c0 < 0x80 {
                        1
                    } else if c0 >> 5 == 6 {
                        2
                    } else if c0 >> 4 == 14 {
                        3
                    } else if c0 >> 3 == 30 {
                        4
                    } else {
                        return Err(vm.arg_error("malformed UTF-8 character"));
                    };
                    if pos + len > b.len() {
                        let m = format!(
                            "malformed UTF-8 character (expected {len} bytes, given {} bytes)",
                            b.len() - pos
                        );
                        return Err(vm.arg_error(&m));
                    }
                    let mut c = if len == 1 {
                        c0 as u32
                    } else {
                        (c0 & (0x7f >> len)) as u32
                    };
                    for k in 1..len {
                        c = (c << 6) | (b[pos + k] & 0x3f) as u32;
                    }
                    out.push(Value::int(c as i64));
                    pos += len;
                    j += 1;
                }
            }
            b'w' => {
                let cnt = d.count.unwrap_or(usize::MAX);
                let mut j = 0;
                while j < cnt && pos < b.len() {
                    let mut acc = BigInt::from(0);
                    while pos < b.len() {
                        let c = b[pos];
                        pos += 1;
                        acc = (acc << 7) + BigInt::from(c & 0x7f);
                        if c & 0x80 == 0 {
                            break;
                        }
                    }
                    let v = match i64::try_from(&acc) {
                        Ok(n) if Value::fixnum(n).is_some() => Value::int(n),
                        _ => vm.bignum_value(acc),
                    };
                    out.push(v);
                    j += 1;
                }
            }
            b'd' | b'D' | b'f' | b'F' | b'e' | b'E' | b'g' | b'G' => {
                let single = matches!(d.c, b'f' | b'F' | b'e' | b'g');
                let n = if single { 4 } else { 8 };
                let be = matches!(d.c, b'g' | b'G') || d.big == Some(true);
                let cnt = d.count.unwrap_or(usize::MAX);
                let mut j = 0;
                while j < cnt {
                    if pos + n > b.len() {
                        if d.count.is_some() {
                            out.push(Value::NIL);
                            j += 1;
                            continue;
                        }
                        break;
                    }
                    let mut buf = b[pos..pos + n].to_vec();
                    if be {
                        buf.reverse();
                    }
                    let f = if single {
                        f32::from_le_bytes(buf.try_into().unwrap()) as f64
                    } else {
                        f64::from_le_bytes(buf.try_into().unwrap())
                    };
                    out.push(vm.float_new(f));
                    pos += n;
                    j += 1;
                }
            }
            b'a' | b'A' | b'Z' => {
                let rest = b.len().saturating_sub(pos);
                let n = d.count.unwrap_or(rest).min(rest);
                let mut piece = b[pos..pos + n].to_vec();
                match d.c {
                    b'A' => {
                        while piece.last().is_some_and(|c| *c == b' ' || *c == 0) {
                            piece.pop();
                        }
                        pos += n;
                    }
                    b'Z' => {
                        if let Some(z) = piece.iter().position(|c| *c == 0) {
                            piece.truncate(z);
                            pos += if d.count.is_none() { z + 1 } else { n };
                        } else {
                            pos += n;
                        }
                    }
                    _ => pos += n,
                }
                let v = vm.str_from_bytes(piece);
                mark_binary(v);
                out.push(v);
            }
            b'B' | b'b' => {
                let rest = (b.len().saturating_sub(pos)) * 8;
                let n = d.count.unwrap_or(rest).min(rest);
                let mut s = Vec::with_capacity(n);
                for i in 0..n {
                    let byte = b[pos + i / 8];
                    let bit = if d.c == b'B' {
                        (byte >> (7 - i % 8)) & 1
                    } else {
                        (byte >> (i % 8)) & 1
                    };
                    s.push(b'0' + bit);
                }
                pos += n.div_ceil(8);
                let v = vm.str_from_bytes(s);
                super::string::force_encoding_name(v, "US-ASCII");
                out.push(v);
            }
            b'H' | b'h' => {
                let rest = (b.len().saturating_sub(pos)) * 2;
                let n = d.count.unwrap_or(rest).min(rest);
                let mut s = Vec::with_capacity(n);
                for i in 0..n {
                    let byte = b[pos + i / 2];
                    let nib = if (d.c == b'H') == (i % 2 == 0) {
                        byte >> 4
                    } else {
                        byte & 15
                    };
                    s.push(b"0123456789abcdef"[nib as usize]);
                }
                pos += n.div_ceil(2);
                let v = vm.str_from_bytes(s);
                super::string::force_encoding_name(v, "US-ASCII");
                out.push(v);
            }
            b'm' => {
                let strict = d.count == Some(0) && d.explicit;
                let r = unb64(&b[pos.min(b.len())..], strict);
                let Some(r) = r else {
                    return Err(vm.arg_error("invalid base64"));
                };
                pos = b.len();
                let v = vm.str_from_bytes(r);
                mark_binary(v);
                out.push(v);
            }
            b'M' => {
                let src = &b[pos.min(b.len())..];
                let mut r = Vec::new();
                let mut i = 0;
                while i < src.len() {
                    if src[i] == b'=' {
                        if src.get(i + 1) == Some(&b'\n') {
                            i += 2;
                            continue;
                        }
                        if i + 2 < src.len() {
                            let h = std::str::from_utf8(&src[i + 1..i + 3])
                                .ok()
                                .and_then(|h| u8::from_str_radix(h, 16).ok());
                            if let Some(h) = h {
                                r.push(h);
                                i += 3;
                                continue;
                            }
                        }
                    }
                    r.push(src[i]);
                    i += 1;
                }
                pos = b.len();
                let v = vm.str_from_bytes(r);
                mark_binary(v);
                out.push(v);
            }
            b'u' => {
                let src = &b[pos.min(b.len())..];
                let mut r = Vec::new();
                for line in src.split(|c| *c == b'\n') {
                    if line.is_empty() {
                        continue;
                    }
                    let len = ((line[0].wrapping_sub(32)) & 63) as usize;
                    let mut bytes = Vec::new();
                    for g in line[1..].chunks(4) {
                        let v: Vec<u32> = (0..4)
                            .map(|k| {
                                (g.get(k).copied().unwrap_or(b'`').wrapping_sub(32) & 63) as u32
                            })
                            .collect();
                        let x = (v[0] << 18) | (v[1] << 12) | (v[2] << 6) | v[3];
                        bytes.extend([(x >> 16) as u8, (x >> 8) as u8, x as u8]);
                    }
                    bytes.truncate(len);
                    r.extend(bytes);
                }
                pos = b.len();
                let v = vm.str_from_bytes(r);
                mark_binary(v);
                out.push(v);
            }
            b'x' => {
                let n = d.count.unwrap_or(b.len().saturating_sub(pos));
                if pos + n > b.len() {
                    return Err(vm.arg_error("x outside of string"));
                }
                pos += n;
            }
            b'X' => {
                let n = d.count.unwrap_or(0);
                if n > pos {
                    return Err(vm.arg_error("X outside of string"));
                }
                pos -= n;
            }
            b'@' => {
                let n = d.count.unwrap_or(0);
                if n > b.len() {
                    return Err(vm.arg_error("@ outside of string"));
                }
                pos = n;
            }
            // CRuby 3.1 ignores unknown directives (warning only with -w).
            _ => {}
        }
    }
    Ok(vm.ary_new(out))
}

pub fn init(vm: &mut Vm) {
    let a = crate::class::cls::ARRAY;
    let s = crate::class::cls::STRING;
    vm.def_builtin(a, "pack", -2, pack);
    vm.def_builtin(s, "unpack", -2, unpack);
    vm.def_builtin(s, "unpack1", -2, |vm, s, a, b| {
        let r = unpack(vm, s, a, b)?;
        Ok(vm.array_items(r).first().copied().unwrap_or(Value::NIL))
    });
}
