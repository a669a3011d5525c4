def outer
  def nested_in_top; :nested; end
end
outer
p self.nested_in_top rescue p $!.class
p Object.public_method_defined?(:nested_in_top), Object.private_method_defined?(:outer)
class Foo
  private
  def a
    def b = :b
    :a
  end
  def self.make = (def c = :c; :made)
  module_function rescue nil
end
f = Foo.new
p (f.a rescue $!.class), Foo.public_method_defined?(:b), Foo.private_method_defined?(:a)
p Foo.make, Foo.public_method_defined?(:c)
module M
  module_function
  def mf
    def inner = :inner
    :mf
  end
end
p M.mf, M.public_method_defined?(:inner), M.respond_to?(:inner)
public
def now_public = 1
p Object.public_method_defined?(:now_public)
private
def again_private = 2
p Object.private_method_defined?(:again_private)
[1].each { def in_block_top = 3 }
p Object.private_method_defined?(:in_block_top)
