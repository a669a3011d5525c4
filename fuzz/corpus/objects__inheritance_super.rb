# Inheritance, super with explicit args, zsuper, super() with no args
class Animal
  attr_reader :name
  def initialize(name) = @name = name
  def speak = "..."
  def describe(prefix = "I am") = "#{prefix} #{name}"
  def to_s = "#{self.class.name}(#{name})"
end
class Dog < Animal
  def initialize(name, breed)
    super(name)
    @breed = breed
  end
  def speak = "Woof"
  def describe(prefix = "Dog") = super + " the #{@breed}"
end
class Puppy < Dog
  def initialize(name) = super(name, "puppy")
  def speak = super * 2
  def describe(prefix) = super()
end
d = Dog.new("Rex", "lab")
pp_ = Puppy.new("Bit")
puts d, pp_
puts d.speak, pp_.speak
puts d.describe, d.describe("Mr")
puts pp_.describe("ignored")
p Puppy.ancestors.take(4)
p Puppy.superclass, Puppy.superclass.superclass
p Puppy.instance_method(:speak).owner
p Dog.instance_method(:name).owner
