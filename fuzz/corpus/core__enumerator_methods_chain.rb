# Enumerators from methods without block, chaining with_index/with_object, size
p [1, 2, 3].map.class, [1, 2, 3].each_slice(2).size, (1..10).each_slice(3).size
p %w[a b c].each_with_index.map { |s, i| s * (i + 1) }
p %w[a b c].map.with_index(10).to_a
p %w[x y].each.with_object(+"").each { |s, acc| acc << s }
p [4, 5].each_with_object({}).with_index { |(x, h), i| h[x] = i }
p 3.times.map { _1 * 2 }, 5.times.select(&:odd?), 1.upto(3).to_a
p "abc".each_char.with_index.to_h
e = [1, 2, 3].select
p e.each(&:odd?)
p [3, 1, 2].sort_by.with_index { |x, i| -i }
p [1, 2, 3].each_entry.to_a, [1, 2, 3].each.next
p (1..3).each_entry.map { _1 }, [[1, 2]].each(&:reverse!)
en = Enumerator.new { |y| 3.times { |i| y.yield i, i * i } }
p en.to_a, en.map { |a, b| a + b }, en.size
p Enumerator.new(3) { |y| y << 1 }.size
p [1, 2].each.size, loop { break 7 }
p [1,2,3].chunk_while { _2 == _1 + 1 }.class
p [1, 2, 3].sum.then { _1 * 2 }
p Enumerator::Yielder rescue p $!
p %w[a b].cycle.lazy.map(&:upcase).first(3)
