# Mixed Integer/Float arithmetic and comparisons
p 1 + 2.0
p 2.0 * 3
p 1 == 1.0
p 1.eql?(1.0)
p 1.equal?(1)
p 3 <=> 3.5
p 3.5 <=> 3
p 1 <=> "a"
p 10.0.to_i + 5
p Integer === 3
p Float === 3
p Numeric === 3.0
p 3.zero?
p 0.0.zero?
p 5.positive?
p -5.negative?
p 5.between?(1, 10)
p 7.clamp(1, 5)
p 2.5.clamp(3, 4)
p (1..10).step(3).to_a
p 1.0.step(2.0, 0.5).to_a
