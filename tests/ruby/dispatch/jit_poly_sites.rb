# Call sites that see several receiver classes keep a guard copy per
# class in compiled code: each class's method is called directly, an
# attribute read in place. Then the guards stop holding: one class's
# method redefined, a method added to a superclass above another, a
# module included, more classes than the copies, a singleton method,
# a class's attribute turned into a method.

class Base
  def area = 0
  def scaled(k) = area * k
end

CLASSES = (1..12).map do |i|
  Class.new(Base) do
    attr_reader :w
    define_method(:initialize) { |w| @w = w }
    class_eval("def area = @w * #{i}")
  end
end

def total(objs)
  t = 0
  i = 0
  while i < objs.size
    o = objs[i]
    t += o.area + o.scaled(2) + o.w
    i += 1
  end
  t
end

def pool(k) = Array.new(24) { |j| CLASSES[j % k].new(j) }

p2, p4, p12 = pool(2), pool(4), pool(12)
r = []
50.times { r << total(p2) << total(p4) << total(p12) }
p r.uniq

# One class's method redefined.
CLASSES[1].class_eval { def area = -1 }
p total(p2), total(p4)

# A module included above one class.
module Twice
  def area = super * 2
end
CLASSES[0].include(Twice)
p total(p2), total(p4), total(p12)

# The attribute becomes a method.
CLASSES[2].class_eval { def w = 1000 }
p total(p4), total(p12)

# A singleton method on one object.
o = p2[0]
def o.area = 7
p total(p2)

# A superclass method the others now inherit differently.
class Base
  def scaled(k) = area + k
end
p total(p2), total(p4), total(p12)
50.times { total(p12) }
p total(p2) + total(p4) + total(p12)
