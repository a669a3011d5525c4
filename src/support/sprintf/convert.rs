//! The conversions of the `format` engine: rendering one fetched
//! argument for `%s %p %c`, the integer conversions (`d i u o x X b B`,
//! including CRuby's `..f01` two's-complement digits for negatives) and
//! the float conversions (`f e E g G a A`, `%f` of an Integer exactly),
//! with flags, width and precision applied.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use super::directive::num2int;
use super::{
    ArgNeed, Engine, FMINUS, FPLUS, FPREC, FSHARP, FSPACE, FWIDTH, FZERO, FmtArg, FormatError,
    Spec, err,
};
use crate::support::float_fmt;
use crate::support::numparse::{self, Int};

impl Engine<'_> {
    fn pad(&mut self, n: i64, c: char) {
        for _ in 0..n.max(0) {
            self.push_char(c);
        }
    }

    fn push_char(&mut self, c: char) {
        let mut buf = [0u8; 4];
        self.out
            .extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }

    fn push_str(&mut self, s: &str) {
        self.out.extend_from_slice(s.as_bytes());
    }

    pub(super) fn format_s(&mut self, spec: &Spec, need: ArgNeed) -> Result<(), FormatError> {
        let arg = self.fetch(&spec.value, need)?;
        let (s, utf8) = match arg {
            FmtArg::Bytes(b, utf8) => (b, utf8),
            FmtArg::Str(s) => (s.into_bytes(), true),
            FmtArg::Int(i) => (i.to_string().into_bytes(), true),
            FmtArg::Big(b) => (b.to_string().into_bytes(), true),
            FmtArg::Float(f) => (float_fmt::float_to_s(f).into_bytes(), true),
        };
        if spec.flags & (FPREC | FWIDTH) == 0 {
            self.out.extend_from_slice(&s);
            return Ok(());
        }
        // Characters: UTF-8 ones, or one per byte (also for bytes that
        // are not valid UTF-8).
        let chars = std::str::from_utf8(&s).ok().filter(|_| utf8);
        let mut slen = chars.map_or(s.len(), |t| t.chars().count()) as i64;
        let mut text: &[u8] = &s;
        if spec.flags & FPREC != 0 && spec.prec < slen {
            let n = spec.prec as usize;
            let cut = chars.map_or(n, |t| t.char_indices().nth(n).map_or(s.len(), |(i, _)| i));
            text = &s[..cut];
            slen = spec.prec;
        }
        let fill = if spec.flags & FWIDTH != 0 {
            spec.width - slen
        } else {
            0
        };
        if spec.flags & FMINUS == 0 {
            self.pad(fill, ' ');
        }
        self.out.extend_from_slice(text);
        if spec.flags & FMINUS != 0 {
            self.pad(fill, ' ');
        }
        Ok(())
    }
    pub(super) fn format_c(&mut self, spec: &Spec) -> Result<(), FormatError> {
        let arg = self.fetch(&spec.value, ArgNeed::Char)?;
        // A one-character String; a code point otherwise (one byte when
        // the result is one byte per character).
        let bytes: Vec<u8> = match arg {
            FmtArg::Bytes(b, utf8) => {
                let chars = match std::str::from_utf8(&b) {
                    Ok(t) if utf8 => t.chars().count(),
                    _ => b.len(),
                };
                if chars != 1 {
                    return err("%c requires a character");
                }
                b
            }
            FmtArg::Str(s) => {
                let mut it = s.chars();
                match (it.next(), it.next()) {
                    (Some(c), None) => c.to_string().into_bytes(),
                    _ => return err("%c requires a character"),
                }
            }
            other => {
                let code = num2int(other)?;
                if self.bytewise {
                    match u8::try_from(code) {
                        Ok(b) => vec![b],
                        Err(_) => return err("invalid character"),
                    }
                } else {
                    // CRuby emits raw (invalid) bytes for negative values
                    // and surrogates; those are refused here.
                    let c = u32::try_from(code)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or_else(|| FormatError::argument("invalid character"))?;
                    c.to_string().into_bytes()
                }
            }
        };
        let fill = if spec.flags & FWIDTH != 0 {
            spec.width - 1
        } else {
            0
        };
        if spec.flags & FMINUS == 0 {
            self.pad(fill, ' ');
        }
        self.out.extend_from_slice(&bytes);
        if spec.flags & FMINUS != 0 {
            self.pad(fill, ' ');
        }
        Ok(())
    }

    pub(super) fn format_int(&mut self, spec: &mut Spec, conv: u8) -> Result<(), FormatError> {
        let arg = self.fetch(&spec.value, ArgNeed::Int)?;
        let value = arg_to_int(arg)?;
        let flags = spec.flags;
        let mut width = spec.width;
        let mut prec = spec.prec;
        let sign = match conv {
            b'd' | b'i' | b'u' => true,
            _ => flags & (FPLUS | FSPACE) != 0,
        };
        let mut prefix: Option<&str> = if flags & FSHARP != 0 {
            match conv {
                b'o' => Some("0"),
                b'x' => Some("0x"),
                b'X' => Some("0X"),
                b'b' => Some("0b"),
                b'B' => Some("0B"),
                _ => None,
            }
        } else {
            None
        };
        let base: u32 = match conv {
            b'o' => 8,
            b'x' | b'X' => 16,
            b'b' | b'B' => 2,
            _ => 10,
        };
        let negative = match &value {
            Int::Small(v) => *v < 0,
            Int::Big(b) => b.is_negative(),
        };
        let mut sc: Option<char> = None;
        let mut dots = false;
        let mut s = if sign || base == 10 || !negative {
            if negative {
                sc = Some('-');
            } else if flags & FPLUS != 0 {
                sc = Some('+');
            } else if flags & FSPACE != 0 {
                sc = Some(' ');
            }
            if !sign {
                // Unsigned conversion of a non-negative value: no sign char.
                sc = None;
            }
            magnitude_str(&value, base)
        } else {
            dots = true;
            twos_complement_str(&value, base)
        };
        if sc.is_some() {
            width -= 1;
        }
        if dots {
            prec -= 2;
            width -= 2;
        }
        if conv == b'X' {
            s.make_ascii_uppercase();
        }
        let mut len = s.len() as i64;
        let is_zero = s == "0";
        if prefix == Some("0") {
            if dots {
                prefix = None;
            } else if len == 1 && is_zero {
                len = 0;
                if flags & FPREC != 0 {
                    prec -= 1;
                }
            } else if flags & FPREC != 0 && prec > len {
                prefix = None;
            }
        } else if len == 1 && is_zero {
            prefix = None;
        }
        if let Some(pf) = prefix {
            width -= pf.len() as i64;
        }
        if flags & (FZERO | FMINUS | FPREC) == FZERO {
            prec = width;
            width = 0;
        } else {
            if prec < len {
                if prefix.is_none() && prec == 0 && len == 1 && is_zero {
                    len = 0;
                }
                prec = len;
            }
            width -= prec;
        }
        if flags & FMINUS == 0 {
            self.pad(width, ' ');
            width = 0;
        }
        if let Some(c) = sc {
            self.push_char(c);
        }
        if let Some(pf) = prefix {
            self.push_str(pf);
        }
        if dots {
            self.push_str("..");
        }
        if prec > len {
            if !sign && negative {
                let c = match base {
                    16 if conv == b'X' => 'F',
                    16 => 'f',
                    8 => '7',
                    2 => '1',
                    _ => '.',
                };
                self.pad(prec - len, c);
            } else if flags & (FMINUS | FPREC) != FMINUS {
                self.pad(prec - len, '0');
            }
        }
        self.push_str(&s[..len as usize]);
        self.pad(width, ' ');
        Ok(())
    }

    pub(super) fn format_float(&mut self, spec: &Spec, conv: u8) -> Result<(), FormatError> {
        let arg = self.fetch(&spec.value, ArgNeed::Float)?;
        let fval = match arg {
            FmtArg::Int(i) if conv == b'f' => return self.format_exact_int(spec, &BigInt::from(i)),
            FmtArg::Big(b) if conv == b'f' => return self.format_exact_int(spec, &b),
            FmtArg::Int(i) => i as f64,
            FmtArg::Big(b) => b.to_f64().unwrap_or(f64::NAN),
            FmtArg::Float(f) => f,
            FmtArg::Str(s) => numparse::str_to_float_strict(&s).map_err(FormatError::argument)?,
            FmtArg::Bytes(b, _) => numparse::str_to_float_strict(&String::from_utf8_lossy(&b))
                .map_err(FormatError::argument)?,
        };
        let flags = spec.flags;
        if !fval.is_finite() {
            let expr = if fval.is_nan() { "NaN" } else { "Inf" };
            let sign = if !fval.is_nan() && fval < 0.0 {
                Some('-')
            } else if flags & FPLUS != 0 {
                Some('+')
            } else if flags & FSPACE != 0 {
                Some(' ')
            } else {
                None
            };
            let body_len = expr.len() as i64 + i64::from(sign.is_some());
            let fill = if flags & FWIDTH != 0 {
                spec.width - body_len
            } else {
                0
            };
            if flags & FMINUS == 0 {
                self.pad(fill, ' ');
            }
            if let Some(c) = sign {
                self.push_char(c);
            }
            self.push_str(expr);
            if flags & FMINUS != 0 {
                self.pad(fill, ' ');
            }
            return Ok(());
        }
        let prec = if flags & FPREC != 0 {
            Some(spec.prec as usize)
        } else {
            None
        };
        let sharp = flags & FSHARP != 0;
        let (prefix, body) = match conv {
            b'f' => (
                "",
                float_fmt::printf_f(fval.abs(), prec.unwrap_or(6), sharp),
            ),
            b'e' | b'E' => (
                "",
                float_fmt::printf_e(fval.abs(), prec.unwrap_or(6), sharp, conv == b'E'),
            ),
            b'g' | b'G' => (
                "",
                float_fmt::printf_g(fval.abs(), prec, sharp, conv == b'G'),
            ),
            _ => {
                let upper = conv == b'A';
                (
                    if upper { "0X" } else { "0x" },
                    c_hex(fval.abs(), prec, sharp, upper),
                )
            }
        };
        let sign = if fval.is_sign_negative() {
            Some('-')
        } else if flags & FPLUS != 0 {
            Some('+')
        } else if flags & FSPACE != 0 {
            Some(' ')
        } else {
            None
        };
        let len = (body.len() + prefix.len()) as i64 + i64::from(sign.is_some());
        let fill = if flags & FWIDTH != 0 {
            spec.width - len
        } else {
            0
        };
        if flags & FMINUS == 0 && flags & FZERO == 0 {
            self.pad(fill, ' ');
        }
        if let Some(c) = sign {
            self.push_char(c);
        }
        self.push_str(prefix);
        if flags & FMINUS == 0 && flags & FZERO != 0 {
            self.pad(fill, '0');
        }
        self.push_str(&body);
        if flags & FMINUS != 0 {
            self.pad(fill, ' ');
        }
        Ok(())
    }

    /// `%f` of an Integer: printed exactly (CRuby does not go through
    /// double for integers).
    fn format_exact_int(&mut self, spec: &Spec, v: &BigInt) -> Result<(), FormatError> {
        let flags = spec.flags;
        let prec = if flags & FPREC != 0 { spec.prec } else { 6 };
        let digits = v.magnitude().to_string();
        let sign = if v.is_negative() {
            Some('-')
        } else if flags & FPLUS != 0 {
            Some('+')
        } else if flags & FSPACE != 0 {
            Some(' ')
        } else {
            None
        };
        let mut len = digits.len() as i64 + prec;
        if sign.is_some() {
            len += 1;
        }
        if prec > 0 {
            len += 1;
        }
        let fill = if spec.width > len {
            spec.width - len
        } else {
            0
        };
        if fill > 0 && flags & (FMINUS | FZERO) == 0 {
            self.pad(fill, ' ');
        }
        if let Some(c) = sign {
            self.push_char(c);
        }
        if fill > 0 && flags & (FMINUS | FZERO) == FZERO {
            self.pad(fill, '0');
        }
        self.push_str(&digits);
        if prec > 0 {
            self.push_char('.');
            self.pad(prec, '0');
        }
        if fill > 0 && flags & FMINUS != 0 {
            self.pad(fill, ' ');
        }
        Ok(())
    }
}

/// An integer conversion's argument as an Integer (CRuby's `bin_retry`).
fn arg_to_int(arg: FmtArg) -> Result<Int, FormatError> {
    match arg {
        FmtArg::Int(i) => Ok(Int::Small(i)),
        FmtArg::Big(b) => Ok(Int::from_bigint(b)),
        FmtArg::Float(f) => float_fmt::float_to_int(f).map_err(|m| FormatError {
            class: "FloatDomainError",
            message: m,
        }),
        FmtArg::Str(s) => numparse::str_to_integer_strict(&s, None).map_err(FormatError::argument),
        FmtArg::Bytes(b, _) => numparse::str_to_integer_strict(&String::from_utf8_lossy(&b), None)
            .map_err(FormatError::argument),
    }
}

/// Digits of |v| in `base` (lower case).
fn magnitude_str(v: &Int, base: u32) -> String {
    match v {
        Int::Small(i) => {
            let m = i.unsigned_abs();
            match base {
                2 => format!("{m:b}"),
                8 => format!("{m:o}"),
                16 => format!("{m:x}"),
                _ => m.to_string(),
            }
        }
        Int::Big(b) => b.magnitude().to_str_radix(base),
    }
}

/// CRuby's digits for a negative number without a sign flag: the shortest
/// two's complement whose top digit is the all-ones digit (`f`, `7`, `1`),
/// e.g. -255 in hex is `f01` (printed as `..f01`).
fn twos_complement_str(v: &Int, base: u32) -> String {
    let numbits = base.trailing_zeros() as u64;
    let big = match v {
        Int::Small(i) => BigInt::from(*i),
        Int::Big(b) => b.clone(),
    };
    let mag = big.magnitude();
    let bitlen = mag.bits();
    let mut numdigits = bitlen.div_ceil(numbits);
    let nlz = numdigits * numbits - bitlen;
    let single_bit = mag.count_ones() == 1;
    if numdigits == 0 || nlz != numbits - 1 || !single_bit {
        numdigits += 1;
    }
    let modulus = BigInt::from(1u8) << (numdigits * numbits);
    let value = modulus + big;
    let s = value.magnitude().to_str_radix(base);
    // `value` has exactly `numdigits` digits (its top digit is the max).
    if (s.len() as u64) < numdigits {
        let mut padded = "0".repeat((numdigits as usize) - s.len());
        padded.push_str(&s);
        return padded;
    }
    s
}

/// C `%a` (CRuby's BSD `hdtoa`) of a non-negative finite value, without
/// the `0x` prefix: `1.8p+1`. Reproduces its rounding, including the quirk
/// that a precision of exactly 13 drops the last mantissa bit.
fn c_hex(f: f64, prec: Option<usize>, sharp: bool, upper: bool) -> String {
    let digits_of = |frac: u64, n: usize| -> String {
        let mut s = format!("{frac:013x}");
        if n > 13 {
            s.push_str(&"0".repeat(n - 13));
        } else {
            s.truncate(n);
        }
        s
    };
    let (lead, frac_digits, exp) = if f == 0.0 {
        ('0', "0".repeat(prec.unwrap_or(0)), 0i64)
    } else {
        let bits = f.to_bits();
        let raw = ((bits >> 52) & 0x7ff) as i64;
        let frac = bits & ((1u64 << 52) - 1);
        // Normalise subnormals.
        let (mut m, mut e) = if raw == 0 {
            let shift = frac.leading_zeros() as i64 - 11;
            (frac << shift, -1022 - shift)
        } else {
            (frac | (1u64 << 52), raw - 1023)
        };
        if let Some(p) = prec {
            let nd = p + 1; // hex digits including the leading 1
            if nd < 15 {
                let keep_bits = if nd == 14 { 52 } else { 4 * nd as u32 - 3 };
                let drop = 53 - keep_bits;
                let half = 1u64 << (drop - 1);
                let rem = m & ((1u64 << drop) - 1);
                m >>= drop;
                if rem > half || (rem == half && m & 1 == 1) {
                    m += 1;
                }
                m <<= drop;
                if m >> 53 != 0 {
                    m >>= 1;
                    e += 1;
                }
            }
        }
        let frac = m & ((1u64 << 52) - 1);
        let s = match prec {
            Some(p) => digits_of(frac, p),
            None => {
                let s = format!("{frac:013x}");
                s.trim_end_matches('0').to_string()
            }
        };
        ('1', s, e)
    };
    let mut out = String::new();
    out.push(lead);
    if !frac_digits.is_empty() || sharp {
        out.push('.');
    }
    out.push_str(&frac_digits);
    out.push('p');
    out.push_str(&format!("{exp:+}"));
    if upper {
        out.make_ascii_uppercase();
    }
    out
}
