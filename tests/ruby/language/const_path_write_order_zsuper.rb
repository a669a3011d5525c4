sc = Class.new { def a(arg) = arg }
k = Class.new(sc) { define_method(:a) { |arg| super } }
begin; k.new.a(:x); rescue => e; p e.class, e.message; end
k2 = Class.new(sc) { define_method(:a) { |arg| super(arg) } }
p k2.new.a(:y)
mod = Module.new
mod.module_eval <<-EOC
  ConstantSpecsRHS::B = begin
    module ConstantSpecsRHS; end
    "hello"
  end
EOC
p mod::ConstantSpecsRHS::B
class Y
  def deep(v)
    self.class.send(:define_method, :deep2) { |&b| yield + b.call }
    deep2 { v }
  end
end
p((Y.new.deep(2) { 2 } rescue $!))
def a = (puts "a"; Object); def v = (puts "v"; 1); a::X = v; p X; p(::Y = 2); module M; end; p(M::Z = 3, M::Z)
