# prepend puts module before class; super from prepended module calls class
module Loud
  def speak = super.upcase + "!"
end
module Logged
  def speak
    "[log] " + super
  end
end
class Cat
  prepend Loud
  def speak = "meow"
end
p Cat.new.speak
p Cat.ancestors.take(3)
Cat.prepend(Logged)
p Cat.new.speak
p Cat.ancestors.take(4)
module Hook
  def self.prepended(base) = puts("prepended to #{base}")
end
class Cat; prepend Hook; end
p Cat.instance_method(:speak).owner
class Dog2
  def speak = "woof"
  include Loud
end
p Dog2.new.speak
