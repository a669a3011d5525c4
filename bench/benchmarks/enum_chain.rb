# enum_chain: block-heavy Enumerable chains (map, select, reject, inject,
# each_with_index, each_slice, sort_by, group_by, min_by, sum, zip, any?).
# Measures: yield and block calls from builtin iterators, block argument
# destructuring, short-lived Array/Hash allocation.
# bench-size: 800
# bench-quick: 10
reps = (ARGV[0] || ENV['BENCH_SIZE'] || 800).to_i

data = (1..1000).map { |i| (i * 7919) % 1009 }
total = 0
reps.times do |r|
  evens = data.select { |x| x.even? }.map { |x| x * 3 + r }
  odds = data.reject(&:even?)
  total += evens.inject(0) { |acc, x| acc + x }
  total += odds.each_with_index.map { |x, i| x * (i & 3) }.sum
  total += data.each_slice(4).map { |a, b, c, d| a + b - c + (d || 0) }.sum
  groups = data.group_by { |x| x % 7 }
  total += groups.map { |k, v| k * v.size }.sum
  total += data.sort_by { |x| -x }.first(3).sum
  total += data.min_by { |x| (x - 500).abs }
  total += data.zip(evens).count { |a, b| b && a < b }
  total += 1 if data.any? { |x| x > 1000 }
  total += data.each_with_object(Hash.new(0)) { |x, h| h[x & 15] += 1 }.size
  total &= 0xffffffff
end
puts "total=#{total}"
