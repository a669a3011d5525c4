# Constant found via superclass, then defined in the subclass
class Base
  COLOR = "red"
end
class Derived < Base
  def color = COLOR
end
d = Derived.new
5.times { d.color }
p d.color
class Derived
  COLOR = "blue"
end
p d.color
Base.send(:remove_const, :COLOR)
p d.color
Derived.send(:remove_const, :COLOR)
begin
  d.color
rescue NameError => e
  puts e.message.lines.first.chomp
end
