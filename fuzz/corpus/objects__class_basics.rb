# Class definition, initialize, ivars, to_s, instance_variables, class reopening
class Point
  def initialize(x, y)
    @x = x
    @y = y
  end
  def x = @x
  def y = @y
  def to_s = "(#{@x}, #{@y})"
end
pt = Point.new(1, 2)
puts pt
p pt.x, pt.y
p pt.instance_variables
p Point.name, Point.class, Point.superclass, Point.superclass.superclass
class Point
  def dist2 = @x * @x + @y * @y
end
p pt.dist2
p pt.is_a?(Point), pt.kind_of?(Object), pt.instance_of?(Object)
p Point.instance_methods(false).sort
p pt.respond_to?(:dist2)
p Point.new(3, 4).to_s
p Point.allocate.x
class Empty; end
p Empty.new.instance_variables
p Empty.instance_methods(false)
