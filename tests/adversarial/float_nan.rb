def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
nan = Float::NAN
inf = Float::INFINITY
t(1) { nan == nan }
t(2) { nan.equal?(nan) }
t(3) { [nan].include?(nan) }
t(4) { [nan] == [nan] }
t(5) { {nan => 1}[nan] }
t(6) { nan <=> nan }
t(7) { [nan, 1.0].sort }
t(8) { [1.0, nan].max }
t(9) { nan.to_i }
t(10) { inf.to_i }
t(11) { nan.round }
t(12) { (0.0 / 0.0).nan? }
t(13) { 1 < nan }
t(14) { [1.0, nan].min }
t(15) { nan.to_s }
t(16) { inf - inf }
t(17) { inf.floor }
t(18) { (1..nan) }
t(19) { (nan..1) }
t(20) { 1.step(nan).first(2) }
t(21) { [3.0, nan, 1.0].sort_by { |x| x } }
t(22) { nan.clamp(1, 2) }
t(23) { 5.clamp(nan, 6) }
t(24) { nan.eql?(nan) }
t(25) { nan.hash == nan.hash }
t(26) { [nan, nan].uniq.size }
t(27) { nan.to_r }
t(28) { nan.divmod(1) }
t(29) { 1.0.divmod(nan) }
t(30) { inf.divmod(1) }
t(31) { -0.0 == 0.0 }
t(32) { [-0.0.to_s, (-0.0).equal?(0.0), -0.0.hash == 0.0.hash] }
t(33) { 1e308 * 10 }
t(34) { Float::MAX.to_i.to_s.size }
t(35) { Float::MIN / 2 }
t(36) { 5e-324 / 2 }
t(37) { 1.0.round(400) }
t(38) { 1.0.round(-400) }
t(39) { 12345.678.floor(-2) }
t(40) { 1e20.to_i }
t(41) { 1e300.round(-300) }
t(42) { inf.round(2) }
t(43) { nan.floor(1) }
t(44) { inf.ceil(-1) }
t(45) { Integer(nan) }
t(46) { Integer(inf) }
t(47) { (inf..inf).size }
t(48) { (1..inf).first(3) }
t(49) { (1.0..2.0).step(nan).first(2) }
t(50) { [nan].minmax }
t(51) { nan.integer? }
t(52) { inf.infinite? }
t(53) { (-inf).infinite? }
t(54) { nan * 0 }
t(55) { 0 * inf }
t(56) { 2 ** inf }
t(57) { inf ** 0 }
t(58) { nan ** 0 }
t(59) { Math.sqrt(-1) }
t(60) { Math.log(-1) }
t(61) { Math.log(0) }
t(62) { Math.sqrt(nan) }
t(63) { Math.atan2(nan, 1) }
t(64) { 0.1 + 0.2 }
t(65) { 1.0.next_float }
t(66) { 1.0.prev_float }
t(67) { 0.0.prev_float }
t(68) { Float::MAX.next_float }
t(69) { 3.7 % -1.2 }
t(70) { -7.5.divmod(2) }
