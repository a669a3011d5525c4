# Redefinition via class_eval with a string and instance_eval singleton
class Conv
  def go = "orig"
end
def site(o) = o.go
c = Conv.new
5.times { site(c) }
p site(c)
Conv.class_eval("def go = 'from string eval'")
p site(c)
c.instance_eval("def go = 'singleton via instance_eval'")
p site(c), site(Conv.new)
