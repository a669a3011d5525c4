//! Ruby's `format` / `sprintf` / `String#%` engine: flags, width,
//! precision, `*` widths, `%1$s` positional and `%<name>s` / `%{name}`
//! named references, every conversion of CRuby 3.1 (`d i u o x X b B f e E
//! g G a A s p c %`), CRuby's `..f01` two's-complement style for negative
//! numbers, bignums, and CRuby's exact `ArgumentError` messages.
//!
//! The engine knows nothing about VM values: it asks an [`ArgSource`] for
//! the argument at a position (or under a name) together with what the
//! conversion needs ([`ArgNeed`]), and the source answers with a plain
//! [`FmtArg`] (doing `to_s`, `inspect`, `Integer()`, `Float()` as needed).
//! The engine tracks positions itself so that it can raise CRuby's
//! `unnumbered(1) mixed with numbered`-style errors.
//!
//! `directive` parses a directive (flags, width, precision, argument
//! references) and fetches its argument; `convert` renders the fetched
//! argument for each conversion character.

mod convert;
mod directive;

use num_bigint::BigInt;

/// An argument, already reduced to something the engine can format.
#[derive(Clone, Debug, PartialEq)]
pub enum FmtArg {
    Int(i64),
    Big(BigInt),
    Float(f64),
    Str(String),
    /// A String's bytes for `%s`/`%p`/`%c`: `true` when its characters are
    /// UTF-8 (width and precision count them), `false` for one byte each.
    Bytes(Vec<u8>, bool),
}

/// What a conversion wants from its argument; the source should convert
/// accordingly (and may return any [`FmtArg`] the engine can coerce).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgNeed {
    /// `%d %i %u %o %x %X %b %B`: an Integer (`Kernel#Integer` semantics;
    /// a `Str` is parsed strictly by the engine, a `Float` truncated).
    Int,
    /// `%f %e %E %g %G %a %A`: a Float, or an Integer (`%f` prints
    /// integers exactly); a `Str` is parsed like `Kernel#Float`.
    Float,
    /// `%s` and `%{name}`: the argument's `to_s`.
    Str,
    /// `%p`: the argument's `inspect`, returned as `Str`.
    Inspect,
    /// `%c`: an Integer code point or a one-character `Str`.
    Char,
    /// A `*` width or precision: an Integer via `to_int` (NUM2INT); a `Float`
    /// is truncated, anything else should be a `TypeError` from the source.
    Width,
}

/// A Ruby exception to raise: its class name and CRuby's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub class: &'static str,
    pub message: String,
}

impl FormatError {
    /// An `ArgumentError` with the given message.
    pub fn argument(message: impl Into<String>) -> FormatError {
        FormatError {
            class: "ArgumentError",
            message: message.into(),
        }
    }

    /// What [`ArgSource::nth`] returns past the last argument.
    pub fn too_few_arguments() -> FormatError {
        FormatError::argument("too few arguments")
    }

    /// What [`ArgSource::named`] returns unless the arguments are exactly
    /// one Hash.
    pub fn one_hash_required() -> FormatError {
        FormatError::argument("one hash required")
    }

    /// What [`ArgSource::named`] returns for a missing key (after trying
    /// the hash's default); the engine fills in CRuby's message.
    pub fn key_not_found() -> FormatError {
        FormatError {
            class: "KeyError",
            message: String::new(),
        }
    }

    fn range(message: impl Into<String>) -> FormatError {
        FormatError {
            class: "RangeError",
            message: message.into(),
        }
    }
}

/// Where the engine gets its arguments from.
pub trait ArgSource {
    /// The argument at 0-based position `n` (both `%s` in sequence and
    /// `%1$s`, which asks for `n == 0`). Past the end: `too_few_arguments`.
    fn nth(&mut self, n: usize, need: ArgNeed) -> Result<FmtArg, FormatError>;
    /// The value under `name` (a Symbol key) in the single Hash argument.
    fn named(&mut self, name: &str, need: ArgNeed) -> Result<FmtArg, FormatError>;
}

const FSHARP: u32 = 1;
const FMINUS: u32 = 2;
const FPLUS: u32 = 4;
const FZERO: u32 = 8;
const FSPACE: u32 = 16;
const FWIDTH: u32 = 32;
const FPREC: u32 = 64;
const FPREC0: u32 = 128;

/// Where a conversion's value comes from.
enum ValueRef {
    Pos(usize),
    Named { name: String, brace: bool },
}

struct Engine<'a> {
    fmt: &'a [u8],
    args: &'a mut dyn ArgSource,
    out: Vec<u8>,
    /// The result's encoding has one byte per character (binary, Latin-1):
    /// `%c` writes the byte itself.
    bytewise: bool,
    /// CRuby's `posarg`: 0 nothing yet, >0 last unnumbered index,
    /// -1 numbered used, -2 named used.
    posarg: i64,
    /// CRuby's `nextarg` (1-based: argv[0] is the format).
    nextarg: i64,
}

fn err<T>(msg: impl Into<String>) -> Result<T, FormatError> {
    Err(FormatError::argument(msg))
}

/// `format(fmt, *args)`: the bytes of the result (`bytewise`: the result
/// encoding has one byte per character).
pub fn format(
    fmt: &[u8],
    args: &mut dyn ArgSource,
    bytewise: bool,
) -> Result<Vec<u8>, FormatError> {
    let mut engine = Engine {
        fmt,
        args,
        out: Vec::with_capacity(fmt.len() + 16),
        bytewise,
        posarg: 0,
        nextarg: 1,
    };
    engine.run()?;
    Ok(engine.out)
}

/// A parsed conversion spec.
struct Spec {
    flags: u32,
    width: i64,
    prec: i64,
    value: Option<ValueRef>,
}

#[cfg(test)]
// Test data is CRuby-recorded literals, kept verbatim.
#[allow(clippy::approx_constant, clippy::excessive_precision)]
mod tests {
    use super::*;
    use crate::support::{float_fmt, numparse};

    /// A test argument: what the VM would hand over.
    #[derive(Clone, Debug)]
    enum A {
        I(i64),
        B(&'static str),
        F(f64),
        S(&'static str),
        Sym(&'static str),
        Nil,
        H(Vec<(&'static str, A)>),
    }

    fn to_fmt(a: &A, need: ArgNeed) -> Result<FmtArg, FormatError> {
        Ok(match (a, need) {
            (A::Nil, ArgNeed::Int) => {
                return Err(FormatError {
                    class: "TypeError",
                    message: "can't convert nil into Integer".into(),
                });
            }
            (A::Nil, ArgNeed::Width) => {
                return Err(FormatError {
                    class: "TypeError",
                    message: "no implicit conversion from nil to integer".into(),
                });
            }
            (A::Nil, ArgNeed::Inspect) => FmtArg::Str("nil".into()),
            (A::Nil, _) => FmtArg::Str(String::new()),
            (A::S(s), ArgNeed::Inspect) => FmtArg::Str(numparse::inspect_str(s)),
            (A::Sym(s), ArgNeed::Inspect) => FmtArg::Str(format!(":{s}")),
            (A::S(s) | A::Sym(s), _) => FmtArg::Str((*s).into()),
            (A::I(i), _) => FmtArg::Int(*i),
            (A::B(s), _) => FmtArg::Big(s.parse().unwrap()),
            (A::F(f), ArgNeed::Inspect | ArgNeed::Str) => FmtArg::Str(float_fmt::float_to_s(*f)),
            (A::F(f), _) => FmtArg::Float(*f),
            (A::H(_), _) => FmtArg::Str("{...}".into()),
        })
    }

    struct Args(Vec<A>);

    impl ArgSource for Args {
        fn nth(&mut self, n: usize, need: ArgNeed) -> Result<FmtArg, FormatError> {
            match self.0.get(n) {
                Some(a) => to_fmt(a, need),
                None => Err(FormatError::too_few_arguments()),
            }
        }
        fn named(&mut self, name: &str, need: ArgNeed) -> Result<FmtArg, FormatError> {
            match self.0.as_slice() {
                [A::H(pairs)] => match pairs.iter().find(|(k, _)| *k == name) {
                    Some((_, v)) => to_fmt(v, need),
                    None => Err(FormatError::key_not_found()),
                },
                _ => Err(FormatError::one_hash_required()),
            }
        }
    }

    fn run(fmt: &str, args: Vec<A>) -> String {
        match format(fmt.as_bytes(), &mut Args(args), false) {
            Ok(s) => String::from_utf8(s).expect("UTF-8 result"),
            Err(e) => format!("!! {}: {}", e.class, e.message),
        }
    }

    use A::*;

    /// (format, args, what CRuby 3.1.2 printed). Generated by running each
    /// case through `ruby -e 'format(...)'`.
    #[rustfmt::skip]
    fn cases() -> Vec<(&'static str, Vec<A>, &'static str)> {
        vec![
            ("%.2f", vec![F(0.125)], "0.12"),
            ("%.0f", vec![F(0.5)], "0"),
            ("%.0f", vec![F(2.5)], "2"),
            ("%.1f", vec![F(0.25)], "0.2"),
            ("%.2f", vec![F(1.005)], "1.00"),
            ("%o", vec![I(-8)], "..70"),
            ("%x", vec![I(-255)], "..f01"),
            ("%x", vec![I(-256)], "..f00"),
            ("%x", vec![I(-1)], "..f"),
            ("%b", vec![I(-5)], "..1011"),
            ("%o", vec![I(-1)], "..7"),
            ("%#x", vec![I(-255)], "0x..f01"),
            ("%08x", vec![I(-255)], "..ffff01"),
            ("%.8x", vec![I(-255)], "..ffff01"),
            ("%+x", vec![I(-255)], "-ff"),
            ("% x", vec![I(255)], " ff"),
            ("%c", vec![S("ab")], "!! ArgumentError: %c requires a character"),
            ("%c", vec![I(65)], "A"),
            ("%5c", vec![S("é")], "    é"),
            ("%-3c|", vec![I(97)], "a  |"),
            ("%", vec![], "!! ArgumentError: incomplete format specifier; use %% (double %) instead"),
            ("abc%", vec![], "!! ArgumentError: incomplete format specifier; use %% (double %) instead"),
            ("%y", vec![], "!! ArgumentError: malformed format string - %y"),
            ("%d", vec![], "!! ArgumentError: too few arguments"),
            ("%1$s %s", vec![I(1), I(2)], "!! ArgumentError: unnumbered(1) mixed with numbered"),
            ("%s %1$s", vec![I(1), I(2)], "!! ArgumentError: numbered(1) after unnumbered(1)"),
            ("%<a>s %s", vec![H(vec![("a", I(1))])], "!! ArgumentError: unnumbered(1) mixed with named"),
            ("%<a>s", vec![I(1)], "!! ArgumentError: one hash required"),
            ("%-+05d", vec![I(3)], "+3   "),
            ("%05s", vec![S("ab")], "   ab"),
            ("% d", vec![I(5)], " 5"),
            ("%+.3d", vec![I(5)], "+005"),
            ("%#o", vec![I(8)], "010"),
            ("%#o", vec![I(0)], "0"),
            ("%#x", vec![I(0)], "0"),
            ("%.0d", vec![I(0)], ""),
            ("%#.0o", vec![I(0)], "0"),
            ("%e", vec![F(12345.678)], "1.234568e+04"),
            ("%E", vec![F(0.0)], "0.000000E+00"),
            ("%g", vec![F(1.0e-05)], "1e-05"),
            ("%g", vec![F(123456789.0)], "1.23457e+08"),
            ("%g", vec![F(100000.0)], "100000"),
            ("%g", vec![F(1000000.0)], "1e+06"),
            ("%#g", vec![F(1.0)], "1.00000"),
            ("%.10g", vec![F(0.3333333333333333)], "0.3333333333"),
            ("%G", vec![F(1.0e-10)], "1E-10"),
            ("%a", vec![F(1.0)], "0x1p+0"),
            ("%a", vec![F(0.1)], "0x1.999999999999ap-4"),
            ("%A", vec![F(-3.5)], "-0X1.CP+1"),
            ("%.2a", vec![F(0.3333333333333333)], "0x1.55p-2"),
            ("%a", vec![F(0.0)], "0x0p+0"),
            ("%a", vec![F(5.0e-324)], "0x1p-1074"),
            ("%f", vec![F(1.0e+20)], "100000000000000000000.000000"),
            ("%.2f", vec![B("1000000000000000000000000000000")], "1000000000000000000000000000000.00"),
            ("%f", vec![I(-12)], "-12.000000"),
            ("%010.3f", vec![F(-3.14159)], "-00003.142"),
            ("%-10.1f|", vec![F(2.25)], "2.2       |"),
            ("%+f", vec![F(f64::INFINITY)], "+Inf"),
            ("%f", vec![F(f64::NAN)], "NaN"),
            ("% 8f", vec![F(f64::NEG_INFINITY)], "    -Inf"),
            ("%-8f|", vec![F(f64::INFINITY)], "Inf     |"),
            ("%08f", vec![F(f64::INFINITY)], "     Inf"),
            ("%d", vec![F(12.7)], "12"),
            ("%d", vec![F(-12.7)], "-12"),
            ("%d", vec![S("0x1f")], "31"),
            ("%d", vec![S("12abc")], "!! ArgumentError: invalid value for Integer(): \"12abc\""),
            ("%d", vec![F(1.0e+20)], "100000000000000000000"),
            ("%x", vec![B("1180591620717411303424")], "400000000000000000"),
            ("%x", vec![B("-1180591620717411303424")], "..fc00000000000000000"),
            ("%d", vec![Nil], "!! TypeError: can't convert nil into Integer"),
            ("%*d", vec![I(5), I(3)], "    3"),
            ("%-*d|", vec![I(-5), I(3)], "3    |"),
            ("%.*f", vec![I(2), F(3.14159)], "3.14"),
            ("%{a}-%<b>05d", vec![H(vec![("a", S("x")), ("b", I(3))])], "x-00003"),
            ("%{a}", vec![H(vec![])], "!! KeyError: key{a} not found"),
            ("%5{a}|", vec![H(vec![("a", S("xy"))])], "   xy|"),
            ("%-", vec![], "!! ArgumentError: invalid format character - %"),
            ("%5", vec![], "!! ArgumentError: malformed format string - %*[0-9]"),
            ("% ", vec![], "!! ArgumentError: invalid format character - %"),
            ("%\n", vec![], "%\n"),
            ("a%\0b", vec![], "a%\0b"),
            ("%-%", vec![], "!! ArgumentError: invalid format character - %"),
            ("%.5%", vec![], "!! ArgumentError: invalid format character - %"),
            ("%<a>", vec![H(vec![("a", I(1))])], "%"),
            ("%<a><b>s", vec![H(vec![("a", I(1)), ("b", I(2))])], "!! ArgumentError: named<b> after <a>"),
            ("%1$1$s", vec![I(1)], "!! ArgumentError: value given twice - 1$"),
            ("%1$<a>s", vec![H(vec![("a", I(1))])], "!! ArgumentError: named<a> after numbered"),
            ("%<a>1$s", vec![H(vec![("a", I(1))])], "!! ArgumentError: value given twice - 1$"),
            ("%s%<a>s", vec![H(vec![("a", I(1))])], "!! ArgumentError: named<a> after unnumbered(1)"),
            ("%5 5d", vec![I(1)], "!! ArgumentError: flag after width"),
            ("%.5 d", vec![I(1)], "!! ArgumentError: flag after precision"),
            ("%5.5.5d", vec![I(1)], "!! ArgumentError: precision given twice"),
            ("%.5 5d", vec![I(1)], "!! ArgumentError: flag after precision"),
            ("%*5d", vec![I(1), I(2)], "!! ArgumentError: width given twice"),
            ("%5*d", vec![I(1), I(2)], "!! ArgumentError: width given twice"),
            ("%0$s", vec![I(1)], "!! ArgumentError: malformed format string - %$"),
            ("%99999999999d", vec![I(1)], "!! ArgumentError: width too big"),
            ("%.99999999999d", vec![I(1)], "!! ArgumentError: precision too big"),
            ("%*d", vec![I(1099511627776), I(1)], "!! RangeError: integer 1099511627776 too big to convert to `int'"),
            ("%*d", vec![F(1.9), I(1)], "1"),
            ("%*d", vec![S("3"), I(1)], "!! TypeError: no implicit conversion of String into Integer"),
            ("%.*d", vec![I(-3), I(7)], "7"),
            ("%1$*2$d", vec![I(5), I(3)], "  5"),
            ("%c", vec![I(1114112)], "!! ArgumentError: invalid character"),
            ("%c", vec![I(256)], "Ā"),
            ("%c", vec![S("")], "!! ArgumentError: %c requires a character"),
            ("%c", vec![F(1.9)], "\u{1}"),
            ("%c", vec![B("100000000000000000000")], "!! RangeError: bignum too big to convert into `long'"),
            ("%#.0f", vec![I(5)], "5"),
            ("%#.0f", vec![F(5.0)], "5."),
            ("%#.0e", vec![F(5.0)], "5.e+00"),
            ("%#x", vec![I(255)], "0xff"),
            ("%#X", vec![I(255)], "0XFF"),
            ("%#b", vec![I(5)], "0b101"),
            ("%#B", vec![I(5)], "0B101"),
            ("%+o", vec![I(8)], "+10"),
            ("%+b", vec![I(-5)], "-101"),
            ("% b", vec![I(-5)], "-101"),
            ("%#o", vec![I(-8)], "..70"),
            ("%#b", vec![I(-5)], "0b..1011"),
            ("%-8b|", vec![I(-5)], "..1011  |"),
            ("%8b|", vec![I(-5)], "  ..1011|"),
            ("%08b|", vec![I(-5)], "..111011|"),
            ("%.8b|", vec![I(-5)], "..111011|"),
            ("%8.3x|", vec![I(-1)], "     ..f|"),
            ("%-+8.3x|", vec![I(255)], "+0ff    |"),
            ("%#10.4o", vec![I(8)], "      0010"),
            ("%#.4o", vec![I(8)], "0010"),
            ("%#.1o", vec![I(8)], "010"),
            ("%#5o", vec![I(0)], "    0"),
            ("%#.3o", vec![I(0)], "000"),
            ("%.0x", vec![I(0)], ""),
            ("%#.0x", vec![I(0)], ""),
            ("%5.0d|", vec![I(0)], "     |"),
            ("%+.0d", vec![I(0)], "+"),
            ("%x", vec![I(0)], "0"),
            ("%o", vec![I(0)], "0"),
            ("%b", vec![I(0)], "0"),
            ("%e", vec![F(0.0)], "0.000000e+00"),
            ("%e", vec![F(-0.0)], "-0.000000e+00"),
            ("%f", vec![F(-0.0)], "-0.000000"),
            ("%g", vec![F(-0.0)], "-0"),
            ("%+g", vec![F(0.0)], "+0"),
            ("% .3e", vec![F(12345.6789)], " 1.235e+04"),
            ("%+012.3e", vec![F(-12345.6789)], "-001.235e+04"),
            ("%-12.3E|", vec![F(12345.6789)], "1.235E+04   |"),
            ("%g", vec![F(1.0e+100)], "1e+100"),
            ("%g", vec![F(1.5e-300)], "1.5e-300"),
            ("%.0g", vec![F(123.0)], "1e+02"),
            ("%#.0g", vec![F(123.0)], "1.e+02"),
            ("%#g", vec![F(123456.0)], "123456."),
            ("%#g", vec![F(1234567.0)], "1.23457e+06"),
            ("%g", vec![F(0.0001)], "0.0001"),
            ("%g", vec![F(1.234e-05)], "1.234e-05"),
            ("%G", vec![F(1.5e-05)], "1.5E-05"),
            ("%.3g", vec![F(0.0001234)], "0.000123"),
            ("%#.3g", vec![F(1.0)], "1.00"),
            ("%10.4g|", vec![F(3.14159)], "     3.142|"),
            ("%-10.4g|", vec![F(3.14159)], "3.142     |"),
            ("%010.4g|", vec![F(-3.14159)], "-00003.142|"),
            ("%g", vec![F(123456.5)], "123456"),
            ("%g", vec![F(999999.5)], "1e+06"),
            ("%.20g", vec![F(0.1)], "0.10000000000000000555"),
            ("%.17g", vec![F(0.3333333333333333)], "0.33333333333333331"),
            ("%e", vec![F(1.0e-320)], "9.999889e-321"),
            ("%.3e", vec![F(9.9995)], "1.000e+01"),
            ("%.2e", vec![F(99950000000.0)], "1.00e+11"),
            ("%e", vec![F(1.0e+301)], "1.000000e+301"),
            ("%f", vec![F(1.5e+300)], "1500000000000000078757140382806630373056702871662238732373781173267703686983362293679557062620671796065556665749325817265413784853040645863467188277180060474272580801389863705606745350692182135089053429852456199917621678558451461320111979114170213741868888183230085264257173504208294580298189100810240.000000"),
            ("%a", vec![F(-0.0)], "-0x0p+0"),
            ("%a", vec![F(1.0e+300)], "0x1.7e43c8800759cp+996"),
            ("%a", vec![F(2.5e-320)], "0x1.3c4p-1062"),
            ("%.0a", vec![F(1.5)], "0x1p+1"),
            ("%.0a", vec![F(2.5)], "0x1p+1"),
            ("%.1a", vec![F(1.03125)], "0x1.0p+0"),
            ("%.1a", vec![F(1.09375)], "0x1.2p+0"),
            ("%#a", vec![F(1.0)], "0x1.p+0"),
            ("%#.0a", vec![F(1.0)], "0x1.p+0"),
            ("%10a|", vec![F(1.0)], "    0x1p+0|"),
            ("%-10a|", vec![F(1.0)], "0x1p+0    |"),
            ("%010a|", vec![F(1.0)], "0x00001p+0|"),
            ("%+a", vec![F(1.0)], "+0x1p+0"),
            ("% a", vec![F(1.0)], " 0x1p+0"),
            ("%A", vec![F(0.3333333333333333)], "0X1.5555555555555P-2"),
            ("%.3a", vec![F(0.3333333333333333)], "0x1.555p-2"),
            ("%.13a", vec![F(0.3333333333333333)], "0x1.5555555555554p-2"),
            ("%.15a", vec![F(0.3333333333333333)], "0x1.555555555555500p-2"),
            ("%a", vec![F(f64::INFINITY)], "Inf"),
            ("%a", vec![I(3)], "0x1.8p+1"),
            ("%a", vec![F(0.5)], "0x1p-1"),
            ("%.1a", vec![F(1.96875)], "0x1.0p+1"),
            ("%.0a", vec![F(1.9)], "0x1p+1"),
            ("%a", vec![F(0.3333333333333333)], "0x1.5555555555555p-2"),
            ("%.0a", vec![F(0.3333333333333333)], "0x1p-2"),
            ("%.1a", vec![F(0.3333333333333333)], "0x1.5p-2"),
            ("%.5a", vec![F(0.3333333333333333)], "0x1.55555p-2"),
            ("%.11a", vec![F(0.3333333333333333)], "0x1.55555555555p-2"),
            ("%.12a", vec![F(0.3333333333333333)], "0x1.555555555555p-2"),
            ("%.13a", vec![F(0.3333333333333333)], "0x1.5555555555554p-2"),
            ("%.14a", vec![F(0.3333333333333333)], "0x1.55555555555550p-2"),
            ("%a", vec![F(0.1)], "0x1.999999999999ap-4"),
            ("%.0a", vec![F(0.1)], "0x1p-3"),
            ("%.1a", vec![F(0.1)], "0x1.ap-4"),
            ("%.5a", vec![F(0.1)], "0x1.9999ap-4"),
            ("%.11a", vec![F(0.1)], "0x1.9999999999ap-4"),
            ("%.12a", vec![F(0.1)], "0x1.99999999999ap-4"),
            ("%.13a", vec![F(0.1)], "0x1.999999999999ap-4"),
            ("%.14a", vec![F(0.1)], "0x1.999999999999a0p-4"),
            ("%a", vec![F(1.0)], "0x1p+0"),
            ("%.0a", vec![F(1.0)], "0x1p+0"),
            ("%.1a", vec![F(1.0)], "0x1.0p+0"),
            ("%.5a", vec![F(1.0)], "0x1.00000p+0"),
            ("%.11a", vec![F(1.0)], "0x1.00000000000p+0"),
            ("%.12a", vec![F(1.0)], "0x1.000000000000p+0"),
            ("%.13a", vec![F(1.0)], "0x1.0000000000000p+0"),
            ("%.14a", vec![F(1.0)], "0x1.00000000000000p+0"),
            ("%a", vec![F(1.5)], "0x1.8p+0"),
            ("%.0a", vec![F(1.5)], "0x1p+1"),
            ("%.1a", vec![F(1.5)], "0x1.8p+0"),
            ("%.5a", vec![F(1.5)], "0x1.80000p+0"),
            ("%.11a", vec![F(1.5)], "0x1.80000000000p+0"),
            ("%.12a", vec![F(1.5)], "0x1.800000000000p+0"),
            ("%.13a", vec![F(1.5)], "0x1.8000000000000p+0"),
            ("%.14a", vec![F(1.5)], "0x1.80000000000000p+0"),
            ("%a", vec![F(0.6666666666666666)], "0x1.5555555555555p-1"),
            ("%.0a", vec![F(0.6666666666666666)], "0x1p-1"),
            ("%.1a", vec![F(0.6666666666666666)], "0x1.5p-1"),
            ("%.5a", vec![F(0.6666666666666666)], "0x1.55555p-1"),
            ("%.11a", vec![F(0.6666666666666666)], "0x1.55555555555p-1"),
            ("%.12a", vec![F(0.6666666666666666)], "0x1.555555555555p-1"),
            ("%.13a", vec![F(0.6666666666666666)], "0x1.5555555555554p-1"),
            ("%.14a", vec![F(0.6666666666666666)], "0x1.55555555555550p-1"),
            ("%a", vec![F(1.0e+300)], "0x1.7e43c8800759cp+996"),
            ("%.0a", vec![F(1.0e+300)], "0x1p+996"),
            ("%.1a", vec![F(1.0e+300)], "0x1.8p+996"),
            ("%.5a", vec![F(1.0e+300)], "0x1.7e43dp+996"),
            ("%.11a", vec![F(1.0e+300)], "0x1.7e43c880076p+996"),
            ("%.12a", vec![F(1.0e+300)], "0x1.7e43c880075ap+996"),
            ("%.13a", vec![F(1.0e+300)], "0x1.7e43c8800759cp+996"),
            ("%.14a", vec![F(1.0e+300)], "0x1.7e43c8800759c0p+996"),
            ("%a", vec![F(5.0e-324)], "0x1p-1074"),
            ("%.0a", vec![F(5.0e-324)], "0x1p-1074"),
            ("%.1a", vec![F(5.0e-324)], "0x1.0p-1074"),
            ("%.5a", vec![F(5.0e-324)], "0x1.00000p-1074"),
            ("%.11a", vec![F(5.0e-324)], "0x1.00000000000p-1074"),
            ("%.12a", vec![F(5.0e-324)], "0x1.000000000000p-1074"),
            ("%.13a", vec![F(5.0e-324)], "0x1.0000000000000p-1074"),
            ("%.14a", vec![F(5.0e-324)], "0x1.00000000000000p-1074"),
            ("%a", vec![F(2.5e-320)], "0x1.3c4p-1062"),
            ("%.0a", vec![F(2.5e-320)], "0x1p-1062"),
            ("%.1a", vec![F(2.5e-320)], "0x1.4p-1062"),
            ("%.5a", vec![F(2.5e-320)], "0x1.3c400p-1062"),
            ("%.11a", vec![F(2.5e-320)], "0x1.3c400000000p-1062"),
            ("%.12a", vec![F(2.5e-320)], "0x1.3c4000000000p-1062"),
            ("%.13a", vec![F(2.5e-320)], "0x1.3c40000000000p-1062"),
            ("%.14a", vec![F(2.5e-320)], "0x1.3c400000000000p-1062"),
            ("%a", vec![F(1.0000000000000002)], "0x1.0000000000001p+0"),
            ("%.0a", vec![F(1.0000000000000002)], "0x1p+0"),
            ("%.1a", vec![F(1.0000000000000002)], "0x1.0p+0"),
            ("%.5a", vec![F(1.0000000000000002)], "0x1.00000p+0"),
            ("%.11a", vec![F(1.0000000000000002)], "0x1.00000000000p+0"),
            ("%.12a", vec![F(1.0000000000000002)], "0x1.000000000000p+0"),
            ("%.13a", vec![F(1.0000000000000002)], "0x1.0000000000000p+0"),
            ("%.14a", vec![F(1.0000000000000002)], "0x1.00000000000010p+0"),
            ("%a", vec![F(1.9999999999999998)], "0x1.fffffffffffffp+0"),
            ("%.0a", vec![F(1.9999999999999998)], "0x1p+1"),
            ("%.1a", vec![F(1.9999999999999998)], "0x1.0p+1"),
            ("%.5a", vec![F(1.9999999999999998)], "0x1.00000p+1"),
            ("%.11a", vec![F(1.9999999999999998)], "0x1.00000000000p+1"),
            ("%.12a", vec![F(1.9999999999999998)], "0x1.000000000000p+1"),
            ("%.13a", vec![F(1.9999999999999998)], "0x1.0000000000000p+1"),
            ("%.14a", vec![F(1.9999999999999998)], "0x1.fffffffffffff0p+0"),
            ("%.3a", vec![F(0.0)], "0x0.000p+0"),
            ("%#.0a", vec![F(0.0)], "0x0.p+0"),
            ("%A", vec![F(0.1)], "0X1.999999999999AP-4"),
            ("%s", vec![F(1.0)], "1.0"),
            ("%s", vec![F(1.0e+20)], "1.0e+20"),
            ("%p", vec![S("a\n")], "\"a\\n\""),
            ("%-5p|", vec![Sym("a")], ":a   |"),
            ("%.2s", vec![S("héllo")], "hé"),
            ("%5.1s|", vec![S("héllo")], "    h|"),
            ("%s", vec![Nil], ""),
            ("%p", vec![Nil], "nil"),
            ("%d", vec![B("18446744073709551616")], "18446744073709551616"),
            ("%+d", vec![B("18446744073709551616")], "+18446744073709551616"),
            ("% d", vec![B("-18446744073709551616")], "-18446744073709551616"),
            ("%030d", vec![B("-18446744073709551616")], "-00000000018446744073709551616"),
            ("%.30d", vec![B("18446744073709551616")], "000000000018446744073709551616"),
            ("%o", vec![B("-18446744073709551616")], "..76000000000000000000000"),
            ("%b", vec![B("36893488147419103232")], "100000000000000000000000000000000000000000000000000000000000000000"),
            ("%#X", vec![B("-1180591620717411303424")], "0X..FC00000000000000000"),
            ("%f", vec![B("1180591620717411303424")], "1180591620717411303424.000000"),
            ("%.0f", vec![B("1180591620717411303424")], "1180591620717411303424"),
            ("%+.2f", vec![I(-5)], "-5.00"),
            ("% f", vec![I(5)], " 5.000000"),
            ("%010.2f", vec![I(-5)], "-000005.00"),
            ("%-10.2f|", vec![I(-5)], "-5.00     |"),
            ("%10.2f|", vec![I(5)], "      5.00|"),
            ("%010f", vec![B("18446744073709551616")], "18446744073709551616.000000"),
            ("%d", vec![F(1.5e+19)], "15000000000000000000"),
            ("%x", vec![F(-1.5)], "..f"),
            ("%x", vec![F(1.0e+20)], "56bc75e2d63100000"),
            ("%d", vec![S("0b11")], "3"),
            ("%d", vec![S(" 12 ")], "12"),
            ("%d", vec![S("1_000")], "1000"),
            ("%f", vec![S("1.5")], "1.500000"),
            ("%f", vec![S("abc")], "!! ArgumentError: invalid value for Float(): \"abc\""),
            ("%e", vec![I(3)], "3.000000e+00"),
            ("%f", vec![F(f64::INFINITY)], "Inf"),
            ("% f", vec![F(f64::NAN)], " NaN"),
            ("%+f", vec![F(f64::NAN)], "+NaN"),
            ("%-+8f|", vec![F(f64::NEG_INFINITY)], "-Inf    |"),
            ("%5.1f", vec![F(f64::NAN)], "  NaN"),
            ("%s %s", vec![I(1)], "!! ArgumentError: too few arguments"),
            ("%d %d", vec![I(1)], "!! ArgumentError: too few arguments"),
            ("%d", vec![I(1), I(2)], "1"),
            ("%2$s", vec![I(1)], "!! ArgumentError: too few arguments"),
            ("%{a}", vec![I(1)], "!! ArgumentError: one hash required"),
            ("%{a}", vec![H(vec![("a", I(1))]), I(2)], "!! ArgumentError: one hash required"),
            ("%<a>s %<a>s", vec![H(vec![("a", I(1))])], "1 1"),
            ("%1$s %1$s", vec![I(5)], "5 5"),
            ("abc", vec![], "abc"),
            ("", vec![], ""),
            ("%%", vec![], "%"),
            ("100%% sure", vec![], "100% sure"),
            ("%s and %p", vec![S("x"), S("x")], "x and \"x\""),
            ("%-3s|%3s|", vec![S("a"), S("b")], "a  |  b|"),
            ("%03s", vec![I(1)], "  1"),
            ("%+s", vec![I(1)], "1"),
            ("%.1d", vec![I(123)], "123"),
            ("%.5s", vec![Sym("symbol")], "symbo"),
            ("%é", vec![], "!! ArgumentError: malformed format string"),
            ("%\t", vec![], "!! ArgumentError: malformed format string"),
            ("%1$", vec![], "!! ArgumentError: too few arguments"),
            ("%1$", vec![I(5)], "%"),
            ("%<a>5", vec![H(vec![("a", I(1))])], "!! ArgumentError: malformed format string - %*[0-9]"),
            ("%.*", vec![], "!! ArgumentError: malformed format string - %*[0-9]"),
            ("%*", vec![I(1)], "!! ArgumentError: malformed format string - %*[0-9]"),
            ("%.", vec![I(1)], "!! ArgumentError: malformed format string - %*[0-9]"),
            ("%3$s %1$s", vec![I(1), I(2), I(3)], "3 1"),
            ("%-5%", vec![], "!! ArgumentError: invalid format character - %"),
            ("%c", vec![I(1099511627776)], "!! RangeError: integer 1099511627776 too big to convert to `int'"),
            ("%*d", vec![B("1180591620717411303424"), I(1)], "!! RangeError: bignum too big to convert into `long'"),
            ("%*d", vec![I(-1099511627776), I(1)], "!! RangeError: integer -1099511627776 too small to convert to `int'"),
            ("%*d", vec![F(1.0e+20), I(1)], "!! RangeError: float 1e+20 out of range of integer"),
            ("%*d", vec![Nil, I(1)], "!! TypeError: no implicit conversion from nil to integer"),
            ("%c", vec![S("é")], "é"),
            ("%-+ #0s", vec![I(1)], "1"),
            ("%#s", vec![I(1)], "1"),
            ("% 05d", vec![I(-3)], "-0003"),
            ("%+ d", vec![I(3)], "+3"),
            ("%05.1d", vec![I(3)], "    3"),
            ("%-05d|", vec![I(3)], "3    |"),
            ("%x", vec![F(3.99)], "3"),
            ("%.3c", vec![I(65)], "A"),
            ("%05c", vec![I(65)], "    A"),
            ("% c", vec![I(65)], "A"),
            ("%.0s", vec![S("abc")], ""),
            ("%.10s|", vec![S("abc")], "abc|"),
            ("%e", vec![B("1180591620717411303424")], "1.180592e+21"),
            ("%g", vec![B("10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000")], "Inf"),
            ("%<a>d|%<b>-5s|%<c>+.2f", vec![H(vec![("a", I(12)), ("b", S("xy")), ("c", F(3.14159))])], "12|xy   |+3.14"),
            ("%<x>s", vec![H(vec![("a", I(1))])], "!! KeyError: key<x> not found"),
            ("%{x}", vec![H(vec![("a", I(1))])], "!! KeyError: key{x} not found"),
            ("%<a", vec![H(vec![("a", I(1))])], "!! ArgumentError: malformed name - unmatched parenthesis"),
            ("%{a", vec![H(vec![("a", I(1))])], "!! ArgumentError: malformed name - unmatched parenthesis"),
            ("%<a>s%{a}", vec![H(vec![("a", I(1))])], "11"),
            ("%2$s %1$s", vec![S("a"), S("b")], "b a"),
            ("%1$s %2$s %1$s", vec![S("a"), S("b")], "a b a"),
            ("%1$*2$s|", vec![S("a"), I(4)], "   a|"),
            ("%*1$s", vec![I(3)], "!! ArgumentError: unnumbered(1) mixed with numbered"),
            ("%-*s|", vec![I(4), S("ab")], "ab  |"),
            ("%.*s|", vec![I(2), S("abcdef")], "ab|"),
            ("%*.*f|", vec![I(8), I(2), F(3.14159)], "    3.14|"),
            ("%1$s%s", vec![I(1)], "!! ArgumentError: unnumbered(1) mixed with numbered"),
            ("%u", vec![I(-5)], "-5"),
            ("%i", vec![I(42)], "42"),
            ("%+i", vec![I(42)], "+42"),
            ("%x", vec![I(255)], "ff"),
            ("%X", vec![I(255)], "FF"),
            ("%#o", vec![I(255)], "0377"),
            ("%b", vec![I(10)], "1010"),
            ("%B", vec![I(10)], "1010"),
            ("%+x", vec![I(255)], "+ff"),
            ("%-+#10x|", vec![I(255)], "+0xff     |"),
            ("%#010x", vec![I(255)], "0x000000ff"),
            ("%#-010x|", vec![I(255)], "0xff      |"),
            ("%0#10b", vec![I(5)], "0b00000101"),
            ("%#.5x", vec![I(255)], "0x000ff"),
            ("%#.5o", vec![I(8)], "00010"),
            ("%10.5d|", vec![I(-42)], "    -00042|"),
            ("%-10.5d|", vec![I(-42)], "-00042    |"),
            ("%010d", vec![I(-42)], "-000000042"),
            ("%+010d", vec![I(42)], "+000000042"),
            ("% 010d", vec![I(42)], " 000000042"),
            ("%x", vec![I(-9223372036854775808)], "..f8000000000000000"),
            ("%o", vec![I(-9223372036854775808)], "..7000000000000000000000"),
            ("%b", vec![I(-9223372036854775808)], "..1000000000000000000000000000000000000000000000000000000000000000"),
            ("%d", vec![I(-9223372036854775808)], "-9223372036854775808"),
            ("%x", vec![I(9223372036854775807)], "7fffffffffffffff"),
            ("%x", vec![B("-18446744073709551616")], "..f0000000000000000"),
            ("%x", vec![B("-18446744073709551617")], "..feffffffffffffffff"),
            ("%o", vec![I(-9)], "..767"),
            ("%o", vec![I(-64)], "..700"),
            ("%o", vec![I(-65)], "..7677"),
            ("%b", vec![I(-1)], "..1"),
            ("%b", vec![I(-2)], "..10"),
            ("%b", vec![I(-3)], "..101"),
            ("%b", vec![I(-4)], "..100"),
            ("%x", vec![I(-16)], "..f0"),
            ("%x", vec![I(-17)], "..fef"),
            ("%X", vec![I(-255)], "..F01"),
            ("%.10X", vec![I(-255)], "..FFFFFF01"),
            ("%010X", vec![I(-255)], "..FFFFFF01"),
            ("%-10x|", vec![I(-255)], "..f01     |"),
            ("%+.10x", vec![I(-255)], "-00000000ff"),
            ("%#.10x", vec![I(-255)], "0x..ffffff01"),
            ("%#08o", vec![I(-8)], "..777770"),
            ("%.1x", vec![I(-255)], "..f01"),
            ("%20x|", vec![I(-255)], "               ..f01|"),
            ("%#b", vec![B("-1180591620717411303424")], "0b..10000000000000000000000000000000000000000000000000000000000000000000000"),
            ("%.20b", vec![I(-3)], "..111111111111111101"),
            ("%f", vec![F(3.14159)], "3.141590"),
            ("%.3f", vec![F(2.0005)], "2.000"),
            ("%.3f", vec![F(2.0015)], "2.002"),
            ("%f", vec![F(1.0e-07)], "0.000000"),
            ("%.10f", vec![F(1.0e-07)], "0.0000001000"),
            ("%.0f", vec![F(1.5)], "2"),
            ("%.0f", vec![F(-0.5)], "-0"),
            ("%5.0f|", vec![F(-0.4)], "   -0|"),
            ("%+.1f", vec![F(0.05)], "+0.1"),
            ("%.1f", vec![F(0.05)], "0.1"),
            ("%.1f", vec![F(0.15)], "0.2"),
            ("%.1f", vec![F(0.35)], "0.4"),
            ("%.15f", vec![F(0.1)], "0.100000000000000"),
            ("%.20f", vec![F(0.1)], "0.10000000000000000555"),
            ("%.30f", vec![F(1.0e-20)], "0.000000000000000000010000000000"),
            ("%e", vec![F(1.0)], "1.000000e+00"),
            ("%e", vec![F(123.456)], "1.234560e+02"),
            ("%.0e", vec![F(15.0)], "2e+01"),
            ("%.0e", vec![F(25.0)], "2e+01"),
            ("%.1e", vec![F(0.25)], "2.5e-01"),
            ("%e", vec![F(1.0e-100)], "1.000000e-100"),
            ("%e", vec![F(1.7976931348623157e+308)], "1.797693e+308"),
            ("%E", vec![F(1.0e+100)], "1.000000E+100"),
            ("%12.4e|", vec![F(-0.000123)], " -1.2300e-04|"),
            ("%-12.4e|", vec![F(0.000123)], "1.2300e-04  |"),
            ("%012.4e|", vec![F(0.000123)], "001.2300e-04|"),
            ("%+e", vec![F(0.0)], "+0.000000e+00"),
            ("%g", vec![F(1.0)], "1"),
            ("%g", vec![F(10.0)], "10"),
            ("%g", vec![F(0.1)], "0.1"),
            ("%g", vec![F(1.0e+15)], "1e+15"),
            ("%g", vec![F(123456.0)], "123456"),
            ("%g", vec![F(1234567.0)], "1.23457e+06"),
            ("%g", vec![F(0.0001)], "0.0001"),
            ("%g", vec![F(9.99999e-05)], "9.99999e-05"),
            ("%.1g", vec![F(0.95)], "1"),
            ("%.2g", vec![F(99.5)], "1e+02"),
            ("%G", vec![F(1.0e+20)], "1E+20"),
            ("%#.5g", vec![F(0.0001)], "0.00010000"),
            ("%#g", vec![F(0.0)], "0.00000"),
            ("%g", vec![F(5.0e-324)], "4.94066e-324"),
            ("%.15g", vec![F(0.1)], "0.1"),
            ("%.16g", vec![F(0.1)], "0.1"),
            ("%.17g", vec![F(0.1)], "0.10000000000000001"),
            ("%#x", vec![F(1.5)], "0x1"),
            ("%s", vec![S("日本語")], "日本語"),
            ("%5s|", vec![S("日本")], "   日本|"),
            ("%-5s|", vec![S("日本")], "日本   |"),
            ("%.1s", vec![S("日本")], "日"),
            ("%c", vec![S("日")], "日"),
            ("%3c|", vec![I(26085)], "  日|"),
            ("%c%c", vec![I(72), S("i")], "Hi"),
            ("%s", vec![B("12345678901234567890")], "12345678901234567890"),
            ("%p", vec![B("12345678901234567890")], "12345678901234567890"),
            ("%s", vec![F(-0.0)], "-0.0"),
            ("%p", vec![F(1.0e-05)], "1.0e-05"),
            ("%s", vec![F(f64::INFINITY)], "Infinity"),
            ("%10.3s|", vec![S("abcdef")], "       abc|"),
            ("%d", vec![S("  0b1010  ")], "10"),
            ("%d", vec![S("0o17")], "15"),
            ("%d", vec![S("017")], "15"),
            ("%x", vec![S("255")], "ff"),
            ("%d", vec![S("")], "!! ArgumentError: invalid value for Integer(): \"\""),
            ("%d", vec![S("1__0")], "!! ArgumentError: invalid value for Integer(): \"1__0\""),
            ("%d", vec![S("999999999999999999999999999999")], "999999999999999999999999999999"),
            ("%f", vec![S("1e3")], "1000.000000"),
            ("%f", vec![S("0x10")], "16.000000"),
            ("%e", vec![S("1_000.5")], "1.000500e+03"),
            ("%f", vec![S("")], "!! ArgumentError: invalid value for Float(): \"\""),
            ("%d", vec![F(f64::INFINITY)], "!! FloatDomainError: Infinity"),
            ("%d", vec![F(f64::NAN)], "!! FloatDomainError: NaN"),
            ("%x", vec![F(f64::NEG_INFINITY)], "!! FloatDomainError: -Infinity"),
            ("%.5f", vec![F(6.500000000000001e-05)], "0.00006"),
            ("%.3e", vec![F(0.008805499999999999)], "8.806e-03"),
            ("%.5e", vec![F(92.52725000000001)], "9.25272e+01"),
            ("%.7e", vec![F(1.4207214500000001e-05)], "1.4207214e-05"),
            ("%.18f", vec![F(0.0045000000000000005)], "0.004500000000000001"),
            ("%.14e", vec![F(6.381213341610955e+18)], "6.38121334161095e+18"),
            ("%.13f", vec![F(53.47166971435385)], "53.4716697143539"),
            ("%.2f", vec![F(2.675)], "2.68"),
            ("%.2f", vec![F(1.455)], "1.46"),
            ("%.1f", vec![F(0.25)], "0.2"),
            ("%.0f", vec![F(1000000000000000.5)], "1000000000000000"),
            ("%.3g", vec![F(2.5e-05)], "2.5e-05"),
            ("%.0e", vec![F(0.5)], "5e-01"),
            ("%.1f", vec![F(0.95)], "1.0"),
        ]
    }

    #[test]
    fn matches_cruby() {
        let mut failures = Vec::new();
        for (fmt, args, want) in cases() {
            let got = run(fmt, args.clone());
            if got != want {
                failures.push(format!(
                    "format({fmt:?}, {args:?}) = {got:?}, CRuby: {want:?}"
                ));
            }
        }
        assert!(
            failures.is_empty(),
            "{} failures:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}
