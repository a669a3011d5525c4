# to_str/to_ary/to_proc implicit conversions on user objects
class Path
  def initialize(p) = @p = p
  def to_str = @p
  def to_s = @p
end
class Pair
  def to_ary = [:left, :right]
end
class Upcaser
  def to_proc = ->(s) { s.upcase }
end
p "dir/" + Path.new("file")
p File.join("a", Path.new("b")) rescue p $!
a, b = Pair.new
p a, b
p [[1, 2], Pair.new].map { |x, y| y }
p %w[a b].map(&Upcaser.new)
p [1, 2] + Pair.new rescue p $!.class
p "abc".start_with?(Path.new("ab"))
p Array(nil), Array([1]), Array(1..3), Array("s"), Array({a: 1})
p String(12), String(nil), Integer("0x1A", 16) rescue p $!.message
p Integer("0x1A"), Float("1.5e3")
p Hash([]), Hash(nil), Hash({b: 2})
