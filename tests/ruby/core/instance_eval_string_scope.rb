class Rcv; X = :Receiver; @@cv = :rcv_cv; def initialize; @iv = 1; end; end
X = :Top
class Caller
  X = :Caller
  @@cv = :caller_cv
  def run(o)
    local = :value
    p o.instance_eval("local"), o.instance_eval("@iv"), o.instance_eval { X }
    p o.instance_eval("[__FILE__, __LINE__]", "file.rb", 10), o.instance_eval("@@cv") rescue p $!
    p o.instance_eval("self.class"), o.instance_eval("def zz = 5; zz"), o.singleton_methods
    o.instance_eval("local = :changed"); p local
  end
end
Caller.new.run(Rcv.new)
o = Object.new
p o.instance_eval("[__FILE__, __LINE__]", "b_file", 98)
p Rcv.class_eval("X"), Rcv.class_eval("@@cv"), Rcv.class_eval { X }, Rcv.module_eval("def q = 1; instance_method(:q).owner")
s = "str"
p s.instance_exec(2) { |n| self * n }, s.instance_eval { size }
class Foo
  @@a = 1
  class << self
    def get = @@a
    @@b = 2
  end
  def self.b = @@b
end
p Foo.get, Foo.b, Foo.class_variables.sort
o = Object.new
begin
  class << o; @@c = 3; end
rescue RuntimeError => e
  p e.message
end
module Mod; @@m = :m; def self.m = @@m; end
p Mod.m, Mod.class_eval("@@m"), Mod.class_eval { class_variable_get(:@@m) }
begin
  eval("@@top")
rescue => e
  p e.class, e.message
end
class Foo; p class_eval("@@a"), instance_eval("@@a") rescue p $!; end
