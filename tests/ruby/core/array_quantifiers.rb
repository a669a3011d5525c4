# Array#all?/any?/none?/one? with a block, a pattern or neither, and
# the equality Array#count/include?/index/delete use.
p [1, 2, nil].all?, [1, 2, nil].any?, [nil, false].none?, [1, nil].one?, [1, 2].one?
p [[1, :a], [2, :b]].any? { |i, c| c == :b }, [1, 2, 3].all?(Integer)
p [1, "a"].none?(String), %w[a b].one?(/a/), [1, 5].any?(2..4), [3].all?(2..4)
p [1, 2].any? { break 42 }
def f = [1, 2, 3].all? { |x| return x * 10 if x == 2; true }
p f
seen = []
p [1, 2, 3, 4].any? { |x| seen << x; x > 1 }, seen
seen = []
p [1, 2, 3, 4].one? { |x| seen << x; x > 1 }, seen
a = [1, 2, 3]
p a.all? { |x| a << 9 if a.size < 5; x < 10 }, a
p [].all?, [].any?, [].none?, [].one?
begin
  [1].any?(1, 2)
rescue ArgumentError => e
  p e.message
end
begin
  [1].all? { raise "boom" }
rescue => e
  p e.message
end
p [1, 2, 3].count(2), [:a, :b, :a].count(:a), [1.0, 2].count(1), [1, 1.0].include?(1.0)
p [3, 4].index(4), ["a", "b"].index("b"), [nil, false].index(false), [0.0, -0.0].count(0)
x = [1, 2, 1, "1"]
x.delete(1)
p x
class Eq
  def ==(o) = o == :eq
end
p [Eq.new].include?(:eq), [Eq.new].count(:eq), [:eq].include?(Eq.new)
