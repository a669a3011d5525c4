# A warm call site passing literal keywords whose method is replaced:
# other keyword parameters, **opts, a builtin, a bmethod, method_missing,
# private, a subclass override and a singleton method
class Calc
  def run(a:, b: 2) = [:kw, a, b]
end
def site(o) = o.run(a: 1, b: 5)
def site_short(o) = o.run(a: 1)
c = Calc.new
5.times { site(c); site_short(c) }
p site(c), site_short(c)
class Calc
  def run(b:, a:, c: 3) = [:reordered, a, b, c]
end
p site(c)
begin
  site_short(c)
rescue ArgumentError => e
  p e.message
end
class Calc
  def run(**opts) = [:opts, opts]
end
p site(c), site_short(c)
class Calc
  define_method(:run) { |a:, b: 0| [:bmethod, a, b] }
end
p site(c), site_short(c)
class Calc
  remove_method :run
  def method_missing(name, **kw) = [:missing, name, kw]
end
p site(c), site_short(c)
class Calc
  def run(a:, b: 9) = [:back, a, b]
  private :run
end
begin
  site(c)
rescue NoMethodError => e
  p e.message[/private method `run'/]
end
class Calc
  public :run
end
p site(c)
class Sub < Calc
  def run(a:, b: 0) = [:sub, *super]
end
s = Sub.new
p site(s), site(c), site_short(s)
def c.run(a:, b:) = [:singleton, a, b]
p site(c), site(Calc.new)
class Calc
  def run(x) = [:hash, x]
end
p site(Calc.new), site_short(Calc.new)
Other = Struct.new(:a, :b, keyword_init: true) do
  def run(a:, b: 1) = [:struct, a, b, self.a]
end
o = Other.new(a: 4)
p site(o), site_short(o)
h = {}
def h.run(a:, b: 0) = [:hash_singleton, a, b]
p site(h)
