# ObjectSpace::WeakMap's API (CRuby 3.1): identity keys, immediates
# allowed as keys and values, Enumerable, no #delete. Every key and value
# here is held strongly, so no entry may vanish whatever the GC does.
def addr_free(s) = s.gsub(/0x\h+/, "0x")

w = ObjectSpace::WeakMap.new
p ObjectSpace::WeakMap.ancestors.take(3)
p ObjectSpace::WeakMap.instance_methods(false).sort
p w.respond_to?(:delete), w.size, w.keys, w.values
puts addr_free(w.inspect)

k1 = "key"
k2 = "key"
v1 = "one"
v2 = "two"
p(w[k1] = v1)
w[k2] = v2
p w.size, w[k1].equal?(v1), w[k2].equal?(v2), w["key"]
p w.key?(k1), w.include?(k2), w.member?("key")

# Immediates: fixnums, symbols, nil, true/false, flonums.
w[1] = :one
w[:sym] = 2.5
w[nil] = true
w[false] = nil
w[1.5] = 7
p w[1], w[:sym], w[nil], w[false], w[1.5], w.key?(false), w[2]
p w.size, w.length

# A present key keeps its place when it is set again.
w[k1] = v2
p w.keys.map(&:class), w.values.map { |v| v.is_a?(String) ? v : v.inspect }
p w.keys[0].equal?(k1), w.values[0].equal?(v2)

# Objects are shown by their default to_s, immediates by inspect.
puts addr_free(w.inspect)
class Loud
  def inspect = "LOUD"
  def to_s = "loud"
end
loud = Loud.new
w2 = ObjectSpace::WeakMap.new
w2[loud] = 3
w2[4] = loud
puts addr_free(w2.inspect)
puts addr_free(w2.to_s)

# Iteration yields key and value; each returns the map.
pairs = []
r = w.each { |k, v| pairs << [k.class, v.class] }
p r.equal?(w), pairs
w.each_pair { |k, v| }
keys = []
p w.each_key { |k| keys << k }.equal?(w), keys.size
vals = []
p w.each_value { |v| vals << v }.equal?(w), vals.size
one = []
w2.each { |x| one << x.class }
p one
%i[each each_pair each_key each_value].each do |m|
  w.public_send(m)
rescue LocalJumpError => e
  p [m, e.message]
end

# Enumerable over the pairs.
p w2.to_a.map { |k, v| [k.class, v.class] }, w2.count, w2.include?(4)
p w2.map { |k, v| k.class }, w2.select { |k, v| k == 4 }.size

# Arity, frozen maps, subclasses, dup.
begin
  w[1, 2]
rescue ArgumentError => e
  p e.message
end
begin
  w.key?
rescue ArgumentError => e
  p e.message
end
f = ObjectSpace::WeakMap.new.freeze
f[1] = 2
p f.frozen?, f[1]
class MyMap < ObjectSpace::WeakMap
  def extra = size * 10
end
m = MyMap.new
m[:a] = :b
p m.class, m.extra, m[:a]
puts addr_free(m.inspect)
p w.dup.size, w.dup.class, w.clone.size
p ObjectSpace::WeakMap.allocate.size
