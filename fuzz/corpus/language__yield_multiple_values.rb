# yield with several values, auto-splat of single array argument
def y2 = yield(1, 2)
def y1arr = yield([1, 2])
def y3 = yield(1, [2, 3], 4)
y2 { |a| p a }
y2 { |a, b| p [a, b] }
y2 { |a, b, c| p [a, b, c] }
y1arr { |a| p a }
y1arr { |a, b| p [a, b] }
y1arr { |a, *b| p [a, b] }
y3 { |a, (b, c), d| p [a, b, c, d] }
y3 { |*all| p all }
p({a: 1, b: 2}.map { |k, v| "#{k}=#{v}" })
p({a: 1}.map { |pair| pair })
p [[1, [2, 3]]].each { |a, (b, c)| p a + b + c }
def ynone = yield
ynone { |a, b| p [a, b] }
p [[1, 2], [3, 4]].each_with_index.map { |(a, b), i| a * b + i }
