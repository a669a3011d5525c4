# Numbered block parameters _1, _2 and their arity effects
p [1, 2, 3].map { _1 * 10 }
p [[1, 2], [3, 4]].map { _1 + _2 }
p [[1, 2], [3, 4]].map { _1 }
p({a: 1, b: 2}.map { "#{_1}:#{_2}" })
pr = proc { [_1, _2] }
p pr.arity, pr.call(5), pr.call(5, 6, 7)
l = -> { _1 * 2 }
p l.arity, l.lambda?
p [3, 1, 2].sort_by { -_1 }
p %w[a b].each_with_index.map { "#{_2}#{_1}" }
