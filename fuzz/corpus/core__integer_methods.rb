# Integer methods: times/upto, digits, gcd/lcm, pow, bit ops, predicates, rounding
p 10.succ, 10.pred, -5.abs, 5.0.abs
p 12.gcd(18), 12.lcm(18), 12.gcdlcm(18)
p 1234.digits, 255.digits(16)
p 7.even?, 7.odd?, 0.zero?, 5.nonzero?, 0.nonzero?
p 3.7.to_i, 10.to_f, 65.chr, "A".ord
p 1234.round(-2), 1250.round(-2), 1350.round(-2), -1250.round(-2)
p 1234.floor(-2), 1234.ceil(-2), 15.round(-1), 25.round(-1)
p 10.pow(3), 2.pow(100, 1000)
p 6.bit_length, -1.bit_length, 5[0], 5[1], 5[2]
p 10.divmod(3), -10.divmod(3), 10.div(3), 10.modulo(3), 10.0.div(3)
p 3.integer?, 3.0.integer?, 3.finite?, 3.infinite?
p 5.size rescue p $!
p Integer.sqrt(99), 100 ** 0.5
p 97.chr, 10.to_s(36), "z".to_i(36)
p 1.next, 1.ord, 3.to_r, 3.to_c rescue p $!
p 20.downto(17).to_a, 1.step(10, 3).to_a
p 255.to_s(2).count("1")
p (-7).abs, -7.magnitude
p 5.clamp(..3)
p 1_000_000.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
