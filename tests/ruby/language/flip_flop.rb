# Flip-flops keep their state in the method (or top-level) scope
a = []
10.times { |i| a << i if (i == 2)..(i == 5) }
p a
a = []
10.times { |i| a << i if (i == 2)...(i == 2) }
p a
a = []
10.times { |i| a << i if (i == 2)..(i == 2) }
p a
def m(x) = x.select { |i| true if (i == 3)..(i == 4) }
p m([1, 2, 3, 4, 5, 3, 9])
p m([4, 3, 1, 4])
p((true if true..true))
s = (1..12).map { |i| ((i % 4 == 0)..(i % 4 == 1)) ? "x" : "." }.join
p s
