# The real forwardable: def_delegator(s), delegate, instance_delegate,
# SingleForwardable, delegating to private methods and to expressions.
require "forwardable"
class Queue2
  extend Forwardable
  def_delegators :@items, :size, :<<, :first, :each, :[]
  def_delegator :@items, :shift, :dequeue
  def_delegator "self.class", :name, :kind
  delegate [:empty?, :last] => :@items
  include Enumerable
  def initialize = @items = []
end
q = Queue2.new
q << 1 << 2 << 3
p q.size, q.first, q.dequeue, q[0], q.kind, q.empty?, q.last, q.map { _1 * 10 }
p Queue2.instance_method(:size).owner
obj = Object.new
obj.extend SingleForwardable
obj.def_delegator :"[1, 2, 3]", :sum
obj.def_single_delegators :@h, :keys
obj.instance_variable_set(:@h, { a: 1 })
p obj.sum, obj.keys
class Wrap
  extend Forwardable
  def_delegator :@s, :secret
  def initialize(s) = @s = s
end
class Hidden
  private def secret = 42
end
p Wrap.new(Hidden.new).secret
begin
  q.dequeue(1, 2)
rescue ArgumentError => e
  p e.class
end
