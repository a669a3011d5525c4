def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
x = 2**100000
t(:digits) { x.to_s.size }
t(:mod) { x % 1000007 }
t(:bits) { x.bit_length }
t(:hex_size) { x.to_s(16).size }
t(:neg) { (-x).to_s.size }
t(:div) { (x / (3**1000)).to_s.size }
t(:sqrt) { Integer.sqrt(x).to_s.size }
t(:eq) { x == 2**100000 }
t(:hash_key) { {x => 1}[2**100000] }
t(:to_f) { x.to_f }
t(:fdiv) { x.fdiv(x + 1) }
t(:cmp_float) { x > Float::INFINITY }
t(:cmp_nan) { x < Float::NAN }
t(:digits_sum) { (2**1000).digits.sum }
t(:pow_mod) { 3.pow(10**50, 10**9 + 7) }
