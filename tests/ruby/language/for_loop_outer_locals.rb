# A `for` body's locals belong to the enclosing scope: loops over them
# (comparisons, `+= 1`, pairs of reads) on Integers, Floats, big numbers,
# Strings and objects with their own operators.

def sums(n)
  total = 0
  for i in 0...n
    j = 0
    while j < i
      total += j
      j += 1
    end
    k = i
    k -= 2
    while k >= 0
      total += k * 10
      k -= 3
    end
  end
  [total, i, j, k]
end
p sums(6)

# overflow into Bignum and back, Floats, Strings
for x in [2**62 - 2, 4.5, -2**63]
  y = x
  y += 1
  z = y
  z -= 1
  p [y, z, y > z, z <= y]
end
for s in ["a", "b"]
  t = s
  u = t
  while t < "aaa"
    t += "a"
  end
  p [t, u]
end

# comparisons with objects that define them
class Num
  attr_reader :v
  def initialize(v) = @v = v
  def <(o) = @v < o.v
  def +(n) = Num.new(@v + n)
  def inspect = "Num(#{@v})"
end
for lim in [Num.new(3)]
  cur = Num.new(0)
  while cur < lim
    cur += 1
  end
  p cur
end

# Integer#< redefined inside the loop's body
res = []
for q in 1..2
  a = 0
  b = 3
  while a < b
    res << a
    a += 1
    if a == 2 && q == 1
      class Integer
        alias_method :__orig_lt, :<
        def <(o) = __orig_lt(o) && self != 2
      end
    end
  end
end
p res
class Integer
  alias_method :<, :__orig_lt
end

# nested for loops and a block inside
acc = []
for r in 0..1
  for c in 0..2
    acc << [r, c]
    w = r
    w += c
    [1].each { |e| acc << w + e }
  end
end
p acc, r, c, w
