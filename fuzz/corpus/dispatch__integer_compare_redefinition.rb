# Redefining Integer#< and #== seen by loops and comparisons; restored afterwards
def lt(a, b) = a < b
def eq(a, b) = a == b
5.times { lt(1, 2); eq(1, 1) }
p lt(1, 2), eq(3, 3)
class Integer
  alias_method :orig_lt, :<
  alias_method :orig_eq, :==
  def <(o) = !orig_lt(o)
  def ==(o) = :redefined_eq
end
p lt(1, 2), eq(3, 3), [3, 3].include?(3) ? :incl : :no
class Integer
  alias_method :<, :orig_lt
  alias_method :==, :orig_eq
end
p lt(1, 2), eq(3, 3)
i = 0
i += 1 while i < 5
p i
