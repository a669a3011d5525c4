# ivar reads inside methods stay correct when classes gain ivars in new orders
class Cell
  def initialize(v) = @v = v
  def v = @v
end
class Cell2 < Cell
  def initialize(v)
    @extra = :x
    super
  end
end
objs = [Cell.new(1), Cell2.new(2), Cell.new(3)]
5.times { objs.each(&:v) }
p objs.map(&:v)
class Cell
  def initialize(v)
    @pad = 0
    @v = v * 10
  end
end
objs += [Cell.new(4), Cell2.new(5)]
p objs.map(&:v)
objs[0].instance_variable_set(:@v, :changed)
p objs.map(&:v)
p objs.map { _1.instance_variables.size }
