# bigdecimal/util (to_d, to_digits), bigdecimal/math (BigMath) and
# BigMath.exp/log over generated operands of up to 60 digits.
require "bigdecimal"
require "bigdecimal/util"
require "bigdecimal/math"
srand(99)
def rnd(maxd = 60)
  digits = rand(1..maxd)
  s = Array.new(digits) { rand(10) }.join
  pos = rand(0..digits)
  s = s[0, pos] + "." + s[pos..] if pos < digits && pos > 0
  s = "-" + s if rand(3) == 0
  s += "e#{rand(-40..40)}" if rand(4) == 0
  BigDecimal(s)
end
out = []
400.times do
  a = rnd; b = rnd
  out << [a + b, a - b, a * b, a <=> b, a == b, a.round(rand(-10..30)), a.to_s("F"), a.to_s("10E"), a.to_i, a.exponent, a.split, a.hash == BigDecimal(a.to_s).hash, a.truncate(5), a.ceil(3), a.floor(-3), (a.abs.sqrt(rand(1..40))), a.mult(b, 20), a.add(b, 7)].inspect
end
50.times do
  a = rnd(15).abs + 1
  out << [BigMath.exp(rnd(5) % 10, 20), BigMath.log(a, 25), BigMath.PI(20), BigMath.sqrt(a, 20), BigMath.sin(BigDecimal("0.5"), 20), BigMath.atan(BigDecimal("0.3"), 15), a ** BigDecimal("0.5"), a.to_digits, "3.14abc".to_d, 1.25.to_d, nil.to_d, Rational(22,7).to_d(10), 5.to_d].inspect
end
puts out
