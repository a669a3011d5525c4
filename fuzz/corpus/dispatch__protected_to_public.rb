# Protected method call sites with explicit receivers across visibility changes
class Node
  def initialize(v) = @v = v
  def same?(o) = o.val == val
  def inspect = "#<Node>"
  protected def val = @v
end
a, b = Node.new(1), Node.new(1)
def outside(o) = o.val
5.times { a.same?(b) }
p a.same?(b)
begin
  outside(a)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
Node.send(:public, :val)
p outside(a), a.same?(b)
Node.send(:private, :val)
begin
  a.same?(b)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
