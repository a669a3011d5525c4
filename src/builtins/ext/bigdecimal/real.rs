//! The arithmetic of `bigdecimal.so` (ext/bigdecimal/bigdecimal.c of the
//! bigdecimal 3.1.1 gem, CRuby 3.1's): a number is a sign, an exponent and
//! base-10⁹ words ("0.w0 w1 w2 … × 10⁹^exponent"). The routines follow the
//! C ones (VpAddSub, VpMult, VpDivd, the rounding family, VpSqrt,
//! VpPowerByInt) word for word, so results carry the digits CRuby's do:
//! how many a quotient gets and where it is cut depend on the word layout.
//! The thread-wide modes (exception, rounding, precision limit) are here
//! too; the Ruby methods are in `super::methods`.

use std::cell::Cell;

pub use super::funcs::{dtov, power_by_int, sqrt, vtod};
pub use super::round::{
    active_round, frac, internal_round, left_round, limit_round, mid_round, rdup,
};

pub const BASE: u32 = 1_000_000_000;
pub const BASE1: u32 = BASE / 10;
pub const BASE_FIG: usize = 9;
/// BIGDECIMAL_DOUBLE_FIGURES: 1 + DBL_DIG.
pub const DOUBLE_FIG: usize = 16;

pub const SIGN_NAN: i8 = 0;
pub const SIGN_POSITIVE_ZERO: i8 = 1;
pub const SIGN_NEGATIVE_ZERO: i8 = -1;
pub const SIGN_POSITIVE_FINITE: i8 = 2;
pub const SIGN_NEGATIVE_FINITE: i8 = -2;
pub const SIGN_POSITIVE_INFINITE: i8 = 3;
pub const SIGN_NEGATIVE_INFINITE: i8 = -3;

pub const EXCEPTION_ALL: u16 = 0xff;
pub const EXCEPTION_INFINITY: u16 = 0x01;
pub const EXCEPTION_NAN: u16 = 0x02;
pub const EXCEPTION_UNDERFLOW: u16 = 0x04;
pub const EXCEPTION_OVERFLOW: u16 = 0x01;
pub const EXCEPTION_ZERODIVIDE: u16 = 0x10;
pub const EXCEPTION_OP: u16 = 0x20;

pub const ROUND_MODE: u16 = 0x100;
pub const ROUND_UP: u16 = 1;
pub const ROUND_DOWN: u16 = 2;
pub const ROUND_HALF_UP: u16 = 3;
pub const ROUND_HALF_DOWN: u16 = 4;
pub const ROUND_CEIL: u16 = 5;
pub const ROUND_FLOOR: u16 = 6;
pub const ROUND_HALF_EVEN: u16 = 7;

thread_local! {
    static EXCEPTION_MODE: Cell<u16> = const { Cell::new(0) };
    static ROUNDING_MODE: Cell<u16> = const { Cell::new(ROUND_HALF_UP) };
    static PRECISION_LIMIT: Cell<usize> = const { Cell::new(0) };
}

pub fn exception_mode() -> u16 {
    EXCEPTION_MODE.with(Cell::get)
}
pub fn set_exception_mode(m: u16) {
    EXCEPTION_MODE.with(|c| c.set(m));
}
pub fn round_mode() -> u16 {
    ROUNDING_MODE.with(Cell::get)
}
pub fn is_round_mode(n: u16) -> bool {
    (ROUND_UP..=ROUND_HALF_EVEN).contains(&n)
}
pub fn set_round_mode(n: u16) -> u16 {
    if is_round_mode(n) {
        ROUNDING_MODE.with(|c| c.set(n));
        return n;
    }
    round_mode()
}
pub fn prec_limit() -> usize {
    PRECISION_LIMIT.with(Cell::get)
}
/// Sets the limit; returns the old one.
pub fn set_prec_limit(n: usize) -> usize {
    PRECISION_LIMIT.with(|c| c.replace(n))
}

/// What the C code raises: FloatDomainError (VpException) or ArgumentError
/// (a malformed string).
#[derive(Debug)]
pub enum VpErr {
    FloatDomain(String),
    Arg(String),
}

pub type VpResult<T> = Result<T, VpErr>;

/// VpException: raises when `always` or the mode asks for `f`; else 0.
pub fn exception(f: u16, msg: &str, always: bool) -> VpResult<bool> {
    if f == EXCEPTION_OP || always || exception_mode() & f != 0 {
        return Err(VpErr::FloatDomain(msg.to_string()));
    }
    Ok(false)
}

/// One number (CRuby's `Real`). `frac` holds at least `max_prec` words.
#[derive(Clone, Debug)]
pub struct Real {
    pub max_prec: usize,
    pub prec: usize,
    pub exponent: isize,
    pub sign: i8,
    pub frac: Vec<u32>,
}

impl Real {
    /// VpAllocReal + MaxPrec: `words` words, value +0.
    pub fn with_words(words: usize) -> Real {
        let words = words.max(1);
        Real {
            max_prec: words,
            prec: 1,
            exponent: 0,
            sign: SIGN_POSITIVE_ZERO,
            frac: vec![0; words + 1],
        }
    }

    /// Makes sure `frac` has room for `max_prec` words.
    pub fn fit(&mut self) {
        if self.frac.len() < self.max_prec + 1 {
            self.frac.resize(self.max_prec + 1, 0);
        }
    }

    pub fn is_nan(&self) -> bool {
        self.sign == SIGN_NAN
    }
    pub fn is_pos_inf(&self) -> bool {
        self.sign == SIGN_POSITIVE_INFINITE
    }
    pub fn is_neg_inf(&self) -> bool {
        self.sign == SIGN_NEGATIVE_INFINITE
    }
    pub fn is_inf(&self) -> bool {
        self.is_pos_inf() || self.is_neg_inf()
    }
    pub fn is_def(&self) -> bool {
        !(self.is_nan() || self.is_inf())
    }
    pub fn is_pos_zero(&self) -> bool {
        self.sign == SIGN_POSITIVE_ZERO
    }
    pub fn is_neg_zero(&self) -> bool {
        self.sign == SIGN_NEGATIVE_ZERO
    }
    pub fn is_zero(&self) -> bool {
        self.is_pos_zero() || self.is_neg_zero()
    }
    /// VpGetSign: 1 when sign > 0, else -1 (NaN too).
    pub fn get_sign(&self) -> isize {
        if self.sign > 0 { 1 } else { -1 }
    }
    pub fn is_negative(&self) -> bool {
        self.sign < 0
    }
    pub fn is_positive(&self) -> bool {
        self.sign > 0
    }
    pub fn set_sign(&mut self, s: isize) {
        self.sign = if s > 0 {
            SIGN_POSITIVE_FINITE
        } else {
            SIGN_NEGATIVE_FINITE
        };
    }
    /// VpChangeSign: keeps the kind, sets the sign.
    pub fn change_sign(&mut self, s: isize) {
        let a = self.sign.abs();
        self.sign = if s > 0 { a } else { -a };
    }
    pub fn set_zero(&mut self, s: isize) {
        self.frac[0] = 0;
        self.prec = 1;
        self.sign = if s > 0 {
            SIGN_POSITIVE_ZERO
        } else {
            SIGN_NEGATIVE_ZERO
        };
    }
    pub fn set_nan(&mut self) {
        self.frac[0] = 0;
        self.prec = 1;
        self.sign = SIGN_NAN;
    }
    pub fn set_inf(&mut self, s: isize) {
        self.frac[0] = 0;
        self.prec = 1;
        self.sign = if s > 0 {
            SIGN_POSITIVE_INFINITE
        } else {
            SIGN_NEGATIVE_INFINITE
        };
    }
    pub fn set_one(&mut self) {
        self.prec = 1;
        self.exponent = 1;
        self.frac[0] = 1;
        self.sign = SIGN_POSITIVE_FINITE;
    }
    pub fn has_val(&self) -> bool {
        self.frac[0] != 0
    }
    pub fn is_one(&self) -> bool {
        self.prec == 1 && self.frac[0] == 1 && self.exponent == 1
    }
    /// The value's words (frac[0..prec]).
    pub fn words(&self) -> &[u32] {
        &self.frac[..self.prec.min(self.frac.len())]
    }
}

/// VpIsDefOP: sets `c` for NaN/Infinity operands; Ok(true) when the
/// operation proceeds normally.
pub fn is_def_op(c: &mut Real, a: &Real, b: &Real, op: Op) -> VpResult<bool> {
    enum End {
        Inf,
        NaN,
    }
    let end = 'done: {
        if a.is_nan() || b.is_nan() {
            c.set_nan();
            break 'done End::NaN;
        }
        if a.is_inf() {
            if b.is_inf() {
                match op {
                    Op::Add if a.get_sign() == b.get_sign() => {
                        c.set_inf(a.get_sign());
                        break 'done End::Inf;
                    }
                    Op::Sub if a.get_sign() != b.get_sign() => {
                        c.set_inf(a.get_sign());
                        break 'done End::Inf;
                    }
                    Op::Mult => {
                        c.set_inf(a.get_sign() * b.get_sign());
                        break 'done End::Inf;
                    }
                    _ => {
                        c.set_nan();
                        break 'done End::NaN;
                    }
                }
            }
            match op {
                Op::Add | Op::Sub => c.set_inf(a.get_sign()),
                Op::Mult => {
                    if b.is_zero() {
                        c.set_nan();
                        break 'done End::NaN;
                    }
                    c.set_inf(a.get_sign() * b.get_sign());
                }
                Op::Div => c.set_inf(a.get_sign() * b.get_sign()),
            }
            break 'done End::Inf;
        }
        if b.is_inf() {
            match op {
                Op::Add => c.set_inf(b.get_sign()),
                Op::Sub => c.set_inf(-b.get_sign()),
                Op::Mult => {
                    if a.is_zero() {
                        c.set_nan();
                        break 'done End::NaN;
                    }
                    c.set_inf(a.get_sign() * b.get_sign());
                }
                Op::Div => c.set_zero(a.get_sign() * b.get_sign()),
            }
            break 'done End::Inf;
        }
        return Ok(true);
    };
    match end {
        End::Inf => {
            if c.is_pos_inf() {
                exception(
                    EXCEPTION_INFINITY,
                    "Computation results to 'Infinity'",
                    false,
                )
            } else {
                exception(
                    EXCEPTION_INFINITY,
                    "Computation results to '-Infinity'",
                    false,
                )
            }
        }
        End::NaN => exception(EXCEPTION_NAN, "Computation results to 'NaN'", false),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mult,
    Div,
}

/// AddExponent: Ok(false) after an overflow or underflow the mode let pass.
pub fn add_exponent(a: &mut Real, n: isize) -> VpResult<bool> {
    let e = a.exponent;
    let m = e.wrapping_add(n);
    let fig = BASE_FIG as isize;
    if e > 0 {
        if n > 0 {
            let over = match (m.checked_mul(fig), e.checked_mul(fig)) {
                (Some(mb), Some(eb)) => eb - mb > 0,
                _ => true,
            };
            if over {
                a.set_inf(a.get_sign());
                return exception(EXCEPTION_OVERFLOW, "Exponent overflow", false);
            }
        }
    } else if n < 0 {
        let under = match (m.checked_mul(fig), e.checked_mul(fig)) {
            (Some(mb), Some(eb)) => mb - eb > 0,
            _ => true,
        };
        if under {
            a.set_zero(a.get_sign());
            return exception(EXCEPTION_UNDERFLOW, "Exponent underflow", false);
        }
    }
    a.exponent = m;
    Ok(true)
}

/// VpNmlz: drops leading and trailing zero words. Ok(false) for zero or
/// a special value.
pub fn nmlz(a: &mut Real) -> VpResult<bool> {
    if !a.is_def() || a.is_zero() {
        a.frac[0] = 0;
        a.prec = 1;
        return Ok(false);
    }
    let mut ind_a = a.prec;
    while ind_a > 0 {
        ind_a -= 1;
        if a.frac[ind_a] != 0 {
            a.prec = ind_a + 1;
            let mut i = 0;
            while a.frac[i] == 0 {
                i += 1;
            }
            if i > 0 {
                a.prec -= i;
                if !add_exponent(a, -(i as isize))? {
                    return Ok(false);
                }
                a.frac.copy_within(i..i + a.prec, 0);
            }
            return Ok(true);
        }
    }
    a.set_zero(a.get_sign());
    Ok(false)
}

/// VpAsgn: c = a (isw 1), -a (isw -1); isw 10 copies without rounding.
pub fn asgn(c: &mut Real, a: &Real, isw: isize) -> VpResult<usize> {
    if a.is_nan() {
        c.set_nan();
        return Ok(0);
    }
    if a.is_inf() {
        c.set_inf(isw * a.get_sign());
        return Ok(0);
    }
    if a.is_zero() {
        c.set_zero(isw * a.get_sign());
        return Ok(1);
    }
    c.exponent = a.exponent;
    c.set_sign(isw * a.get_sign());
    let n = a.prec.min(c.max_prec);
    c.prec = n;
    c.fit();
    c.frac[..n].copy_from_slice(&a.frac[..n]);
    if isw != 10 {
        if c.prec < a.prec {
            let prev = if n > 0 { a.frac[n - 1] } else { 0 };
            internal_round(c, n, prev, a.frac[n])?;
        } else {
            limit_round(c, 0)?;
        }
    }
    Ok(c.prec * BASE_FIG)
}

/// VpAddSub: c = a + b (operation > 0) or a - b.
pub fn add_sub(c: &mut Real, a: &Real, b: &Real, operation: isize) -> VpResult<usize> {
    let op = if operation > 0 { Op::Add } else { Op::Sub };
    if !is_def_op(c, a, b, op)? {
        return Ok(0);
    }
    if a.is_zero() {
        if !b.is_zero() {
            asgn(c, b, operation)?;
        } else {
            if a.get_sign() < 0 && operation * b.get_sign() < 0 {
                c.set_zero(-1);
            } else {
                c.set_zero(1);
            }
            return Ok(1);
        }
        return Ok(c.prec * BASE_FIG);
    }
    if b.is_zero() {
        asgn(c, a, 1)?;
        return Ok(c.prec * BASE_FIG);
    }
    let sw: isize = if operation < 0 { -1 } else { 1 };
    // |a_ptr| >= |b_ptr|
    let a_first = if a.exponent != b.exponent {
        a.exponent > b.exponent
    } else {
        let n = a.prec.min(b.prec);
        let mut first = None;
        for i in 0..n {
            if a.frac[i] != b.frac[i] {
                first = Some(a.frac[i] > b.frac[i]);
                break;
            }
        }
        match first {
            Some(f) => f,
            None if a.prec != b.prec => a.prec > b.prec,
            None => {
                if a.get_sign() + sw * b.get_sign() == 0 {
                    c.set_zero(1);
                    return Ok(c.prec * BASE_FIG);
                }
                true
            }
        }
    };
    let (a_ptr, b_ptr) = if a_first { (a, b) } else { (b, a) };
    let isw = a.get_sign() + sw * b.get_sign();
    let mrv;
    if isw != 0 {
        c.set_sign(1);
        mrv = add_abs(a_ptr, b_ptr, c)?;
        c.set_sign(isw / 2);
    } else {
        c.set_sign(1);
        mrv = sub_abs(a_ptr, b_ptr, c)?;
        if a_first {
            c.set_sign(a.get_sign());
        } else {
            c.set_sign(a_ptr.get_sign() * sw);
        }
    }
    let prev = if c.prec > 0 { c.frac[c.prec - 1] } else { 0 };
    internal_round(c, 0, prev, mrv)?;
    Ok(c.prec * BASE_FIG)
}

/// VpSetPTR's results.
struct Ptr {
    word_shift: usize,
    a_pos: usize,
    /// None: C's `(size_t)-1` (b lies wholly beyond c's precision).
    b_pos: Option<usize>,
    c_pos: usize,
    av: u32,
    bv: u32,
}

/// VpSetPTR: where the addition or subtraction of |a| >= |b| into c
/// starts. None when the exponent overflowed.
fn set_ptr(a: &Real, b: &Real, c: &mut Real) -> VpResult<Option<Ptr>> {
    let round_limit = prec_limit().div_ceil(BASE_FIG);
    c.fit();
    c.frac[0] = 0;
    let (mut av, mut bv) = (0, 0);
    let word_shift = (a.exponent - b.exponent) as usize;
    let left = b.prec + word_shift;
    let right = a.prec.max(left);
    let left = c.max_prec - 1;
    let (a_pos, b_pos, c_pos);
    if right > left {
        c_pos = left + 1;
        if a.prec >= c.max_prec {
            a_pos = left;
            if a_pos <= round_limit {
                av = a.frac[a_pos];
            }
        } else {
            a_pos = a.prec;
        }
        if b.prec + word_shift >= c.max_prec {
            if c.max_prec > word_shift {
                let bp = c.max_prec - word_shift - 1;
                if bp + word_shift <= round_limit {
                    bv = b.frac[bp];
                }
                b_pos = Some(bp);
            } else {
                b_pos = None;
            }
        } else {
            b_pos = Some(b.prec);
        }
    } else {
        b_pos = Some(b.prec);
        a_pos = a.prec;
        c_pos = right + 1;
    }
    c.prec = c_pos;
    c.exponent = a.exponent;
    if !add_exponent(c, 1)? {
        return Ok(None);
    }
    Ok(Some(Ptr {
        word_shift,
        a_pos,
        b_pos,
        c_pos,
        av,
        bv,
    }))
}

/// VpAddAbs: c = |a| + |b| (|a| >= |b|); the word past c's precision.
fn add_abs(a: &Real, b: &Real, c: &mut Real) -> VpResult<u32> {
    let Some(p) = set_ptr(a, b, c)? else {
        return Ok(0);
    };
    let Some(mut b_pos) = p.b_pos else {
        asgn(c, a, 1)?;
        return Ok(0);
    };
    let (mut a_pos, mut c_pos, mut word_shift) = (p.a_pos, p.c_pos, p.word_shift);
    let mrv = p.av.wrapping_add(p.bv);
    if b_pos > 0 {
        while b_pos > 0 && b_pos + word_shift > a_pos {
            c_pos -= 1;
            b_pos -= 1;
            c.frac[c_pos] = b.frac[b_pos];
        }
    }
    if b_pos == 0 && word_shift > a_pos {
        while word_shift > a_pos {
            word_shift -= 1;
            c_pos -= 1;
            c.frac[c_pos] = 0;
        }
        // C's `while (word_shift-- > a_pos)` leaves it one lower.
        word_shift = word_shift.wrapping_sub(1);
    }
    let bw = b_pos.wrapping_add(word_shift);
    while a_pos > bw {
        c_pos -= 1;
        a_pos -= 1;
        c.frac[c_pos] = a.frac[a_pos];
    }
    let mut carry = 0;
    while b_pos > 0 {
        c_pos -= 1;
        a_pos -= 1;
        b_pos -= 1;
        c.frac[c_pos] = a.frac[a_pos] + b.frac[b_pos] + carry;
        if c.frac[c_pos] >= BASE {
            c.frac[c_pos] -= BASE;
            carry = 1;
        } else {
            carry = 0;
        }
    }
    while a_pos > 0 {
        c_pos -= 1;
        a_pos -= 1;
        c.frac[c_pos] = a.frac[a_pos] + carry;
        if c.frac[c_pos] >= BASE {
            c.frac[c_pos] -= BASE;
            carry = 1;
        } else {
            carry = 0;
        }
    }
    if c_pos > 0 {
        c.frac[c_pos - 1] += carry;
    }
    Ok(mrv)
}

/// VpSubAbs: c = |a| - |b| (|a| >= |b|).
fn sub_abs(a: &Real, b: &Real, c: &mut Real) -> VpResult<u32> {
    let Some(p) = set_ptr(a, b, c)? else {
        return Ok(0);
    };
    let Some(mut b_pos) = p.b_pos else {
        asgn(c, a, 1)?;
        return Ok(0);
    };
    let (mut a_pos, mut c_pos, mut word_shift) = (p.a_pos, p.c_pos, p.word_shift);
    let (mrv, mut borrow) = if p.av >= p.bv {
        (p.av - p.bv, 0u32)
    } else {
        (0, 1u32)
    };
    if b_pos + word_shift > a_pos {
        while b_pos > 0 && b_pos + word_shift > a_pos {
            c_pos -= 1;
            b_pos -= 1;
            c.frac[c_pos] = BASE.wrapping_sub(b.frac[b_pos]).wrapping_sub(borrow);
            borrow = 1;
        }
        if b_pos == 0 {
            while word_shift > a_pos {
                word_shift -= 1;
                c_pos -= 1;
                c.frac[c_pos] = BASE - borrow;
                borrow = 1;
            }
        }
    }
    let bw = b_pos + word_shift;
    while a_pos > bw {
        c_pos -= 1;
        a_pos -= 1;
        c.frac[c_pos] = a.frac[a_pos];
    }
    while b_pos > 0 {
        c_pos -= 1;
        a_pos -= 1;
        b_pos -= 1;
        if a.frac[a_pos] < b.frac[b_pos] + borrow {
            c.frac[c_pos] = BASE + a.frac[a_pos] - b.frac[b_pos] - borrow;
            borrow = 1;
        } else {
            c.frac[c_pos] = a.frac[a_pos] - b.frac[b_pos] - borrow;
            borrow = 0;
        }
    }
    while a_pos > 0 {
        c_pos -= 1;
        a_pos -= 1;
        if a.frac[a_pos] < borrow {
            c.frac[c_pos] = BASE + a.frac[a_pos] - borrow;
            borrow = 1;
        } else {
            c.frac[c_pos] = a.frac[a_pos] - borrow;
            borrow = 0;
        }
    }
    if c_pos > 0 {
        c.frac[c_pos - 1] = c.frac[c_pos - 1].wrapping_sub(borrow);
    }
    Ok(mrv)
}

/// VpMult: c = a * b.
pub fn mult(c: &mut Real, a: &Real, b: &Real) -> VpResult<usize> {
    if !is_def_op(c, a, b, Op::Mult)? {
        return Ok(0);
    }
    if a.is_zero() || b.is_zero() {
        c.set_zero(a.get_sign() * b.get_sign());
        return Ok(1);
    }
    if a.is_one() {
        asgn(c, b, a.get_sign())?;
        return Ok(c.prec * BASE_FIG);
    }
    if b.is_one() {
        asgn(c, a, b.get_sign())?;
        return Ok(c.prec * BASE_FIG);
    }
    let (a, b) = if b.prec > a.prec { (b, a) } else { (a, b) };
    let mx_ind_a = a.prec - 1;
    let mx_ind_b = b.prec - 1;
    let mx_ind_ab = a.prec + b.prec - 1;
    // A work variable when c cannot hold every digit of the product.
    let mut work = if c.max_prec - 1 < mx_ind_ab {
        Some(alloc_zero((mx_ind_ab + 1) * BASE_FIG, true))
    } else {
        None
    };
    let w: &mut Real = match work.as_mut() {
        Some(w) => w,
        None => &mut *c,
    };
    w.exponent = a.exponent;
    if !add_exponent(w, b.exponent)? {
        return Ok(0);
    }
    w.set_sign(a.get_sign() * b.get_sign());
    let mut ind_c = mx_ind_ab;
    w.frac[..=mx_ind_ab].fill(0);
    w.prec = mx_ind_ab + 1;
    for nc in 0..mx_ind_ab {
        let (ind_as, ind_ae, mut ind_bs) = if nc < mx_ind_b {
            (mx_ind_a - nc, mx_ind_a, mx_ind_b)
        } else if nc <= mx_ind_a {
            (mx_ind_a - nc, mx_ind_a - (nc - mx_ind_b), mx_ind_b)
        } else {
            (0, mx_ind_ab - nc - 1, mx_ind_b - (nc - mx_ind_a))
        };
        for i in ind_as..=ind_ae {
            let mut s = a.frac[i] as u64 * b.frac[ind_bs] as u64;
            ind_bs = ind_bs.wrapping_sub(1);
            let mut carry = (s / BASE as u64) as u32;
            s -= carry as u64 * BASE as u64;
            w.frac[ind_c] += s as u32;
            if w.frac[ind_c] >= BASE {
                let s2 = w.frac[ind_c] / BASE;
                carry += s2;
                w.frac[ind_c] -= s2 * BASE;
            }
            if carry != 0 {
                let mut ii = ind_c;
                while ii > 0 {
                    ii -= 1;
                    w.frac[ii] += carry;
                    if w.frac[ii] >= BASE {
                        carry = w.frac[ii] / BASE;
                        w.frac[ii] -= carry * BASE;
                    } else {
                        break;
                    }
                }
            }
        }
        ind_c -= 1;
    }
    if let Some(mut w) = work {
        nmlz(&mut w)?;
        asgn(c, &w, 1)?;
    } else {
        limit_round(c, 0)?;
    }
    Ok(c.prec * BASE_FIG)
}

/// VpDivd: c = a / b to c's precision, r = the remainder.
pub fn divd(c: &mut Real, r: &mut Real, a: &Real, b: &Real) -> VpResult<usize> {
    r.set_nan();
    if !is_def_op(c, a, b, Op::Div)? {
        return Ok(c.prec * BASE_FIG);
    }
    if a.is_zero() && b.is_zero() {
        c.set_nan();
        exception(EXCEPTION_NAN, "Computation results to 'NaN'", false)?;
        return Ok(0);
    }
    if b.is_zero() {
        c.set_inf(a.get_sign() * b.get_sign());
        exception(EXCEPTION_ZERODIVIDE, "Divide by zero", false)?;
        return Ok(0);
    }
    if a.is_zero() {
        c.set_zero(a.get_sign() * b.get_sign());
        r.set_zero(a.get_sign() * b.get_sign());
        return Ok(c.prec * BASE_FIG);
    }
    if b.is_one() {
        asgn(c, a, b.get_sign())?;
        r.set_zero(a.get_sign());
        return Ok(c.prec * BASE_FIG);
    }
    let word_a = a.prec;
    let word_b = b.prec;
    let word_c = c.max_prec;
    let word_r = r.max_prec;
    if word_a >= word_r {
        return Err(space_error());
    }
    c.fit();
    r.fit();
    let base = BASE as u64;
    r.frac[0] = 0;
    let mut ind_r = 1;
    while ind_r <= word_a {
        r.frac[ind_r] = a.frac[ind_r - 1];
        ind_r += 1;
    }
    while ind_r < word_r {
        r.frac[ind_r] = 0;
        ind_r += 1;
    }
    c.frac[..word_c].fill(0);
    let b1 = b.frac[0] as u64;
    let (b1p1, b1b2, b1b2p1) = if b.prec <= 1 {
        (b1, b1 * base, b1 * base)
    } else {
        let b1b2 = b1 * base + b.frac[1] as u64;
        (b1 + 1, b1b2, if b.prec > 2 { b1b2 + 1 } else { b1b2 })
    };
    let n_loop = word_c.min(word_r - 1);
    let mut ind_c = 1;
    'outer: while ind_c < n_loop {
        if r.frac[ind_c] == 0 {
            ind_c += 1;
            continue;
        }
        let r1r2 = r.frac[ind_c] as u64 * base + r.frac[ind_c + 1] as u64;
        let q: u64;
        let mut ind_r;
        'sub_mult: {
            if r1r2 == b1b2 {
                // The first two words agree: compare the rest.
                let mut ind_b = 2;
                let mut ind_a = ind_c + 2;
                let mut less = false;
                while ind_b < word_b {
                    if r.frac[ind_a] < b.frac[ind_b] {
                        less = true;
                        break;
                    }
                    if r.frac[ind_a] > b.frac[ind_b] {
                        break;
                    }
                    ind_a += 1;
                    ind_b += 1;
                }
                if !less {
                    // Quotient digit 1: r -= b.
                    let mut borrow = 0u32;
                    let mut ind_b = b.prec - 1;
                    let mut ind_r = ind_c + ind_b;
                    if ind_r >= word_r {
                        return Err(space_error());
                    }
                    for _ in 0..=(b.prec - 1) {
                        if r.frac[ind_r] < b.frac[ind_b] + borrow {
                            r.frac[ind_r] += BASE - (b.frac[ind_b] + borrow);
                            borrow = 1;
                        } else {
                            r.frac[ind_r] = r.frac[ind_r] - b.frac[ind_b] - borrow;
                            borrow = 0;
                        }
                        ind_r = ind_r.wrapping_sub(1);
                        ind_b = ind_b.wrapping_sub(1);
                    }
                    c.frac[ind_c] += 1;
                    carry_up(c, ind_c);
                    continue 'outer;
                }
            } else if r1r2 >= b1b2p1 {
                q = r1r2 / b1b2p1;
                c.frac[ind_c] += q as u32;
                ind_r = b.prec + ind_c - 1;
                break 'sub_mult;
            }
            // div_b1p1:
            if ind_c + 1 >= word_c {
                break 'outer;
            }
            q = r1r2 / b1p1;
            c.frac[ind_c + 1] += q as u32;
            ind_r = b.prec + ind_c;
        }
        // sub_mult: r -= q * b
        let mut borrow2: u32 = 0;
        let mut ind_b = word_b - 1;
        if ind_r >= word_r {
            return Err(space_error());
        }
        for _ in 0..=(word_b - 1) {
            let mut qb = q * b.frac[ind_b] as u64;
            let borrow1: u32 = if qb < base {
                0
            } else {
                let b1 = (qb / base) as u32;
                qb -= b1 as u64 * base;
                b1
            };
            if (r.frac[ind_r] as u64) < qb {
                r.frac[ind_r] = r.frac[ind_r].wrapping_add((base - qb) as u32);
                borrow2 = borrow2.wrapping_add(borrow1).wrapping_add(1);
            } else {
                r.frac[ind_r] = r.frac[ind_r].wrapping_sub(qb as u32);
                borrow2 = borrow2.wrapping_add(borrow1);
            }
            if borrow2 != 0 {
                if r.frac[ind_r - 1] < borrow2 {
                    r.frac[ind_r - 1] = r.frac[ind_r - 1].wrapping_add(BASE.wrapping_sub(borrow2));
                    borrow2 = 1;
                } else {
                    r.frac[ind_r - 1] -= borrow2;
                    borrow2 = 0;
                }
            }
            ind_r = ind_r.wrapping_sub(1);
            ind_b = ind_b.wrapping_sub(1);
        }
        r.frac[ind_r] = r.frac[ind_r].wrapping_sub(borrow2);
        carry_up(c, ind_c);
    }
    // out_side:
    c.prec = word_c;
    c.exponent = a.exponent;
    if !add_exponent(c, 2)? {
        return Ok(0);
    }
    if !add_exponent(c, -b.exponent)? {
        return Ok(0);
    }
    c.set_sign(a.get_sign() * b.get_sign());
    nmlz(c)?;
    r.prec = word_r;
    r.exponent = a.exponent;
    if !add_exponent(r, 1)? {
        return Ok(0);
    }
    r.set_sign(a.get_sign());
    nmlz(r)?;
    Ok(c.prec * BASE_FIG)
}

/// VpDivd's `carry:` step: words of c at or over BASE carry leftwards.
fn carry_up(c: &mut Real, ind_c: usize) {
    let mut ind_r = ind_c;
    while c.frac[ind_r] >= BASE && ind_r > 0 {
        c.frac[ind_r] -= BASE;
        ind_r -= 1;
        c.frac[ind_r] += 1;
    }
}

#[cold]
fn space_error() -> VpErr {
    VpErr::FloatDomain("ERROR(VpDivd): space for remainder too small.".into())
}

/// VpComp: Some(-1, 0, 1), None for NaN.
pub fn comp(a: &Real, b: &Real) -> Option<i32> {
    if a.is_nan() || b.is_nan() {
        return None;
    }
    if !a.is_def() {
        let e = if !b.is_def() {
            a.sign as i32 - b.sign as i32
        } else {
            a.sign as i32
        };
        return Some(e.signum());
    }
    if !b.is_def() {
        return Some(if -(b.sign as i32) > 0 { 1 } else { -1 });
    }
    let val: isize = 'v: {
        if a.is_zero() {
            if b.is_zero() {
                return Some(0);
            }
            break 'v -b.get_sign();
        }
        if b.is_zero() {
            break 'v a.get_sign();
        }
        if a.get_sign() > b.get_sign() {
            break 'v 1;
        }
        if a.get_sign() < b.get_sign() {
            break 'v -1;
        }
        if a.exponent > b.exponent {
            break 'v a.get_sign();
        }
        if a.exponent < b.exponent {
            break 'v -b.get_sign();
        }
        let mx = a.prec.min(b.prec);
        for ind in 0..mx {
            if a.frac[ind] > b.frac[ind] {
                break 'v a.get_sign();
            }
            if a.frac[ind] < b.frac[ind] {
                break 'v -b.get_sign();
            }
        }
        if a.prec > b.prec {
            a.get_sign()
        } else if a.prec < b.prec {
            -b.get_sign()
        } else {
            0
        }
    };
    Some(val.signum() as i32)
}

/// VpExponent10: the decimal exponent (0.xxx × 10^e).
pub fn exponent10(a: &Real) -> isize {
    if !a.has_val() {
        return 0;
    }
    let mut ex = a.exponent * BASE_FIG as isize;
    let mut n = BASE1;
    while n > 0 && a.frac[0] / n == 0 {
        ex -= 1;
        n /= 10;
    }
    ex
}

/// VpAlloc(mx, "#0"/"0"): a zero with room for `mx` digits (`full`: the
/// precision limit does not apply, C's leading `#`).
pub fn alloc_zero(mx: usize, full: bool) -> Real {
    let mut words = mx.div_ceil(BASE_FIG).max(1);
    let mf = prec_limit();
    if !full && mf != 0 {
        let mf = mf.div_ceil(BASE_FIG) + 2;
        words = words.min(mf);
    }
    // As parsing the one-digit string: (1 + 8) / 9 + 1 words at least.
    let mut r = Real::with_words(words.max(2));
    r.set_zero(1);
    r
}

/// A constant 1 (VpConstOne) or 0.5 (VpPt5).
pub fn one() -> Real {
    let mut r = Real::with_words(1);
    r.set_one();
    r
}
