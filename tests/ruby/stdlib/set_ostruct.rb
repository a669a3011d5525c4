# The real set and ostruct.
require "set"
require "ostruct"
s = Set[3, 1, 2]
s << 2 << 5
p s, s.size, s.include?(5), s.to_a.sort, s.sort
t = Set.new([1, 9])
p s | t, s & t, s - t, s ^ t, s.subset?(Set[1, 2, 3, 5, 7]), s.superset?(Set[1]), s.disjoint?(Set[8])
p s.map { _1 * 2 }.class, s.group_by(&:odd?), s.partition(&:even?)
p s.classify(&:odd?), Set[[1, 2]].flatten, s.min, s.sum
p [1, 1, 2].to_set, s == Set[1, 2, 3, 5], s.frozen?, s.dup.add?(1), s.dup.add?(42)
h = { Set[1] => :a }
p h[Set[1]], s.inspect, s.to_s
begin
  SortedSet
rescue => e
  p e.class
end
o = OpenStruct.new(name: "carmine", version: 1)
o.lang = "ruby"
p o.name, o.lang, o[:version], o.to_h, o.respond_to?(:lang), o
o.delete_field(:lang)
p o.lang, o == OpenStruct.new(name: "carmine", version: 1), o.dig(:name)
o[:x] = 5
p o.x, o.each_pair.to_a
