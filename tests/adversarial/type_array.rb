def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(1) { [1, 2].first("x") }
t(2) { [1].first(-1) }
t(3) { Array.new(-1) }
t(4) { Array.new("a") }
t(5) { [1, 2] + nil }
t(6) { [1] * -1 }
t(7) { [1].fetch(5) }
t(8) { [1].fetch("a") }
t(9) { [1, 2].rotate("a") }
t(10) { [1].flatten("x") }
t(11) { [1, 2, 3].take(nil) }
t(12) { [1].dig(0, 1) }
t(13) { [1].zip(1) }
t(14) { [1].join(1) }
t(15) { [1, "a"].sort }
t(16) { [1, "a"].max }
t(17) { [1].insert(-3, 1) }
t(18) { [1].values_at("a") }
t(19) { [1, 2].each_slice(0) }
t(20) { [1].cycle("x") { } }
t(21) { [1].first(1, 2) }
t(22) { [1, 2] - 1 }
t(23) { [1, 2] & nil }
t(24) { [1, 2] <=> 1 }
t(25) { [3, 1].sort { nil } }
t(26) { [3, 1].sort { "a" } }
t(27) { [1, 2][1, -1] }
t(28) { [1, 2][:a] }
t(29) { a = [1]; a[-5] = 2 }
t(30) { [1, 2].sum("") }
t(31) { ["a", 1].sum("") }
t(32) { [1, 2].shuffle(random: 1) }
t(33) { [1, 2].combination }
t(34) { [[1, 2], 3].to_h }
t(35) { [[1]].to_h }
t(36) { [1, 2].transpose }
t(37) { [[1, 2], [1]].transpose }
t(38) { [1, 2].min(-1) }
t(39) { [1, 2].each_cons(-1) }
t(40) { [1, 2].slice(1..nil, 2) }
t(41) { [1].delete_at("x") }
t(42) { [1, 2].fill(0, -5) }
t(43) { [1, 2].step }
t(44) { [1, 2].bsearch { "x" } }
t(45) { [1, 2].pack("Z") }
t(46) { Array(nil) }
t(47) { [nil, 1].compact! }
t(48) { [1, 2].inject(:nosuch) }
t(49) { [].inject(:+) }
t(50) { [1].product(1) }
