# flatten with depth, product of many, each_slice/cons edge sizes, first/last over-long
a = [1, [2, [3, [4, [5]]]]]
p a.flatten(0), a.flatten(2), a.flatten, a.flatten(-1)
p [1, 2].product([3, 4], [5, 6]).size, [].product([1]), [1].product([])
p [1, 2, 3].each_slice(5).to_a, [1, 2].each_cons(3).to_a, [1, 2, 3].first(10), [1].last(5)
p [[1, 2], [3, 4]].to_h { |a, b| [b, a] }, [1, 2, 3].zip([4, 5, 6]).flatten.each_slice(3).to_a
p [3, 1, 2].minmax, ["b", "a"].minmax, [].minmax, [5].minmax
p [1, 2, 3, 4, 5].values_at(0..1, 3..), Array.new(2) { [] }.each_with_index.map { |x, i| x << i }
p [1, 2, 3].sum { _1.odd? ? _1 : 0 }, [0.5, 1.5].sum.class, [nil, false, 0].compact
p [4, 5, 6].each_with_index.to_h, %w[a b c].each_with_index.max_by { _2 }
