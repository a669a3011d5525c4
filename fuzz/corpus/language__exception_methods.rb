# Exception#message, to_s, inspect, full backtrace shape, exception, ==
e = ArgumentError.new("oops")
p e.message, e.to_s, e.inspect
p ArgumentError.new.message
p StandardError.new(nil).message rescue p $!
p e.backtrace
e2 = e.exception("changed")
p e2.message, e.message, e2.class
p e.exception.equal?(e)
def where
  raise "here"
rescue => ex
  ex.backtrace.first
end
p where
p RuntimeError.new("a") == RuntimeError.new("a")
begin
  [1].fetch(5)
rescue IndexError => ie
  p ie.message
end
begin
  {a: 1}.fetch(:b)
rescue KeyError => ke
  p ke.message, ke.key, ke.receiver
end
begin
  nil.upcase
rescue NoMethodError => ne
  p ne.message.lines.first.chomp, ne.name, ne.receiver
end
begin
  undefined_local_x
rescue NameError => ne
  p ne.message.lines.first.chomp, ne.name
end
