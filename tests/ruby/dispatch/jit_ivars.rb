# Ivars and attributes read and written by compiled code in place, then
# every way the guard (the object's class through the ivar cache, its
# body a plain object's, not frozen) stops holding: another class
# through a shared module method, a singleton class, a frozen object, an
# object with more ivars than its Vec had room for, ivars removed, a
# Struct and an Exception (not plain objects), attr_reader on Integer.

module Sum
  def total = @a + @b
  def bump(k)
    @a += k
    @b = @b + k
    self
  end
end

class P
  include Sum
  attr_accessor :a, :b
  def initialize(a, b)
    @a = a
    @b = b
  end
  def both = [a, b]
  def get_a = @a
  def set_c(v) = @c = v
  def get_c = @c
end

class Q
  include Sum
  attr_reader :b
  def initialize(b, a)
    @b = b
    @a = a
  end
end

def read_attr(o) = o.a
def write_attr(o, v)
  o.a = v
end

def loop_over(objs)
  s = 0
  i = 0
  while i < objs.size
    s += objs[i].total
    i += 1
  end
  s
end

ps = (1..20).map { |i| P.new(i, i * 2) }
30.times { |k| ps.each { |x| x.bump(1); read_attr(x); write_attr(x, read_attr(x) + 0) } }
p loop_over(ps)
p ps[0].both

# Another class with the same ivars in other slots.
qs = (1..5).map { |i| Q.new(i, 100 + i) }
p loop_over(qs)
p loop_over(ps + qs)
p qs.map { |q| q.bump(2).total }

# A singleton class.
s = P.new(7, 8)
def s.extra = 1
p s.total, s.bump(3).total, read_attr(s)
write_attr(s, 50)
p s.a

# Frozen: the writes raise as in the interpreter.
f = P.new(1, 2).freeze
p f.total, read_attr(f)
begin
  f.bump(1)
rescue => e
  p e.class
end
begin
  write_attr(f, 3)
rescue => e
  p e.class
end
p f.both

# A new ivar past the ones set in initialize (the Vec grows).
many = (1..40).map { |i| P.new(i, i) }
many.each_with_index { |m, i| m.set_c(i) }
p many.sum(&:get_c)
p P.new(0, 0).get_c

# Removed and reset.
r = P.new(3, 4)
r.remove_instance_variable(:@a)
p r.get_a, r.instance_variables
r.instance_variable_set(:@a, 9)
p r.get_a, r.total

# Not plain objects.
St = Struct.new(:a, :b) do
  include Sum
end
st = St.new(1, 2)
p st.total rescue p $!.class
e = RuntimeError.new("x")
e.instance_variable_set(:@a, 5)
e.instance_variable_set(:@b, 6)
e.extend(Sum)
p e.total

class Integer
  attr_reader :zz
end
p read_attr(P.new(11, 12)), (5.zz rescue $!.class)
p ps.map(&:total).sum, qs.sum(&:b)
