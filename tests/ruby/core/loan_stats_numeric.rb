# Loan amortization, statistics and number formatting.
require 'bigdecimal'
require 'bigdecimal/util'

def amortize(principal, annual_rate, months)
  r = annual_rate / 12
  payment = (principal * r / (1 - (1 + r)**-months)).round(2)
  balance = principal
  (1..months).map do |m|
    interest = (balance * r).round(2)
    princ = [payment - interest, balance].min
    balance = (balance - princ).round(2)
    [m, payment, interest, princ.round(2), balance]
  end
end
sched = amortize(10_000.0, 0.065, 12)
sched.first(3).each { |row| puts format('%2d %9.2f %8.2f %9.2f %10.2f', *row) }
puts format('total interest %.2f', sched.sum { |r| r[2] })
bd = amortize(BigDecimal('10000'), BigDecimal('0.065'), 6)
bd.each { |m, pay, int, pr, bal| puts [m, pay.to_s('F'), int.to_s('F'), pr.to_s('F'), bal.to_s('F')].join(' ') }

data = [2.5, 3.7, 1.2, 9.9, 4.4, 4.4, 7.1, 0.3, 5.5, 6.6]
mean = data.sum / data.size
var = data.sum { |x| (x - mean)**2 } / (data.size - 1)
sorted = data.sort
median = (sorted[4] + sorted[5]) / 2
p mean, var, Math.sqrt(var).round(6), median, data.minmax, data.tally.max_by(&:last)
p data.each_slice(3).map { |s| s.sum.round(2) }, data.each_cons(2).count { |a, b| b > a }
p 10.fdiv(4), 7.divmod(-2), -7.divmod(2), 7.remainder(-2), -7 % 3, 2**-1, 2**0.5, 4**0.5, 10**20, 10.0**20, 1e16.to_i
p 1.0 / 3, 2.0 / 3, 100.0, 1e100, 1.23e-5, 123456789.123456789, 0.1 + 0.2, 1.1 * 3, -0.0, 2.5e-324 > 0
p 12345.6789.round(-2), 12345.6789.floor(1), -3.7.truncate, 3.7.ceil, 1234567.89.round(1), 0.5.round, 1.5.round, (-1.5).round
p Integer.sqrt(10**20 + 1), 3.pow(100, 7), 255.to_s(2), "ff".hex, "0b101".to_i(0), "12abc".to_i, Integer("0x1f", exception: false), Float("1e3")
p (2**100).to_s.size, (2**100).digits.first(3), (3**50) % 1000, (10**30).bit_length, -(2**70) >> 3, (2**64) & 0xffff, 123.gcd(45), 12.lcm(18)
p Rational(7, 3).round, Rational(-7, 2).round, Rational(5, 2).round(half: :even), 3.14.rationalize(Rational(1, 100)), Complex(3, 4).abs, Complex(1, 1)**2
p 1234567.to_s.reverse.scan(/\d{1,3}/).join(',').reverse, 0.000123.to_s, 1e-4.to_s, 123e18.to_s, 1.0e15.to_s, 1.0e16.to_s
p [0.1, 0.2, 0.3].sum, [1e100, 1.0, -1e100].sum, [1, 2r, 3.0].sum, (1..10).step(3).to_a, 1.step(2, 0.5).to_a, (1.0..2.0).step(0.5).map { |x| x }
p BigDecimal('1.10') + BigDecimal('2.205'), BigDecimal('10').sqrt(10).round(8).to_s, BigDecimal('1') / BigDecimal('7'), '3.14159'.to_d.round(3).to_f
p 100.clamp(..50), 5.between?(1, 10), 3.zero?, 0.0.zero?, 5.pred, -5.abs, 5.0.nan?, (0.0 / 0.0).nan?, (1 / 0.0).infinite?, 7.0.floor.class
