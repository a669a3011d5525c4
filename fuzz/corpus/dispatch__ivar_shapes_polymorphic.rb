# attr_reader site over objects whose ivars were set in different orders
class Rec
  attr_reader :a, :b
  def initialize(order)
    order.each { |k| instance_variable_set("@#{k}", k.to_s * 2) }
  end
end
objs = [Rec.new([:a, :b]), Rec.new([:b, :a]), Rec.new([:b]), Rec.new([:c, :a, :b]), Rec.new([])]
def site_a(o) = o.a
def site_b(o) = o.b
3.times { objs.each { site_a(_1); site_b(_1) } }
p objs.map { site_a(_1) }, objs.map { site_b(_1) }
objs[0].remove_instance_variable(:@a)
objs[4].instance_variable_set(:@a, "late")
p objs.map { site_a(_1) }
class Sub < Rec; end
s = Sub.new([:b, :a])
p site_a(s), site_b(s)
