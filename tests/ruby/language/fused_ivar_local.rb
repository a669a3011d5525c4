# `@a = local` as a statement and `local op @a` run as fused instructions;
# their slow paths (first assignment, frozen objects, objects whose ivars
# live outside a plain body, classes, a jump landing on the second slot)
# must behave as the unfused pair.
class Pt
  def initialize(x, y)
    @x = x
    @y = y
  end

  def set(v)
    @x = v
    @y = v
    self
  end

  def sum_with(n)
    s = 0
    i = 0
    while i < n
      s += @x
      s = s - @y
      i += 1
    end
    s
  end

  def pick(c, a)
    b = c ? a : 0
    @x = b
    [a + @x, b]
  end

  def vals = [@x, @y]
end

pt = Pt.new(1, 2)
p pt.vals, pt.sum_with(3)
p pt.set(5).vals, pt.sum_with(4)
p pt.pick(true, 7), pt.pick(nil, 7), pt.vals
big = 2**64
p pt.set(big).sum_with(2)
p pt.set(1.5).sum_with(2)
p pt.set("a").pick(true, "b") rescue p $!.class

# A subclass whose instances got a new ivar later (slot pushed).
class Pt3 < Pt
  def initialize(x, y, z)
    super(x, y)
    @z = z
  end

  def z(v)
    @z = v
    @w = v
    [@z, @w]
  end
end
q = Pt3.new(1, 2, 3)
p q.z(9), q.vals, q.sum_with(2)

# Frozen: the store raises, with this line in the backtrace.
f = Pt.new(3, 4).freeze
begin
  f.set(1)
rescue => e
  p e.class, e.message[/can.t modify frozen \w+/], e.backtrace_locations.first.lineno
end
p f.sum_with(2)

# Ivars of a String subclass and of a class itself.
class Label < String
  def tag(t)
    @tag = t
    n = 1
    [n + @tag.size, @tag]
  end
end
p Label.new("x").tag("abc")

class Conf
  def self.set(v)
    @v = v
    w = 2
    w * @v
  end
end
p Conf.set(21), Conf.instance_variable_get(:@v)

module M
  def mset(v)
    @m = v
    k = 1
    k + @m
  end
end
class UsesM; include M; end
p UsesM.new.mset(4), Object.new.extend(M).mset(5)

# Integer#+ redefined: `local + @ivar` calls it.
class Integer
  alias_method :old_plus, :+
  def +(o) = old_plus(o).old_plus(100)
end
p Pt.new(1, 2).sum_with(1)
class Integer
  alias_method :+, :old_plus
end
p Pt.new(1, 2).sum_with(1)
