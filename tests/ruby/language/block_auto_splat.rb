# Proc-style argument binding: auto-splat of one Array for |a, b|, missing
# arguments nil, extra ones dropped, optional and rest parameters, block
# parameters, and what does not auto-splat.
def y1(v) = yield(v)
def y2(a, b) = yield(a, b)
def y0 = yield

p y1([1, 2]) { |a, b| [a, b] }
p y1([1, 2, 3]) { |a, b| [a, b] }
p y1([1]) { |a, b| [a, b] }
p y1([]) { |a, b| [a, b] }
p y1([1, 2, 3]) { |a, *r| [a, r] }
p y1([1, 2, 3]) { |a, b = :d, *r| [a, b, r] }
p y1([1]) { |a, b = :d, *r| [a, b, r] }
p y1([1, 2]) { |a, | a }
p y1([1, 2]) { |a| a }
p y1([1, 2]) { |*r| r }
p y1([[1, 2], 3]) { |(a, b), c| [a, b, c] }
p y1([1, 2]) { |a, b, &blk| [a, b, blk] }
p y1(5) { |a, b| [a, b] }
p y1(nil) { |a, b| [a, b] }
p y1("s") { |a, b| [a, b] }
p y1({k: 1}) { |a, b| [a, b] }
p y2(1, 2) { |a| a }
p y2(1, 2) { |a, b, c| [a, b, c] }
p y2([1, 2], 3) { |a, b| [a, b] }
p y0 { |a, b| [a, b] }
p y0 { |a = 1, b = 2| [a, b] }

# to_ary conversions (and a to_ary returning nil or junk).
class Pair; def to_ary = [:x, :y]; end
class NoPair; def to_ary = nil; end
class BadPair; def to_ary = 7; end
p y1(Pair.new) { |a, b| [a, b] }
p(y1(NoPair.new) { |a, b| [a.class, b] })
begin
  y1(BadPair.new) { |a, b| [a, b] }
rescue TypeError => e
  puts "TypeError: #{e.message}"
end

# Subclass of Array, frozen Array, the Array mutated by the block.
class MyA < Array; end
p y1(MyA[1, 2]) { |a, b| [a, b] }
fa = [3, 4].freeze
p y1(fa) { |a, b| [a, b] }
arr = [5, 6]
p y1(arr) { |a, b| arr << 7; [a, b] }, arr

# Lambdas do not auto-splat; procs called with call do.
l = ->(a, b) { [a, b] }
begin
  y1([1, 2], &l)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
pr = proc { |a, b| [a, b] }
p pr.call([1, 2]), pr.call(1), pr.call(1, 2, 3), pr.(), pr.yield([4, 5])

# Hash#each, each_with_index, each_slice, zip, inject.
p({ a: 1, b: 2 }.map { |k, v| "#{k}#{v}" })
p [[1, 2], [3, 4]].each_with_index.map { |(a, b), i| a + b + i }
p (1..7).each_slice(3).map { |a, b, c| [a, b, c] }
p [1, 2].zip([3, 4]).map { |a, b| a * b }
p [[1, 2], [3, 4]].inject(0) { |s, (a, b)| s + a * b }
p [[1, [2, 3]]].map { |a, (b, c)| a + b + c }

# A huge Array auto-splatted binds its first elements only.
big = Array.new(300_000) { |i| i }
p y1(big) { |a, b| [a, b] }
p y1(big) { |a, *r| r.size }
