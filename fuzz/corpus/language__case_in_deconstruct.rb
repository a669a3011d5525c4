# Pattern matching against objects with deconstruct/deconstruct_keys and Struct
Point = Struct.new(:x, :y)
class Vec
  attr_reader :a, :b
  def initialize(a, b) = (@a, @b = a, b)
  def deconstruct = [a, b]
  def deconstruct_keys(keys)
    puts "keys requested: #{keys.inspect}"
    {a: a, b: b}
  end
end
case Point.new(1, 2)
in [x, y] then puts "array-like #{x},#{y}"
end
case Point.new(3, 4)
in {x:, y:} then puts "hash-like #{x},#{y}"
end
case Point.new(0, 9)
in Point(x: 0, y:) then puts "on y axis at #{y}"
end
case Vec.new(5, 6)
in Vec[a, b] then puts "Vec[#{a}, #{b}]"
end
case Vec.new(7, 8)
in {a: 7, b:} then puts "b=#{b}"
end
case Vec.new(1, 1)
in {a:, **rest} then p rest
end
case [1, [2, [3, 4]]]
in [Integer => a, [Integer => b, [*, 4 => c]]]
  p [a, b, c]
end
