# defined? on many expression kinds
x = 1
@iv = 2
$gv = 3
p defined?(x)
p defined?(undefined_thing)
p defined?(@iv)
p defined?(@nope)
p defined?($gv)
p defined?($nope)
p defined?(String)
p defined?(Nope)
p defined?(puts)
p defined?("str".upcase)
p defined?("str".nope)
p defined?(x = 5)
p defined?(3 + 4)
p defined?(yield)
p defined?(super)
p defined?(nil)
p defined?(self)
p defined?(true)
p defined?(@@cv)
p defined?(String.new)
p defined?([].first)
p defined?(Comparable)
def blk = defined?(yield)
p blk
p blk {}
class A; def m = :a; end
class B < A
  def m = defined?(super)
  def n = defined?(super)
end
p B.new.m
p B.new.n
p defined?(A::B)
p defined?(Object::String)
