def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(:lit) { 123456789012345678901234567890123456789012345678901234567890 * 10**30 }
t(:hex) { 0xffffffffffffffffffffffffffffffffffffffff }
t(:bin) { 0b1111111111111111111111111111111111111111111111111111111111111111111 }
t(:float_big) { 1e400 }
t(:float_small) { 1e-400 }
t(:int_str) { Integer("9" * 10000).to_s.size }
t(:andop) { (-(2**200)) & (2**100 - 1) }
t(:orop) { (-(2**200)) | 12345 }
t(:xor) { (2**100) ^ -(2**99) }
t(:neg_shift) { (2**100) >> 200 }
t(:neg_shift2) { -(2**100) >> 200 }
t(:lshift_neg) { (2**100) << -99 }
t(:to_f_inf) { (10**400).to_f }
t(:float_of_big) { Float(10**400) }
t(:big_div_zero) { (2**100) / 0 }
t(:big_mod_zero) { (2**100) % 0 }
t(:big_fdiv_zero) { (2**100).fdiv(0) }
t(:big_divmod_float) { (2**100).divmod(0.0) }
t(:big_coerce) { (2**100).coerce(1) }
t(:big_pow_neg) { (2**100) ** -1 }
t(:big_round) { (2**100 + 12345).round(-3) }
t(:big_to_s_36) { (2**100).to_s(36) }
t(:big_even) { [(2**100).even?, (2**100 + 1).odd?] }
t(:big_gcd) { (2**100).gcd(6**50) }
t(:big_idx) { (2**100)[100] }
t(:big_idx_neg) { (2**100)[-1] }
t(:big_size) { (2**100).size }
t(:big_times) { r = 0; (2**64).times { |i| r = i; break if i > 3 }; r }
t(:big_range_size) { (1..2**70).size }
t(:big_range_sum) { (1..2**70).sum }
t(:big_step) { (1..10**20).step(10**19).to_a.size }
