# A warm call site keeps answering correctly when the classes it cached
# die and new classes (same shape, same method names) take their place:
# each call must reach the new class's method (issue 29). Also ivar reads
# through one shared method on classes with different ivar layouts.
def call(o) = o.v
def call2(o) = o.v

results = []
12.times do |i|
  k = Class.new
  k.class_eval "def v = #{i}"
  3.times { call(k.new) }
  results << call(k.new) << call2(k.new)
  k = nil
  GC.start
end
p results

module Reader
  def get = @a
  def both = [@a, @b]
end
got = []
12.times do |i|
  k = Class.new { include Reader }
  if i.even?
    k.define_method(:initialize) { @a = i; @b = :even }
  else
    k.define_method(:initialize) { @b = :odd; @a = i }
  end
  o = k.new
  got << o.get << o.both
  k = o = nil
  GC.start
end
p got

# Singleton methods on fresh objects at one site.
s = []
10.times do |i|
  o = Object.new
  o.instance_variable_set(:@n, i)
  o.define_singleton_method(:n) { @n * 10 }
  def o.m = n + 1
  s << o.m
  GC.start
end
p s

# Struct classes made and dropped, read through one site.
def sum(x) = x.a + x.b
t = 0
300.times { |i| t += sum(Struct.new(:a, :b).new(i, 1)) }
p t
GC.start
p Struct.new(:b, :a).new(1, 2).a
