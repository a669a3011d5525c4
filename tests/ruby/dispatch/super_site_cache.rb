# `super` call sites are inline-cached per receiver class; every change
# below must be seen while the sites are warm.
class Base
  def greet(x) = "Base(#{x})"
  def tag = "base"
end
class Mid < Base
  def greet(x) = "Mid>" + super
end
class Leaf < Mid
  def greet(x) = "Leaf>" + super(x + 1)
  def tag = "leaf/" + super
end
module Shared
  def greet(x) = "Shared>" + super
end
class A < Base; include Shared; end
class B < Mid; include Shared; end

objs = [Leaf.new, A.new, B.new, Mid.new]
show = -> { objs.map { |o| o.greet(1) } }
3.times { p show.call }

class Base
  def greet(x) = "Base2(#{x})"
end
3.times { p show.call }

module Extra
  def greet(x) = "Extra>" + super
end
class Mid; include Extra; end
3.times { p show.call }

module Pre
  def greet(x) = "Pre>" + super
end
class Base; prepend Pre; end
3.times { p show.call }

class Mid
  remove_method :greet
end
3.times { p show.call }

class Mid
  alias_method :old_tag, :tag
  def tag = "mid/" + super
end
3.times { p Leaf.new.tag }

# the same iseq running as a method of two owners
class Other < Base
  define_method(:tag, Leaf.instance_method(:tag)) rescue p $!.class
end
class Leaf2 < Mid
  define_method(:tag2) { "blk/" + tag }
end
3.times { p Leaf2.new.tag2 }

# singleton methods with super
s = Leaf.new
def s.greet(x) = "single>" + super
3.times { p s.greet(5) }

# super landing in method_missing once the target is gone
class Ghost
  def method_missing(n, *a) = "mm:#{n}:#{a.inspect}"
  def respond_to_missing?(*) = true
end
class Spirit < Ghost
  def haunt(x) = "haunt>" + super
end
class Ghost
  def haunt(x) = "ghost(#{x})"
end
3.times { p Spirit.new.haunt(2) }
class Ghost
  remove_method :haunt
end
3.times { p Spirit.new.haunt(3) }

# visibility of the super target does not matter
class Base
  private def secret = "base-secret"
end
class Leaf
  def secret = "leaf>" + super
end
3.times { p Leaf.new.secret }

# super in a module method mixed into a class hierarchy via extend
module Loud
  def greet(x) = super.upcase
end
o = Mid.new
o.extend(Loud)
3.times { p o.greet(9) }
class Base
  def greet(x) = "base3"
end
3.times { p o.greet(9) }
o = Object.new
def o.hi = 1
class X; end
begin
  X.send(:define_method, :hi, o.singleton_class.instance_method(:hi))
rescue TypeError => e
  p e.message
end
class Y < X; end
X.define_method(:yo) { 1 }
Y.define_method(:yo2, X.instance_method(:yo))
p Y.new.yo2
begin
  X.define_method(:zz, Y.instance_method(:yo2))
rescue TypeError => e
  p e.message
end
