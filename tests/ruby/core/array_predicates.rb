# Array#any?/all?/none?/one? (Array's own copies, `|v|` blocks): patterns,
# blocks, destructuring, break/return, inject with and without a block.
p [[1, 2], [3, 4]].any? { |a, b| b == 4 }
p [[1, 2], [3, 4]].all? { |a| a.is_a?(Array) }
p [nil, false].none?, [nil, 1].one?, [1, 2].one?, [].all?, [].any?, [].none?, [].one?
p [1, "a", :b].any?(String), [1, 2].all?(Integer), [1, 2].none?(3..4), [1, 5].one?(4..6)
p [1, 2, 3].method(:any?).owner
r = [1, 2, 3].all? { |x| break :early if x == 2; true }
p r
def g = [1, 2, 3].any? { |x| return x * 10 if x == 2 }
p g
p [1, [2]].inject { |s, x| s.to_s + x.to_s }
begin
  [1, 2].inject
rescue => e
  p e.class, e.message
end
p [[1, 2]].inject(0) { |s, (a, b)| s + a + b }
p [1, 2, 3].inject(:+), [1, 2, 3].inject(10, :*), [].inject(:+), [5].inject { |a, b| a * b }
begin
  [1, 2].any?(1, 2)
rescue ArgumentError => e
  puts e.message
end
# Mutation while iterating.
a = [1, 2, 3]
p a.any? { |x| a << x if a.size < 6; false }, a
