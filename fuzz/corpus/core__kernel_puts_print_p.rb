# puts/print/p/pp argument handling and return values, to_s protocols, $, $; unset
class Both
  def to_s = "to_s!"
  def inspect = "inspect!"
end
puts Both.new, [Both.new], nil, [nil], [], [[]]
print Both.new, nil, 1, "\n"
p Both.new
pp Both.new
p
p 1, 2
x = p(Both.new)
p x.class
puts 1, 2.5, 3r, :sym, "str"
puts "no newline added twice\n"
puts "a\n\n"
print "x", "y"
print "\n"
$stdout.puts [1, [2, [3]]]
STDOUT.write("written\n")
p $stdout.sync == true || $stdout.sync == false
