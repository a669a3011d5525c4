def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(1) { {}.fetch(:a) }
t(2) { {a: 1}.fetch(:b, 2) }
t(3) { Hash.new(1) { } }
t(4) { {a: 1}.dig(:a, :b) }
t(5) { {}.merge(1) }
t(6) { {a: 1}.to_h { 1 } }
t(7) { {a: 1}.to_h { |k, v| [k] } }
t(8) { Hash[1] }
t(9) { Hash[[1]] }
t(10) { Hash[1, 2, 3] }
t(11) { {}.store(1) }
t(12) { {a: 1}.each_slice(0) }
t(13) { {a: 1}.fetch_values(:a, :b) }
t(14) { {a: 1}.values_at }
t(15) { {a: 1}.min_by }
t(16) { {a: 1} <= 1 }
t(17) { {a: 1}.sum }
t(18) { {a: 1}.sort_by { nil } }
t(19) { {b: 1, a: 2}.sort }
t(20) { {1 => 1, "a" => 2}.sort }
t(21) { h = {}; h.default_proc = 1 }
t(22) { h = {}; h.default_proc = ->(a, b, c) { } }
t(23) { {a: 1}.any?(1, 2) }
t(24) { {a: 1}.group_by }
t(25) { {a: 1}.delete }
t(26) { {a: 1}.key?(:a, :b) }
t(27) { {a: 1}.transform_keys({a: :b}, &:to_s) }
t(28) { {a: 1}.filter_map }
t(29) { Hash.new(1, 2) }
t(30) { {a: {b: 1}}.dig }
