# Compiled blocks (run with GOLDEN_JIT=1): a block yielded to by a
# builtin iterator runs as machine code with its frame made only when
# something needs it. Outer locals read and written, what the block
# relied on changed in the middle of it, exceptions, backtraces and
# caller from inside, self overridden, nested scopes, GC.

def mul(a, b) = a * b

r = nil
t = 0
5.times do |i|
  r = mul(i, 3.5)
  t += i
end
p [r, t]

# Outer locals two scopes up (an inner block whose parent block keeps
# its locals on the heap) and fused up-level forms.
acc = 0
[1, 2, 3].each do |x|
  k = x * 10
  [4, 5].each do |y|
    acc += k + y
    acc = acc + 1 if acc < 1000
  end
end
p acc

a = 1
b = 2
n = 0
4.times do
  n += 1 if a < b
  a += 2
end
p [a, b, n]

# Integer#+ redefined by a callee in the middle of a compiled block:
# the rest of the block and later turns see the new method.
class Integer
  alias_method :orig_plus, :+
end

def redefine_plus!
  Integer.class_eval { def +(o) = orig_plus(o).orig_plus(100) }
end

def restore_plus!
  Integer.class_eval { def +(o) = orig_plus(o) }
end

out = []
6.times do |i|
  redefine_plus! if i == 3
  out << (i + 1)
end
restore_plus!
p out

# A method the block calls is redefined between turns.
def helper(x) = x * 2
res = []
4.times do |i|
  res << helper(i)
  if i == 1
    Object.class_eval { def helper(x) = x * 3 }
  end
end
p res

# Exceptions from inside a compiled block, and backtraces / caller that
# must show the block's frame.
def boom(x)
  raise ArgumentError, "bad #{x}" if x == 2
  x
end

begin
  [0, 1, 2, 3].each { |x| boom(x) }
rescue ArgumentError => e
  p e.message
  puts e.backtrace.first(3).map { |l| l.sub(/^.*\//, "") }
end

def where = caller(1, 2).map { |l| l.sub(/^.*\//, "") }
w = nil
3.times { |i| w = where if i == 2 }
puts w

# next with a value, more arguments than parameters, no parameters.
p [1, 2, 3, 4].map { |x| next x * 10 if x.even?; x }
p({ a: 1, b: 2 }.map { |k| k })
c = 0
[[1, 2], [3, 4]].each { c += 1 }
p c

# self overridden (instance_exec) and a loop inside a block.
class Box
  def initialize(v) = @v = v
end
p Box.new(7).instance_exec(3) { |x| @v * x }
s = 0
2.times do |j|
  i = 0
  while i < 5
    s += i * j
    i += 1
  end
end
p s

# break out of an iterator from a block, and a block that allocates
# enough to collect.
p [1, 2, 3, 4].each { |x| break x * 100 if x == 3 }
strs = []
3000.times { |i| strs << "s#{i}" if i % 1000 == 0 }
GC.start
p strs

# Blocks yielded to by a method (yield from a compiled method's step).
def twice
  yield 1
  yield 2
end
tot = 0
5.times { twice { |v| tot += v } }
p tot
