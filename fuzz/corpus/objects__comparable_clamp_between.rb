# Comparable#clamp and between? on Integer, Float, String and a user class
p 15.clamp(1, 10), -5.clamp(1, 10), 5.clamp(1, 10)
p 1.5.clamp(2, 3), "m".clamp("a", "f"), 7.clamp(1..5)
p 5.between?(5, 5), 5.between?(6, 9)
class Temp
  include Comparable
  attr_reader :deg
  def initialize(d) = @deg = d
  def <=>(o) = deg <=> o.deg
  def to_s = "#{deg}°"
end
lo, hi = Temp.new(0), Temp.new(100)
puts Temp.new(150).clamp(lo, hi), Temp.new(-3).clamp(lo, hi), Temp.new(50).clamp(lo, hi)
p Temp.new(5).between?(lo, hi)
begin
  5.clamp(10, 1)
rescue ArgumentError => e
  p e.message
end
p [Temp.new(3), Temp.new(1)].max.deg
p Temp.new(1) == Temp.new(1), Temp.new(1).equal?(Temp.new(1))
