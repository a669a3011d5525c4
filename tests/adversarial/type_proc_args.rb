def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
def kw(a, b:) = [a, b]
def opt(a, b = 1, *r, c, d:, e: 2, **k, &blk) = [a, b, r, c, d, e, k]
t(1) { ->(a) { }.call }
t(2) { Proc.new }
t(3) { lambda }
t(4) { [1].map(&1) }
t(5) { [1].map(&:nosuch) }
t(6) { def yy = yield; yy }
t(7) { kw }
t(8) { kw(1) }
t(9) { kw(1, c: 2) }
t(10) { kw(1, 2) }
t(11) { kw(1, b: 1, "x" => 2) }
t(12) { kw(*nil, b: 2) }
t(13) { kw(*1, b: 2) }
t(14) { kw(1, **nil) }
t(15) { kw(1, **{b: 2, c: 3}) }
t(16) { opt(1, 2, d: 3) }
t(17) { opt }
t(18) { opt(1, 2, 3, 4, 5, d: 6, z: 7) }
t(19) { ->(a, b) { [a, b] }.call([1, 2]) }
t(20) { proc { |a, b| [a, b] }.call([1, 2]) }
t(21) { proc { |a, b| [a, b] }.call(1, 2, 3) }
t(22) { ->(*a, **k) { [a, k] }.call(1, {x: 1}) }
t(23) { method(:kw).to_proc.call(1) }
t(24) { method(:kw).arity }
t(25) { method(:opt).parameters }
t(26) { ->() { }.curry(2) }
t(27) { ->(a, b) { a + b }.curry[1][2] }
t(28) { proc { |a| }.arity }
t(29) { [[1, 2]].map { |a, b| b } }
t(30) { [[1, 2]].each_with_index.map { |(a, b), i| [a, b, i] } }
t(31) { {a: 1}.map { |k| k } }
t(32) { def many(*a) = a.size; many(*Array.new(100_000, 1)) }
t(33) { [1, 2, 3].then { |a, b| [a, b] } }
t(35) { def pp_ret = proc { return 7 }; pp_ret.call }
t(36) { proc { break 3 }.call }
t(37) { [1, 2].each { break 9 } }
t(38) { pr = proc { next 5; 6 }; pr.call }
t(39) { ->(&b) { b }.call }
t(40) { instance_exec(1, 2) { |a, b, c| [a, b, c] } }
t(34) { proc { return 1 }.call }
puts "not reached"
