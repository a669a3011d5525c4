# Range with step on floats, endless in case, ranges of strings, clamp with range
p (0.0..1.0).step(0.25).to_a
p 1.step(2, 0.5).to_a
p (1..10) % 3 rescue p $!.class
p ((1..10) % 3).to_a
def grade(n)
  case n
  when ..59 then "F"
  when 60...70 then "D"
  when 70...80 then "C"
  when 80...90 then "B"
  when 90.. then "A"
  end
end
p [12, 65, 70, 89, 90, 100].map { grade(_1) }
p 15.clamp(..10), 5.clamp(7..)
p ("a".."zz").count
p ("A".."C").map(&:downcase)
p (1..10).each_cons(4).first
p (1...10).size, (1..10.5).size rescue p $!
p (1..3).to_a.reverse
p (3..1).to_a
p (1..Float::INFINITY).lazy.map { _1 * 2 }.first(3)
p (-5..-1).to_a
p Range.new(*[1, 4]).sum
p (1..4).inject(:*)
p ("a".."c").include?("bb"), ("a".."c").cover?("bb")
