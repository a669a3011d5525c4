class Integer
  alias_method :orig_plus, :+
  def +(o) = 42
end
p 1 + 1
p [1, 2, 3].sum
p (1..3).sum
x = 5
x += 1
p x
p 1.succ
n = 0
3.times { n = n.orig_plus(1) }
p n
p "#{1 + 2}"
p [1, 2].map { |v| v + 100 }
p [3, 1, 2].sort
p [1, 2, 3].inject(:+)
p [1, 2, 3].each_slice(2).to_a
class Integer
  def +(o) = orig_plus(o)
end
p 1 + 1
