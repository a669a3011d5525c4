# Endless method definitions, including operators and with args
class Money
  attr_reader :cents
  def initialize(c) = @cents = c
  def +(o) = Money.new(cents + o.cents)
  def -@ = Money.new(-cents)
  def to_s = format("$%.2f", cents / 100.0)
  def ==(o) = o.is_a?(Money) && cents == o.cents
  def zero? = cents.zero?
end
a = Money.new(150)
b = Money.new(275)
puts a + b
puts(-a)
p a == Money.new(150), a == b, a == 150
p Money.new(0).zero?
def sq(x) = x * x
p sq(12)
def greet(name = "you") = "hi #{name}"
p greet, greet("me")
