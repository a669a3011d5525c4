def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(:range_sum) { (1..1_000_000).to_a.sum }
t(:sort_reverse) { Array.new(300_000) { _1 }.sort { |a, b| b <=> a }.first(2) }
t(:uniq_big) { ([1, 2] * 300_000).uniq }
t(:flatten_deep) { a = [1]; 5_000.times { a = [a, 1] }; a.flatten.size }
t(:str_mul) { ("ab" * 5_000_000).size }
t(:str_concat) { s = +""; 100_000.times { s << "xy" }; s.size }
t(:hash_200k) { h = {}; 200_000.times { h[_1] = _1 }; h.sum { |k, v| v } }
t(:join_big) { (1..100_000).to_a.join(",").size }
t(:split_big) { ("a," * 200_000).split(",").size }
t(:gsub_big) { ("ab" * 100_000).gsub("a", "xyz").size }
t(:scan_big) { ("a1" * 100_000).scan(/\d/).size }
t(:pack_big) { Array.new(100_000, 65).pack("C*").size }
t(:product_big) { [1, 2, 3].product([4, 5, 6], [7, 8, 9], [1, 2, 3], [4, 5, 6]).size }
t(:combination_count) { (1..20).to_a.combination(10).count }
t(:permutation_first) { (1..12).to_a.permutation.first(2) }
t(:each_cons_big) { (1..100_000).each_cons(3).count }
t(:bignum_factorial) { (1..2000).inject(:*).to_s.size }
t(:fib_big) { a, b = 0, 1; 5000.times { a, b = b, a + b }; a.to_s.size }
t(:array_fill_bignum_idx) { a = []; a[100_000] = 1; a.size }
t(:string_center_big) { "x".center(1_000_000).size }
t(:transpose_big) { Array.new(500) { |i| Array.new(500, i) }.transpose[1][2] }
t(:zip_big) { Array.new(100_000, 1).zip(Array.new(100_000, 2)).size }
t(:inspect_big) { Array.new(100_000) { "s" }.inspect.size }
t(:hash_inspect_big) { (1..50_000).to_h { [_1, _1] }.inspect.size }
t(:sum_float) { ([0.1] * 100_000).sum }
t(:tally) { (1..100_000).map { _1 % 7 }.tally.size }
