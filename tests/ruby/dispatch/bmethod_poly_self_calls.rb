# define_method methods called without a receiver from one shared method
# (a module's, so one call site) on receivers of several classes: the
# site's hot entry holds one class and the others' define_method frames
# are pushed from its other entries. Checked warm, then while each class
# changes under the warm site: redefined with another arity, replaced by
# def, removed (the superclass's answer), made private, prepended over,
# a singleton method on one receiver, an argument error, `return` and
# `yield` inside the bodies, and deep recursion.
module Shared
  def show(x) = [kind, twice(x), self.class.name]
  def deep(n) = down(n)
end

class Root
  include Shared
  def kind = :root
  def twice(x) = [:root, x]
end

KLASSES = (1..6).map do |i|
  k = Class.new(Root) do
    define_method(:kind) { i }
    define_method(:twice) { |x| return x * i if x > 100; x + i }
    define_method(:down) { |n| n == 0 ? i : down(n - 1) + 1 }
  end
  Object.const_set(:"K#{i}", k)
end
objs = KLASSES.map(&:new)

out = []
30.times do |j|
  objs.each { |o| out << o.show(j) }
end
p out.first(6), out.last(6), out.size
p objs.map { |o| o.show(200) }
p objs.map { |o| o.deep(50) }

def all(objs, x) = objs.map { |o| o.show(x) }

p all(objs, 1)
# Another arity on one class: its entry is no longer fast.
K2.define_method(:twice) { |x, y = 1000| x + y }
p all(objs, 2)
# Replaced by def, then by define_method again.
class K3
  def twice(x) = [:def, x]
end
p all(objs, 3)
K3.define_method(:twice) { |x| -x }
p all(objs, 4)
# Removed: the superclass's method answers.
K4.send(:remove_method, :twice)
p all(objs, 5)
# Private: receiverless calls still work.
K5.send(:private, :twice)
p all(objs, 6)
# Prepended over.
module Loud
  def kind = [:loud, super]
end
K6.prepend(Loud)
p all(objs, 7)
# A singleton method on one receiver.
def (objs[0]).kind = :singleton
p all(objs, 8), K1.new.show(8)
# Wrong argument count through the shared site.
module Shared
  def bad = twice(1, 2, 3)
end
objs.each do |o|
  o.bad
rescue ArgumentError => e
  p [o.class, e.message]
end
# yield in a define_method body sees its creator's block.
def maker(tag)
  Class.new(Root) do
    define_method(:kind) { block_given? ? yield(tag) : [:no_block, tag] }
  end
end
a = maker(:a) { |t| [:yielded, t] }.new
b = maker(:b).new
4.times { p [a.show(9), b.show(9)] }
# Deep recursion through define_method methods raises, then the site works.
begin
  objs[1].deep(1_000_000)
rescue SystemStackError => e
  p e.class
end
p objs.map { |o| o.deep(3) }
