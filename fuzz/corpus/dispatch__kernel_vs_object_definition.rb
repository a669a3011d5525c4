# A method defined in Kernel, then shadowed by Object, then by a subclass
module Kernel
  def whoami = "kernel"
end
class Thing; end
def site(o) = o.whoami
objs = [Thing.new, 1, "s", nil]
5.times { objs.each { site(_1) } }
p objs.map { site(_1) }
class Object
  def whoami = "object"
end
p objs.map { site(_1) }
class Integer
  def whoami = "integer"
end
class NilClass
  def whoami = "nil"
end
p objs.map { site(_1) }
