# Private constants: scoped references (A::B, ::B), defined?, class A::B
# reopening, const_missing, and Module#dup keeping constants.
PRIV = 1
Object.send(:private_constant, :PRIV)
begin; ::PRIV; rescue NameError => e; p e.message.lines.first.chomp, e.name, e.receiver; end
p defined?(::PRIV), defined?(PRIV), PRIV
module M
  X = 1
  private_constant :X
  class Inner; end
  private_constant :Inner
  def self.x = X
end
p defined?(M::X), M.x
begin; M::X; rescue NameError => e; p e.message.lines.first.chomp, e.receiver; end
begin
  class M::Inner; end
rescue NameError => e
  p e.message
end
module M; class Inner; def hi = :reopened; end; end
p M.const_get(:Inner).new.hi
module M; Y = 2; private_constant :Y; public_constant :Y; end
p M::Y, defined?(M::Y)
mod = Module.new
mod.const_set :Foo, true
mod.send :private_constant, :Foo
def mod.const_missing(name) = name == :Foo ? [:missing, name] : super
p mod::Foo
copy = M.dup
p copy.constants.sort, copy.send(:const_get, :Y)
begin; copy::X; rescue NameError => e; p e.message.lines.first.chomp.sub(/0x\h+/, "XX"); end
copy.send :public_constant, :X
p copy::X
