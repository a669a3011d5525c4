# Constant lookup: lexical scope first, then ancestors, then Object
X = :top
module Outer
  X = :outer
  class Inner
    def x = X
  end
  module Deep
    def self.x = X
  end
end
class Outer::Inner
  def x2 = X
end
p Outer::Inner.new.x
p Outer::Inner.new.x2
p Outer::Deep.x
class Base
  Y = :base
  def y = Y
end
class Derived < Base
  def derived_y = Y
end
class Derived
  Y = :derived
  def later_y = Y
end
p Derived.new.y, Derived.new.later_y
module M
  Z = :m
end
class UsesM
  include M
  def z = Z
end
p UsesM.new.z
p Outer.const_get(:X), Outer::Inner.const_get(:X)
p Module.nesting
module Outer
  p Module.nesting
  class Inner
    p Module.nesting
  end
end
p Outer.constants.sort
