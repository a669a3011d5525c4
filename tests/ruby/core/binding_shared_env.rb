# Binding is the frame's environment: two bindings of one frame share it,
# writes go both ways, eval-defined locals stay in the binding (not the
# frame), procs made in eval capture live locals, aliased eval writes back.
def two
  a = 1
  b1 = binding
  b2 = binding
  b1.local_variable_set(:a, 2)
  p b2.local_variable_get(:a), a
  a = 3
  p b1.eval("a"), b2.local_variable_get(:a)
  b1.eval("a = 10")
  p a
  b1.eval("z = 42")
  p b1.local_variable_get(:z), b1.eval("z"), b1.local_variable_defined?(:z)
  p b2.local_variable_defined?(:z)
  p defined?(z)
  p b1.local_variables
  pr = b1.eval("proc { a += 1; z += 1; [a, z] }")
  p pr.call, pr.call, a, b1.eval("z")
  b1.local_variable_set(:fresh, 7)
  p b1.eval("fresh + z")
  p binding.local_variable_defined?(:fresh)
  [1].each { |i| q = 5; bb = binding; p bb.local_variables.sort; bb.eval("a += i + q") }
  p a
end
two
x = 1
eval("x += 1; y = 3")
p x
p((eval("y") rescue "no y"))
p local_variables
def yielder; binding; end
p yielder { 1 }.eval("block_given?")
def yy; b = binding; b.eval("yield 5"); end
p yy { |v| v * 2 }
p binding.source_location
p TOPLEVEL_BINDING.receiver
b = binding
b.local_variable_set(:hh, 1)
p b.eval("hh"), binding.local_variable_defined?(:hh)
class Foo
  X = 9
  def get; binding; end
end
p Foo.new.get.eval("X"), Foo.new.get.receiver.class
p Foo.new.get.eval("self.class")
p Foo.new.instance_eval("X") rescue p $!
p eval("[__FILE__, __LINE__]", nil, "zz.rb", 40)
p binding.eval("__LINE__", "q.rb", 7)
m = 1
l = lambda { m }
p l.binding.local_variable_get(:m)
l.binding.local_variable_set(:m, 4)
p m
p send(:binding).local_variable_get(:m)
begin
  binding.local_variable_get(:nope)
rescue NameError => e
  p e.message.sub(/0x\h+/, "X")
end

alias aliased_eval eval
x = 2
aliased_eval('x += 40')
p x
def m; y = 1; [1].each { aliased_eval("y += 1") }; y; end
p m
