# Operators in compiled code (run with GOLDEN_JIT=1): Float paths in C,
# Array element reads and writes, `!`, `/` and `%`, and the operators C
# hands back to the interpreter (the send when a fast path does not
# apply); each redefined while its compiled callers are warm.

def fadd(a, b) = a + b
def fsub(a, b) = a - b
def fmul(a, b) = a * b
def fdiv(a, b) = a / b
def fmod(a, b) = a % b
def flt(a, b) = a < b ? :lt : :ge
def fcmp(a, b)
  r = []
  r << (a < b) << (a <= b) << (a > b) << (a >= b) << (a == b) << (a != b)
  r
end

vals = [1.5, -2.25, 0.0, -0.0, 1e-320, 2.0**300, 1e308, Float::INFINITY, -Float::INFINITY, Float::NAN, 3, -7, 2**70]
3.times do
  vals.each do |a|
    vals.each do |b|
      out = [fadd(a, b), fsub(a, b), fmul(a, b)]
      out << (b == 0 && a.is_a?(Integer) ? :zerodiv : fdiv(a, b))
      out << (b == 0 && a.is_a?(Integer) ? :zerodiv : (fmod(a, b) rescue $!.class))
      out << flt(a, b) << fcmp(a, b)
      puts "#{a.inspect} #{b.inspect} #{out.inspect}"
    end
  end
end
p fadd(1.0, 2.0).equal?(3.0), fmul(0.5, 0.0), fsub(-0.0, 0.0), fmul(-1.0, 0.0)

def idiv(a, b) = [a / b, a % b]
[[7, 2], [-7, 2], [7, -2], [-7, -2], [0, 5], [2**62, 3], [-(2**62), 7], [5, 2**64]].each do |a, b|
  3.times { p idiv(a, b) }
end
begin
  idiv(1, 0)
rescue ZeroDivisionError => e
  p e.message, e.backtrace.first[/in .*/]
end

def nots(x) = [!x, !!x, (not x)]
[nil, false, true, 0, 1.5, :s, "s", [], Object.new.tap { |o| def o.! = :custom }].each { |x| 3.times { p nots(x).map { |v| v.is_a?(Symbol) || v == true || v == false ? v : v.class } } }

def sum_at(a, n)
  t = 0
  i = 0
  while i < n
    t += a[i] + a[-1 - i]
    i += 1
  end
  t
end

def fill(a, n, v)
  i = 0
  while i < n
    a[i] = v + i
    i += 1
  end
  a
end

def at2(a, i) = [a[i], a[-1]]

arr = (1..10).to_a
3.times { p at2(arr, 2), at2(arr, 20) }
3.times { p sum_at(arr, 10), sum_at(arr, 12) rescue p $! }
3.times { p fill(Array.new(4, 0), 4, 10), fill(Array.new(2, 0), 5, 1) }
h = {}
3.times { |k| p fill(h, 3, k) }
p fill("abcdef".dup, 2, "x") rescue p $!.class
fz = [1, 2, 3].freeze
begin
  fill(fz, 2, 0)
rescue => e
  p e.class, e.message
end

def push_all(a, n)
  i = 0
  while i < n
    a << i
    i += 1
  end
  a
end
3.times { p push_all([], 3), push_all(+"s", 2) rescue p $! }
begin
  push_all([].freeze, 2)
rescue => e
  p e.class, e.message
end
p push_all([1].freeze.dup, 1)

# Redefinitions while the callers above are compiled and warm.
class Float
  alias_method :orig_plus, :+
  def +(o) = orig_plus(o).orig_plus(0.5)
  alias_method :orig_lt, :<
  def <(o) = !orig_lt(o)
end
p fadd(1.0, 2.0), flt(1.0, 2.0), fcmp(1.0, 2.0)
class Float
  def +(o) = orig_plus(o)
  def <(o) = orig_lt(o)
end
p fadd(1.0, 2.0), flt(1.0, 2.0)

class Array
  alias_method :orig_aref, :[]
  alias_method :orig_aset, :[]=
  def [](i) = orig_aref(i).to_s
  def []=(i, v)
    orig_aset(i, v * 2)
  end
end
p at2(%w[a b c], 1), at2([1, 2], 0), fill([0, 0], 2, 5)
class Array
  def [](i) = orig_aref(i)
  def []=(i, v)
    orig_aset(i, v)
  end
end
p at2([1, 2, 3], 1), sum_at([1, 2, 3], 3), fill([0, 0], 2, 5)

class Integer
  alias_method :orig_div, :/
  def /(o) = orig_div(o) + 1000
end
p idiv(7, 2)
class Integer
  def /(o) = orig_div(o)
end
p idiv(7, 2)

# A method called once whose loop is hot (compiled from its loop), left
# and re-entered, with a redefinition in the middle of it.
def fplus_more! = Float.class_eval { def +(o) = orig_plus(o).orig_plus(1.0) }
def fplus_plain! = Float.class_eval { def +(o) = orig_plus(o) }

def long_loop(n, redefine_at)
  t = 0.0
  i = 0
  while i < n
    t += i * 0.5
    fplus_more! if i == redefine_at
    i += 1
  end
  fplus_plain!
  t
end
p long_loop(100, -1), long_loop(100, 50), long_loop(20000, 10000)

# Small methods C calls directly, redefined while their callers are warm.
class Acc
  def initialize = @n = 0
  def bump(x) = @n += x
  def n = @n
  def twice(x) = bump(x) + bump(x)
end
a = Acc.new
3.times { p a.twice(1) }
class Acc
  def bump(x) = @n -= x
end
p a.twice(1), a.n
