# private/module_function inside class_eval (block or string) end with it,
# and a class_eval starts public; define_method from a method is public.
class A
  private
end
class A
  def x = 1
end
p A.public_method_defined?(:x)
module M
  private
  module_eval { def t1; end }
  module_eval "def t2; end"
  def t3; end
end
p M.public_method_defined?(:t1), M.public_method_defined?(:t2), M.private_method_defined?(:t3)
module N
  module_eval { private }
  def t4; end
  module_eval "private"
  def t5; end
end
p N.public_method_defined?(:t4), N.public_method_defined?(:t5)
class B
  def self.make = define_method(:y) { 1 }
  private
  make
  def z; end
end
p B.public_method_defined?(:y), B.private_method_defined?(:z)
class C
  private
  attr_accessor :q
  [1].each { def w; end }
end
p C.private_method_defined?(:q), C.private_method_defined?(:w)
