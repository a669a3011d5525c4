def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(:str_mul) { ("x" * (1 << 40)).size }
t(:str_mul62) { ("x" * (1 << 62)).size }
t(:ary_mul) { ([0] * (1 << 40)).size }
t(:ary_new) { Array.new(1 << 40).size }
t(:ary_new64) { Array.new(2**64) }
t(:ljust) { "x".ljust(1 << 40).size }
t(:shift) { (1 << (2**40)).bit_length }
t(:shift_big) { (1 << (2**70)) }
t(:pow_huge) { 2 ** (2**40) }
t(:str_times_bignum) { "" * (2**70) }
t(:after) { 1 + 1 }
