# Methods whose body is `@x` alone are read like attr_readers (no frame)
# while their call sites are warm: redefinition, include, prepend, alias,
# removal, visibility changes, other receiver kinds, wrong argument counts
# and blocks must all behave as the plain method would.

class Pt
  def initialize(x, y)
    @x = x
    @y = y
  end

  def x
    @x
  end

  def y
    @y
  end

  def unset
    @never
  end

  def self_x
    x
  end
end

class Pt3 < Pt
  def initialize(x, y, z)
    @z = z
    super(x, y)
  end

  def z
    @z
  end
end

pts = [Pt.new(1, 2), Pt3.new(3, 4, 5), Pt.new(6, 7)]
sum = 0
300.times { |i| p = pts[i % 3]; sum += p.x + p.y }
p sum
p pts.map(&:x), pts.map { |q| q.self_x }
p Pt.new(1, 2).unset
p pts[1].z

# Redefined while warm: a getter of another ivar, then a computed value.
def read_all(pts)
  pts.map { |q| q.x }
end
10.times { read_all(pts) }
class Pt
  def x
    @y
  end
end
p read_all(pts)
class Pt
  def x
    @x * 100
  end
end
p read_all(pts)
class Pt
  def x
    @x
  end
end
p read_all(pts)

# A module included or prepended, an override in a subclass.
module Loud
  def x
    "loud #{super}"
  end
end
class Pt3
  prepend Loud
end
p read_all(pts)
module Quiet
  def y
    :quiet
  end
end
class Pt
  include Quiet
end
p pts.map(&:y)
class Pt3
  def y
    @z
  end
end
p pts.map(&:y)

# Alias, then remove the original; visibility.
class Pt
  alias_method :old_x, :x
  remove_method :x
end
p pts[0].old_x
begin
  pts[0].x
rescue NoMethodError => e
  puts e.message.lines.first.sub(/#<Pt:0x\h+/, "#<Pt")
end
class Pt
  def x
    @x
  end
  private :y
end
begin
  pts[0].y
rescue NoMethodError => e
  puts e.message.lines.first.sub(/#<Pt:0x\h+/, "#<Pt")
end
p pts[0].send(:y)
class Pt
  public :y
end
p pts[0].y

# Argument errors keep the method's frame in the backtrace.
begin
  pts[0].x(1)
rescue ArgumentError => e
  puts e.message.lines.first.sub(/#<Pt:0x\h+/, "#<Pt")
  puts e.backtrace[0].sub(/^.*?:/, "LINE:")
end
p pts[0].x { :ignored }
blk = proc { :ignored }
p pts[0].x(&blk)
p pts[0].x(*[])

# Other receivers: a getter inherited by a String subclass or an exception.
class Name < String
  def initialize(s)
    super
    @tag = :t
  end

  def tag
    @tag
  end
end
class Oops < StandardError
  def initialize(msg)
    super
    @code = 42
  end

  def code
    @code
  end
end
module Tagged
  def tag
    @tag
  end
end
o = Object.new
o.extend(Tagged)
o.instance_variable_set(:@tag, :obj)
things = [Name.new("a"), o, Oops.new("m"), Name.new("b")]
p things.map { |t| t.respond_to?(:tag) ? t.tag : t.code }
p Oops.new("x").code
f = Pt.new(9, 8).freeze
p f.x
p Pt.instance_method(:x).bind(Pt3.new(7, 0, 0)).call
p Pt.new(5, 0).method(:x).call
p Pt.new(5, 0).public_send(:x)
