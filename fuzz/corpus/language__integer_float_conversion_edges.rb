# Integer/Float edge conversions: to_i of huge floats, round trips, comparisons with bignums
p 1e20.to_i, 1.5e300.to_i.to_s.size, (2 ** 53 + 1).to_f.to_i
p 2 ** 53 == 2.0 ** 53, 2 ** 53 + 1 == 2.0 ** 53, (2 ** 53 + 1) > 2.0 ** 53
p 10 ** 25 < Float::INFINITY, -(10 ** 400) < -Float::MAX
p (10 ** 400).to_f, -(10 ** 400).to_f
p 0.1.to_r, 0.1.rationalize, 1.0.to_i.class
p 7.0 / 2, 7 / 2, 7.fdiv(2), -7 / 2, -7.0 / 2, 7.divmod(-2), 7.0.divmod(-2)
p 3.14.to_s, 3.0 * 1, 3.to_f.to_s, 1e2.inspect, 100.to_f.inspect
p 255.to_s(16).to_i(16), 0.1 + 0.7, (0.1 + 0.7) * 10, ((0.1 + 0.7) * 10).to_i
p 1.23456789012345e+30, 12345678901234567890.0
