//! BigDecimal from and to text, as bigdecimal.c: VpAlloc's string scanner
//! and VpCtoV (strict for `BigDecimal("...")`, loose for
//! `String#to_d`/`interpret_loosely`), and VpToString / VpToFString /
//! VpSzMantissa with VpFormatSt's digit grouping.

use super::real::{
    BASE_FIG, EXCEPTION_INFINITY, Real, VpErr, VpResult, exception, exponent10, nmlz, prec_limit,
};

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// bigdecimal_parse_special_string: Infinity, +Infinity, -Infinity, NaN
/// (then only spaces).
fn parse_special(s: &[u8]) -> Option<Real> {
    const TABLE: [(&str, i8); 4] = [
        ("Infinity", super::real::SIGN_POSITIVE_INFINITE),
        ("+Infinity", super::real::SIGN_POSITIVE_INFINITE),
        ("-Infinity", super::real::SIGN_NEGATIVE_INFINITE),
        ("NaN", super::real::SIGN_NAN),
    ];
    for (word, sign) in TABLE {
        if let Some(rest) = s.strip_prefix(word.as_bytes())
            && rest.iter().all(|&c| is_space(c))
        {
            let mut r = Real::with_words(1);
            r.sign = sign;
            return Some(r);
        }
    }
    None
}

/// VpAlloc(mx, str, strict_p, exc): Ok(None) for an invalid string when
/// `exc` is false; ArgumentError when it is true. A leading `#` skips the
/// precision limit.
pub fn alloc(mx: usize, src: &[u8], strict: bool, exc: bool) -> VpResult<Option<Real>> {
    let mut mx = mx.div_ceil(BASE_FIG).max(1);
    let mut mf = prec_limit();
    // A C string ends at its first NUL.
    let s = match src.iter().position(|&c| c == 0) {
        Some(n) => &src[..n],
        None => src,
    };
    let mut start = 0;
    while start < s.len() && is_space(s[start]) {
        start += 1;
    }
    if s.get(start) != Some(&b'#') {
        if mf != 0 {
            mf = mf.div_ceil(BASE_FIG) + 2;
            if mx > mf {
                mx = mf;
            }
        }
    } else {
        start += 1;
    }
    let sz = &s[start..];
    if let Some(r) = parse_special(sz) {
        return Ok(Some(r));
    }
    let zero = |mx: usize| {
        let mut r = Real::with_words(mx);
        r.set_zero(1);
        Some(r)
    };
    // sz with a NUL terminator, as the C scanner reads it.
    let at = |j: usize| -> u8 { sz.get(j).copied().unwrap_or(0) };
    let mut psz: Vec<u8> = vec![0; sz.len() + 2];
    let (mut i, mut j) = (0usize, 0usize);
    let mut sign = 1;
    let mut v = at(j);
    psz[i] = v;
    if v == b'-' || v == b'+' {
        sign = if v == b'-' { -1 } else { 1 };
        i += 1;
        j += 1;
    }
    let invalid = |exc: bool| -> VpResult<Option<Real>> {
        if !exc {
            return Ok(None);
        }
        Err(VpErr::Arg(format!(
            "invalid value for BigDecimal(): {:?}",
            String::from_utf8_lossy(src)
        )))
    };
    let mut ni: usize = 0;
    loop {
        v = at(j);
        psz[i] = v;
        if v == 0 {
            break;
        }
        if !strict && is_space(v) {
            v = 0;
            psz[i] = 0;
            break;
        }
        if v == b'_' {
            if ni > 0 {
                let n = at(j + 1);
                if n == 0 || is_space(n) || n.is_ascii_digit() {
                    j += 1;
                    continue;
                }
                if !strict {
                    v = 0;
                    psz[i] = 0;
                    break;
                }
            }
            if !strict {
                return Ok(zero(mx));
            }
            return invalid(exc);
        }
        if !v.is_ascii_digit() {
            break;
        }
        ni += 1;
        i += 1;
        j += 1;
    }
    let (mut nf, mut ne, mut ipf, mut ipe): (usize, usize, usize, usize) = (0, 0, 0, 0);
    let mut dot_seen = false;
    let mut exp_seen = false;
    if v != 0 {
        psz[i] = at(j);
        if at(j) == b'.' {
            dot_seen = true;
            i += 1;
            j += 1;
            ipf = i;
            loop {
                v = at(j);
                psz[i] = v;
                if v == 0 {
                    break;
                }
                if !strict && is_space(v) {
                    v = 0;
                    psz[i] = 0;
                    break;
                }
                if v == b'_' {
                    if nf > 0 && at(j + 1).is_ascii_digit() {
                        j += 1;
                        continue;
                    }
                    if !strict {
                        v = 0;
                        psz[i] = 0;
                        if nf == 0 {
                            dot_seen = false;
                        }
                        break;
                    }
                    return invalid(exc);
                }
                if !v.is_ascii_digit() {
                    break;
                }
                i += 1;
                j += 1;
                nf += 1;
            }
        }
        if v != 0 {
            let c = at(j);
            psz[i] = c;
            if matches!(c, b'e' | b'E' | b'd' | b'D') {
                exp_seen = true;
                i += 1;
                j += 1;
                ipe = i;
                v = at(j);
                psz[i] = v;
                if v == b'-' || v == b'+' {
                    i += 1;
                    j += 1;
                }
                loop {
                    v = at(j);
                    psz[i] = v;
                    if v == 0 {
                        break;
                    }
                    if !strict && is_space(v) {
                        v = 0;
                        psz[i] = 0;
                        break;
                    }
                    if v == b'_' {
                        if ne > 0 && at(j + 1).is_ascii_digit() {
                            j += 1;
                            continue;
                        }
                        if !strict {
                            v = 0;
                            psz[i] = 0;
                            if ne == 0 {
                                exp_seen = false;
                            }
                            break;
                        }
                        return invalid(exc);
                    }
                    if !v.is_ascii_digit() {
                        break;
                    }
                    i += 1;
                    j += 1;
                    ne += 1;
                }
            }
        }
        if v != 0 {
            while is_space(at(j)) {
                j += 1;
            }
            if at(j) != 0 && strict {
                return invalid(exc);
            }
        }
    }
    psz[i] = 0;
    if strict && (((ni == 0 || dot_seen) && nf == 0) || (exp_seen && ne == 0)) {
        return invalid(exc);
    }
    let nalloc = ((ni + nf).div_ceil(BASE_FIG) + 1).max(mx);
    let mut r = Real::with_words(nalloc);
    r.set_zero(sign);
    let end = |from: usize| psz[from..].iter().position(|&c| c == 0).unwrap_or(0) + from;
    let int_part = &psz[..end(0).max(ni)];
    let frac_part = &psz[ipf..ipf + nf];
    let exp_part = &psz[ipe..end(ipe)];
    ctov(&mut r, int_part, ni, frac_part, exp_part, ne)?;
    Ok(Some(r))
}

/// VpCtoV: the digits (integer part with its sign, fraction, exponent
/// with its sign) into `a`.
fn ctov(
    a: &mut Real,
    int_chr: &[u8],
    ni: usize,
    frac: &[u8],
    exp_chr: &[u8],
    ne: usize,
) -> VpResult<()> {
    let ma = a.max_prec;
    let mut mi = ni;
    let mut me = ne;
    let mut signe: i64 = 1;
    let mut exponent_overflow = false;
    a.fit();
    a.frac[..ma].fill(0);
    let mut e: i64 = 0;
    let fig = BASE_FIG as i64;
    let ch = |s: &[u8], k: usize| s.get(k).copied().unwrap_or(b'0');
    if ne > 0 {
        let mut i = 0;
        if ch(exp_chr, 0) == b'-' {
            signe = -1;
            i += 1;
            me += 1;
        } else if ch(exp_chr, 0) == b'+' {
            i += 1;
            me += 1;
        }
        while i < me {
            let d = (ch(exp_chr, i) - b'0') as i64;
            let es = match e.checked_mul(fig) {
                Some(x) => x,
                None => {
                    exponent_overflow = true;
                    break;
                }
            };
            let Some(ne10) = e.checked_mul(10).and_then(|x| x.checked_add(d)) else {
                exponent_overflow = true;
                e = es;
                break;
            };
            e = ne10;
            match e.checked_mul(fig) {
                Some(eb) if es <= eb => {}
                _ => {
                    exponent_overflow = true;
                    e = es;
                    break;
                }
            }
            i += 1;
        }
    }
    let mut i = 0;
    let mut sign = 1;
    if ch(int_chr, 0) == b'-' {
        sign = -1;
        i += 1;
        mi += 1;
    } else if ch(int_chr, 0) == b'+' {
        i += 1;
        mi += 1;
    }
    e *= signe;
    e += ni as i64;
    let signe = if e > 0 { 1 } else { -1 };
    let mut j = 0usize;
    loop {
        let eb = e.abs();
        if eb % fig != 0 {
            j += 1;
            e += 1;
        } else {
            break;
        }
    }
    let eb = e / fig;
    if exponent_overflow {
        let mut zero = true;
        while i < mi && zero {
            zero = ch(int_chr, i) == b'0';
            i += 1;
        }
        let mut k = 0;
        while k < frac.len() && zero {
            zero = frac[k] == b'0';
            k += 1;
        }
        if !zero && signe > 0 {
            a.set_inf(sign);
            exception(EXCEPTION_INFINITY, "exponent overflow", false)?;
        } else {
            a.set_zero(sign);
        }
        return Ok(());
    }
    let mut ind_a = 0;
    let mut overflow = false;
    'fill: {
        while i < mi {
            a.frac[ind_a] = 0;
            while j < BASE_FIG && i < mi {
                a.frac[ind_a] = a.frac[ind_a] * 10 + (ch(int_chr, i) - b'0') as u32;
                j += 1;
                i += 1;
            }
            if i < mi {
                ind_a += 1;
                if ind_a >= ma {
                    overflow = true;
                    break 'fill;
                }
                j = 0;
            }
        }
        let mut k = 0;
        while k < frac.len() {
            while j < BASE_FIG && k < frac.len() {
                a.frac[ind_a] = a.frac[ind_a] * 10 + (frac[k] - b'0') as u32;
                j += 1;
                k += 1;
            }
            if k < frac.len() {
                ind_a += 1;
                if ind_a >= ma {
                    overflow = true;
                    break 'fill;
                }
                j = 0;
            }
        }
    }
    let _ = overflow;
    if ind_a >= ma {
        ind_a = ma - 1;
    }
    while j < BASE_FIG {
        a.frac[ind_a] *= 10;
        j += 1;
    }
    a.prec = ind_a + 1;
    a.exponent = eb as isize;
    a.set_sign(sign);
    nmlz(a)?;
    Ok(())
}

/// The special values' text (VpToSpecialString); None for a finite
/// nonzero value. `plus`: 1 puts ' ', 2 puts '+' before a positive value.
fn special(a: &Real, plus: u8) -> Option<String> {
    if a.is_nan() {
        return Some("NaN".into());
    }
    let lead = match plus {
        1 => " ",
        2 => "+",
        _ => "",
    };
    if a.is_pos_inf() {
        return Some(format!("{lead}Infinity"));
    }
    if a.is_neg_inf() {
        return Some("-Infinity".into());
    }
    if a.is_zero() {
        return Some(if a.is_pos_zero() {
            format!("{lead}0.0")
        } else {
            "-0.0".into()
        });
    }
    None
}

fn sign_prefix(a: &Real, plus: u8, out: &mut String) {
    if a.is_negative() {
        out.push('-');
    } else if plus == 1 {
        out.push(' ');
    } else if plus == 2 {
        out.push('+');
    }
}

/// The significant digits of a finite nonzero value, without leading or
/// trailing zeros.
pub fn mantissa_digits(a: &Real) -> String {
    let mut s = String::new();
    for &w in a.words() {
        s.push_str(&format!("{w:09}"));
    }
    let s = s.trim_start_matches('0').trim_end_matches('0');
    s.to_string()
}

/// VpToString: "0.xxxxey" (E format), digits grouped by `fmt` (0: none).
pub fn to_e_string(a: &Real, fmt: usize, plus: u8) -> String {
    if let Some(s) = special(a, plus) {
        return s;
    }
    let mut out = String::new();
    sign_prefix(a, plus, &mut out);
    out.push_str("0.");
    out.push_str(&mantissa_digits(a));
    out.push_str(&format!("e{}", exponent10(a)));
    if fmt > 0 {
        out = format_groups(&out, fmt);
    }
    out
}

/// VpToFString: plain notation ("1234.5678").
pub fn to_f_string(a: &Real, fmt: usize, plus: u8) -> String {
    if let Some(s) = special(a, plus) {
        return s;
    }
    let mut out = String::new();
    sign_prefix(a, plus, &mut out);
    let n = a.prec;
    let mut ex = a.exponent;
    if ex <= 0 {
        out.push_str("0.");
        while ex < 0 {
            out.push_str("000000000");
            ex += 1;
        }
        ex = -1;
    }
    for i in 0..n {
        ex -= 1;
        if i == 0 && ex >= 0 {
            out.push_str(&a.frac[i].to_string());
        } else {
            out.push_str(&format!("{:09}", a.frac[i]));
        }
        if ex == 0 {
            out.push('.');
        }
    }
    loop {
        ex -= 1;
        if ex < 0 {
            break;
        }
        out.push_str("000000000");
        if ex == 0 {
            out.push('.');
        }
    }
    while out.ends_with('0') {
        out.pop();
    }
    if out.ends_with('.') {
        out.push('0');
    }
    if fmt > 0 {
        out = format_groups(&out, fmt);
    }
    out
}

/// VpFormatSt: a space after every `fmt` digits on each side of the point
/// (up to the exponent).
fn format_groups(s: &str, fmt: usize) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / fmt + 1);
    let mut nf = 0;
    let mut done = false;
    for ch in s.chars() {
        if done {
            out.push(ch);
            continue;
        }
        match ch {
            ' ' | '\t' | '\n' | '\u{0b}' | '\u{0c}' | '\r' | '-' | '+' => {}
            '.' => nf = 0,
            'E' | 'e' => done = true,
            _ => {
                nf += 1;
                if nf > fmt {
                    out.push(' ');
                    nf = 1;
                }
            }
        }
        out.push(ch);
    }
    out
}

/// VpSzMantissa's digits for `split` ("NaN", "Infinity", "-Infinity", "0").
pub fn split_digits(a: &Real) -> String {
    if a.is_nan() {
        return "NaN".into();
    }
    if a.is_pos_inf() {
        return "Infinity".into();
    }
    if a.is_neg_inf() {
        return "-Infinity".into();
    }
    if a.is_zero() {
        return if a.is_pos_zero() {
            "0".into()
        } else {
            "-0".into()
        };
    }
    let d = mantissa_digits(a);
    if a.is_negative() { format!("-{d}") } else { d }
}

/// The words of an unsigned integer (rb_uint64_convert_to_BigDecimal and
/// the Bignum path): the value `digits` × 10^0.
pub fn from_decimal_digits(digits: &str, negative: bool) -> Real {
    let digits = digits.trim_start_matches('0');
    if digits.is_empty() {
        let mut r = Real::with_words(1);
        r.exponent = 1;
        r.set_zero(1);
        return r;
    }
    let len = digits.len();
    let words = len.div_ceil(BASE_FIG);
    let head = len - (words - 1) * BASE_FIG;
    let mut frac = Vec::with_capacity(words);
    frac.push(digits[..head].parse::<u32>().unwrap_or(0));
    let mut k = head;
    while k < len {
        frac.push(digits[k..k + BASE_FIG].parse::<u32>().unwrap_or(0));
        k += BASE_FIG;
    }
    let exp = words;
    // Trailing zero words are not stored.
    while frac.len() > 1 && frac.last() == Some(&0) {
        frac.pop();
    }
    let n = frac.len();
    let mut r = Real::with_words(n);
    r.frac[..n].copy_from_slice(&frac);
    r.prec = n;
    r.exponent = exp as isize;
    r.set_sign(if negative { -1 } else { 1 });
    r
}
