# Array access: first/last/take/drop/values_at/dig/fetch/at/sample-free
a = [10, 20, 30, 40, 50]
p a.first, a.first(2), a.last, a.last(3), a.take(2), a.drop(3)
p a.values_at(0, 2, 10, -1), a.values_at(1..2)
p a.fetch(1), a.fetch(-1), a.fetch(10, :dflt), a.fetch(10) { |i| i * 2 }
begin
  a.fetch(10)
rescue IndexError => e
  p e.message
end
p a.at(2), a.dig(0), [[1, [2, 3]]].dig(0, 1, 0)
p a.index(30), a.find_index { _1 > 25 }, a.rindex(50), a.index(99)
p a.include?(40), a.count, a.length, a.empty?, [].empty?
p a.min, a.max, a.sum, a.minmax, a.min(2), a.max(2)
p a.take_while { _1 < 35 }, a.drop_while { _1 < 35 }
p a.slice(1, 2), a[1..], a[-3, 2], a.first(0)
p a.each_slice(2).to_a, a.each_cons(2).map { |x, y| y - x }
p a.assoc(1), [[1, :a], [2, :b]].assoc(2), [[1, :a], [2, :b]].rassoc(:a)
p a.bsearch { _1 >= 25 }, a.bsearch_index { _1 >= 45 }
