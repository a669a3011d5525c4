# Constant found through an included module; including another module ahead changes it
module Defaults
  SIZE = 1
end
module Overrides
  SIZE = 99
end
class Box
  include Defaults
  def size_const = SIZE
end
b = Box.new
5.times { b.size_const }
p b.size_const
Box.include(Overrides)
p b.size_const
p Box.ancestors.take(3)
