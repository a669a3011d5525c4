# Method objects: call, arity, owner, receiver, unbind/bind, to_proc, curry
class Calc
  def initialize(base) = @base = base
  def add(x, y = 0) = @base + x + y
  def inspect = "#<Calc #{@base}>"
end
c = Calc.new(10)
m = c.method(:add)
p m.call(1), m.(1, 2), m[3]
p m.arity, m.name, m.owner, m.receiver
um = m.unbind
p um.class, um.name
p um.bind(Calc.new(100)).call(1)
p um.bind_call(Calc.new(1000), 1)
p [1, 2, 3].map(&c.method(:add))
pr = m.to_proc
p pr.lambda?, pr.call(5)
p method(:puts).owner
p 5.method(:+).call(3)
p [1, 2].method(:map).unbind.bind([3, 4]).call { _1 * 2 }
p m.parameters
p Calc.instance_method(:add).bind(c).call(1)
begin
  Calc.instance_method(:add).bind("str")
rescue TypeError => e
  p e.message
end
def top(a, b) = a * b
p method(:top).curry[3][4]
p m.super_method
