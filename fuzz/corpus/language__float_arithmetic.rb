# Float arithmetic, rounding and conversions
p 7.0 / 2
p 7 / 2.0
p 2 ** 0.5
p 10.0 % 3
p -10.0 % 3
p 3.7.floor
p 3.2.ceil
p -3.7.floor
p -3.2.ceil
p 3.5.round
p 4.5.round
p -2.5.round
p 3.14159.round(2)
p 1234.5678.round(-2)
p 3.99.to_i
p -3.99.to_i
p 3.7.truncate
p 1.23456.floor(3)
p 10.0.to_i.class
p 1e3.to_i
p 0.1 * 3
p 1.1 + 2.2
p 100.0.to_s
p 1.5.rationalize(Rational(1, 100)) rescue p $!
