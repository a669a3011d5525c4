# Multiple assignment as a statement: the targets' receivers and index
# arguments are evaluated first, then the right-hand values, then the
# stores, each group left to right (Ruby 3.1 order).

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

# index and attribute targets
l(a)[l(1)], l(b).x = l(:p), l(:q)
p $log; $log.clear

# two index arguments, zero index arguments
l(a)[l(1), l(2)], l(b)[] = l(:p), l(:q)
p $log; $log.clear

# more values than targets, fewer values than targets
a[l(1)], b.y = l(:p), l(:q), l(:r)
p $log; $log.clear
a[l(1)], b.y, c = l(:p)
p $log, c; $log.clear

# side effects in index expressions
i = 0
arr = [10, 20, 30, 40]
arr[i += 1], arr[i += 1] = arr[i], arr[i + 1]
p arr, i

# index reads on the right hand side of a custom object
a[l(0)], b[l(1)] = b[l(2)], a[l(3)]
p $log; $log.clear

# swaps with locals
x, y = 1, 2
x, y = y, x
p [x, y]
x, y, z = y, x
p [x, y, z]
x, x = 5, 6
p x
q = [1, 2, 3, 4]
j = 3
k = 0
q[k], q[j] = q[j], q[k]
p q
q[0], q[0] = :first, :second
p q

# instance, global, class variables and constants
class Holder
  @@cv = nil
  def run
    @iv, $gv, @@cv, w = 1, 2, 3, 4
    [@iv, $gv, @@cv, w]
  end
end
p Holder.new.run
C1, C2 = :c1, :c2
p [C1, C2]

# self receivers (private setters)
class Priv
  def run
    self.v, self[0] = 1, 2
    [@v, @h]
  end

  private

  def v=(x)
    @v = x
  end

  def []=(i, x)
    @h = [i, x]
  end
end
p Priv.new.run

# value used: the whole right side as an Array
r = (m, n = 7, 8)
p r, m, n
def ret_masgn
  s, t = 1, 2
end
p ret_masgn
p((u, w = 3, 4).frozen?)

# splats, nested targets, rest and post targets
*f, g = 1, 2, 3
p f, g
h, (i1, i2), i3 = 1, [2, 3], 4
p [h, i1, i2, i3]
d, e = *[5, 6], 7
p [d, e]
d, e = [8, 9]
p [d, e]
d, e = 10
p [d, e]
d, = 11, 12
p d

# statements inside blocks, while loops and for loops
arr = [1, 2, 3, 4, 5]
[0, 1].each { |t| arr[t], arr[4 - t] = arr[4 - t], arr[t] }
p arr
lo, hi = 0, 4
while lo < hi
  arr[lo], arr[hi] = arr[hi], arr[lo]
  lo, hi = lo + 1, hi - 1
end
p arr
for t in 0..1
  arr[t], arr[t + 1] = arr[t + 1], arr[t]
  sw1, sw2 = t, sw1
end
p arr, sw1, sw2
3.times do |t|
  bx, by = by, t
  p [bx, by]
end

# a store that raises stops the later stores
arr = [1, 2].freeze
begin
  x, arr[0], y = :x, :a, :y
rescue => ex
  p ex.class, x, y
end
hash = {}
hash[l(:k1)], hash[l(:k2)] = l(1), l(2)
p hash, $log; $log.clear
