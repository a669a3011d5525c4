# require 'set': Set ops and Ruby 3.1 inspect format
require "set"
s = Set[3, 1, 2]
t = Set.new([2, 3, 4])
p s, t
p s | t, s & t, s - t, s ^ t
p s.include?(2), s.member?(9), s.size, s.empty?, Set.new.empty?
s << 1 << 5
p s
p s.add?(5), s.add?(6)
p s.delete(1), s.to_a, s.sort
p s.subset?(Set[1, 2, 3, 5, 6, 7]), Set[1].proper_subset?(Set[1, 2]), s.superset?(Set[2]), s.disjoint?(Set[99])
p s.map { _1 * 10 }.class, s.map { _1 * 10 }, s.select(&:even?), s.group_by(&:odd?)
p Set[[1, 2]].to_a, Set["a", "b"].inspect, Set[].inspect, Set[Set[1]].inspect
p Set[1, 2] == Set[2, 1], Set[1, 2].eql?(Set[2, 1])
h = {Set[1, 2] => :x}
p h[Set[2, 1]]
p [1, 2, 2, 3].to_set, s.frozen?, s.min, s.sum
p s.partition(&:even?), s.each_slice(2).to_a
p Set[1, 2, 3].classify(&:odd?)
p Set[3, 1].sort_by { -_1 }
