# to_s/inspect overrides and how puts/p/interpolation/Array#inspect use them
class OnlyToS
  def to_s = "to_s-version"
end
class OnlyInspect
  def inspect = "inspect-version"
end
class Both
  def to_s = "both-to_s"
  def inspect = "both-inspect"
end
class BadToS
  def to_s = 42
  def inspect = "#<BadToS>"
end
b = Both.new
puts b
p b
puts "#{b}"
puts [b, b].inspect
puts [b].to_s
p OnlyInspect.new
puts "#{OnlyInspect.new}".start_with?("#<OnlyInspect")
puts OnlyToS.new
p OnlyToS.new.inspect.start_with?("#<OnlyToS")
puts "#{BadToS.new}".start_with?("#<BadToS")
print b, "\n"
$stdout << b << "\n"
h = {b => b}
p h
puts [1, [2, [nil, b]]]
