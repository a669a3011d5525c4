# Blocks given more arguments than they take: a proc drops the extras
# (a lambda raises); one Array argument still auto-splats for |a, b|.
h = { a: 1, b: 2 }
h.each { |k| p k }
h.each_pair { |k| p k }
h.map { |k| k }.each { |x| p x }
h.each_with_index { |kv| p kv }
h.each_with_index { |kv, i| p [kv, i] }
%w[x y z].each_with_index { |x| p x }
%w[x y z].each_with_index { p :none }
%w[x y z].each.with_index(1) { |x| p x }
[1, 2, 3].inject { |a| a }.then { |v| p v }
[[1, 2], [3, 4]].each { |a| p a }
[[1, 2], [3, 4]].each { |a, b| p [a, b] }
[[1, 2], [3, 4]].each_with_index { |(a, b), i| p [a, b, i] }
3.times { print "." }
puts
3.times { |i| print i }
puts
1.step(7, 3) { |i| print i }
puts
def two; yield 1, 2; end
two { |a| p a }
two { p :zero }
two { |a, b, c| p [a, b, c] }
two { |*a| p a }
two { _1.then { |v| p v } }
two { p [_1, _2] }
two { |a, | p a }
l = ->(a) { a }
begin
  two(&l)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
pr = proc { |a| a }
p pr.call(1, 2, 3)
p pr.yield(4, 5)
p [[1, 2]].map(&pr)
p({ k: 1 }.map { |k| k })
p({ k: 1 }.select { |k| k == :k })
p({ k: 1 }.any? { |k| k.is_a?(Array) })
p({ k: 1, j: 2 }.min_by { |k| k.to_s })
p [5, 6].each_slice(1).map { |a| a }
p [1, 2].zip([3, 4]).map { |a| a }
p [1, 2].each_with_object([]) { |x| x }
