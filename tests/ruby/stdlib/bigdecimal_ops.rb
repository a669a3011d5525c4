# BigDecimal arithmetic over many generated operands (the same on CRuby
# and carmine: Random is MT19937 on both), under each rounding mode and
# a precision limit. Operands stay within 18 digits: bigdecimal 3.1.1's
# division aborts CRuby (rb_bug) for some wider ones.
require "bigdecimal"
require "bigdecimal/util"
srand(1234)
def rnd
  digits = rand(1..18)
  s = Array.new(digits) { rand(10) }.join
  pos = rand(0..digits)
  s = s[0, pos] + "." + s[pos..] if pos < digits && pos > 0
  s = "-" + s if rand(3) == 0
  s += "e#{rand(-3..3)}" if rand(4) == 0
  BigDecimal(s)
end
ops = [:+, :-, :*, :/, :remainder, :<=>]
out = []
600.times do |i|
  a = rnd; b = rnd
  op = ops[i % ops.size]
  r = begin
    a.send(op, b)
  rescue => e
    "#{e.class}: #{e.message}"
  end
  out << "#{a.inspect} #{op} #{b.inspect} = #{r.inspect}"
end
200.times do |i|
  a = rnd
  n = rand(1..30)
  r = [a.div(rnd, n), a.round(rand(-5..10), [:up, :down, :half_up, :half_down, :half_even, :ceiling, :floor][i % 7]),
       (a.abs.sqrt(n) rescue $!.class), a.to_s("F"), a.to_f, a.to_i, a.precision, a.scale, a.n_significant_digits,
       a.add(rnd, n), a.mult(rnd, n), a.sub(rnd, n), a.truncate(rand(0..5)), a.floor(2), a.ceil(-1), a.frac, a.fix,
       (a ** rand(-3..6) rescue $!.class), a.to_r, a._dump, a.precs]
  out << r.inspect
end
100.times do |i|
  f = rand * 10 ** rand(-20..20)
  out << [f.to_d, BigDecimal(f, rand(1..16)), BigDecimal(f.to_s), BigDecimal("1") + f, BigDecimal("3") / f, Rational(rand(1..1000), rand(1..1000)).to_d(rand(1..30))].inspect
end
BigDecimal.mode(BigDecimal::ROUND_MODE, :half_even)
100.times { a = rnd; b = rnd; out << [(a / b rescue $!), a.round(3), a + b, a * b].inspect }
BigDecimal.limit(10)
100.times { a = rnd; b = rnd; out << [(a / b rescue $!), a.round(3), a + b, a * b, a - b, BigDecimal("1.23456789012345"), (a.sqrt(5) rescue $!.class)].inspect }
puts out
