//! The tagged value word: every Ruby value is one 64-bit `Value`.
//!
//! Bit layout (CRuby's, with flonums):
//!
//! ```text
//!  ...xxxx xxx1   Fixnum: 63-bit signed integer n stored as 2n+1
//!  ...xxxx xx10   Flonum: a double whose exponent fits, rotated left by 3
//!  ...xxxx 0000 1100  static Symbol: SymbolId << 8 | 0x0c
//!  0x00           false
//!  0x08           nil
//!  0x14           true
//!  0x34           undef (internal "no value" marker, never visible to Ruby)
//!  ...xxxx x000   heap object: an aligned pointer to a GC slot (never 0 or 8)
//! ```
//!
//! Truthiness is one mask: a value is falsy iff `v & !0x08 == 0` (false or nil).
//! `unpack()` gives a safe enum view to `match` on; heap access goes through
//! `gc::` which owns the only dereference of the pointer.

pub mod ids;
pub mod symbol;

pub use ids::{BuiltinId, CallSiteId, ClassId, IseqId, MethodId, SymbolId};
pub use symbol::sym;

/// One Ruby value.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Value(u64);

const _: () = assert!(std::mem::size_of::<Value>() == 8);
const _: () = assert!(std::mem::size_of::<Option<Value>>() == 16);

const FIXNUM_FLAG: u64 = 0x01;
const FLONUM_MASK: u64 = 0x03;
const FLONUM_FLAG: u64 = 0x02;
/// 0.0's flonum word (the one flonum outside the exponent rule).
const FLONUM_ZERO: u64 = 0x8000_0000_0000_0002;
const SYMBOL_FLAG: u64 = 0x0c;
const QFALSE: u64 = 0x00;
const QNIL: u64 = 0x08;
const QTRUE: u64 = 0x14;
const QUNDEF: u64 = 0x34;

/// Largest and smallest integers that fit in a Fixnum.
pub const FIXNUM_MAX: i64 = (1 << 62) - 1;
pub const FIXNUM_MIN: i64 = -(1 << 62);

/// A safe view of a value's tag.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Unpacked {
    Nil,
    True,
    False,
    Undef,
    Fixnum(i64),
    Flonum(f64),
    Symbol(SymbolId),
    Heap(Value),
}

impl Value {
    pub const NIL: Value = Value(QNIL);
    pub const TRUE: Value = Value(QTRUE);
    pub const FALSE: Value = Value(QFALSE);
    pub const UNDEF: Value = Value(QUNDEF);

    #[inline(always)]
    pub const fn raw(self) -> u64 {
        self.0
    }

    /// Rebuilds a value from its raw word (used by the JIT ABI and hashing).
    #[inline(always)]
    pub const fn from_raw(raw: u64) -> Value {
        Value(raw)
    }

    #[inline(always)]
    pub fn bool(b: bool) -> Value {
        if b { Value::TRUE } else { Value::FALSE }
    }

    #[inline(always)]
    pub fn truthy(self) -> bool {
        self.0 & !QNIL != 0
    }

    #[inline(always)]
    pub fn is_nil(self) -> bool {
        self.0 == QNIL
    }

    #[inline(always)]
    pub fn is_undef(self) -> bool {
        self.0 == QUNDEF
    }

    /// Fixnum if it fits, `None` otherwise (caller makes a Bignum).
    #[inline(always)]
    pub fn fixnum(n: i64) -> Option<Value> {
        if (FIXNUM_MIN..=FIXNUM_MAX).contains(&n) {
            Some(Value(((n as u64) << 1) | FIXNUM_FLAG))
        } else {
            None
        }
    }

    /// Fixnum for a value known to be in range (small literals, lengths).
    #[inline(always)]
    pub fn int(n: i64) -> Value {
        debug_assert!((FIXNUM_MIN..=FIXNUM_MAX).contains(&n));
        Value(((n as u64) << 1) | FIXNUM_FLAG)
    }

    #[inline(always)]
    pub fn is_fixnum(self) -> bool {
        self.0 & FIXNUM_FLAG != 0
    }

    #[inline(always)]
    pub fn as_fixnum(self) -> Option<i64> {
        if self.is_fixnum() {
            Some(self.fixnum_unchecked())
        } else {
            None
        }
    }

    #[inline(always)]
    pub fn fixnum_unchecked(self) -> i64 {
        (self.0 as i64) >> 1
    }

    #[inline(always)]
    pub fn both_fixnum(a: Value, b: Value) -> bool {
        a.0 & b.0 & FIXNUM_FLAG != 0
    }

    /// `a + b` for two Fixnums, on the tagged words (2a+1 + 2b = 2(a+b)+1):
    /// None exactly when the sum leaves the fixnum range (the i64 add
    /// overflows then), and the caller makes a Bignum.
    #[inline(always)]
    pub fn fix_add(a: Value, b: Value) -> Option<Value> {
        debug_assert!(Value::both_fixnum(a, b));
        (a.0 as i64)
            .checked_add(b.0 as i64 - 1)
            .map(|r| Value(r as u64))
    }

    /// `a - b` for two Fixnums, as `fix_add` (2a+1 - 2b = 2(a-b)+1).
    #[inline(always)]
    pub fn fix_sub(a: Value, b: Value) -> Option<Value> {
        debug_assert!(Value::both_fixnum(a, b));
        (a.0 as i64)
            .checked_sub(b.0 as i64 - 1)
            .map(|r| Value(r as u64))
    }

    /// A flonum if the double's exponent fits (CRuby's rule: the top three
    /// exponent bits are 011 or 100, and not +2^-255, whose word would be
    /// 0.0's), else `None` and the caller boxes it on the heap. The hot
    /// test is one subtract and compare: `bits << 1` puts those three bits
    /// on top, so they are 011 or 100 exactly when it lies in
    /// `[3 << 61, 5 << 61)`; starting one above `3 << 61` also leaves
    /// +-2^-255 (the two words shifting to it) to the cold path.
    #[inline(always)]
    pub fn flonum(d: f64) -> Option<Value> {
        match Value::flonum_common(d) {
            Some(v) => Some(v),
            None => Value::flonum_rare(d.to_bits()),
        }
    }

    /// `flonum`'s hot test alone: a flonum for the common exponents, None
    /// for anything else (0.0 and -2^-255 included, which `flonum` also
    /// encodes). For fast paths that leave the rest to one cold call.
    #[inline(always)]
    pub fn flonum_common(d: f64) -> Option<Value> {
        let bits = d.to_bits();
        ((bits << 1).wrapping_sub((3 << 61) + 1) < (2 << 61) - 1)
            .then(|| Value::flonum_encode(bits))
    }

    #[inline(always)]
    fn flonum_encode(bits: u64) -> Value {
        Value((bits.rotate_left(3) & !0x01) | FLONUM_FLAG)
    }

    /// `flonum` outside the common exponents: 0.0 has its own word, and
    /// -2^-255 is a flonum as in CRuby (+2^-255 is boxed).
    #[cold]
    fn flonum_rare(bits: u64) -> Option<Value> {
        match bits {
            0 => Some(Value(FLONUM_ZERO)),
            0xb000_0000_0000_0000 => Some(Value::flonum_encode(bits)),
            _ => None,
        }
    }

    #[inline(always)]
    pub fn is_flonum(self) -> bool {
        self.0 & FLONUM_MASK == FLONUM_FLAG
    }

    /// Both are flonums, in one test of the two tags.
    #[inline(always)]
    pub fn both_flonum(a: Value, b: Value) -> bool {
        ((a.0 ^ FLONUM_FLAG) | (b.0 ^ FLONUM_FLAG)) & FLONUM_MASK == 0
    }

    /// The double of a flonum: the two dropped exponent bits come back
    /// from the one kept in bit 63 (it is 1 for exponents 100, 0 for
    /// 011), by flipping the tag's two low bits, 10, to 01 when bit 63 is
    /// set (an arithmetic shift spreads it), then rotating back. 0.0's
    /// word is selected without a branch.
    #[inline(always)]
    pub fn flonum_value(self) -> f64 {
        let spread = ((self.0 as i64) >> 63) as u64;
        let bits = (self.0 ^ (spread & FLONUM_MASK)).rotate_right(3);
        f64::from_bits(if self.0 == FLONUM_ZERO { 0 } else { bits })
    }

    #[inline(always)]
    pub fn symbol(id: SymbolId) -> Value {
        Value(((id.0 as u64) << 8) | SYMBOL_FLAG)
    }

    #[inline(always)]
    pub fn is_symbol(self) -> bool {
        self.0 & 0xff == SYMBOL_FLAG
    }

    #[inline(always)]
    pub fn as_symbol(self) -> Option<SymbolId> {
        if self.is_symbol() {
            Some(SymbolId((self.0 >> 8) as u32))
        } else {
            None
        }
    }

    /// True for pointers into the GC heap: the words with their low three
    /// bits clear other than false (0) and nil (8). One test: subtracting
    /// 16 keeps a pointer's low bits and sets the top bit of 0 and 8 (user
    /// space addresses are below 2^63), and rotating the low bits to the
    /// top leaves a number below 2^60 only when all four are clear.
    #[inline(always)]
    pub fn is_heap(self) -> bool {
        self.0.wrapping_sub(16).rotate_right(3) < 1 << 60
    }

    /// Builds a heap value from a slot address (gc/ only).
    #[inline(always)]
    pub fn from_ptr<T>(p: *const T) -> Value {
        debug_assert!(p as u64 & 0x07 == 0 && !p.is_null());
        Value(p as u64)
    }

    /// The slot address of a heap value (gc/ dereferences it).
    #[inline(always)]
    pub fn as_ptr<T>(self) -> *const T {
        debug_assert!(self.is_heap());
        self.0 as *const T
    }

    pub fn unpack(self) -> Unpacked {
        match self.0 {
            QNIL => Unpacked::Nil,
            QTRUE => Unpacked::True,
            QFALSE => Unpacked::False,
            QUNDEF => Unpacked::Undef,
            _ if self.is_fixnum() => Unpacked::Fixnum(self.fixnum_unchecked()),
            _ if self.is_flonum() => Unpacked::Flonum(self.flonum_value()),
            _ if self.is_symbol() => Unpacked::Symbol(SymbolId((self.0 >> 8) as u32)),
            _ => Unpacked::Heap(self),
        }
    }
}

impl std::fmt::Debug for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.unpack() {
            Unpacked::Heap(v) => write!(f, "Heap({:#x})", v.0),
            u => write!(f, "{u:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixnums_round_trip() {
        for n in [0, 1, -1, 42, FIXNUM_MAX, FIXNUM_MIN] {
            assert_eq!(Value::fixnum(n).unwrap().as_fixnum(), Some(n));
        }
        assert!(Value::fixnum(FIXNUM_MAX + 1).is_none());
    }

    #[test]
    fn tagged_add_and_sub_match_untagged_at_the_edges() {
        let xs = [
            0,
            1,
            -1,
            7,
            -7,
            FIXNUM_MAX,
            FIXNUM_MIN,
            FIXNUM_MAX - 1,
            FIXNUM_MIN + 1,
        ];
        for a in xs {
            for b in xs {
                let (va, vb) = (Value::int(a), Value::int(b));
                let sum = a.checked_add(b).and_then(Value::fixnum);
                let diff = a.checked_sub(b).and_then(Value::fixnum);
                assert_eq!(
                    Value::fix_add(va, vb).map(|v| v.raw()),
                    sum.map(|v| v.raw())
                );
                assert_eq!(
                    Value::fix_sub(va, vb).map(|v| v.raw()),
                    diff.map(|v| v.raw())
                );
            }
        }
    }

    #[test]
    fn flonums_round_trip() {
        for d in [0.0, 1.0, -1.5, 0.1, 1e10, 2.5, -0.0, 1e-300] {
            if let Some(v) = Value::flonum(d) {
                assert!(v.is_flonum());
                assert_eq!(v.flonum_value().to_bits(), d.to_bits(), "{d}");
            }
        }
        assert!(Value::flonum(1.0).is_some());
        assert!(Value::flonum(-0.0).is_none(), "CRuby boxes -0.0");
    }

    /// The encoding agrees with CRuby's `rb_float_new_inline` rule, bit
    /// for bit, at every exponent edge, and decodes back exactly.
    #[test]
    fn flonum_rule_matches_cruby_at_the_edges() {
        fn cruby(bits: u64) -> Option<u64> {
            let e = ((bits >> 60) & 0x7) as i32;
            if bits != 0x3000_0000_0000_0000 && ((e - 3) & !0x01) == 0 {
                Some((bits.rotate_left(3) & !0x01) | 0x02)
            } else if bits == 0 {
                Some(0x8000_0000_0000_0002)
            } else {
                None
            }
        }
        let mut words = vec![0u64, 1, 0x3000_0000_0000_0000, 0xb000_0000_0000_0000];
        for top in 0u64..16 {
            for low in [0u64, 1, 0x0fff_ffff_ffff_ffff, 0x0800_0000_0000_0000] {
                words.push(top << 60 | low);
            }
        }
        words.extend(
            [
                f64::NAN,
                f64::INFINITY,
                f64::MIN_POSITIVE,
                1e-77,
                1e77,
                1e-78,
            ]
            .map(f64::to_bits),
        );
        for w in words {
            let v = Value::flonum(f64::from_bits(w));
            assert_eq!(v.map(|v| v.raw()), cruby(w), "{w:#x}");
            if let Some(v) = v {
                assert!(v.is_flonum() && Value::both_flonum(v, v));
                assert_eq!(v.flonum_value().to_bits(), w, "{w:#x}");
            }
        }
        let one = Value::flonum(1.0).unwrap();
        for other in [Value::int(1), Value::NIL, Value::symbol(SymbolId(7))] {
            assert!(!Value::both_flonum(one, other) && !Value::both_flonum(other, one));
        }
    }

    #[test]
    fn specials_are_not_heap() {
        for v in [
            Value::NIL,
            Value::TRUE,
            Value::FALSE,
            Value::UNDEF,
            Value::int(3),
        ] {
            assert!(!v.is_heap());
        }
        // The one-test form agrees with "low bits clear, not false or nil"
        // on user-space words (below 2^63).
        let boxed = Box::new(0u64);
        let words = [
            0u64,
            8,
            0x0c,
            0x14,
            0x34,
            1,
            2,
            3,
            6,
            0x10c,
            0x7fff_ffff_fff8,
        ];
        for w in words.into_iter().chain([&*boxed as *const u64 as u64]) {
            let v = Value::from_raw(w);
            assert_eq!(v.is_heap(), w & 7 == 0 && w & !QNIL != 0, "{w:#x}");
        }
        assert!(!Value::flonum(1.5).unwrap().is_heap());
        assert!(!Value::NIL.truthy() && !Value::FALSE.truthy() && Value::int(0).truthy());
    }
}
