# Exception#backtrace_locations and Kernel#caller_locations: Thread::Backtrace::Location's path, lineno, label, base_label, absolute_path, to_s and inspect, from a raise, a block, and the argument forms.
def a
  raise "boom"
end
def b = a
begin
  b
rescue => e
  locs = e.backtrace_locations
  p locs.size, locs.map(&:lineno), locs.map(&:label), locs.map(&:base_label)
  p locs.first.path == __FILE__, locs.first.to_s, locs.first.inspect
  p locs.first.absolute_path == File.expand_path(__FILE__)
end
def c
  [1].each { |x| return caller_locations }
end
l = c
p l.map(&:to_s), l.first.class
p caller_locations.class
def d = caller_locations(0, 2).map(&:label)
p d
p RuntimeError.new("x").backtrace_locations
p((caller_locations(-1) rescue $!.class))
