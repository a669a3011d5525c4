# A method_added hook that wraps each new method; sites see the wrapped versions
class Traced
  @wrapping = false
  def self.method_added(name)
    return if @wrapping || name.to_s.start_with?("raw_")
    @wrapping = true
    alias_method :"raw_#{name}", name
    define_method(name) { |*a| "traced(#{send(:"raw_#{name}", *a)})" }
    @wrapping = false
  end
  def calc(x) = x * 2
end
def site(t) = t.calc(5)
t = Traced.new
5.times { site(t) }
p site(t)
class Traced
  def calc(x) = x * 3
end
p site(t), t.raw_calc(1)
