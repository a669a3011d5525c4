# A block literal passed in a loop: the callee's frame slot keeps the last
# call's block for the next, unless something kept it (a Proc made from it,
# a stored &blk). Kept blocks must stay as they were made.
class Box
  def initialize; @kept = []; end
  attr_reader :kept
  def keep(&b) = (@kept << b; nil)
  def run = yield
  def given? = block_given?
  def nested = run { yield }
  def make = proc { yield }
end

b = Box.new
i = 0
while i < 3
  b.keep { i * 10 }
  x = i
  b.run { x += 1 }
  i += 1
end
p b.kept.map(&:call)

procs = []
3.times do |j|
  procs << b.make { j + 100 }
  b.run { j }
end
p procs.map(&:call)

p (1..3).map { |k| b.given? { k } }, b.given?
p (1..3).map { |k| b.nested { k * 2 } }

# the same site seeing a block that escapes every other call
kept = []
6.times do |k|
  if k.even?
    b.keep { "even #{k}" }
  else
    kept << b.run { k }
  end
end
p kept, b.kept.drop(3).map(&:call)

# self and locals seen by the block are the caller's at each call
class Counter
  def initialize(n) = @n = n
  def each_twice = (yield; yield)
  def total(box)
    t = 0
    box.run { each_twice { t += @n } }
    t
  end
end
p [1, 2, 3].map { |n| Counter.new(n).total(b) }

# a builtin given a block literal in a loop, some kept
arr = [3, 1, 2]
ps = []
4.times do |k|
  arr.each_with_index { |v, ix| ps << proc { v + k } if ix.zero? }
  arr.reverse_each {}
  arr.index { |v| v == k }
end
p ps.map(&:call)

def recurse(n, &blk)
  return blk.call(n) if n.zero?
  recurse(n - 1) { |v| blk.call(v + n) }
end
p recurse(5) { |v| v }
