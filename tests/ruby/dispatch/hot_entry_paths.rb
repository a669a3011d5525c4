# A call site's hot entry answers before the full send: bytecode methods
# entered straight from the run loop, attr_reader / attr_writer / plain
# getters done on the spot, with and without a receiver. Each way out of
# those paths while the sites are warm: redefinition, removal, privacy,
# a frozen receiver, an object without the ivar, safe navigation on nil,
# a block argument, a subclass, and a method added to NilClass.

class Pt
  attr_accessor :x
  attr_reader :y

  def initialize(x, y)
    @x = x
    @y = y
  end

  def plain_y
    @y
  end

  def sum
    x + y + plain_y
  end

  def twice(a)
    a * 2
  end
end

class Sub < Pt
end

def warm(pt, n)
  acc = 0
  n.times do
    pt.x = pt.x + 1
    acc += pt.y + pt.plain_y + pt.sum + pt.twice(pt.x)
  end
  acc
end

pt = Pt.new(1, 2)
p warm(pt, 50)
p warm(Sub.new(3, 4), 50)

# an object of the same class without @y set yet: nil, not a crash
blank = Pt.allocate
p [blank.y, blank.plain_y]
p warm(pt, 3)

# frozen receiver: the writer raises
frozen = Pt.new(5, 6).freeze
begin
  warm(frozen, 2)
rescue => e
  puts "#{e.class}: #{e.message[/can.t modify frozen \w+/]}"
end

# redefinitions while warm
class Pt
  def y = 100
  def twice(a) = a * 3
end
p warm(pt, 3)
class Pt
  def x = @x * 10
end
p warm(pt, 2)

# removal: the subclass has no method of its own
class Pt
  remove_method :twice
end
begin
  warm(pt, 1)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message[/undefined method `\w+'/]}"
end
class Pt
  def twice(a) = a
end
p warm(pt, 2)

# privacy: called with an explicit receiver, a private reader raises
class Pt
  private :plain_y
end
begin
  warm(pt, 1)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message[/private method `\w+'/]}"
end
p pt.sum
class Pt
  public :plain_y
end
p warm(pt, 1)

# safe navigation on nil, with and without a NilClass method of that name
def nav(v) = v&.plain_y
p [nav(pt), nav(nil)]
class NilClass
  def plain_y = :nil_y
end
p [nav(pt), nav(nil), nil.plain_y]

# a block argument to a method the hot entry knows
class Pt
  def each_coord
    yield @x
    yield @y
  end
end
blk = proc { |c| print c, " " }
3.times { pt.each_coord(&blk) }
puts

# attr_writer with a receiver that is self
class Pt
  def bump
    self.x = x + 1
    x
  end
end
p 3.times.map { pt.bump }
