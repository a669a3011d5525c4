# ivar_objects: small value objects with attr_accessor and ivars, used
# the way geometry and money classes are (`Point#add` returns a new
# Point, `scale!` updates in place, `dot` reads the other's accessors).
# Measures: ivar reads and writes in methods, attr_accessor calls on
# another object, and allocation of short-lived objects with ivars.
# bench-size: 2000000
# bench-quick: 30000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 2_000_000).to_i

class Point
  attr_accessor :x, :y

  def initialize(x, y)
    @x = x
    @y = y
  end

  def add(o) = Point.new(@x + o.x, @y + o.y)

  def scale!(k)
    @x *= k
    @y *= k
    self
  end

  def dot(o) = @x * o.x + @y * o.y
end

step = Point.new(1, 2)
p = Point.new(0, 0)
sum = 0
i = 0
while i < n
  p = p.add(step)
  q = Point.new(i & 15, 3).scale!(2)
  sum += p.dot(q) & 0xffff
  p.x = p.x & 0xfff
  i += 1
end
puts "sum=#{sum} p=#{p.x},#{p.y}"
