class Integer
  def to_s(*) = "X"
end
puts 1
p 1
print 2, "\n"
puts "#{3}"
puts [4].to_s
puts [5].join(",")
puts "%d" % 6
puts 7.inspect
class NilClass
  def to_s = "NIL"
end
puts nil
puts "#{nil}"
puts [nil].inspect
