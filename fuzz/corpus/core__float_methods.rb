# Float methods: round/floor/ceil with digits, divmod, nan?, to_s, rationals
p 3.14159.round(3), 3.14159.floor(2), 3.14159.ceil(1)
p 2.5.round, 3.5.round, 2.5.round(half: :even), 2.5.round(half: :up), 2.5.round(half: :down)
p 12.345.truncate(1), -12.345.truncate(1)
p 10.0 / 4, 10.0.fdiv(4), 10.0.quo(4)
p 1.5.floor, 1.5.ceil, -1.5.floor, -1.5.ceil
p 0.1 + 0.2 == 0.3, (0.1 + 0.2 - 0.3).abs < Float::EPSILON
p 3.0.to_s, 3.25.to_s, 1e2.to_i, 1.23e-4.to_s
p 5.5.divmod(2), 5.5 % 2, -5.5 % 2
p 1.0.eql?(1.0), 1.0.eql?(1), 1.0.hash == 1.0.hash
p 2.0 ** 0.5, 4 ** 0.5, 8 ** (1.0 / 3)
p 123.456.to_r.class, 0.5.to_r, 0.75.rationalize
p 1e308 * 10, -1e308 * 10
p 3.7 % 1, 1.0.next_float > 1.0, 1.0.prev_float < 1.0
p 100.0.to_i, 1e20.to_i, 1.9999.to_i
p Float("3.5"), "3.7abc".to_f, "abc".to_f, ".5".to_f, "1e3".to_f
p 0.1 * 3, 0.3 / 0.1, 1.1 * 1.1
p 1234567.0.to_s, 0.000123.to_s, 123456789.123456789
p 2.0.floor.class, 2.7.round.class
