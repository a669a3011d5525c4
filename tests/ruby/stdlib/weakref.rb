# The standard library's weakref.rb (WeakRef < Delegator over an
# ObjectSpace::WeakMap) on carmine: a reference delegates while its object
# lives and raises WeakRef::RefError once the object is collected. Only
# objects made in methods that returned before GC.start are expected to
# die, with a little slack for CRuby's conservative stack scanning.
require "weakref"

class Item
  def initialize(name) = @name = name
  def name = @name
  def shout = @name.upcase
end

def make_refs(n) = Array.new(n) { |i| WeakRef.new(Item.new("tmp#{i}")) }

kept = Item.new("kept")
ref = WeakRef.new(kept)
p ref.weakref_alive?, ref.name, ref.shout, ref.__getobj__.equal?(kept)
p ref.is_a?(WeakRef), ref.is_a?(Delegator), ref.respond_to?(:shout)
p WeakRef.ancestors.take(2), WeakRef::RefError.superclass, WeakRef::VERSION

refs = make_refs(50)
GC.start
p ref.weakref_alive?, ref.name
dead = refs.reject(&:weakref_alive?)
p dead.size >= 47
begin
  dead.first.shout
rescue WeakRef::RefError => e
  p e.class, e.message
end
begin
  dead.first.__getobj__
rescue WeakRef::RefError => e
  p e.message
end

# true, false and nil are kept in the reference itself.
[true, false, nil].each do |v|
  r = WeakRef.new(v)
  GC.start
  p [r.weakref_alive?, r.__getobj__, r.inspect]
end

# A string, an array, a hash: delegation of their own methods.
s = +"text"
a = [3, 1, 2]
h = { k: 1 }
rs, ra, rh = WeakRef.new(s), WeakRef.new(a), WeakRef.new(h)
GC.start
p rs.size, rs == "text", ra.sort, ra.sum, rh[:k], rh.keys
rs << "!"
p s
