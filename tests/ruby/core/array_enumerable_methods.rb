# Enumerable methods on Arrays (carmine gives Array its own copies).
a = [5, 3, 8, 1, 9, 2]
p a.inject(:+), a.inject(10) { |s, x| s + x }, a.reduce(1, :*), a.inject("+")
p [].inject(:+), [[1, 2], [3, 4]].inject { |(x, y), (z, w)| [x + z, y + w] }
begin; a.inject(1, 2, 3); rescue ArgumentError => e; p e.message; end
begin; a.inject(3); rescue TypeError => e; p e.message; end
p a.partition(&:even?), a.find { |x| x > 5 }, a.detect(-> { :none }) { |x| x > 50 }
p a.filter_map { |x| x * 2 if x.odd? }, [[1, 2], [3]].flat_map { |x| x }, [1, [2], 3].flat_map { |x| x }
p %w[a b a c a].tally, %w[x y x].tally({ "x" => 5 })
p a.min_by { |x| (x - 4).abs }, a.max_by(2) { |x| -x }, a.minmax_by { |x| x % 4 }
p a.group_by(&:odd?), a.each_with_object([]) { |x, acc| acc.unshift(x) }
p a.each_slice(4).to_a, a.each_cons(5).to_a, a.each_slice(2).size, a.each_cons(2).size
p a.sort_by { |x| -x }, [[2, "b"], [1, "a"]].sort_by(&:first), a.sort_by.size
p [1, 2].zip([3, 4], [5]), [1, 2].zip(1..2), [1, 2].zip { |x| p x }
p [[1, :a], [2, :b]].map { |n, s| "#{n}#{s}" }, [[1, 2]].each_with_object({}) { |(k, v), h| h[k] = v }
p [[1, 2], [3, 4]].min_by { |x, y| y - x }, [[1, 2], [3, 4]].group_by { |x, y| y }
e = a.each_slice(2)
p e.next, e.next
class MyList < Array; end
l = MyList.new([3, 1, 2])
p l.sort_by { _1 }, l.sort_by { _1 }.class, l.group_by(&:odd?), l.partition(&:odd?)
p [nil, false, 1].find { |x| !x.nil? }, [].min_by { _1 }, [].each_slice(3).to_a
begin; a.each_slice(0); rescue ArgumentError => e; p e.message; end
begin; [3, "a"].sort_by { _1 }; rescue ArgumentError => e; p e.message; end
p Array.instance_method(:each_slice).owner == Array || Array.instance_method(:each_slice).owner == Enumerable
