# Struct member readers and writers: warm call sites, redefinition,
# subclassing, frozen structs, reflection, super into an accessor.
Point = Struct.new(:x, :y) do
  def sum = x + y
  def scale!(k)
    self.x = x * k
    self.y = y * k
    self
  end
end

pt = Point.new(1, 2)
acc = 0
i = 0
while i < 50
  pt.x = i
  acc += pt.x + pt.y + pt.sum
  i += 1
end
p acc
p pt.scale!(3).to_a
p pt[0], pt[:y], pt["x"]
pt[:y] = 10
p pt.y, pt.to_a, pt == Point.new(147, 10), pt.members

# arity and parameters
p Point.instance_method(:x).arity, Point.instance_method(:x=).arity
p Point.instance_method(:x).parameters, Point.instance_method(:x=).parameters
p Point.instance_method(:x).owner, Point.instance_method(:x).source_location

# wrong argument counts
begin
  pt.x(1)
rescue ArgumentError => e
  p e.message
end
begin
  pt.send(:x=, 1, 2)
rescue ArgumentError => e
  p e.message
end
args = [5]
p pt.send(:x=, *args), pt.x
p pt.public_send(:y), pt.method(:x).call, pt.method(:y=).call(7), pt.y

# frozen
fz = Point.new(1, 2).freeze
3.times do
  begin
    fz.x = 9
  rescue FrozenError => e
    p [e.class, e.message]
  end
end
p fz.x

# a warm site, then the accessor redefined (in the class, then a singleton)
def read_x(o) = o.x
def write_x(o, v) = (o.x = v)
q = Point.new(4, 5)
3.times { read_x(q); write_x(q, 6) }
class Point
  def x = :redefined
end
p read_x(q)
module Loud
  def x = [:loud, super]
end
P2 = Struct.new(:x)
p2 = P2.new(11)
3.times { read_x(p2) }
P2.prepend(Loud)
p read_x(p2)
def q.x = :singleton
p read_x(q), read_x(Point.new(8, 9))
class Point
  def x=(v)
    self[:y] = v * 100
  end
end
p write_x(q, 2), q.y, q.to_a

# subclass overriding with super
class Point3 < Struct.new(:x, :y)
  def y = super + 1000
  def x=(v)
    super(v * 10)
  end
end
r = Point3.new(1, 2)
p r.y, r.x, r.to_a
3.times { |j| write_x(r, j) }
p r.x, r.to_a

# keyword_init
KP = Struct.new(:a, :b, keyword_init: true)
k = KP.new(a: 1, b: 2)
k.b = 20
p k.a, k.b, k.to_h
p KP.new(a: 5).b

# allocate: members are nil
al = Point.allocate
p al.y

# method_added fires for each accessor
class Module
  def watched = @watched ||= []
end
Watched = Struct.new(:m, :n) do
  def self.method_added(name)
    (@added ||= []) << name
  end
  def self.added = @added
end
p Watched.added

# an alias of an accessor keeps reading the member
class Point
  alias_method :yy, :y
end
p Point.new(1, 42).yy
