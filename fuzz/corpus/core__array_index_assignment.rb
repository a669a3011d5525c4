# Array element assignment with ranges, lengths, growth, negative indices
a = [0, 1, 2, 3, 4]
a[1..2] = :x
p a
a[1, 0] = [:ins1, :ins2]
p a
a[-1] = :last
p a
a[8] = :far
p a
a[2...4] = []
p a
a[0, 2] = [[:nested]]
p a
b = [1, 2, 3]
b[5..] = 9
p b
b[1..] = nil
p b
c = %w[a b c d]
c[-3, 2] = "X"
p c
c.insert(1, "i", "j")
p c
c.values_at(0, -1, 9)
p c.values_at(0, -1, 9)
d = [1, 2, 3, 4, 5, 6]
d[1..-2] = d[1..-2].reverse
p d
