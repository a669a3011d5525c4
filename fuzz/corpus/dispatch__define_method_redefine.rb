# define_method replaces a def-method, then def replaces the bmethod, at a warm site
class Counter
  def step = 1
end
def site(c) = c.step
c = Counter.new
5.times { site(c) }
p site(c)
n = 10
Counter.define_method(:step) { n }
p site(c)
n = 20
p site(c)
Counter.define_method(:step) { |x = 3| x * 100 }
p site(c)
class Counter
  def step = :plain_def_again
end
p site(c)
