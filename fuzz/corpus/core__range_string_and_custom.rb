# Ranges over strings and custom objects with succ and <=>
p ("a".."e").to_a, ("A".."AC").to_a.last(3), ("y".."ab").to_a
p ("1".."10").to_a, ("08".."11").to_a
class Ver
  include Comparable
  attr_reader :n
  def initialize(n) = @n = n
  def succ = Ver.new(n + 1)
  def <=>(o) = n <=> o.n
  def inspect = "V#{n}"
end
r = Ver.new(1)..Ver.new(4)
p r.to_a, r.include?(Ver.new(2)), r.min, r.max, r.map(&:n).sum
p (Ver.new(1)...Ver.new(3)).to_a, r.step(2).to_a rescue p $!.class
p r === Ver.new(3), r.cover?(Ver.new(9))
