# Redefining a method two levels up in the hierarchy is seen by grandchild sites
class A
  def v = 1
end
class B < A; end
class C < B; end
def site(o) = o.v
objs = [A.new, B.new, C.new]
5.times { objs.each { site(_1) } }
p objs.map { site(_1) }
class A
  def v = 2
end
p objs.map { site(_1) }
class B
  def v = 3
end
p objs.map { site(_1) }
class A
  def v = 4
end
p objs.map { site(_1) }
