class Integer
  def ==(o) = false
end
p 1 == 1
p [1].include?(1)
p [1] == [1]
p [1].index(1)
case 1
when 1 then puts "when matched"
else puts "when not matched"
end
p 1.eql?(1)
p({1 => 2}[1])
p [1, 1].uniq
p 1.equal?(1)
p [1, 2].delete(1)
p [1] - [1]
