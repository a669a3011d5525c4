# dup/clone of a String, Array or Hash: the copy starts empty and its
# initialize_copy (replace) fills it, so a subclass's override decides;
# a copied Hash keeps its table (defaults, compare_by_identity, removed
# entries, colliding hash codes).
class H < Hash; def initialize_copy(o); end; end
class A < Array; def initialize_copy(o); end; end
class S < String; def initialize_copy(o); end; end
class H2 < Hash; def initialize_dup(o); end; end
class A2 < Array; def initialize_copy(o); super; push(:copied); end; end
p H[1, 2].dup, A[1, 2].dup, S.new("ab").dup, H2[1, 2].dup, A2[1].dup, A2[1].clone
p H[1, 2].clone, A[1, 2].clone, S.new("ab").clone

h = {"a" => 1, [1] => 2}
h.default = 5
d = h.dup
p d, d["zz"], d.frozen?
h2 = {}.compare_by_identity
s = "x"
h2[s] = 1
c = h2.dup
p c.compare_by_identity?, c[s], c["x"]
f = {a: 1}.freeze
p f.dup.frozen?, f.clone.frozen?, f.clone(freeze: false).frozen?
hp = Hash.new { |hh, k| hh[k] = k * 2 }
p hp.dup[3]
big = (1..50).to_h { |i| [i, i] }
big.delete(3)
dd = big.dup
dd[51] = 1
p dd.size, big.size, dd[50], dd[3], dd.keys.first(4)
p "héllo".b.dup.encoding, "abc".freeze.dup.frozen?, [1, 2].freeze.dup.frozen?
r = {}
r.replace(big)
p r.size, r[40], r.equal?(big)

# Keys whose hash codes collide, in a table past its small size.
class K
  attr_reader :v
  def initialize(v) = @v = v
  def hash = 1
  def eql?(o) = o.v == v
end
t = {}
ks = (1..40).map { |i| K.new(i) }
ks.each_with_index { |k, i| t[k] = i }
p t.size, t[K.new(7)], t[K.new(41)]
ks.first(20).each { |k| t.delete(k) }
p t.size, t[K.new(7)], t[K.new(30)]
ks.first(10).each { |k| t[k] = 0 }
u = t.dup
p u.size, u[K.new(5)], u[K.new(30)]
u.delete(K.new(30))
p u.size, t.size, t[K.new(30)], u[K.new(30)]
