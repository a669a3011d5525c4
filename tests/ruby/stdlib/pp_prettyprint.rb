# The real pp: nested structures wrapped at 80 columns, pretty_inspect,
# custom pretty_print, PP.pp with a width, cycles.
require "pp"
data = { name: "carmine", list: (1..30).to_a, nested: { a: [1, 2, { b: "c" * 30 }], d: nil } }
pp data
s = data.pretty_inspect
p s.lines.size
Point = Struct.new(:x, :y)
pp Point.new(1, 2), [Point.new(3, 4)] * 3
class Box
  def initialize(v) = @v = v
  def pretty_print(q)
    q.group(1, "Box(", ")") { q.pp @v }
  end
end
pp Box.new([1, 2, 3])
out = +""
PP.pp({ key: "value" * 5, other: [1] * 10 }, out, 30)
puts out
a = [1, 2]
a << a
pp a
h = { k: 1 }
h[:self] = h
pp h
p pp(1, 2)
