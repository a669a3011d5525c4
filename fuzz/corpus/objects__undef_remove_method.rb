# undef_method blocks lookup entirely, remove_method reveals superclass method
class Parent
  def m = :parent
  def n = :parent_n
end
class Child < Parent
  def m = :child
  def n = :child_n
  def inspect = "#<Child>"
end
c = Child.new
p c.m, c.n
class Child
  remove_method :m
  undef_method :n
end
p c.m
begin
  c.n
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
p Child.method_defined?(:n), Parent.method_defined?(:n)
class Parent
  undef m
end
begin
  c.m
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
begin
  class Child
    remove_method :zzz
  end
rescue NameError => e
  puts e.message.lines.first.chomp
end
begin
  class Child
    undef_method :zzz
  end
rescue NameError => e
  puts e.message.lines.first.chomp
end
