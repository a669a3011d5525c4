# Getter methods (`def x; @x; end`) are read without a frame from warm
# call sites, with and without a receiver; every change to them while
# the sites are warm must show.
class Point
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

  def sum
    x + y
  end

  def unset
    @never_set
  end
end

def read_all(pts)
  pts.map { |pt| [pt.x, pt.y, pt.sum, pt.unset] }
end

pts = [Point.new(1, 2), Point.new(3, 4)]
3.times { p read_all(pts) }

# Redefined as a computed method, then back to a getter of another ivar.
class Point
  def x
    @x * 10
  end
end
p read_all(pts)
class Point
  def x
    @y
  end
end
p read_all(pts)

# An attr_reader takes its place.
class Point
  attr_reader :x
end
p read_all(pts)

# Private: the receiver call raises, the receiverless one in `sum` works.
class Point
  def y
    @y
  end
  private :y
end
pts.each do |pt|
  begin
    pt.y
  rescue NoMethodError => e
    p [e.class, e.name]
  end
  p pt.sum
end
class Point
  public :y
end
p read_all(pts)

# Removed: the superclass's method answers.
class Base
  def x
    :base_x
  end
end
class Sub < Base
  def initialize
    @x = :own
  end

  def x
    @x
  end
end
s = Sub.new
3.times { p s.x }
class Sub
  remove_method :x
end
p s.x

# A module prepended over the getter.
module Doubled
  def y
    super * 2
  end
end
Point.prepend(Doubled)
p read_all(pts)

# A singleton getter on one object only.
q = Point.new(5, 6)
def q.x
  100
end
p read_all([q, pts[0]])

# Objects that are not plain (an Array subclass with ivars) take the
# general path.
class Tagged < Array
  def initialize(tag)
    super()
    @tag = tag
  end

  def tag
    @tag
  end
end
t = Tagged.new(:t)
3.times { p t.tag }

# Frozen objects read fine; an object without the ivar reads nil.
f = Point.new(7, 8).freeze
p read_all([f])
class Point
  def z
    @z
  end
end
p pts.map(&:z)
