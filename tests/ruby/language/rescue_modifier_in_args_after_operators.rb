# A rescue modifier inside an argument list restores the operand stack to
# the depth it had when the protected expression began, also after operator
# calls (opt_plus, opt_le...) earlier in the same scope.
x = 1 <= 2
y = 3 + 4
class Foo
  def <=(o) = o
end
z = Foo.new <= 5
def boom(n) = (raise IndexError, "bad #{n}" unless n == 1; n)
p x, y, z
p 1, 2, (raise("x") rescue 9), 3
p boom(1), 2, (boom(5) rescue p $!), 3, (boom(6) rescue $!)
def m
  a = 10 - 3
  b = [a, (boom(2) rescue :r), a * 2]
  c = a > 5
  [a, b, c, (Integer("z") rescue 0)]
end
p m
p [1, 2].map { |v| v < 2 ? (raise "no" rescue v) : v + 1 }
