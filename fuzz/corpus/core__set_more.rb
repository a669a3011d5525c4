# More Set features: add/delete/merge, subset operators, sorting, Set#inspect nested
require "set"
s = Set.new([1, 2, 3])
s.merge([3, 4, 5])
p s, s.length
s.subtract([1, 2])
p s
p s <= Set[3, 4, 5, 6], s < s, s >= Set[4], s == Set[5, 4, 3]
p s.to_a.sum, s.include?(4), s === 4, s.find { _1 > 3 }
p s.delete_if(&:even?), s.add(10).add(3)
p Set.new("hello".chars), Set.new([1, 2]) { _1 * 10 }
p Set[1, [2, 3]].flatten rescue p $!.class
p Set[3, 1, 2].sort, Set[3, 1, 2].min(2), Set[1, 2].to_a.product([3])
frozen = Set[1].freeze
begin
  frozen << 2
rescue => e
  p e.class
end
p Set[1, 2].map! { _1 + 1 } rescue p $!
h = Hash.new { |hh, k| hh[k] = Set.new }
h[:a] << 1 << 1 << 2
p h
p [Set[1], Set[1]].uniq.size, Set[Set[1], Set[1]].size
