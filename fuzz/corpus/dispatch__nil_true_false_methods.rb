# Methods added to NilClass/TrueClass/FalseClass on a warmed site over special constants
def site(o) = o.to_label
vals = [nil, true, false, 1]
class Object
  def to_label = "obj"
end
5.times { vals.each { site(_1) } }
p vals.map { site(_1) }
class NilClass
  def to_label = "nil!"
end
class TrueClass
  def to_label = "yes"
end
p vals.map { site(_1) }
class FalseClass
  def to_label = "no"
end
NilClass.send(:remove_method, :to_label)
p vals.map { site(_1) }
