# Class#new on plain classes whose initialize is Ruby code: what new
# returns, what initialize sees, and the backtraces, returns, throws and
# breaks that cross it, warm (the sites run many times) and after
# initialize, new or allocate are redefined.

class Point
  attr_reader :x, :y
  def initialize(x, y = 0, *rest)
    @x = x
    @y = y + rest.sum
    return :ignored if x == 5
  end
end

class Loud
  def initialize(a)
    raise ArgumentError, "bad #{a}" if a.zero?
    @a = a
  end
end

class Yielder
  attr_reader :got
  def initialize
    @got = block_given? ? yield(self) : :none
  end
end

def make(i) = Point.new(i, i)

sum = 0
300.times do |i|
  p = Point.new(i)
  q = make(i)
  r = Point.new(i, 1, 2, 3)
  sum += p.x + q.y + r.y
end
p sum
p Point.new(5).x
p Point.new(5).class

3.times do |i|
  begin
    Loud.new(0)
  rescue ArgumentError => e
    puts e.message
    puts e.backtrace.first(3).map { |l| l.sub(/^.*\//, "") }
  end
end

begin
  Loud.new
rescue ArgumentError => e
  puts e.message
  puts e.backtrace.first(3).map { |l| l.sub(/^.*\//, "") }
end

def deep = raise("from deep")
class Deep
  def initialize = deep
end
begin
  Deep.new
rescue => e
  puts e.backtrace.map { |l| l.sub(/^.*\//, "") }
end
# (No `new` left behind by the unwound initialize.)
begin
  Loud.new(0)
rescue
end
begin
  raise "after"
rescue => e
  puts e.backtrace.map { |l| l.sub(/^.*\//, "") }
end

p Yielder.new.got
p Yielder.new { |y| y.class }.got
p(catch(:t) { Yielder.new { throw :t, 7 } })
p([1, 2].map { Yielder.new { break 42 } })
p(Yielder.new(&:class).got)

def returns_from_block = [1].each { Yielder.new { return :ret } }
p returns_from_block

# initialize redefined (twice); new and allocate redefined.
class Point
  def initialize(x, y = 0)
    @x = -x
    @y = y
  end
end
p Point.new(4).x
class Point
  def initialize = @x = :none
end
begin
  Point.new(1)
rescue ArgumentError => e
  puts e.message
end
p Point.new.x
class Loud
  def self.allocate = raise("not called")
end
p Loud.new(2).instance_variable_get(:@a)
class Loud
  def self.new(*) = :own_new
end
p Loud.new(1)

# Subclasses, singleton classes, and a private initialize from super.
class Base
  def initialize(a) = @a = a
end
class Sub < Base
  def initialize(a, b)
    super(a)
    @b = b
  end
end
p Sub.new(1, 2).instance_variables
k = Class.new(Base) { def initialize = super(9) }
p k.new.instance_variable_get(:@a)
begin
  Base.singleton_class.new
rescue TypeError => e
  puts e.message
end
p Base.new(3).frozen?
o = Base.new(1)
def o.extra = 1
p o.singleton_methods
