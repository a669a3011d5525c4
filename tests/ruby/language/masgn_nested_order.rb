# Multiple assignment with splat, nested or post targets, or whose value
# is used: the targets' receivers and index arguments are evaluated
# before the right side (Ruby 3.1 order).

$log = []
def l(x)
  $log << x
  x
end

class Rec
  attr_reader :name
  def initialize(name) = @name = name
  def []=(*args)
    $log << [:aset, @name, *args]
  end
  def [](i)
    $log << [:aref, @name, i]
    i
  end
  def x=(v)
    $log << [:x=, @name, v]
  end
  def y=(v)
    $log << [:y=, @name, v]
  end
  def inspect = "#<Rec #{@name}>"
end

a = Rec.new(:a)
b = Rec.new(:b)

a[l(1)], *b[l(2)] = l(:p), l(:q), l(:r)
p $log; $log.clear
l(a)[l(1)], (l(b).x, a[l(2)]), b.y = l(:p), [l(:q), l(:r)], l(:s)
p $log; $log.clear
*a[l(1)], b[l(2)] = l(:p), l(:q)
p $log; $log.clear
v = (a[l(1)], b.x = l(:p), l(:q))
p v, $log; $log.clear
a[l(1)], b.x = [l(:p), l(:q)]
p $log; $log.clear
