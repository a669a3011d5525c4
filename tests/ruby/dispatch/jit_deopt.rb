# Compiled methods calling compiled methods directly (lazy frames, run
# with GOLDEN_JIT=1): what the callers relied on changes in the middle of
# a compiled method, backtraces and caller see every frame, deep
# recursion stops cleanly.

class Integer
  alias_method :orig_plus, :+
end

def redefine_plus!
  Integer.class_eval { def +(o) = orig_plus(o).orig_plus(100) }
end

def restore_plus!
  Integer.class_eval { def +(o) = orig_plus(o) }
end

def leaf(x, flip) = flip ? (redefine_plus!; x + 1) : x + 1
def middle(x, flip) = leaf(x, flip) + 1
def outer(x, flip) = middle(x, flip) + middle(x, false)

# Warm, then Integer#+ is redefined two lazy frames down, mid-expression.
3.times { |i| p outer(i, false) }
p outer(10, true)
p outer(10, false)
restore_plus!
p outer(10, false)

def sum_to(n, at)
  t = 0
  i = 0
  while i < n
    t = t + i
    redefine_plus! if i == at
    i += 1
  end
  t
end

3.times { p sum_to(10, -1) }
p sum_to(1000, 3)
restore_plus!
p sum_to(10, -1)

# Backtraces through frames made only when needed.
def c3(n)
  raise ArgumentError, "deep #{n}" if n > 2
  c3(n + 1) + 1
end
def c2(n) = c3(n) + 1
def c1(n) = c2(n) + 1

def where3(n) = n > 2 ? caller(0).first(5).map { |l| l.sub(/^.*?:/, "") } : where3(n + 1)
def where2(n) = where3(n)

3.times { p where2(0) }
3.times do
  c1(0)
rescue ArgumentError => e
  p e.message, e.backtrace.first(6).map { |l| l.sub(/^.*?:/, "") }
end

# A callee redefined while its compiled caller is warm.
class Acc
  def initialize = @n = 0
  def step(k) = k * 2
  def run(m)
    t = 0
    i = 0
    while i < m
      t += step(i)
      i += 1
    end
    t
  end
end
a = Acc.new
3.times { p a.run(20) }
class Acc
  def step(k) = k * 3
end
p a.run(20)
def a.step(k) = -k
p a.run(20)

# Deep recursion through direct calls ends in SystemStackError.
def down(n) = n == 0 ? 0 : down(n - 1) + 1
p down(500)
begin
  down(10_000_000)
rescue SystemStackError => e
  p e.class
end
p down(100)

# Floats and Bignums leave the Fixnum paths of a direct callee.
def addmul(a, b) = a * b + a
def twice(a, b) = addmul(a, b) + addmul(b, a)
3.times { p twice(3, 4) }
p twice(1.5, 2), twice(2**40, 2**30), twice(3, 4)
