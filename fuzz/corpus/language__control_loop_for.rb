# loop, for loops (variable leaks), times/upto/downto/step
for i in 1..3
  print i
end
puts
p i
for a, b in [[1, 2], [3, 4]]
  print a + b, ","
end
puts
p [a, b]
n = 0
loop do
  n += 1
  next if n.odd?
  break if n > 6
  print n
end
puts
3.times { |t| print t }
puts
1.upto(4) { |u| print u }
puts
4.downto(1) { |d| print d }
puts
1.step(10, 4) { |s| print s, " " }
puts
10.step(1, -3) { |s| print s, " " }
puts
p 3.times.to_a
r = for x in [1, 2] do end
p r
