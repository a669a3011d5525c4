def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(1) { 1 + "a" }
t(2) { 1 + nil }
t(3) { 1 <=> "a" }
t(4) { 1 < "a" }
t(5) { 1.fdiv("a") }
t(6) { 2 ** "a" }
t(7) { 1.round("x") }
t(8) { 1.times(1) }
t(9) { 300.chr }
t(10) { (-1).chr }
t(11) { 5.digits(-1) }
t(12) { 5.digits(1) }
t(13) { 5.digits(0) }
t(14) { (-5).digits }
t(15) { 1.coerce("a") }
t(16) { 1.coerce("2") }
t(17) { 10.gcd(1.5) }
t(18) { 10.pow(2, 0) }
t(19) { 10.pow(-2, 7) }
t(20) { 10.pow(2, 1.5) }
t(21) { Integer.sqrt(-1) }
t(22) { Integer.sqrt("4") }
t(23) { 1.upto("a").to_a }
t(24) { 1.step(10, 0) { break } }
t(25) { 1.step(10, "a").to_a }
t(26) { 5.clamp(3, 1) }
t(27) { 5.between?(1) }
t(28) { 1.bit_length(1) }
t(29) { 1[1.5] }
t(30) { 1 & 1.5 }
t(31) { 1 << "a" }
t(32) { 1.ceil(-1000) }
t(33) { 123.floor(-2) }
t(34) { 123.round(-2, half: :bogus) }
t(35) { 123.round(half: :even) }
t(36) { 7.divmod(nil) }
t(37) { 7.remainder("a") }
t(38) { 1.to_s(1) }
t(39) { 1.to_s(37) }
t(40) { 255.to_s(2**64) }
