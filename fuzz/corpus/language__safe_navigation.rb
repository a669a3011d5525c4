# &. safe navigation: short-circuit, with args, with assignment
s = nil
p s&.length
p s&.length.nil?
t = "abc"
p t&.length
p t&.upcase&.reverse
class Node
  attr_accessor :next_node, :val
  def initialize(v, n = nil) = (@val, @next_node = v, n)
end
list = Node.new(1, Node.new(2))
p list.next_node&.val
p list.next_node&.next_node&.val
calls = 0
def side(c) = c
x = nil
x&.foo(calls += 1)
p calls
y = Node.new(0)
y&.val = 42
p y.val
z = nil
z&.val = (puts "not evaluated"; 1)
p z
p nil&.nonexistent_method
p 5&.+(3)
