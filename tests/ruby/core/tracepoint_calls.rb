# TracePoint events for entering and leaving methods, blocks and class
# bodies: their lines, method ids, classes, self, return values and
# parameters.
class Shape
  def initialize(sides)
    @sides = sides
  end

  def area(w, h = 2, *rest, k: 1, &blk)
    w * h
  end

  def self.make
    new(3)
  end

  def early(x)
    return :early if x
    :late
  end

  def each_side
    @sides.times { |i| yield i }
  end

  alias surface area

  def inspect = "#<Shape>"
end

module Greeter
  def greet(name) = "hi #{name}"
end

class Shape
  include Greeter
  define_method(:dm) { |a| a * 2 }
end

def thrower
  raise ArgumentError, "no"
end

def breaker
  [1, 2, 3].each { |x| break x * 10 if x == 2 }
end

events = []
tp = TracePoint.new(:call, :return, :b_call, :b_return, :class, :end) do |t|
  next unless t.path == __FILE__
  e = [t.event, t.lineno, t.method_id, t.callee_id, t.defined_class, t.self.class]
  e << t.return_value if %i[return b_return].include?(t.event)
  e << t.parameters if %i[call b_call].include?(t.event)
  events << e
end

tp.enable
s = Shape.make
s.area(3)
s.surface(1, 2)
s.early(true)
s.early(false)
s.each_side { |i| i }
s.greet("bob")
s.dm(4)
class Shape
  X = 1
end
begin
  thrower
rescue ArgumentError
end
breaker
l = ->(q) { q }
l.call(5)
pr = proc { |a, b| [a, b] }
pr.call(1)
tp.disable
events.each { |e| p e }
