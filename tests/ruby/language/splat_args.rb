# Splat arguments: a call's last `*x` is passed uncopied and spread by the
# callee; other shapes gather one new Array. Index and attribute
# assignments with a splat (their value joins the argument Array).
def rest(*r) = r
def lead_rest(a, *r) = [a, r]
def opt(a, b = :dflt, *r, c) = [a, b, r, c]
def two(a, b) = [a, b]
def kw(a, *r, k: 0, **o) = [a, r, k, o]
def blk(*r, &b) = [r, b && b.call(:q)]

x = [1, 2]
p rest(*x), rest(1, *x), rest(*x, 3), rest(*x, *x), rest(0, *x, 3, *x)
p lead_rest(*x), lead_rest(0, *x), opt(*x), opt(*x, 3), opt(1, *x, 4, 5)
p two(*x), two(1, *[2]), kw(*x), kw(*x, k: 5), kw(0, *x, z: 1)
p rest(*nil), rest(*1), rest(*"s"), rest(*(1..3)), rest(*{a: 1})
p blk(*x) { :b }, blk(*x, &nil), blk(*x, &:to_s)

# The callee's rest parameter is a new Array: changing it leaves x alone,
# and changing x afterwards leaves the received one alone.
r = rest(*x)
r << 9
p x, r, r.equal?(x)
def keep(*r) = (@kept = r)
keep(*x)
x << 3
p @kept, x
x.pop

# An object with to_a, one whose to_a returns nil, one returning junk.
class ToA; def to_a = [:a, :b]; end
class NilToA; def to_a = nil; end
class BadToA; def to_a = 5; end
p rest(*ToA.new), rest(1, *ToA.new)
p rest(*NilToA.new).size
begin
  rest(*BadToA.new)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end

# Array subclasses are spread as Arrays.
class MyArr < Array; end
m = MyArr[4, 5]
p rest(*m), rest(*m).class, lead_rest(*m)

# Wrong counts through a splat.
[[], [1], [1, 2, 3]].each do |args|
  two(*args)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end

# A trailing Hash in the splat is positional.
p rest(*[1, {a: 2}]), kw(*[1, {a: 2}])

# send / __send__ / public_send, method_missing, super, yield.
class Target
  def id(*a) = [:id, a]
  def method_missing(name, *args, &b)
    return super unless name.to_s.start_with?("dyn_")
    [name, args, b && b.call]
  end
  def respond_to_missing?(n, p = false) = n.to_s.start_with?("dyn_") || super
end
t = Target.new
p t.send(:id, *x), t.__send__(:id, 0, *x), t.public_send(*[:id, 7])
p t.dyn_a(*x), t.dyn_b(0, *x) { 1 }, t.send(:dyn_c, *x)
begin
  t.nope(*x)
rescue NoMethodError => e
  puts "NoMethodError: #{e.name} #{e.args.inspect}"
end

class Proxy < BasicObject
  def initialize(t) = @t = t
  def method_missing(n, *a, &b) = @t.__send__(n, *a, &b)
end
pr = Proxy.new(t)
p pr.id(*x), pr.dyn_z(*x) { :blk }, pr.id

class Base; def m(*a) = [:base, a]; end
class Sub < Base
  def m(*a) = super(*a, :extra)
  def n(*a) = method(:m).call(*a)
end
p Sub.new.m(*x), Sub.new.n(*x)

def yielder(*a) = yield(*a)
p yielder(*x) { |a, b| [a, b] }, yielder(*x) { |a| a }, yielder(x) { |a, b| [a, b] }
p yielder(*x) { |*r| r }, yielder { |a| a }

# Index and attribute assignments with splats.
class Store
  def initialize = @log = []
  attr_reader :log
  def [](*a) = (@log << [:get, a]; 1)
  def []=(*a)
    @log << [:set, a]
    :setter_result
  end
  def attr=(v)
    @log << [:attr=, v]
    :setter_result
  end
end
s = Store.new
s[*x] += 1
s[*x] ||= 5
s[*x] &&= 6
s[0, *x] -= 1
s[*x, 0] *= 2
s[*x], y = 7, 8
s[*x] = 9
s[*x, 1] = 10
p((s[*x] = 11), (s[0, *x] = 12), (s.attr = *x), (s&.attr = 13), (s[1] = *x))
n = nil
p((n&.attr = 14))
s.log.each { |l| p l }
p x

# Huge splats: a SystemStackError, not a crash.
big = Array.new(2_000_000, 0)
begin
  rest(*big)
  puts "big splat ok"
rescue SystemStackError => e
  puts "SystemStackError"
end
def lead_big(a, *r) = r.size
p lead_big(*big)
def two_big(a, b) = :no
begin
  two_big(*big)
rescue SystemStackError
  puts "SystemStackError"
end
begin
  [].push(*big)
rescue SystemStackError
  puts "SystemStackError"
end
def yield_big = yield(*Array.new(2_000_000, 1))
p yield_big { |*r| r.size }
p yield_big { |a, *r| r.size }
