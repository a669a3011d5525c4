# respond_to? skips the prelude's Kernel#respond_to_missing? (always
# false); redefining it in Kernel, a class or a singleton must be seen
# by warm respond_to? call sites.
class A; end
a = A.new
check = -> { [a.respond_to?(:x), a.respond_to?(:y), a.respond_to?(:z), 1.respond_to?(:x)] }
3.times { p check.call }
module Kernel
  def respond_to_missing?(n, priv = false) = n == :x
end
3.times { p check.call }
class A
  def respond_to_missing?(n, priv = false) = n == :y || super
end
3.times { p check.call }
def a.respond_to_missing?(n, priv = false) = n == :z
3.times { p check.call }
module Kernel
  remove_method :respond_to_missing?
end
3.times { p check.call }
class A
  remove_method :respond_to_missing?
end
3.times { p check.call }
