# Multiple assignment: splat, nested, swap, excess values, attr/index targets
a, b = 1, 2
p [a, b]
a, b = b, a
p [a, b]
a, b, c = [10, 20]
p [a, b, c]
a, *b = 1, 2, 3
p [a, b]
*a, b = 1, 2, 3
p [a, b]
a, (b, c), d = 1, [2, 3], 4
p [a, b, c, d]
a, (b, *c), d = 1, [2, 3, 4], 5
p [a, b, c, d]
x = (y, z = 5, 6)
p x, y, z
a = *nil
p a
a = *1
p a
a, = [9, 8]
p a
class Box
  attr_accessor :v, :w
end
bx = Box.new
arr = [0, 0, 0]
h = {}
bx.v, arr[1], h[:k], bx.w = :one, :two, :three
p bx.v, arr, h, bx.w
first, second = "a b".split
p second
m, n = {a: 1}.first
p [m, n]
