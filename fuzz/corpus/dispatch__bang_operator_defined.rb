# The ! operator (opt_not) and != on a user class, defined after warming
class Flag
  def initialize(on) = @on = on
  def on? = @on
end
def neg(f) = !f
def ne(a, b) = a != b
f = Flag.new(false)
5.times { neg(f); ne(f, f) }
p neg(f), ne(f, f)
class Flag
  def ! = !@on
  def ==(o) = true
end
p neg(f), neg(Flag.new(true)), ne(f, Flag.new(true))
class Flag
  def !=(o) = :custom_ne
end
p ne(f, f)
