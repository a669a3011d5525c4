# Numeric helpers: step, coerce results, abs2, divmod on floats, Rational basics
p 10.step(1, -3).to_a, 1.0.step(2.0, 0.5).to_a
p 3.abs2 rescue p $!
p Rational(3, 6), Rational(1, 3) + Rational(1, 6), 1 / 3r, 0.75.to_r
p 3.to_r / 2, (1r / 3).round(2), Rational("2/4")
p Complex(3, 4).abs, Complex(1, 1) * Complex(1, -1)
p 5.fdiv(2), 5.quo(2), 6.quo(3), 2 ** -2
p 10.digits.sum, 255.to_s(2).rjust(10, "0")
p 1.0.to_r, 0.5.rationalize, 3.14.rationalize(Rational(1, 100))
p [1, 2.5, 3r].sum, [1, 2.5, 3r].map(&:class)
p 1 <=> 1r, 1r == 1, 1.5 == 3r / 2
p (1..4).sum { Rational(1, _1) }
