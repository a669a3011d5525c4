# Module#included_in (carmine's; from the same weak includer lists as
# Class#subclasses) lists only the live includers once the others are
# collected, including the singleton classes of extended objects
# (issue 29). CRuby 3.1 has no included_in: there the same answer comes
# from ObjectSpace, so both runs must print the same. The classes and
# objects that must die are made in methods that have returned before
# GC.start, and counts of the dead allow some slack (CRuby scans the
# native stack conservatively).
module Greeter
  def greet = :hi
end

def includers(m)
  if m.respond_to?(:included_in)
    m.included_in
  else
    ObjectSpace.each_object(Module).select { |k| !k.equal?(m) && k.include?(m) }
  end
end

def churn(n)
  n.times { Class.new { include Greeter }.new.greet }
  n.times { Object.new.extend(Greeter).greet }
  n.times { Module.new { include Greeter } }
  nil
end

GC.start
base = includers(Greeter).size
keep = Array.new(3) { Class.new { include Greeter } }
objs = Array.new(2) { Object.new.extend(Greeter) }
churn(2000)
GC.start
list = includers(Greeter)
p keep.all? { |k| list.include?(k) }
p objs.all? { |o| list.include?(o.singleton_class) }
p list.size - base >= 5, list.size - base < 100

# Hierarchical invalidation reaches the live includers only, and they see
# the change.
module Greeter
  def greet = :hello
end
p keep.map { |k| k.new.greet }, objs.map(&:greet)

# Dropping the kept ones too brings the list back to where it started.
def drop(keep, objs)
  keep.clear
  objs.clear
  churn(500)
end
drop(keep, objs)
GC.start
p includers(Greeter).size - base < 100
p Class.new { include Greeter }.new.greet
