# Redefining a method in each loop iteration with a different closure value
class Gen; end
def site(g) = g.val
g = Gen.new
vals = []
5.times do |i|
  Gen.define_method(:val) { i * i }
  vals << site(g)
  vals << site(g)
end
p vals
