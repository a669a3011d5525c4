# Inspect of recursive arrays and hashes, and of objects containing themselves
a = [1, 2]
a << a
p a
h = {k: 1}
h[:self] = h
p h
b = [a, h]
p b
Me = Struct.new(:me)
s = Me.new
s.me = s
p s
p a.flatten rescue puts "#{$!.class}: #{$!.message}"
p a == a, a.size
x = []
y = [x]
x << y
p x, y
