# Bignum arithmetic sweep: powers, divmod with signs, bit ops on negatives, to_s bases
a = 3 ** 100
b = -(7 ** 45)
p a, b, a + b, a - b, a * b
p a.divmod(b), b.divmod(a), a.divmod(12345), b.divmod(12345), b.divmod(-12345)
p a / 17, b / 17, a % 1000, b % 1000, b.remainder(1000), b.abs
p a & b, a | b, a ^ b, ~b, b >> 10, b << 3, a >> 200, b >> 200
p a.to_s(16), b.to_s(36), a.to_s(2).size, a.digits(1000).first(3)
p a.gcd(3 ** 60 * 2), a.lcm(2 ** 10).to_s.size, Integer.sqrt(a), a.bit_length
p (2 ** 64).pow(3, 10 ** 9 + 7), (2 ** 100).fdiv(2 ** 99), a.to_f
p a == 3 ** 100, a.eql?(3 ** 100), a.hash == (3 ** 100).hash, [a, 1].max == a
p (1..30).map { 2 ** (_1 * 3) }.last(2), (10 ** 40).to_s.count("0")
p a.coerce(1), (2 ** 70) <=> 2.0 ** 70, 2 ** 70 == 2.0 ** 70
p -(2 ** 64) / 3, (-(2 ** 64)).fdiv(3), (2 ** 64).even?, (2 ** 64 + 1).odd?
