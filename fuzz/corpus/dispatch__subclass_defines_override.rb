# Site warmed on a subclass instance using the inherited method; subclass then overrides
class Base
  def kind = :base
end
class Leaf < Base; end
def site(o) = o.kind
objs = [Leaf.new, Base.new]
5.times { p objs.map { site(_1) } }
class Leaf
  def kind = :leaf
end
p objs.map { site(_1) }
class Base
  def kind = :base2
end
p objs.map { site(_1) }
