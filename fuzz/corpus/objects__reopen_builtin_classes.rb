# Reopening core classes to add methods; monkey-patch visible everywhere
class Integer
  def double = self * 2
  def fact = (1..self).reduce(1, :*)
end
class Array
  def second = self[1]
end
class Hash
  def symbolize = transform_keys(&:to_sym)
end
class NilClass
  def empty? = true
end
module Kernel
  def announce(x) = "announce: #{x}"
end
p 21.double, 5.fact, (2**70).double
p [1, 2, 3].second
p({"a" => 1}.symbolize)
p nil.empty?
p announce(1)
p 3.respond_to?(:double)
p Integer.instance_method(:double).owner
class String
  def palindrome? = (s = downcase.delete("^a-z")) == s.reverse
end
p "A man, a plan, a canal: Panama".palindrome?, "nope".palindrome?
