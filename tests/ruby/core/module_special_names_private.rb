# initialize & co. are private however defined; define_method takes a
# Method's or a Symbol's Proc; Module#name is one frozen String.
class A
  def pub = 1
  alias_method :initialize, :pub
  define_method(:initialize_copy) { |o| }
  define_method(:respond_to_missing?) { |*| false }
end
p A.private_instance_methods(false).sort
class PM
  attr_accessor :data
  def cool = "data is #{@data}"
end
o = PM.new; o.data = :foo
k = Class.new(PM) { define_method(:other, &o.method(:cool).to_proc) }
o2 = k.new; o2.data = :bar
p o2.other
k2 = Class.new { define_method :foo, &:+.to_proc }
p k2.new.foo(1, 2)
begin
  Class.new { define_method(:x, nil) }
rescue TypeError => e
  p e.message
end
p A.name.frozen?, A.name.equal?(A.name)
m = Module.new
p m.name
M2 = m
p m.name, m.name.frozen?
class A; end; A.name; p A.instance_variables
