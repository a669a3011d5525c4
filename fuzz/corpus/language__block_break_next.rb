# break and next values from blocks, break out of while
r = [1, 2, 3, 4].each do |x|
  break x * 10 if x == 3
end
p r
r2 = [1, 2, 3].each { |x| }
p r2
p [1, 2, 3, 4].map { |x| next 0 if x.even?; x }
p (1..Float::INFINITY).each { |i| break i if i * i > 50 }
i = 0
v = while true
  i += 1
  break i * 2 if i > 3
end
p v
p (while false do end)
def find_first(arr)
  arr.each_with_index { |x, idx| break [x, idx] if yield(x) }
end
p find_first([5, 8, 11]) { |x| x > 6 }
p find_first([1]) { false }
res = loop do
  break :done
end
p res
p [1, 2, 3].each_slice(2).map { |a| next a.sum }
