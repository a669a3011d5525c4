# TracePoint :c_call/:c_return: builtins (operators too), attribute
# methods, aliases, Method#call, the calls Ruby makes itself for `def`,
# `raise` and `rescue`.
class Point
  attr_accessor :x
  alias_method :xx, :x

  def inspect = "#<Point>"
end

events = []
tp = TracePoint.new(:c_call, :c_return) do |t|
  next unless t.path == __FILE__
  e = [t.event, t.lineno, t.method_id, t.callee_id, t.defined_class, t.self.is_a?(Method) ? Method : t.self]
  e << (t.return_value.is_a?(Method) ? Method : t.return_value) if t.event == :c_return
  e << t.parameters if t.event == :c_call
  events << e
end

pt = Point.new
tp.enable
1 + 2
[3, 1, 2].sort
pt.x = 5
pt.x
pt.xx
"abc".upcase
pt.method(:x).call
1.send(:itself)
1.public_send(:itself)
def helper; end
begin
  raise "oops"
rescue RuntimeError
end
{a: 1}[:a]
[1, 2].map { |v| v * 2 }
tp.disable
events.each { |e| p e }
