# Value vs reference semantics: mutation through aliases, frozen literals, default args
def append!(list, x) = list << x
def append(list, x) = list + [x]
a = [1]
append!(a, 2)
b = append(a, 3)
p a, b
def default_arg(x = []) = (x << 1)
p default_arg, default_arg
s = "abc"
t = s
t += "d"
p s, t
u = s
u << "e"
p s
h = {list: []}
h2 = h.dup
h2[:list] << 1
p h
h3 = {list: h[:list].dup}
h3[:list] << 2
p h, h3
class Pt
  attr_accessor :x
  def initialize(x) = @x = x
end
p1 = Pt.new(1)
p2 = p1
p2.x = 5
p p1.x
