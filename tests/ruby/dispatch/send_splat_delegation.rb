# Delegation through send/__send__/public_send with a splat, from warm
# sites: no arguments, plain ones, a trailing Hash (keywords only when
# a keyword splat forwards them), a block, wrong counts, a subclass of Array,
# and the target redefined while the sites stay warm.
class Target
  def none = :none
  def one(a) = [:one, a]
  def many(*a) = [:many, a]
  def kw(a = nil, k: 0) = [:kw, a, k]
  def blk(x) = yield(x)
  def hash_last(h) = [:hash_last, h]
end

class Proxy
  def initialize(t) = @t = t

  def method_missing(name, *args, &block)
    @t.__send__(name, *args, &block)
  end

  def respond_to_missing?(n, p = false) = @t.respond_to?(n, p)
end

class KwProxy
  def initialize(t) = @t = t

  def method_missing(name, *args, **kw, &block)
    @t.send(name, *args, **kw, &block)
  end
end

t = Target.new
pr = Proxy.new(t)
kp = KwProxy.new(t)
r = []
30.times do |i|
  r << pr.none << pr.one(i) << pr.many << pr.many(1, 2, i) << pr.blk(i) { |x| x * 2 }
  r << pr.hash_last({ a: i }) << pr.kw(1) << kp.kw(2, k: i) << kp.many(1, { z: 1 })
end
p r.last(9), r.size
begin
  pr.one
rescue ArgumentError => e
  p [:few, e.message]
end
begin
  pr.one(1, 2)
rescue ArgumentError => e
  p [:many, e.message]
end
begin
  pr.none(1)
rescue ArgumentError => e
  p [:none, e.message]
end
begin
  pr.kw(1, { k: 5 })
rescue ArgumentError => e
  p [:kw_hash, e.message]
end
p kp.kw(1, k: 5)

class MyArray < Array; end
def via_subclass(t, a) = t.send(:many, *a)
p via_subclass(t, MyArray[1, 2])
args = [:one, 7]
p t.send(*args), t.__send__(*args), t.public_send(*args)
big = (1..40).to_a
p t.send(:many, *big).last.size

# The target changes while the delegating sites are warm.
class Target
  def none = :none_again
  def one(a, b = :default) = [:one2, a, b]
end
p pr.none, pr.one(3)
class Target
  private def none = :private_none
end
p pr.none
begin
  t.public_send(:none)
rescue NoMethodError => e
  p [:public_send, e.name]
end
Target.send(:remove_method, :none)
begin
  pr.none
rescue NoMethodError => e
  p [:removed, e.name]
end
