# puts/p/print of arrays, nested arrays, nil elements, empty arrays
puts [1, [2, [3, nil]], []]
puts []
puts [nil]
p []
p [nil, [nil]]
print [1, 2], "\n"
print "a", "b", 1, nil, :c, "\n"
puts [[], [[]]].inspect
puts [1, 2].to_s
pp [1, {a: [2, {b: 3}]}]
x = p
p x
y = p 1, 2
p y
z = puts "ret"
p z
puts nil
puts [nil, nil].size
puts "multi", "args", 3
puts "line\n"
puts ""
