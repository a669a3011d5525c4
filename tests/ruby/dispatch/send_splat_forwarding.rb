# send / __send__ / public_send with the name inside a splat, as a
# method_missing proxy forwards it: `__send__(name, *args, &block)`.
class Target
  def one; :one; end
  def add(a, b = 10); a + b; end
  def kw(a, k: 1); [a, k]; end
  def opts(h); h; end
  def yielder(x); yield x; end
  def many(*a); a.size; end
  def method_missing(name, *args)
    name.to_s.start_with?("dyn_") ? [name, args] : super
  end
  def respond_to_missing?(n, p = false) = n.to_s.start_with?("dyn_") || super
  private
  def hidden(x); [:hidden, x]; end
end

class Proxy
  def initialize(t); @t = t; end
  def method_missing(name, *args, &block)
    @t.__send__(name, *args, &block)
  end
  def respond_to_missing?(n, p = false) = @t.respond_to?(n, p)
end

t = Target.new
pr = Proxy.new(t)
3.times do |i|
  p pr.one
  p pr.add(i)
  p pr.add(i, i)
  p pr.hidden(i)
  p pr.yielder(i) { |v| v * 100 }
  p pr.dyn_thing(i, :x)
  p pr.opts({ a: i })
  begin
    p pr.kw(i, k: 5)
  rescue ArgumentError => e
    p e.message
  end
  p pr.many(*Array.new(20, i))
end
args = [:add, 1, 2]
p t.send(*args)
p t.__send__(*[:one])
p t.public_send(*[:add, 5])
begin
  t.public_send(*[:hidden, 1])
rescue NoMethodError => e
  p e.name
end
begin
  pr.nope(1, 2)
rescue NoMethodError => e
  p e.name
end
begin
  pr.add
rescue ArgumentError => e
  p e.message
end
begin
  t.send(*["one"])
  p t.send(*["add", 1])
rescue => e
  p e
end
# redefinition while the proxy's send site is warm
class Target
  def one; :redefined; end
  def add(a, b = 10); a - b; end
end
p pr.one
p pr.add(3)
class Target
  remove_method :one
end
begin
  pr.one
rescue NoMethodError => e
  p e.name
end
p RubyVM.respond_to?(:stat)
