class X
  include Comparable
  def <=>(o) = "x"
end
[:<, :<=, :>, :>=, :==, :between?].each do |m|
  r = m == :between? ? X.new.between?(X.new, X.new) : X.new.send(m, X.new)
  puts "#{m}: #{r.inspect}"
rescue => e
  puts "#{m}: #{e.class}: #{e.message.lines.first.sub(/0x\h+/, 'ADDR')}"
end
class Y
  include Comparable
  def <=>(o) = raise("cmp")
end
def try
  p yield
rescue => e
  p e.class
end
try { Y.new == Y.new }
try { [Y.new, Y.new].sort }
try { [X.new, X.new].sort.size }
try { [X.new, X.new].max.class }
class Z
  def <=>(o) = 2**100
end
p [Z.new, Z.new, Z.new].sort.size
p [3, 1, 2].sort { 2**100 }
p [3, 1, 2].sort { -1.5 }
