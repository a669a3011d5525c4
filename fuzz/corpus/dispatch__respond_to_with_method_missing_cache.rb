# respond_to? negative results change when respond_to_missing? starts returning true
class Dynamic
  @enabled = []
  class << self
    attr_reader :enabled
  end
  def respond_to_missing?(n, p = false) = self.class.enabled.include?(n) || super
  def method_missing(n, *a) = self.class.enabled.include?(n) ? "dyn #{n}" : super
end
def check(o, m) = o.respond_to?(m)
d = Dynamic.new
5.times { check(d, :foo) }
p check(d, :foo)
Dynamic.enabled << :foo
p check(d, :foo), d.foo
Dynamic.enabled.clear
p check(d, :foo)
