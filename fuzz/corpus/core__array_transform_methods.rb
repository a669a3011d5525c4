# map/flat_map/zip/product/flatten/compact/uniq/rotate/transpose/each_with_object
a = [1, 2, 3]
p a.map { _1 * 2 }, a.flat_map { [_1, -_1] }, a.collect(&:to_s)
p a.zip([4, 5, 6], [7, 8]), a.zip, [1, 2].product([3, 4]), [1, 2].product
p [1, [2, [3, [4]]]].flatten, [1, [2, [3, [4]]]].flatten(1)
p [nil, 1, false, nil].compact, [3, 1, 3, 2, 1].uniq, %w[a A b].uniq(&:downcase)
p a.rotate, a.rotate(-1), a.rotate(5)
p [[1, 2, 3], [4, 5, 6]].transpose
p a.each_with_object([]) { |x, acc| acc.unshift(x) }
p a.each_with_index.map { |x, i| x * i }, a.map.with_index(1) { |x, i| "#{i}:#{x}" }
p a.reverse, a.sort.reverse, a.cycle.first(7)
p a.sum { _1 ** 2 }, a.inject(:+), a.reduce(1) { _1 * _2 }, a.inject { |s, x| s - x }
p [[1, :a], [2, :b]].to_h, a.to_h { [_1, _1.to_s] }
p a.filter_map { _1 * 3 if _1.odd? }, a.zip(a.drop(1)).to_a
p a.step rescue p a.each_entry.to_a
p [1, 2, 3, 4].each_slice(2).map(&:sum), [1, 2, 3].each_cons(2).to_a
p a.intersection([2, 3, 4]), a.union([5]), a.difference([1]), a.intersect?([3]) rescue p $!.class
