def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
max = 4611686018427387903
min = -4611686018427387904
t(:plus) { max + 1 }
t(:minus) { min - 1 }
t(:mul) { 3037000500 * 3037000500 }
t(:mul_neg) { max * -1 }
t(:mul_min) { min * -1 }
t(:abs) { min.abs }
t(:neg) { -min }
t(:div_neg1) { min / -1 }
t(:mod_neg1) { min % -1 }
t(:divmod) { min.divmod(-1) }
t(:lshift) { 1 << 62 }
t(:lshift64) { 1 << 64 }
t(:rshift_neg) { -1 >> 100 }
t(:rshift_big) { max >> 1000 }
t(:lshift_neg_amount) { 1 << -1 }
t(:pow) { 2**62 }
t(:pow63) { (-2)**63 }
t(:pow_neg_base) { (-3)**41 }
t(:succ) { max.succ }
t(:pred) { min.pred }
t(:i64_max) { 9223372036854775807 + 1 }
t(:i64_min) { -9223372036854775808 - 1 }
t(:i64_mul) { 9223372036854775807 * 9223372036854775807 }
t(:u64) { 18446744073709551615 + 1 }
t(:bit_length) { [max.bit_length, min.bit_length, (2**64).bit_length, (-2**64).bit_length] }
t(:sqrt) { Integer.sqrt(2**200) }
t(:sqrt_max) { Integer.sqrt(max) }
t(:pow_mod_big) { max.pow(max, max - 1) }
t(:lcm) { max.lcm(max - 1) }
t(:gcd_min) { min.gcd(min) }
t(:abs_i64) { (-9223372036854775808).abs }
t(:to_s2) { min.to_s(2).size }
t(:digits) { max.digits.size }
t(:round) { max.round(-1) }
t(:floor_neg) { min.floor(-18) }
t(:ceil) { max.ceil(-18) }
t(:times_sum) { s = 0; (max - 2).upto(max + 2) { |i| s += i & 7 }; s }
t(:step) { max.step(max + 3).to_a.size }
t(:range) { (max..max + 2).to_a }
t(:float) { max.to_f.to_i }
t(:arr_idx) { [1][max] }
t(:arr_idx_min) { [1][min] }
t(:arr_set_max) { a = []; a[max] = 1 }
t(:str_idx) { "abc"[max] }
t(:arr_first) { [1, 2].first(max) }
t(:arr_mul) { ([1] * max).size }
t(:str_mul) { ("" * max).size }
t(:ary_new_max) { Array.new(max) }
