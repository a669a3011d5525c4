# A method found in Object is shadowed when a module is included into the superclass
class Object
  def where_am_i = "object"
end
class Vehicle; end
class Car < Vehicle; end
def site(o) = o.where_am_i
car = Car.new
5.times { site(car) }
p site(car)
module Located
  def where_am_i = "located(#{super})"
end
Vehicle.include(Located)
p site(car), site(Object.new)
Kernel.module_eval { def kernel_thing = "kernel" }
def site2(o) = o.kernel_thing
5.times { site2(car) }
class Object
  def kernel_thing = "object overrides kernel"
end
p site2(car)
