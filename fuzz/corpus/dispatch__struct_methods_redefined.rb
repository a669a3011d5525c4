# Struct-generated accessors at a warm site, then overridden in the struct class
Pt = Struct.new(:x, :y)
def site(pt) = pt.x
pt = Pt.new(3, 4)
5.times { site(pt) }
p site(pt)
class Pt
  alias_method :generated_x, :x
  def x = self[:x] * 100
end
p site(pt)
Pt.send(:remove_method, :x)
begin
  site(pt)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
Pt.send(:alias_method, :x, :generated_x)
p site(pt)
pt.x = 5
p site(pt)
Pt2 = Struct.new(:x) do
  def x = "wrapped #{self[:x]}"
end
p site(Pt2.new(1)), site(pt)
Pt3 = Struct.new(:y, :x)
p site(Pt3.new(1, 2)), site(pt)
