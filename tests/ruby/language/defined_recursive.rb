# defined? follows CRuby's defined_expr: arguments, receivers, scopes and
# array elements must themselves be defined; answers are frozen.
def present(*) = 1
class Holder; def self.side = (puts "executed"; self); def value = 3; end
p defined?(self), defined?(nil), defined?(true), defined?(false)
p defined?(self).frozen?, defined?(String).frozen?, defined?(puts).frozen?
p defined?(self).equal?(defined?(self))
p defined?([1, 2]), defined?([Object, NoSuchThing]), defined?([nosuch, Object])
p defined?(present(1)), defined?(present(nosuch)), defined?(present(NoSuch))
p defined?(!nonexist), defined?(not nonexist), defined?(!1), defined?(!present)
p defined?(nosuch.foo), defined?(NoSuch.foo), defined?(Holder.new.value), defined?(Holder.new.nope)
p defined?(Holder.side.value)
p defined?(NoSuch::Deeper), defined?(Holder::NoSuch), defined?(::Holder), defined?(::NoSuch)
p defined?(x = 1), defined?(@iv = 1), defined?($gv ||= 2)
"abc" =~ /(b)(z)?/
p defined?($&), defined?($`), defined?($'), defined?($+), defined?($1), defined?($2), defined?($3)
"abc" =~ /nope/
p defined?($&), defined?($1)
module Lookup
  def self.const_missing(n) = (puts "const_missing #{n}"; 1)
end
p defined?(Lookup::Missing::Deeper)
p defined?(yield), defined?(super)
def with_block = defined?(yield)
p with_block, with_block {}
