# Array#group_by, min_by, max_by, each_with_object, each_slice and inject
# in their block forms (native in carmine) and their other forms.
a = [5, 3, 8, 1, 9, 2, 8, 3]
p a.group_by { |x| x % 3 }
p a.group_by(&:odd?)
words = %w[apple avocado banana blueberry cherry]
g = words.group_by { |w| w[0] }
p g, g.keys.map(&:frozen?)
k = +"key"
h = [1, 2].group_by { k }
p h.keys[0].frozen?, h.keys[0].equal?(k), k.frozen?
p a.min_by { |x| (x - 4).abs }, a.max_by { |x| (x - 4).abs }
p [[1, :a], [1, :b], [0, :c], [0, :d]].min_by(&:first), [[1, :a], [1, :b]].max_by(&:first)
p [].min_by { |x| x }, [].max_by { |x| x }, a.min_by(2) { |x| -x }, a.max_by(3) { |x| -x }
p %w[pear fig banana].min_by(&:size), %w[pear fig banana].max_by { |s| s }
p [1.5, 2, 0.5r].min_by { |x| x }, [1.5, 2, 0.5r].max_by { |x| x }
e = a.min_by
p e.class, e.size, e.each { |x| x }
p a.max_by.with_index { |x, i| i * x }
p a.each_with_object([]) { |x, acc| acc << x * 2 }
p a.each_with_object(Hash.new(0)) { |x, c| c[x] += 1 }
p a.each_with_object("s").size
p a.each_slice(3).to_a, a.each_slice(3).size, a.each_slice(8).to_a, a.each_slice(20).to_a
r = []
p a.each_slice(3) { |x, y, z| r << [x, y, z] }.equal?(a), r
slices = []
a.each_slice(2) { |s| slices << s }
slices[0] << :mutated
p slices
p [].each_slice(2) { |s| p s }
p a.inject { |s, x| s + x }, a.inject(100) { |s, x| s - x }, [].inject { |s, x| s + x },
  [].inject(7) { |s, x| s + x }, [4].inject { |s, x| raise }, a.inject(:+), a.inject(10, :*),
  a.sum, a.reduce(1) { |s, x| s * x }, a.reduce(:-), [].reduce { }
p %w[a b c].inject { |s, x| s + x }, [[1, 2], [3, 4]].inject(0) { |s, (x, y)| s + x * y }
# A block that changes the array sees the change, as Array#each does.
b = [1, 2, 3]
p b.group_by { |x| b << x + 10 if x < 3; x }
b = [1, 2, 3, 4]
p b.inject { |s, x| b.pop if x == 2; s + x }
b = [3, 1, 2]
p b.min_by { |x| b.clear if x == 1; x }
b = [1, 2, 3, 4, 5]
p b.each_slice(2) { |s| b.delete_at(0) }
# break and next
p a.min_by { |x| break :out if x == 8; x }, a.group_by { |x| next 0 if x > 4; x }
p a.each_slice(3) { |s| break s }, a.inject { |s, x| break s if s > 10; s + x }
p a.each_with_object([]) { |x, o| break o if o.size == 2; o << x }
# errors
def t; yield; rescue => e; p [e.class, e.message]; end
t { [1, nil].min_by { |x| x } }
t { [1, "a"].max_by { |x| x } }
t { a.each_slice(0) { } }
t { a.each_slice(-2) }
t { a.each_slice("2") { } }
t { a.each_slice(2.9) { |s| p s } }
t { a.inject(1, 2, 3) { } }
t { a.inject(1, "+", 3) }
t { a.inject(1, 2) }
t { a.min_by(1, 2) { } }
t { a.group_by(1) { } }
t { a.each_with_object { } }
t { [1, 2].inject { |s, x| s + nil } }
# subclasses and redefinition
class MyList < Array; end
m = MyList[3, 1, 2]
p m.group_by(&:odd?), m.min_by { |x| x }, m.each_slice(2).to_a.map(&:class)
class Array
  alias old_group_by group_by
end
p [1, 2, 3].old_group_by(&:even?)
p [1].method(:inject).arity, [1].method(:min_by).arity,
  [1].method(:each_slice).arity, [1].method(:each_with_object).arity, [1].method(:group_by).arity
# inject/reduce with an operator Symbol
p [1, 2, 3].inject(:+), [2, 3].reduce(10, :*), [].inject(:+), [7].inject(:-), [].reduce(4, :+),
  %w[a b].inject(:+), [[1], [2]].inject(:concat), [1, 2].inject("+"), [1.5, 2].inject(:+)
class Integer; private def secret(o) = self + o; end
t { [1, 2].inject(:secret) }
t { [1, 2].reduce(:nope) }
t { [1, "a"].inject(:+) }
