# Array#sum uses compensated summation for floats; inject(:+) does not
a = [0.1] * 10
p a.sum, a.inject(:+), a.sum == 1.0
p [1e100, 1.0, -1e100].sum, [1e100, 1.0, -1e100].inject(:+)
p [3, 0.1, 0.2].sum, [0.1, 0.2, 0.3].sum, [0.1, 0.2, 0.3].inject(:+)
p [1, 2, 3].sum(0.0), [1r, 2r].sum, [1, 2r, 0.5].sum
p (1..10).sum(0.5), (1..10).map { 1.0 / _1 }.sum
p [[1, 2], [3]].sum([]), %w[a b].sum(""), [].sum, [].sum(0.0)
begin
  ["a"].sum
rescue TypeError => e
  p e.message
end
