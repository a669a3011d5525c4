# Class.new with superclass and block, Module.new, naming on assignment
klass = Class.new do
  attr_reader :v
  def initialize(v) = @v = v
  def self.kind = :anon
  def double = v * 2
end
p klass.name
obj = klass.new(21)
p obj.double, klass.kind
Named = klass
p klass.name, obj.class
p Named.new(1).v
Sub = Class.new(Named) { def double = super + 1 }
p Sub.new(5).double, Sub.superclass
mod = Module.new do
  def helper = :helped
end
Sub.include(mod)
p Sub.new(1).helper
p mod.name
HelperMod = mod
p mod.name, Sub.ancestors.include?(HelperMod)
s = Struct.new(:a)
p s.name
MyStruct = s
p MyStruct.new(1)
