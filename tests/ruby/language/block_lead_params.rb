# Block params that are all lead ones, some destructured: auto-splat of a
# lone Array, padding and dropping, to_ary, lambdas' strict arity.
a = [[1, [2, 3]], [4, [5, 6]], [7]]
a.each { |x, (y, z)| p [x, y, z] }
p a.inject(0) { |s, (i, c)| s + i }
p a.map { |x, y| [x, y] }
p [[1, 2, 3]].map { |x, y| [x, y] }
p [1, nil, "s"].map { |x, y| [x, y] }
class T; def to_ary = [:t1, :t2]; end
p [T.new].map { |x, y| [x, y] }
def y3 = yield(1, 2, 3)
y3 { |a, b| p [a, b] }
y3 { |a, (b, c), d| p [a, b, c, d] }
def y1(v) = yield(v)
y1([9, 8, 7]) { |a, (b, c)| p [a, b, c] }
y1([]) { |a, b| p [a, b] }
y1([[1, 2], 3]) { |(a, b), c| p [a, b, c] }
pr = proc { |a, b| [a, b] }
p pr.call([1, 2]), pr.call(1), pr.call(1, 2, 3), pr.(), pr.yield([4, 5, 6])
l = lambda { |a, (b, c)| [a, b, c] }
p l.call(1, [2, 3])
begin; l.call([1, [2, 3]]); rescue ArgumentError => e; p e.message; end
h = {a: 1, b: 2}
p h.map { |k, v| [k, v] }, h.inject([]) { |acc, (k, v)| acc << k }
p [[1, 2]].each_with_index.map { |(a, b), i| [a, b, i] }
x = 10
[[1, 2]].each { |a, b| x += a + b }
p x
[[1, 2]].each { |a, b| c = 5; p binding.local_variable_defined?(:c) }
