# Range literals, inclusion, to_a, endless and beginless ranges
r = (1..5)
p r, r.to_a
p (1...5).to_a
p ('a'..'e').to_a
p r.include?(5), (1...5).include?(5)
p r.cover?(2.5)
p r.min, r.max, r.sum
p (1..10).step(3).to_a
p (1..0).to_a
p (1..).first(3)
p (..5).include?(3)
p (1..nil).begin, (1..nil).end
p r.size
p (1.0..2.0).include?(1.5)
p r === 3
p (1..10).select(&:even?)
p r.each_slice(2).to_a
p ('aa'..'ad').to_a
p (1..3).reverse_each.to_a
p Range.new(1, 3, true)
p (1..2).eql?(1..2)
p r.minmax
p (0...10).step(2).map { |i| i * 10 }
