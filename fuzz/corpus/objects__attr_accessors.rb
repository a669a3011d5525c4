# attr_reader/writer/accessor, return values, setter return value semantics
class Pt
  attr_reader :x
  attr_writer :y
  attr_accessor :z, :w
  def y_val = @y
  def set_x(v) = (self.x = v) rescue :no_writer
end
o = Pt.new
p o.x
o.y = 5
p o.y_val
r = (o.z = 10)
p r, o.z
class Pt
  def x=(v)
    @x = v * 2
    :ignored_return
  end
end
p(o.x = 3)
p o.x
p o.send(:x=, 4), o.x
p Pt.instance_methods(false).sort
p (class Foo; attr_accessor :a, :b; end)
p (class Foo; attr_reader :c; end)
o.w = o.z += 1
p o.w
