# Methods that the JIT compiles (run with GOLDEN_JIT=1, every method after
# one call) must behave as interpreted ones when what they call or compute
# changes under them: redefinition, include/prepend, operator
# redefinition, Floats and Bignums through Fixnum paths, exceptions,
# yield/break, ivars on frozen objects, constants, deep recursion.

def add(a, b) = a + b
def lt(a, b) = a < b
def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)

class Shape
  def area = 0
  def describe = "area #{area}"
end

class Square < Shape
  def initialize(s) = @s = s
  def area = @s * @s
end

def total(shapes)
  t = 0
  i = 0
  while i < shapes.size
    t += shapes[i].area
    i += 1
  end
  t
end

3.times { p add(1, 2), lt(1, 2), fib(15) }
p add(1.5, 2), add("a", "b"), add([1], [2]), lt(2.5, 1)
p add(2**62 - 1, 1), add(-2**62, -1), add(2**64, 1)
p fib(20)

shapes = [Square.new(2), Square.new(3), Shape.new]
3.times { p total(shapes) }
p shapes.map(&:describe)

# The callee changes while the compiled caller is warm.
class Square
  def area = @s * 10
end
p total(shapes), shapes[0].describe

module Doubled
  def area = super * 2
end
Square.prepend(Doubled)
p total(shapes), shapes[1].describe

module Named
  def area = 100
end
Shape.include(Named)
p total(shapes), Shape.new.describe

class Shape
  remove_method :area
end
p total(shapes), Shape.new.describe

s = Shape.new
def s.area = 7
p total([s, s]), s.describe

# Exceptions through a compiled method, with its lines.
def checked(x)
  raise ArgumentError, "bad #{x}" if x < 0
  x * 2
end

def through(x) = checked(x) + 1

3.times { |i| p through(i) }
begin
  through(-1)
rescue ArgumentError => e
  p e.message, e.backtrace.first(3).map { |l| l.sub(/^.*?:/, "") }
end

def undefined_call = no_such_method_here(1)
begin
  undefined_call
rescue NoMethodError => e
  p e.name, e.backtrace.first.sub(/^.*?:/, "")
end

# Blocks: yield from a compiled method, break out of it.
def each_twice(x)
  yield x
  yield x + 1
end

r = []
3.times { each_twice(1) { |v| r << v } }
p r
p(each_twice(5) { |v| break v * 100 })

# ivars and frozen receivers.
class Counter
  attr_reader :n
  def initialize = @n = 0
  def bump = @n += 1
  def set(v) = @n = v
end

c = Counter.new
5.times { c.bump }
p c.n, c.set(41), c.bump
c.freeze
begin
  c.bump
rescue => e
  p e.class
end

# Constants a compiled method reads, reassigned.
LIMIT = 3
def limit = LIMIT
3.times { p limit }
Object.send(:remove_const, :LIMIT)
LIMIT = 4
p limit

# Deep recursion through compiled code.
def down(n) = n == 0 ? 0 : 1 + down(n - 1)
p down(1000)
begin
  down(1_000_000)
rescue SystemStackError => e
  p e.class
end

# Operators redefined while compiled code uses them.
class Integer
  alias_method :old_plus, :+
  alias_method :old_lt, :<
  def +(o) = old_plus(o).old_plus(1000)
  def <(o) = true
end
p add(1, 2), lt(5, 1)
class Integer
  alias_method :+, :old_plus
  alias_method :<, :old_lt
end
p add(1, 2), lt(5, 1), fib(10)
