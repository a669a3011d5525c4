# singleton_class chain for classes and objects; class methods inherited
class A
  def self.who = "A.who from #{self}"
end
class B < A; end
p B.who
p B.singleton_class, B.singleton_class.superclass
p A.singleton_class.superclass
p B.singleton_class.instance_methods(false)
p A.singleton_methods, B.singleton_methods
o = A.new
p o.singleton_class.superclass
p o.singleton_class.ancestors.first(2).last
p o.singleton_methods
p A.singleton_class.singleton_class?, A.singleton_class?
p Class.new.singleton_class.inspect.start_with?("#<Class:#<Class:")
p A.singleton_class.inspect
module MM
  def mm = :mm
end
A.extend(MM)
p B.mm, B.singleton_class.include?(MM)
