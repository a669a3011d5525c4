# `getlocal; putobject n; opt_plus/opt_minus/opt_<cmp>` run fused; a
# redefinition of Integer#+, #- or #< while they are warm must reach them,
# as must non-Integer locals, overflow into Bignum and jumps into the
# middle of a fused sequence.
def count(n)
  i = 0
  hits = 0
  while i < n
    hits += 1 if i - 1 < 3
    i += 1
  end
  [i, hits]
end
def dec(x) = x - 2
3.times { p count(5), dec(10) }
p count(2.5), dec(1.5), dec(2**64)
big = 2**62 - 1
x = big
x += 1
p x, x.class
y = -2**62
y -= 1
p y
p dec(-(2**62) + 1)

class Integer
  alias_method :old_plus, :+
  def +(o) = old_plus(o).old_plus(100)
end
3.times { p count(3), dec(10) }
class Integer
  alias_method :+, :old_plus
end
p count(3)

class Integer
  alias_method :old_minus, :-
  def -(o) = old_minus(o).old_minus(1000)
end
p dec(10), count(3)
class Integer
  alias_method :-, :old_minus
end
p dec(10)

class Integer
  alias_method :old_lt, :<
  def <(o) = old_lt(o) && self != 2
end
p count(10)
class Integer
  alias_method :<, :old_lt
end
p count(10)

# a value that is not an Integer in the fused local
s = "a"
s += "b"
p s
f = 1.5
f -= 0.5
p f
r = 3r
r += 1
p r
# jump into the middle of a fused sequence (the branch target is the
# putobject of `x + 1` after a ternary)
z = 5
w = (z > 3 ? z : 0) + 1
p w
k = 0
k = k + 1 while k < 7
p k
# two locals compared and branched on (`a < b`), warm, then redefined
def between(a, b)
  r = []
  r << :lt if a < b
  r << :le if a <= b
  r << :gt if a > b
  r << :ge if a >= b
  r << :eq if a == b
  r << :ne if a != b
  r
end
3.times { p between(1, 2), between(2, 2), between(3, 2) }
p between(1.5, 2), between("a", "b"), between(2**70, 2**70 + 1)
class Integer
  alias_method :lt_before, :<
  def <(o) = !lt_before(o)
  alias_method :eq_before, :==
  def ==(o) = eq_before(o) || o == :any
end
3.times { p between(1, 2), between(2, 2) }
class Integer
  alias_method :<, :lt_before
  alias_method :==, :eq_before
end
p between(1, 2)
