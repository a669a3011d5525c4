module Outer
  INNER = 1
  class Klass
    DEEP = :d
  end
end
class Sub < Outer::Klass; end
Later = 5
Later2 = 6 if true
S = Struct.new(:a)
class NameLike
  def initialize(n) = @n = n
  def to_str = @n
end
def t; p yield; rescue => e; p [e.class, e.message]; end
t { Object.const_source_location(:Outer) }
t { Outer.const_source_location(:INNER) }
t { Object.const_source_location("Outer::Klass::DEEP") }
t { Sub.const_source_location(:DEEP) }
t { Sub.const_source_location(:DEEP, false) }
t { Object.const_source_location(:String) }
t { Object.const_source_location(:Comparable) }
t { Object.const_source_location(:Nope) }
t { Outer.const_source_location(:Later) }
t { Object.const_source_location(NameLike.new("S")) }
t { Object.const_source_location(:"Outer::INNER") }
t { Object.const_source_location("lower") }
t { Object.const_source_location(3) }
Outer.const_set(:DYN, 9)
t { Outer.const_source_location(:DYN) }
t { [Object.const_defined?("Outer::Klass::DEEP"), Object.const_defined?("::Outer"), Sub.const_defined?(:DEEP), Sub.const_defined?(:DEEP, false)] }
t { [Object.const_defined?("Outer::Nope"), Object.const_defined?(NameLike.new("Later")), Outer.const_defined?(:String)] }
t { Object.const_defined?("Outer::INNER::X") }
t { Object.const_defined?("bad") }
t { Object.const_defined?("Outer::bad") }
t { Object.const_defined?(:_X) }
