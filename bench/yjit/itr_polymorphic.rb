# itr_polymorphic: one call site seeing six receiver classes, written for the
# yjit-bench harness.  Each iteration makes 300,000 calls.
require_relative '../harness/loader'

module Shape
  def scaled_area(k)
    area * k # the polymorphic call site
  end
end

class Square
  include Shape
  def initialize(s) = @s = s
  def area = @s * @s
end

class Rect
  include Shape
  def initialize(w, h) = (@w = w; @h = h)
  def area = @w * @h
end

class Tri
  include Shape
  def initialize(b, h) = (@b = b; @h = h)
  def area = @b * @h / 2
end

class Circle
  include Shape
  def initialize(r) = @r = r
  def area = 3 * @r * @r
end

class Hexagon
  include Shape
  def initialize(s) = @s = s
  def area = 5 * @s * @s / 2
end

class Dot
  include Shape
  def area = 0
end

SHAPES = [Square.new(3), Rect.new(2, 5), Tri.new(4, 3), Circle.new(2), Hexagon.new(2), Dot.new]

last = nil
run_benchmark(20) do
  sum = 0
  i = 0
  while i < 300_000
    sum += SHAPES[i % 6].scaled_area(i & 7)
    i += 1
  end
  last = sum
end
puts "sum = #{last}"
