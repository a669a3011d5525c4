# Classes nobody references are collected: Class#subclasses and
# ObjectSpace.each_object(Class) see only the live ones after GC.start
# (issue 29). Counts allow some slack: CRuby's GC scans the stack
# conservatively and may keep a few.
class Base
  def v = 1
end

def make(n, sup = Base) = Array.new(n) { Class.new(sup) }
def churn(n)
  n.times { Class.new(Base).new.v }
  n.times { Class.new { def w = 2 }.new.w }
  n.times { Module.new }
  nil
end

GC.start
baseline = ObjectSpace.each_object(Class).count
keep = make(3)
churn(2000)
GC.start
subs = Base.subclasses
p keep.all? { |k| subs.include?(k) }
p subs.size < 100
p ObjectSpace.each_object(Class).count - baseline < 100

# A chain of anonymous subclasses lives while its leaf does.
leaf = make(1, make(1, make(1).first).first).first
churn(500)
GC.start
p leaf.ancestors.take(4).count { |a| a.name.nil? }
p leaf.superclass.superclass.superclass == Base
p leaf.new.v

# Singleton classes die with their objects; extend keeps working.
module Greeter
  def greet = "hi #{name}"
end
Named = Struct.new(:name)
kept = Array.new(3) { |i| Named.new("k#{i}").extend(Greeter) }
4000.times { |i| Named.new("x#{i}").extend(Greeter).greet }
GC.start
p kept.map(&:greet)
o = Object.new
def o.x = :x
p o.singleton_methods, o.x
