# Assignments used as expressions, in conditions, chained assignments
a = b = c = 5
p [a, b, c]
if (m = "abc".match(/b/))
  p m[0]
end
x = (y = 3) + 1
p [x, y]
arr = []
while (v = [1, 2, 3][arr.size])
  arr << v
end
p arr
h = {}
h[:a] = h[:b] = []
h[:a] << 1
p h
p (z = nil).nil?
n = 0
n += 1 while n < 10
p n
s = "x" if false
p s
