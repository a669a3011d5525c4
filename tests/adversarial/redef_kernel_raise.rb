module Kernel
  def raise(*a) = puts("no raise: #{a.inspect}")
end
raise "x"
begin
  1 / 0
rescue ZeroDivisionError => e
  p e.class
end
begin
  [].fetch(3)
rescue IndexError => e
  p e.class
end
def f = raise(ArgumentError)
f
puts "end"
