# Code after break/next/redo inside an expression, and index ||= followed by
# a multiple assignment with operand targets: the compiler's stack model.
def l(x) = x
a = [0, 0, 0]
h = {}
h[:b] ||= 4
h[:b] ||= 5
h[:c] &&= 1
v = (a[l(1)], h[:d] = l(:p), l(:q))
p v, a, h

x = 0
while true
  a[0], a[1] = 1, (x += 1; break x * 10 if x > 2; x)
end
p a, x

r = [1, 2, 3, 4].map do |i|
  b = [i, (next i * 100 if i.even?; i + 1)]
  b.sum
end
p r

y = while true
  s = Struct.new(:m).new
  s.m, a[2] = (break :out if a; 1), 9
end
p y

tries = 0
res = [1, 2].map do |i|
  tries += 1
  q = [i, (redo if tries == 1; tries)]
  q
end
p res, tries

z = [3, 4].each_with_object([]) do |i, acc|
  acc[i], acc[0] = (next if i == 3; i), 7
end
p z
k = {}
k[:n] ||= (k[:m] ||= 2) + 1
p k
