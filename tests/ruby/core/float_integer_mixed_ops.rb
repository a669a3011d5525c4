# + - * / between a Float and an Integer (either side first) take the
# operator instructions' fast path; results, signed zeros, infinities,
# NaN and redefinitions must be CRuby's.
ints = [1, -3, 0, 2**53 + 1, 4611686018427387903, -4611686018427387904]
floats = [1.5, -0.0, 0.0, 1e300, -Float::INFINITY, Float::NAN, 2.5e-320, 1.0e-200]
show = ->(z) { z.nan? ? "NaN" : "#{z}#{z.equal?(-0.0) || (z.zero? && 1.0 / z < 0) ? '(neg)' : ''}" }
ints.each do |x|
  floats.each do |y|
    puts [x + y, x - y, x * y, x / y, y + x, y - x, y * x, y / x].map(&show).join(" ")
  end
end
p 3 / 2.0, 3.0 / 2, 7 - 0.5, 0.5 - 7, 2**62 * 1.0
p((1..4).sum { |i| i * 0.25 })
class Integer
  alias_method :orig_plus, :+
  def +(o) = o.is_a?(Float) ? :int_plus : orig_plus(o)
end
p 1 + 2.0, 1.0 + 2, 1 + 2
class Float
  def *(o) = :float_mult
end
p 2.0 * 3, 2 * 3.0
