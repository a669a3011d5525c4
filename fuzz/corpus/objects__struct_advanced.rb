# Struct subclassing, custom initialize with super, keyword_init errors, ===
class Point3 < Struct.new(:x, :y, :z)
  def initialize(x, y = 0, z = 0) = super
  def +(o) = Point3.new(x + o.x, y + o.y, z + o.z)
end
a = Point3.new(1)
p a, a + Point3.new(1, 2, 3)
p Point3.ancestors[1].class, Point3.ancestors.include?(Struct)
P2 = Struct.new(:a, :b)
p P2.new(1, 2).to_a.sum
case P2.new(1, 2)
in [a, b] then p [:arr, a, b]
end
K = Struct.new(:a, keyword_init: true)
begin
  K.new(1)
rescue ArgumentError => e
  p e.message
end
begin
  K.new(b: 1)
rescue ArgumentError => e
  p e.message
end
p P2.new(1, 2) == P2.new(1, 2.0), P2.new(1, 2).eql?(P2.new(1, 2.0))
s = P2.new([1], 2)
p s.dig(:a, 0)
p s.each_pair.to_a
p P2.new(3, 4).select(&:odd?), P2.new(5, 6).filter_map { _1 * 2 if _1 > 5 }
begin
  s[:c]
rescue NameError => e
  p e.message.lines.first.chomp
end
begin
  s[5]
rescue IndexError => e
  p e.message
end
