# BigDecimal (bigdecimal.so replaced by carmine's native port): construction,
# arithmetic with Integer/Float/Rational, division digits, rounding, to_s
# formats, conversions, modes, special values and the error cases.
require "bigdecimal"
def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end
t("a") { BigDecimal("1") / 3 }
t("b") { BigDecimal("2") / 3 }
t("c") { BigDecimal("1") / 7 }
t("d") { BigDecimal("1234567890.123456789") / 7 }
t("e") { BigDecimal("1") / BigDecimal("3.0000000000000000000001") }
t("f") { BigDecimal(1) / BigDecimal("1234567890123456789012345678901234567890") }
t("g") { BigDecimal("10") / 4 }
t("h") { BigDecimal("1").div(3, 5) }
t("i") { BigDecimal("1").div(3) }
t("j") { BigDecimal("7").quo(2) }
t("k") { BigDecimal("1") / 3.0 }
t("l") { (BigDecimal("1") / 3).precision }
t("m") { BigDecimal("0.1") + BigDecimal("0.2") }
t("n") { BigDecimal("123.456") * BigDecimal("789.012") }
t("o") { BigDecimal("1e100") + 1 }
t("p") { BigDecimal("-1.5").round }
t("q") { BigDecimal("2.5").round(half: :even) }
t("r") { BigDecimal("3.14159").round(2) }
t("s") { BigDecimal("13345.234").round(-2) }
t("t") { BigDecimal("3.14159").truncate(3) }
t("u") { BigDecimal("-9.1").floor }
t("v") { BigDecimal("-9.1").ceil }
t("w") { BigDecimal("2").sqrt(20) }
t("x") { BigDecimal("2").sqrt(50).to_s }
t("y") { BigDecimal("1234.5678").to_s("F") }
t("z") { BigDecimal("1234.5678").to_s("3F") }
t("A") { BigDecimal("-1234.5678").to_s("+5E") }
t("B") { BigDecimal("0.00001234").to_s }
t("C") { BigDecimal("1234.5678").to_f }
t("D") { BigDecimal("1234.5678").to_i }
t("E") { BigDecimal("1234.5678").to_r }
t("F") { BigDecimal("NaN") }
t("G") { BigDecimal("Infinity") + 1 }
t("H") { BigDecimal("-Infinity").to_s }
t("I") { BigDecimal("0") / 0 }
t("J") { BigDecimal("1") / 0 }
t("K") { BigDecimal("abc") }
t("L") { BigDecimal("1.2.3") }
t("M") { BigDecimal(nil) }
t("N") { BigDecimal(1.5) }
t("O") { BigDecimal(1.5, 3) }
t("P") { BigDecimal(Rational(1, 3), 10) }
t("Q") { BigDecimal(Rational(1, 3)) }
t("R") { BigDecimal("1_000.5") }
t("S") { BigDecimal("  12.5  ") }
t("T") { BigDecimal("0.1").split }
t("U") { BigDecimal("-123.45").exponent }
t("V") { BigDecimal("1.23") <=> 1.23 }
t("W") { BigDecimal("1.0") == 1 }
t("X") { [BigDecimal("3"), BigDecimal("1"), BigDecimal("2")].sort }
t("Y") { BigDecimal("7").divmod(BigDecimal("-2")) }
t("Z") { BigDecimal("7") % -2 }
t("a2") { BigDecimal("7.5").remainder(2) }
t("b2") { BigDecimal("2") ** 10 }
t("c2") { BigDecimal("2") ** -2 }
t("d2") { BigDecimal("1.1").power(3) }
t("e2") { BigDecimal("1.5").precs rescue $! }
t("f2") { BigDecimal("123.4500").precision_scale }
t("g2") { BigDecimal("-0") }
t("h2") { -BigDecimal("0") }
t("i2") { BigDecimal("12.5").hash == BigDecimal("12.50").hash }
t("j2") { BigDecimal("3.7").frac }
t("k2") { BigDecimal("3.7").fix }
t("l2") { 1 + BigDecimal("2.5") }
t("m2") { 1.5 * BigDecimal("2") }
t("n2") { BigDecimal("2.5") + Rational(1, 3) }
t("o2") { BigDecimal("1").add(BigDecimal("0.123456"), 3) }
t("p2") { BigDecimal("1").sub(BigDecimal("0.123456"), 3) }
t("q2") { BigDecimal("1.1").mult(BigDecimal("1.23456"), 4) }
t("r2") { BigDecimal::ROUND_HALF_EVEN }
t("s2") { BigDecimal.mode(BigDecimal::ROUND_MODE) }
t("t2") { BigDecimal.save_rounding_mode { BigDecimal.mode(BigDecimal::ROUND_MODE, :floor); BigDecimal("2.567").round(2) } }
t("u2") { BigDecimal.mode(BigDecimal::ROUND_MODE) }
t("v2") { BigDecimal.save_exception_mode { BigDecimal.mode(BigDecimal::EXCEPTION_NaN, true); BigDecimal("0") / 0 } }
t("w2") { BigDecimal.save_exception_mode { BigDecimal.mode(BigDecimal::EXCEPTION_ZERODIVIDE, true); BigDecimal("1") / 0 } }
t("x2") { BigDecimal("NaN").to_i }
t("y2") { BigDecimal("1e-20").to_f }
t("z2") { Marshal.load(Marshal.dump(BigDecimal("3.14"))) }
t("A2") { BigDecimal("3.14")._dump }
t("B2") { BigDecimal._load("18:0.314e1") }
t("C2") { BigDecimal("1").coerce(2) }
t("D2") { BigDecimal("2").sqrt(0) }
t("E2") { BigDecimal("0.5").round }
t("F2") { BigDecimal("1.23456789012345678901234567890") * BigDecimal("9.87654321098765432109876543210") }
t("G2") { BigDecimal("1") - BigDecimal("0.000000000000000000001") }
t("H2") { BigDecimal("100").sqrt(10) }
t("I2") { BigDecimal("12345678901234567890.123").div(BigDecimal("3.3"), 30) }
t("J2") { BigDecimal(12345678901234567890123) }
t("K2") { BigDecimal(-5) }
t("L2") { BigDecimal("1e1000000000000000000000") }
t("M2") { BigDecimal.new("1") }
t("N2") { BigDecimal("1").frozen? }
t("O2") { BigDecimal("0.1").to_s("2F") }
t("P2") { BigDecimal("1").nonzero? }
t("Q2") { BigDecimal("3.5").floor(0) }
t("R2") { BigDecimal.interpret_loosely("12.5abc") }
t("S2") { BigDecimal.interpret_loosely("abc") }
t("T2") { BigDecimal("3") ** 0.5 }
t("U2") { BigMath.exp(BigDecimal("1"), 20) }
t("V2") { BigMath.log(BigDecimal("2"), 20) }
t("W2") { BigDecimal("1", exception: false) }
t("X2") { BigDecimal("x", exception: false) }
t("Y2") { BigDecimal("1") + "a" }
t("Z2") { BigDecimal("1") < nil }
t("err1") { BigDecimal("1", exception: 1) }
t("err2") { BigDecimal("1", -1) }
t("err3") { BigDecimal("1", -1, exception: false) }
t("err4") { BigDecimal.mode(BigDecimal::ROUND_MODE, :sideways) }
t("err5") { BigDecimal.mode(BigDecimal::EXCEPTION_NaN, 1) }
t("err6") { BigDecimal.mode(0x200) }
t("err7") { BigDecimal("1.5").round(1, half: :sideways) }
t("err8") { BigDecimal("1.5").to_s(0) }
t("err9") { BigDecimal("-2").sqrt(10) }
t("err10") { BigDecimal("NaN").sqrt(10) }
t("err11") { BigDecimal("NaN") == BigDecimal("NaN") }
t("err12") { BigDecimal("NaN") <=> 1 }
t("err13") { BigDecimal("1") + Object.new }
t("err14") { BigDecimal("1").div(0) }
t("err15") { BigDecimal("1") % 0 }
t("err16") { BigDecimal("Infinity").to_i }
t("err17") { BigDecimal("1").div(3, -1) }
t("err18") { BigDecimal(Object.new) }
t("err19") { BigDecimal("1\0") }
t("err20") { BigDecimal("1e") }
t("err21") { BigDecimal(".") }
t("err22") { BigDecimal("-Infinity") ** 0.5 }
t("err23") { BigDecimal("-8") ** BigDecimal("0.5") }
t("err24") { BigDecimal.limit(-1) }
t("err25") { BigDecimal._load("x:1") }
t("err26") { BigDecimal(Complex(1, 2)) }
t("err27") { BigDecimal(Complex(1.5, 0), 3) }
t("err28") { BigMath.exp(BigDecimal("1"), 0) }
t("err29") { BigMath.log(BigDecimal("-1"), 10) }
t("err30") { BigDecimal.allocate }
t("err31") { BigDecimal("1") / nil }
t("sub1") { BigDecimal("1.5") - 2 }
t("neg0") { BigDecimal("-0.0").sign }
t("inf") { [BigDecimal::INFINITY.infinite?, (-BigDecimal::INFINITY).infinite?, BigDecimal::NAN.nan?, BigDecimal("1").finite?] }
t("limit") { BigDecimal.save_limit { BigDecimal.limit(5); [BigDecimal("1") / 3, BigDecimal("123456789"), BigDecimal.limit] } }
t("limit_after") { BigDecimal.limit }
t("numeric") { [BigDecimal("2.5").positive?, BigDecimal("-1").negative?, BigDecimal("3").integer?, BigDecimal("1.5").between?(1, 2), BigDecimal("5").clamp(1, 3)] }
