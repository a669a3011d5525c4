# all?/any?/none?/one?/count/include?/sum/minmax with patterns and blocks
a = [1, 2, 3, 4]
p a.all? { _1 > 0 }, a.any?(&:even?), a.none? { _1 > 4 }, a.one?(4), a.one?(&:even?)
p [].all?, [].any?, [].none?, [nil, false].any?, [nil, 1].all?
p a.all?(Integer), ["a", 1].any?(String), %w[ab cd].all?(/[a-d]/)
p a.count(2), a.count(&:odd?), a.sum, a.sum(0.0), [0.1] * 3 == [0.1, 0.1, 0.1], ([0.1] * 3).sum
p ["a", "b"].sum(""), [[1], [2]].sum([])
p a.find { _1 > 2 }, a.detect(&:even?), a.find_all(&:even?), a.grep(2..3), a.grep_v(2..3)
p %w[apple banana avocado].grep(/^a/) { _1.upcase }
p a.first(10), a.cycle.take(6), a.each_entry.to_a
p a == [1, 2, 3, 4], a.eql?([1, 2, 3, 4.0]), a <=> [1, 2, 4], a.hash == [1, 2, 3, 4].hash
p a.frozen?, a.to_a.equal?(a), Array(a).equal?(a)
