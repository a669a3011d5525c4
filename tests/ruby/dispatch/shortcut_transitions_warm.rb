# Warm call sites whose entries take shortcuts (bytecode methods with exact
# arguments, attr readers/writers, getters, Struct members, builtins), then
# every change that must take the shortcut away or give it back: visibility,
# redefinition with other parameters, attr <-> method swaps, a prepend, an
# alias, a removal, a block literal at a reader site, and call tracing.
class Pt
  attr_accessor :x
  def initialize(x) = @x = x
  def y; @x; end
  def add(o) = Pt.new(@x + o.x)
  def size2 = [@x, @x].size
end

S = Struct.new(:a, :b)

def drive(pt, s, n)
  out = []
  n.times do
    out << pt.x << pt.y << pt.add(pt).x << pt.size2
    pt.x = pt.x
    out << s.a << (s.b = 3)
    out << pt.x { :ignored }
  end
  out.uniq
end

pt = Pt.new(2)
s = S.new(1, 2)
p drive(pt, s, 20)

class Pt
  private :y
end
begin
  drive(pt, s, 3)
rescue NoMethodError => e
  puts e.message.sub(/0x\h+/, 'X')
end
class Pt
  public :y
  def add(o, k = 10) = Pt.new(@x + o.x + k)
end
p drive(pt, s, 3)

module Twice
  def x = super * 2
end
Pt.prepend(Twice)
p drive(pt, s, 3)

class Pt
  alias_method :y, :size2
  def size2(extra = 1) = extra
end
p drive(pt, s, 3)

class S
  def a = :redefined
end
p drive(pt, s, 3)

calls = 0
tp = TracePoint.new(:call, :c_call) { calls += 1 }
tp.enable
r = drive(pt, s, 2)
tp.disable
p r, calls > 10
p drive(pt, s, 3)

class Pt
  remove_method :add
end
begin
  drive(pt, s, 2)
rescue NoMethodError => e
  puts e.message.sub(/0x\h+/, 'X')
end
