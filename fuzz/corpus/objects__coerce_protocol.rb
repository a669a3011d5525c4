# Numeric coercion with a user type via coerce
class Meters
  attr_reader :v
  def initialize(v) = @v = v
  def +(o) = Meters.new(v + (o.is_a?(Meters) ? o.v : o))
  def *(o) = Meters.new(v * (o.is_a?(Meters) ? o.v : o))
  def coerce(n) = [Meters.new(n), self]
  def inspect = "#{v}m"
end
p Meters.new(2) + 3
p 3 + Meters.new(2)
p 2.5 * Meters.new(2)
p Meters.new(1) + Meters.new(1)
begin
  3 + "4"
rescue TypeError => e
  p e.message
end
begin
  3 + nil
rescue TypeError => e
  p e.message
end
begin
  "4" + 3
rescue TypeError => e
  p e.message
end
begin
  [1] + nil
rescue TypeError => e
  p e.message
end
p 1.coerce(2.5), 1.5.coerce(2)
