catch :exit do
  begin
    raise "exception"
  rescue
    throw :exit
  end
end
p $!
class A; def m(*a) = a; def m3(*a) = a; def m_default(*a) = a; def m_rest(*a) = a; def m_kwrest(**k) = k; end
class B < A
  def m(_, _) = super
  def m3(_, _, _) = super
  def m_default(_ = 0) = super
  def m_rest(*_) = super
  def m_kwrest(**_) = super
end
b = B.new
p b.m(1, 2), b.m3(1, 2, 3), b.m_default(1), b.m_default, b.m_rest(1, 2), b.m_kwrest(a: 1)
x = Object.new
def x.to_a = [1, 2]
class << x; private :to_a; end
p((*a = *x), a)
y = Object.new
def y.respond_to?(m, priv = false) = (p [m, priv]; false)
def y.to_a = raise("called")
def y.inspect = "#<y>"
p((*c = *y))
