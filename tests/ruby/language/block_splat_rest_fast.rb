# Block argument shapes bound without the general steps: yield(*a) to
# lead-only params (auto-splat, destructuring, to_ary, a trailing Hash)
# and plain arguments to a lone |*a|, as the prelude's Enumerable
# methods make them.
def y1; yield(*[1]); end
def y2; yield(*[[1, 2]]); end
def y3; yield(*[1, {a: 1}]); end
def y4; yield(*[]); end
def y5; yield(*[1, 2, 3]); end
def y6(a); yield(*a); end
y1 { |a| p a }
y1 { |a, b| p [a, b] }
y2 { |a| p a }
y2 { |a, b| p [a, b] }
y2 { |(a, b)| p [a, b] }
y3 { |a, b| p [a, b] }
y3 { |*a| p a }
y4 { |a| p a }
y4 { |*a| p a }
y5 { |a, b| p [a, b] }
y5 { |*a| p a }
o = Object.new; def o.to_ary = [7, 8]
y6([o]) { |a, b| p [a.class, b] }
y6([o]) { |a| p a.class }
y6([[o]]) { |a, b| p [a.class, b] }
h = {1 => 2, 3 => 4}
p h.map { |k, v| k + v }, h.each_with_index.map { |(k, v), i| [k, v, i] }
p (1..3).map { |x| x * 2 }, (1..3).each_slice(2).map { |a, b| [a, b] }
[[1, 2]].each { |*a| p a }
[[1, 2]].each { |*a, **k| p [a, k] }
def kk; yield 1, {x: 1}; end
kk { |*a| p a }
kk { |*a, **k| p [a, k] }
pr = proc { |*a| a }
p pr.call(1, 2), pr.call([1, 2]), pr.(*[3, 4]), pr.yield
l = lambda { |*a| a }
p l.call(1, 2), l.call([1, 2])
S = Struct.new(:a, :b); p S.new(1, 2).map { |x| x * 3 }
p [[1, [2, 3]]].map { |a, (b, c)| a + b + c }
