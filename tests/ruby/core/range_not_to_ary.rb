x, y = 1..3
p x, y
a, b = *(1..3)
p a, b
p [*1..3, *('a'..'c')]
def f(*r) = r
p f(*1..2)
p [[1..2]].flatten, [1,2].zip(1..Float::INFINITY), [1, 2] + (3..4).to_a
[1..2].each { |m, n| p [m, n] }
p (1..Float::INFINITY).lazy.zip(1..Float::INFINITY).first(2)
