# Array literals, indexing, slicing, assignment
a = [1, 2, 3, 4, 5]
p a[0], a[-1], a[10]
p a[1, 2]
p a[1..3]
p a[1...-1]
p a[5, 1]
p a[6, 1]
p a[-2..]
p a.first(2), a.last(2)
a[1] = :two
p a
a[1..2] = [9]
p a
a[10] = 0
p a
b = %w[x y z]
p b
p Array.new(3)
p Array.new(3, 0)
p Array.new(3) { |i| i * i }
p [1, [2, [3, [4]]]]
p [] + [1] + [2, 3]
p [1, 2] * 2
p [1, 2] * ", "
p [1, 2, 3] - [2]
p [1, 2] & [2, 3]
p [1, 2] | [2, 3]
p [[1, 2], [3, 4]].to_h
