# Block parameter destructuring: nested arrays, splats, hash pairs, defaults
h = {a: [1, 2], b: [3, 4]}
h.each { |k, (x, y)| print k, x + y, " " }
puts
[[1, [2, 3]], [4, [5, 6]]].each { |a, (b, c)| print a * b * c, " " }
puts
[[1, 2, 3, 4]].each { |first, *rest| p [first, rest] }
[[1, 2, 3, 4]].each { |*init, last| p [init, last] }
[[1, 2]].each { |a, b = :dflt, c = :dflt2| p [a, b, c] }
[1].each { |a, b = :dflt| p [a, b] }
{x: 1}.each_with_index { |(k, v), i| p [k, v, i] }
[[[1, 2], 3]].each { |((a, b), c)| p [a, b, c] }
p [[1, 2], [3, 4]].map { |a, b| a + b }
p [[1, 2], [3, 4]].to_h { |a, b| [b, a] }
def yield_hash = yield({k: 1})
yield_hash { |h2| p h2 }
yield_hash { |k:| p k } rescue p $!.class
