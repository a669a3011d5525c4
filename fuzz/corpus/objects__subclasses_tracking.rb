# Class#subclasses (3.1), superclass walk, Module#<, <=, ancestors checks
class Shape; end
class Circle < Shape; end
class Square < Shape; end
class Tiny < Square; end
p Shape.subclasses.sort_by(&:name)
p Square.subclasses
p Tiny.subclasses
p Circle < Shape, Shape < Circle, Shape <= Shape, Circle < Square
p Tiny <= Shape, Shape > Tiny
p Comparable > Integer, Integer < Comparable
c = Tiny
chain = []
while c
  chain << c
  c = c.superclass
end
p chain
p Shape.instance_of?(Class), Shape.class.class
p Class.new(Circle).superclass
k = Class.new(Shape)
p Shape.subclasses.size
