def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
class Node
  attr_accessor :nxt
  def initialize = @nxt = self
end
n = Node.new
t(:inspect_has_dots) { n.inspect.include?("...") }
t(:to_s_prefix) { n.to_s.start_with?("#<Node") }
o = Object.new
o.instance_variable_set(:@me, o)
o.instance_variable_set(:@list, [o, [o]])
t(:obj_inspect_dots) { o.inspect.scan("...").size }
