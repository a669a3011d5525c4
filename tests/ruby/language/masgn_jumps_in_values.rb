# Multiple assignment whose right side jumps (break, next, return, rescue)
# while target operands are on the stack, struct attribute swaps, and
# locals used as index arguments and assigned by the same statement.
a = []
x = 0
while true
  a[0], a[1] = 1, (x += 1; break if x > 2; x)
end
p a, x
r = [1, 2].map { |e| h = {}; h[:a], h[:b] = e, (next :skipped if e == 2; e); h }
p r
b = []
b[0], b[1] = (raise "x" rescue :resc), 2
p b
def m(c)
  c[0], c[1] = 1, (return :early if c; 3)
end
p m([])
s = Struct.new(:x, :y).new
s.x, s.y = s.y, 5
p s.to_a
s.x, s.y = s.y, s.x
p s.to_a
i = 0
t = [0, 0, 0]
t[i], i = 9, 2
p t, i
i = 0
i, t[i] = 2, 8
p t, i
z = (t[0], t[1] = 1, 2)
p z, t
p((t[0], t[2] = 5))
def vv(t) = (t[1], t[2] = :a, :b)
p vv(t), t
