# Big factorials and digit sums
def fact(n) = (1..n).inject(1, :*)
p fact(20)
p fact(21)
p fact(30)
p fact(50).to_s.chars.map(&:to_i).sum
p fact(25) / fact(23)
p fact(30).to_s(16)
p (fact(40) <=> fact(39))
p fact(22).bit_length
p 12345678901234567890.digits.first(5)
