# Object#inspect guards against cycles through instance variables the way
# CRuby does: an object already being inspected prints as `#<C:0x... ...>`.
class Node
  def initialize(name) = @name = name
  attr_accessor :peer, :items
end
a = Node.new("a")
b = Node.new("b")
a.peer = b
b.peer = a
a.items = [a, { self: a }]
puts a.inspect.gsub(/0x\h+/, "0x")
puts b.inspect.gsub(/0x\h+/, "0x")
begin
  a.no_such_method
rescue NoMethodError => e
  # 3.1 puts the full inspect (however long) in the message.
  puts e.message.gsub(/0x\h+/, "0x")
end
class Wide
  def initialize = @text = "x" * 80
end
begin
  Wide.new.nope
rescue NoMethodError => e
  puts e.message.gsub(/0x\h+/, "0x")
end
