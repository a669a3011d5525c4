# String interpolation (objtostring) notices to_s being defined/redefined
class Tag
  def initialize(n) = @n = n
  def inspect = "#<Tag>"
end
class Tag
  def to_s = "tag-#{@n}"
end
def render(t) = "<#{t}>"
t = Tag.new(1)
5.times { render(t) }
p render(t)
class Tag
  def to_s = "TAG#{@n}"
end
p render(t)
p render(:sym), render(5)
class Symbol
  alias_method :orig_to_s, :to_s
  def to_s = "sym!"
end
p render(:sym)
class Symbol
  alias_method :to_s, :orig_to_s
end
p render(:sym)
