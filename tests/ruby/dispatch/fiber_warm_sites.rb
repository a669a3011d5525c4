# Call sites warmed inside a suspended fiber see methods redefined,
# included, removed and made private from outside it (the caches and their
# invalidation are shared by every fiber).
class Shape
  def area = 1
end
module Bigger
  def area = super * 10
end
def measure(s) = s.area
s = Shape.new
f = Fiber.new do
  loop do
    Fiber.yield(Array.new(50) { measure(s) }.sum)
  rescue NoMethodError => e
    Fiber.yield e.message[/\A[^#]*/]
  end
end
p f.resume
class Shape; def area = 2; end
p f.resume
Shape.prepend(Bigger)
p f.resume
class Shape; remove_method :area; end
p f.resume
class Shape; def area = 3; private :area; end
p f.resume
class Shape; public :area; end
p f.resume
s.singleton_class.define_method(:area) { 4 }
p f.resume
AREA = 5
g = Fiber.new { 3.times { Fiber.yield AREA } }
p g.resume
Object.send(:remove_const, :AREA)
AREA = 6
p g.resume
