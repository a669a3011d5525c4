# Overriding an Enumerable method in a module and in the class affects sites calling it
class Bag
  include Enumerable
  def initialize(*i) = @i = i
  def each(&) = @i.each(&)
end
def site(b) = b.map { _1 * 2 }
bag = Bag.new(1, 2, 3)
5.times { site(bag) }
p site(bag), site([1, 2, 3])
module Enumerable
  alias_method :orig_map, :map
  def map(&b) = [:enumerable_patched] + orig_map(&b)
end
p site(bag), site([1, 2, 3])
class Bag
  def map = [:bag_own_map]
end
p site(bag)
module Enumerable
  alias_method :map, :orig_map
end
Bag.send(:remove_method, :map)
p site(bag)
