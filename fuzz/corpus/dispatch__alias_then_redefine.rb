# alias keeps the old body; redefining the original updates only the original name
class Calc
  def value = 1
  alias old_value value
end
def site_new(c) = c.value
def site_old(c) = c.old_value
c = Calc.new
5.times { site_new(c); site_old(c) }
p [site_new(c), site_old(c)]
class Calc
  def value = 2
end
p [site_new(c), site_old(c)]
class Calc
  alias_method :old_value, :value
end
p [site_new(c), site_old(c)]
