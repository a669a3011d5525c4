//! BigDecimal's functions over the arithmetic: VpSqrt (Newton's method
//! seeded by the Float root), VpPowerByInt, and the Float conversions
//! VpVtoD / VpDtoV.

use super::real::{
    BASE, BASE_FIG, DOUBLE_FIG, EXCEPTION_OP, Real, SIGN_POSITIVE_FINITE, VpResult, add_sub,
    alloc_zero, asgn, divd, exception, mult, one,
};
use super::round::internal_round;

fn half() -> Real {
    let mut r = Real::with_words(1);
    r.frac[0] = 500_000_000;
    r.prec = 1;
    r.exponent = 0;
    r.sign = SIGN_POSITIVE_FINITE;
    r
}

/// VpSqrt: y = sqrt(x) to y's precision (Newton's method seeded by the
/// Float square root, as the C code).
pub fn sqrt(y: &mut Real, x: &Real) -> VpResult<()> {
    if x.is_zero() || x.is_pos_inf() {
        asgn(y, x, 1)?;
        return Ok(());
    }
    if x.is_negative() {
        y.set_nan();
        exception(EXCEPTION_OP, "sqrt of negative value", false)?;
        return Ok(());
    }
    if x.is_nan() {
        y.set_nan();
        exception(EXCEPTION_OP, "sqrt of 'NaN'(Not a Number)", false)?;
        return Ok(());
    }
    if x.is_one() {
        y.set_one();
        return Ok(());
    }
    let n = y.max_prec.max(x.max_prec);
    let mut f = alloc_one(y.max_prec * (BASE_FIG + 2));
    let mut r = alloc_one((n + n) * (BASE_FIG + 2));
    let y_prec = y.max_prec;
    let (mut val, e) = vtod(x);
    let e = e / BASE_FIG as isize;
    let mut n = e / 2;
    if e - n * 2 != 0 {
        val /= BASE as f64;
        n = (e + 1) / 2;
    }
    dtov(y, val.sqrt())?;
    y.exponent += n;
    y.max_prec = DOUBLE_FIG.div_ceil(BASE_FIG).min(y_prec);
    f.max_prec = y.max_prec + 1;
    let mut limit = (y_prec * BASE_FIG) as isize;
    if limit < 100 {
        limit = 100;
    }
    let pt5 = half();
    let mut nr = 0;
    let converged = loop {
        y.max_prec = (y.max_prec * 2).min(y_prec);
        f.max_prec = y.max_prec;
        f.fit();
        r.fit();
        let yy = y.clone();
        divd(&mut f, &mut r, x, &yy)?;
        let ff = f.clone();
        add_sub(&mut r, &ff, &yy, -1)?;
        let rr = r.clone();
        mult(&mut f, &pt5, &rr)?;
        if f.is_zero() {
            break true;
        }
        let ff = f.clone();
        add_sub(&mut r, &ff, &yy, 1)?;
        asgn(y, &r, 1)?;
        nr += 1;
        if nr >= limit {
            break false;
        }
    };
    let _ = converged;
    y.change_sign(1);
    y.max_prec = y_prec;
    Ok(())
}

/// VpAlloc(mx, "#1").
fn alloc_one(mx: usize) -> Real {
    let mut r = alloc_zero(mx, true);
    r.set_one();
    r
}

/// VpVtoD: (d, e) with m ≈ d × 10^e, from the first words.
pub fn vtod(m: &Real) -> (f64, isize) {
    if m.is_nan() {
        return (f64::NAN, 0);
    }
    if m.is_pos_zero() {
        return (0.0, 0);
    }
    if m.is_neg_zero() {
        return (-0.0, 0);
    }
    if m.is_pos_inf() {
        return (f64::INFINITY, 0);
    }
    if m.is_neg_inf() {
        return (f64::NEG_INFINITY, 0);
    }
    let fig = DOUBLE_FIG.div_ceil(BASE_FIG);
    let mm = fig.min(m.prec);
    let mut d = 0.0;
    let mut div = 1.0;
    for i in 0..mm {
        div /= BASE as f64;
        d += m.frac[i] as f64 * div;
    }
    (d * m.get_sign() as f64, m.exponent * BASE_FIG as isize)
}

/// VpDtoV: m = d (to m's precision, rounded).
pub fn dtov(m: &mut Real, d: f64) -> VpResult<()> {
    if d.is_nan() {
        m.set_nan();
        return Ok(());
    }
    if d.is_infinite() {
        m.set_inf(if d > 0.0 { 1 } else { -1 });
        return Ok(());
    }
    if d == 0.0 {
        m.set_zero(1);
        return Ok(());
    }
    let mut val = d.abs();
    let mut ne: isize = 0;
    let base = BASE as f64;
    if val >= 1.0 {
        while val >= 1.0 {
            val /= base;
            ne += 1;
        }
    } else {
        let val2 = 1.0 / base;
        while val < val2 {
            val *= base;
            ne -= 1;
        }
    }
    let mm = m.max_prec;
    m.fit();
    m.frac[..mm].fill(0);
    let mut ind_m = 0;
    while val > 0.0 && ind_m < mm {
        val *= base;
        let i = val as u32;
        val -= i as f64;
        m.frac[ind_m] = i;
        ind_m += 1;
    }
    if ind_m >= mm {
        ind_m = mm - 1;
    }
    m.set_sign(if d > 0.0 { 1 } else { -1 });
    m.prec = ind_m + 1;
    m.exponent = ne;
    let prev = if m.prec > 0 { m.frac[m.prec - 1] } else { 0 };
    internal_round(m, 0, prev, (val * base) as u32)
}

/// VpPowerByInt: y = x ** n.
pub fn power_by_int(y: &mut Real, x: &Real, n: i64) -> VpResult<()> {
    let mut n = n;
    if x.is_zero() {
        if n == 0 {
            y.set_one();
            return Ok(());
        }
        let mut sign = x.get_sign();
        if n < 0 {
            n = -n;
            if sign < 0 {
                sign = if n % 2 != 0 { -1 } else { 1 };
            }
            y.set_inf(sign);
        } else {
            if sign < 0 {
                sign = if n % 2 != 0 { -1 } else { 1 };
            }
            y.set_zero(sign);
        }
        return Ok(());
    }
    if x.is_nan() {
        y.set_nan();
        return Ok(());
    }
    if x.is_inf() {
        if n == 0 {
            y.set_one();
            return Ok(());
        }
        let s = if n % 2 == 0 || x.is_pos_inf() { 1 } else { -1 };
        if n > 0 {
            y.set_inf(s);
        } else {
            y.set_zero(s);
        }
        return Ok(());
    }
    if x.exponent == 1 && x.prec == 1 && x.frac[0] == 1 {
        y.set_one();
        if x.is_positive() || n % 2 == 0 {
            return Ok(());
        }
        y.set_sign(-1);
        return Ok(());
    }
    let sign = if n > 0 {
        1
    } else if n < 0 {
        n = -n;
        -1
    } else {
        y.set_one();
        return Ok(());
    };
    let mut w1 = alloc_zero((y.max_prec + 2) * BASE_FIG, true);
    let mut w2 = alloc_zero((w1.max_prec * 2 + 1) * BASE_FIG, true);
    asgn(y, x, 1)?;
    n -= 1;
    while n > 0 {
        asgn(&mut w1, x, 1)?;
        let mut s: i64 = 1;
        let mut ss;
        loop {
            ss = s;
            s += s;
            if s > n {
                break;
            }
            let w = w1.clone();
            mult(&mut w2, &w, &w)?;
            asgn(&mut w1, &w2, 1)?;
        }
        n -= ss;
        let yy = y.clone();
        mult(&mut w2, &yy, &w1)?;
        asgn(y, &w2, 1)?;
    }
    if sign < 0 {
        let yy = y.clone();
        divd(&mut w1, &mut w2, &one(), &yy)?;
        asgn(y, &w1, 1)?;
    }
    Ok(())
}
