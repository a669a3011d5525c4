# Struct reader/writer fast paths (no frame) at warm sites, replaced by
# a def, by attr_accessor, by a prepended module, and on a singleton
Pair = Struct.new(:left, :right)
def get(o) = o.left
def set(o, v) = (o.left = v)
def self_get(o) = o.instance_eval { left }
a = Pair.new(1, 2)
b = Pair.new(3, 4)
5.times { |i| set(a, i); get(a); self_get(a) }
p get(a), self_get(a), set(b, 9), b.left
class Pair
  def left = [:def, self[:left]]
end
p get(a), self_get(a)
class Pair
  def left=(v)
    self[:left] = v * 2
  end
end
p set(a, 5), a[:left]
class Pair
  attr_accessor :left
end
a.left = :ivar
p get(a), a[:left], a.to_a
Other = Struct.new(:right, :left)
o = Other.new(:r, :l)
5.times { get(o); set(o, :w) }
p get(o), o.to_a
def o.left = :singleton
p get(o), get(Other.new(1, 2))
module Wrap
  def left = [:wrapped, super]
  def left=(v)
    super([:set, v])
  end
end
Other.prepend(Wrap)
p get(Other.new(1, 2)), set(o, 3), o.to_a
frozen = Other.new(1, 2).freeze
begin
  set(frozen, 1)
rescue => e
  p e.class
end
