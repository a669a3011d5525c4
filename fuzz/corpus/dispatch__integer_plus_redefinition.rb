# Redefining Integer#+ must be noticed by operator fast paths; restored afterwards
def add(a, b) = a + b
5.times { add(1, 2) }
p add(1, 2), add(2**64, 1), [1, 2].sum
class Integer
  alias_method :orig_plus, :+
  def +(o) = orig_plus(o).orig_plus(100)
end
p add(1, 2), 3 + 4
x = 0
3.times { x += 1 }
p x
class Integer
  alias_method :+, :orig_plus
  remove_method :orig_plus
end
p add(1, 2), 3 + 4
y = 0
3.times { y += 1 }
p y
