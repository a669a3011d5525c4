# Singleton methods on objects, class methods, singleton_class, define_singleton_method
o = Object.new
def o.hello = "singleton hello"
p o.hello
p o.singleton_methods
p Object.new.respond_to?(:hello)
class Klass
  def self.cm = :class_method
  class << self
    def cm2 = :from_class_self
    attr_accessor :setting
  end
end
p Klass.cm, Klass.cm2
Klass.setting = 9
p Klass.setting
p Klass.singleton_methods.sort
class SubKlass < Klass; end
p SubKlass.cm, SubKlass.singleton_class.superclass == Klass.singleton_class
o.define_singleton_method(:dyn) { |x| x * 2 }
p o.dyn(21)
p o.singleton_class.instance_methods(false).sort
str = +"abc"
class << str
  def shout = upcase + "!"
end
p str.shout
begin
  one = 1
  one.define_singleton_method(:x) { 1 }
rescue TypeError => e
  p e.message
end
begin
  :sym.define_singleton_method(:q) {}
rescue TypeError => e
  p e.message
end
