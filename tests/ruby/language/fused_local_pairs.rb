# Two getlocals in a row run as one fused instruction that skips the second;
# a jump that lands on the second (a branch joining before it) must still
# push only that one local.
def pick(c, a, b, d)
  r = (c ? a : b) + d
  s = [a, d]
  t = c ? a : b
  u = t - d
  [r, s, u, a * b, d / a]
end
p pick(true, 1, 2, 10), pick(false, 3, 4, 20), pick(nil, 5, 6, 30)
x = 7; y = 3
p x % y, x <=> y, [x, y].max, (x > y ? x : y) - y
h = {x => y}; p h[x], h.fetch(x) + x
i = 0; acc = 0
while i < 5
  acc = acc + i
  i += 1
end
p acc
