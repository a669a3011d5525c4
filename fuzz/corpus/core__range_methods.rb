# Range: step/each/to_a/include?/cover?/sum/size/min/max/endless/beginless
r = 1..10
p r.sum, (1..100).sum, (1...10).sum, ('a'..'e').sum(""), (1..10).reduce(:*)
p r.step(3).to_a, 1.step(10, 4).to_a, (1.0..2.0).step(0.5).map { _1 }
p r.include?(10), (1...10).include?(10), r.member?(5), r === 5.5, r.cover?(2..4)
p ("a".."z").cover?("mm"), ("a".."z").include?("mm")
p r.first, r.first(3), r.last(3), r.min, r.max, (1...10).max, r.minmax
p r.size, (1...10).size, (1..0).size, (1..).size, (1.5..4).size rescue p $!
p (1..).take(3), (1..).each_slice(2).first(2), (..5).cover?(-100)
begin
  (..5).each {}
rescue TypeError => e
  p e.message
end
p r.to_a.reverse.take(3), r.each_with_index.select { |x, i| i.even? }.map(&:first)
p (1..10).find { _1 % 7 == 0 }, (1..Float::INFINITY).lazy.select(&:even?).first(3)
p r.begin, r.end, r.exclude_end?, (1...3).exclude_end?, r.count(&:even?)
p (1..10) == (1..10), (1..10).eql?(1...11), (1..10).hash == (1..10).hash
p r.to_s, (1...3).inspect, ("a".."c").to_a.join, (-3..3).map(&:abs).uniq
p (1..10).each_cons(3).count, (1..3).flat_map { [_1] * _1 }
p Range.new(1, 5).step(2).class rescue p $!
p (0...20).step(5).to_a, 1.0.step(by: 0.5, to: 2.0).to_a
