# Including a module into the receiver class shadows the superclass method
class Parent
  def label = "parent"
end
class Kid < Parent; end
module Shadow
  def label = "shadow(#{super})"
end
def site(o) = o.label
k = Kid.new
5.times { print site(k), " " }
puts
Kid.include(Shadow)
5.times { print site(k), " " }
puts
p site(Parent.new)
p Kid.ancestors.take(3)
