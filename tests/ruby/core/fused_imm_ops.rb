# The fused immediate forms (`x & 7`, `x * 3`, `x / 100`, `x % 7`) and
# `@n += 1` as a statement: fast paths on Fixnums, and every way out of
# them (Floats, Bignums, negatives, other receivers, nil ivars, frozen
# objects, redefined Integer operators) behaving as the plain instructions.

def show(label)
  puts "#{label}: #{yield.inspect}"
rescue => e
  puts "#{label}: #{e.class}: #{e.message}"
end

[0, 1, -1, 7, -7, 1023, -1024, 99, -99, 100, -100, 101, -101,
 2**61, -(2**61), 2**62 - 1, -(2**62), 2**64, -(2**64)].each do |x|
  puts [x, x & 7, x & 1023, x * 3, x * -3, x / 100, x % 100, x / 7, x % 7, x / 1, x % 1].inspect
end
[1.5, -2.25, 100.0].each do |x|
  puts [x * 3, x / 100, x % 7].inspect
end
show("nil & 7") { nil & 7 }
show("true & 7") { true & 7 }
show("str * 3") { "ab" * 3 }
show("arr * 2") { [1, 2] * 2 }
show("str % 7") { "%d" % 7 }
show("x / 0") { x = 5; x / 0 }
show("x % 0") { x = 5; x % 0 }
show("float / 0") { x = 5.0; x / 0 }
show("sym * 3") { :a * 3 }
show("rational / 3") { Rational(1, 2) / 3 }

class Counter
  attr_reader :n, :f
  def initialize
    @n = 0
    @f = 0.5
  end

  def bump
    @n += 1
    @n -= 3
    @n += 5
    self
  end

  def bump_f
    @f += 1
    @f
  end

  def bump_missing
    @missing += 1
    :unreachable
  end

  def bump_big
    @n += 2**30
    @n
  end

  def set(v)
    @n = v
    self
  end
end

c = Counter.new
3.times { c.bump }
p c.n
p c.bump_f
show("nil ivar") { c.bump_missing }
c.set(2**62 - 3).bump
p c.n, c.n.class
c.set(-(2**62)).bump
p c.n
c.set(2**62 - 2**30).bump_big
p c.n
c.set("s")
show("string ivar") { c.bump }
c.set(1.0).bump
p c.n
c.set(0)
c.freeze
begin
  c.bump
rescue FrozenError => e
  puts "frozen: #{e.class}"
end
p c.n

# Another class at the same call site (the ivar cache misses).
class Other < Counter
  def initialize
    @pad = 1
    super
  end
end
o = Other.new
4.times { o.bump; c.frozen? || c.bump }
p o.n

# Struct-like objects and singletons.
s = Object.new
def s.tick
  @t ||= 0
  @t += 2
  @t
end
3.times { s.tick }
p s.tick

# Redefined Integer operators: every fused form calls them.
class Integer
  alias_method :orig_plus, :+
  alias_method :orig_minus, :-
  alias_method :orig_and, :&
  alias_method :orig_mult, :*
  alias_method :orig_div, :/
  alias_method :orig_mod, :%
  def +(o) = orig_plus(o).orig_plus(1000)
  def -(o) = orig_minus(o).orig_minus(1000)
  def &(o) = :and
  def *(o) = :mult
  def /(o) = :div
  def %(o) = :mod
end
x = 12
p [x & 7, x * 3, x / 100, x % 7]
d = Counter.new
d.bump
p d.n
class Integer
  alias_method :+, :orig_plus
  alias_method :-, :orig_minus
  alias_method :&, :orig_and
  alias_method :*, :orig_mult
  alias_method :/, :orig_div
  alias_method :%, :orig_mod
end
d.bump
p d.n
p [x & 7, x * 3, x / 100, x % 7]
