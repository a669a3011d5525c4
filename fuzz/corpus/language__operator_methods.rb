# User-defined operator methods: binary, unary, [], []=, <<, coerce, ! and !=
class Vec
  attr_reader :x, :y
  def initialize(x, y) = (@x, @y = x, y)
  def +(o) = Vec.new(x + o.x, y + o.y)
  def -(o) = Vec.new(x - o.x, y - o.y)
  def *(k) = Vec.new(x * k, y * k)
  def -@ = Vec.new(-x, -y)
  def +@ = self
  def ~ = Vec.new(y, x)
  def [](i) = i == 0 ? x : y
  def []=(i, v)
    i == 0 ? @x = v : @y = v
  end
  def ==(o) = o.is_a?(Vec) && x == o.x && y == o.y
  def <<(v) = (@x += v; self)
  def to_s = "(#{x}, #{y})"
  def coerce(n) = [Vec.new(n, n), self]
  def !
    x.zero? && y.zero?
  end
end
a = Vec.new(1, 2)
b = Vec.new(3, 5)
puts a + b, a - b, a * 3, -a, +a, ~a
p a[0], a[1]
a[1] = 10
puts a
p a == Vec.new(1, 10), a != Vec.new(1, 10)
a << 5 << 5
puts a
p !Vec.new(0, 0), !a
puts 2 + Vec.new(1, 1) rescue p $!.class
