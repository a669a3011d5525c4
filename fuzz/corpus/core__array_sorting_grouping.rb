# sort/sort_by/min_by/max_by/group_by/partition/chunk_while/slice_when/tally
words = %w[banana Apple cherry date Elderberry fig grape]
p words.sort, words.sort_by { [_1.length, _1] }, words.sort_by { [-_1.size, _1] }
p words.min_by(&:size), words.max_by(&:size), words.minmax_by(&:size)
p words.group_by(&:size)
p words.partition { _1.size > 5 }
p words.sort { |a, b| b.downcase <=> a.downcase }
p [1, 2, 4, 9, 10, 11, 12, 15].slice_when { |a, b| b != a + 1 }.to_a
p [1, 2, 4, 9, 10, 11].chunk_while { |a, b| b == a + 1 }.map { _1.size > 1 ? "#{_1.first}-#{_1.last}" : _1.first.to_s }
p %w[a b a c b a].tally, %w[a b a c b a].tally.max_by(&:last)
p [3, 1, 2].sort.reverse, [3, 1, 2].max(2), [[2, :b], [1, :a], [2, :a]].sort
p (1..10).chunk { _1.even? }.to_a.first(3)
p [1, 2, 3, 4, 5, 6].each_slice(2).to_h { |a, b| [a, b] }
p words.sum(""), words.map(&:size).sum, words.count { _1 =~ /^[A-Z]/ }
