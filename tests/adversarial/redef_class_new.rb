class Class
  alias_method :orig_new, :new
  def new(*) = 42
end
p Object.new
p Array.new
p String.new
p [1, 2].map { |x| x }
begin
  raise ArgumentError, "still works"
rescue => e
  p e.message
end
p Struct.new(:a).class
begin
  1 / 0
rescue ZeroDivisionError => e
  p e.class
end
class Class
  alias_method :new, :orig_new
end
p Object.new.class
