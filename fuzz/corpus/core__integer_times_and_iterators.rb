# Integer iteration helpers and their return values
r = 3.times { }
p r
r = 1.upto(3) { }
p r
r = 5.downto(3) { }
p r
r = 1.step(7, 3) { }
p r
acc = []
10.times { |i| next if i.odd?; acc << i; break if i >= 6 }
p acc
p 4.times.map { _1 ** 2 }, 0.times.to_a
p 3.times.with_index(1).to_a, 2.times.cycle.first(5)
total = 0
1.upto(100) { total += _1 }
p total
