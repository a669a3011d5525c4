//! BigDecimal's rounding (bigdecimal.c's VpMidRound, VpLeftRound,
//! VpActiveRound, VpLimitRound, VpInternalRound, VpRdup) and VpFrac.

use super::real::{
    BASE, BASE_FIG, BASE1, ROUND_CEIL, ROUND_FLOOR, ROUND_HALF_DOWN, ROUND_HALF_EVEN,
    ROUND_HALF_UP, ROUND_UP, Real, VpResult, add_exponent, asgn, nmlz, prec_limit, round_mode,
};

/// VpMidRound: rounds at `nf` decimal places from the point.
pub fn mid_round(y: &mut Real, f: u16, nf: isize) -> VpResult<bool> {
    let fig = BASE_FIG as isize;
    let mut nf = nf + y.exponent * fig;
    let mut exptoadd: isize = 0;
    if nf < 0 {
        if f != ROUND_CEIL && f != ROUND_FLOOR {
            y.set_zero(y.get_sign());
            return Ok(false);
        }
        exptoadd = -nf;
        nf = 0;
    }
    let ix = nf / fig;
    if ix as usize >= y.prec {
        return Ok(false);
    }
    let ix = ix as usize;
    let mut v = y.frac[ix];
    let ioffset = nf - ix as isize * fig;
    let n = fig - ioffset - 1;
    let mut shifter: u32 = 1;
    for _ in 0..n {
        shifter *= 10;
    }
    let mut fracf = !v.is_multiple_of(shifter * 10);
    let mut fracf_1further = !v.is_multiple_of(shifter);
    v /= shifter;
    let mut div = v / 10;
    v -= div * 10;
    for i in ix + 1..y.prec {
        if !y.frac[i].is_multiple_of(BASE) {
            fracf = true;
            fracf_1further = true;
            break;
        }
    }
    let prec = y.prec;
    y.frac[ix + 1..prec].fill(0);
    match f {
        ROUND_UP if fracf => {
            div += 1;
        }
        ROUND_HALF_UP if v >= 5 => {
            div += 1;
        }
        ROUND_HALF_DOWN if (v > 5 || (v == 5 && fracf_1further)) => {
            div += 1;
        }
        ROUND_CEIL if fracf && y.is_positive() => {
            div += 1;
        }
        ROUND_FLOOR if fracf && y.is_negative() => {
            div += 1;
        }
        ROUND_HALF_EVEN => {
            if v > 5 {
                div += 1;
            } else if v == 5 {
                if fracf_1further {
                    div += 1;
                } else if ioffset == 0 {
                    if ix > 0 && !y.frac[ix - 1].is_multiple_of(2) {
                        div += 1;
                    }
                } else if !div.is_multiple_of(2) {
                    div += 1;
                }
            }
        }
        _ => {}
    }
    let mut div = div as u64;
    for _ in 0..=n {
        div *= 10;
    }
    if div >= BASE as u64 {
        if ix > 0 {
            y.frac[ix] = 0;
            rdup(y, ix)?;
        } else {
            let s = y.get_sign();
            let e = y.exponent;
            y.set_one();
            y.set_sign(s);
            y.exponent = e + 1;
        }
    } else {
        y.frac[ix] = div as u32;
        nmlz(y)?;
    }
    if exptoadd > 0 {
        y.exponent += exptoadd / fig;
        let rest = exptoadd % fig;
        for _ in 0..rest {
            y.frac[0] = y.frac[0].wrapping_mul(10);
            if y.frac[0] >= BASE {
                y.frac[0] /= BASE;
                y.exponent += 1;
            }
        }
    }
    Ok(true)
}

/// VpLeftRound: rounds to `nf` significant digits.
pub fn left_round(y: &mut Real, f: u16, nf: isize) -> VpResult<bool> {
    if !y.has_val() {
        return Ok(false);
    }
    let mut v = y.frac[0];
    let mut nf = nf - y.exponent * BASE_FIG as isize;
    loop {
        v /= 10;
        if v == 0 {
            break;
        }
        nf -= 1;
    }
    nf += BASE_FIG as isize - 1;
    mid_round(y, f, nf)
}

/// VpActiveRound: y = x rounded at `nf` places by mode `f`.
pub fn active_round(y: &mut Real, x: &Real, f: u16, nf: isize) -> VpResult<bool> {
    if asgn(y, x, 10)? <= 1 {
        return Ok(false);
    }
    mid_round(y, f, nf)
}

/// VpLimitRound: applies BigDecimal.limit. Ok(true) when it rounded
/// (C's nonzero return).
pub fn limit_round(c: &mut Real, ix_digit: usize) -> VpResult<bool> {
    let ix = prec_limit();
    if !nmlz(c)? {
        return Ok(true);
    }
    if ix == 0 {
        return Ok(false);
    }
    let ix_digit = if ix_digit == 0 { c.prec - 1 } else { ix_digit };
    if ix.div_ceil(BASE_FIG) > ix_digit + 1 {
        return Ok(false);
    }
    left_round(c, round_mode(), ix as isize)
}

/// VpInternalRound: rounds the last word by the next word `v`.
pub fn internal_round(c: &mut Real, ix_digit: usize, v_prev: u32, v: u32) -> VpResult<()> {
    if limit_round(c, ix_digit)? {
        return Ok(());
    }
    if v == 0 {
        return Ok(());
    }
    let v = v / BASE1;
    let f = match round_mode() {
        ROUND_UP => v != 0,
        ROUND_HALF_UP => v >= 5,
        ROUND_HALF_DOWN => v >= 6,
        ROUND_CEIL => v != 0 && c.is_positive(),
        ROUND_FLOOR => v != 0 && c.is_negative(),
        ROUND_HALF_EVEN => v > 5 || (v == 5 && !v_prev.is_multiple_of(2)),
        _ => false,
    };
    if f {
        rdup(c, ix_digit)?;
        nmlz(c)?;
    }
    Ok(())
}

/// VpRdup: adds one to the last word (word `ind_m`, or the last).
pub fn rdup(m: &mut Real, ind_m: usize) -> VpResult<bool> {
    let mut ind_m = if ind_m == 0 { m.prec } else { ind_m };
    let mut carry = 1;
    while carry > 0 && ind_m > 0 {
        ind_m -= 1;
        m.frac[ind_m] += carry;
        if m.frac[ind_m] >= BASE {
            m.frac[ind_m] -= BASE;
        } else {
            carry = 0;
        }
    }
    if carry > 0 {
        if !add_exponent(m, 1)? {
            return Ok(false);
        }
        m.prec = 1;
        m.frac[0] = 1;
    } else {
        nmlz(m)?;
    }
    Ok(true)
}

/// VpFrac: y = x - fix(x).
pub fn frac(y: &mut Real, x: &Real) -> VpResult<()> {
    if !x.has_val() {
        asgn(y, x, 1)?;
        return Ok(());
    }
    if x.exponent > 0 && x.exponent as usize >= x.prec {
        y.set_zero(x.get_sign());
        return Ok(());
    }
    if x.exponent <= 0 {
        asgn(y, x, 1)?;
        return Ok(());
    }
    y.prec = (x.prec - x.exponent as usize).min(y.max_prec);
    y.exponent = 0;
    y.set_sign(x.get_sign());
    y.fit();
    let start = x.exponent as usize;
    for i in 0..y.prec {
        y.frac[i] = x.frac[start + i];
    }
    nmlz(y)?;
    Ok(())
}
