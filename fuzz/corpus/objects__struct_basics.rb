# Struct: members, accessors, to_a, ==, inspect, keyword_init, methods block
Point = Struct.new(:x, :y) do
  def dist = Math.sqrt(x * x + y * y)
  def to_s = "(#{x},#{y})"
end
a = Point.new(3, 4)
p a
p a.x, a[1], a[:x], a["y"]
p a.dist
p a.to_a, a.members, Point.members
p a == Point.new(3, 4), a.eql?(Point.new(3, 4)), a == Point.new(3, 5)
a.x = 10
p a, a.to_h
puts a
x, y = *a
p x, y
p Point.new(1)
KW = Struct.new(:name, :age, keyword_init: true)
k = KW.new(name: "al", age: 3)
p k
p KW.new(name: "z")
begin
  Point.new(1, 2, 3)
rescue ArgumentError => e
  p e.message
end
p a.each.to_a, a.size
p Point.new(1, 2).hash == Point.new(1, 2).hash
h = {Point.new(1, 2) => :found}
p h[Point.new(1, 2)]
p Point.superclass, Point.ancestors.include?(Enumerable)
p a.values, a.deconstruct_keys([:x])
Pair = Struct.new(:left, :right)
p Pair.new([1], {a: 2})
