# sort/max via <=> reflect a redefined <=> in a user class
class Card
  include Comparable
  attr_reader :rank
  def initialize(r) = @rank = r
  def <=>(o) = rank <=> o.rank
  def inspect = "C#{rank}"
end
cards = [3, 1, 4, 2].map { Card.new(_1) }
5.times { cards.sort }
p cards.sort, cards.max, cards.min, Card.new(1) < Card.new(2)
class Card
  def <=>(o) = o.rank <=> rank
end
p cards.sort, cards.max, cards.min, Card.new(1) < Card.new(2)
