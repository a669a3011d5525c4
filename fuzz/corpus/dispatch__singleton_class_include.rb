# Including into an object's singleton class vs extend; then removing the singleton method
class Plain
  def hi = "plain"
end
def site(o) = o.hi
a, b = Plain.new, Plain.new
5.times { site(a); site(b) }
module Hi2; def hi = "hi2+" + super; end
a.singleton_class.include(Hi2)
p site(a), site(b)
def b.hi = "b-only"
p site(a), site(b)
b.singleton_class.class_eval { remove_method :hi }
p site(a), site(b)
