# method_missing with respond_to_missing?, method objects from ghosts
class Ghost
  def method_missing(name, *args, &blk)
    if name.to_s.start_with?("get_")
      "got #{name.to_s.sub("get_", "")} #{args.inspect}"
    else
      super
    end
  end
  def respond_to_missing?(name, include_private = false)
    name.to_s.start_with?("get_") || super
  end
  def inspect = "#<Ghost>"
end
g = Ghost.new
p g.get_name
p g.get_item(1, 2)
p g.respond_to?(:get_x), g.respond_to?(:other)
m = g.method(:get_thing)
p m.call(5)
begin
  g.unknown_call
rescue NoMethodError => e
  puts e.message.lines.first.chomp
  p e.name, e.args
end
class Recorder < BasicObject
  def initialize = @calls = []
  def method_missing(n, *a) = (@calls << n; self)
  def __calls = @calls
end
r = Recorder.new
r.a.b.c
p r.__calls
