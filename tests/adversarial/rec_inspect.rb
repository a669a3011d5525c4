class X
  def inspect = "<#{inspect}>"
end
begin
  p X.new
rescue SystemStackError => e
  p e.class
end
class Y
  def to_s = "#{self}!"
end
begin
  puts Y.new
rescue SystemStackError => e
  p e.class
end
