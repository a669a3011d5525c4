# Comparable via <=>: operators, between?, clamp, sort, min/max
class Version
  include Comparable
  attr_reader :parts
  def initialize(s) = @parts = s.split(".").map(&:to_i)
  def <=>(o) = o.is_a?(Version) ? parts <=> o.parts : nil
  def to_s = parts.join(".")
  def inspect = "v#{self}"
end
a = Version.new("1.2.10")
b = Version.new("1.10.0")
c = Version.new("1.2.9")
p a < b, a > c, a == Version.new("1.2.10"), a != b
p a.between?(c, b)
p c.clamp(a, b)
p [a, b, c].sort, [a, b, c].max, [a, b, c].min
begin
  a < 5
rescue ArgumentError => e
  p e.message
end
p a == 5
