# Fused instruction pairs (`getlocal; getlocal; send`, `getlocal;
# putobject`, `dup; setinstancevariable[; pop]`) must behave exactly as the
# pairs: ivar caches per instruction, operators redefined while the site
# is warm, errors and their line numbers.

class Pt
  def initialize(a, b, c)
    @a = a
    @b = b
    @c = c
  end

  def set_all(x)
    @c = x
    @b = x + 1
    @a = x + 2
  end

  def chain(x) = @a = @b = x

  def last_set(x)
    @b = x * 3
  end

  def to_s = "#{@a},#{@b},#{@c}"
end

pts = Array.new(3) { |i| Pt.new(i, i * 10, i * 100) }
pts.each { |pt| puts pt }
pts.each_with_index { |pt, i| pt.set_all(i) }
pts.each { |pt| puts pt }
p pts.map { |pt| pt.chain(7) }
p pts.map { |pt| pt.last_set(2) }
pts.each { |pt| puts pt }

frozen = Pt.new(1, 2, 3).freeze
[-> { frozen.set_all(1) }, -> { frozen.chain(1) }, -> { frozen.last_set(1) }].each do |f|
  f.call
rescue FrozenError => e
  puts "#{e.class} at line #{e.backtrace.first[/:(\d+):/, 1]}"
end

# getlocal; getlocal; send with the callee redefined, then missing
class Calc
  def add(a, b) = a + b
  def method_missing(n, *args) = [n, *args]
  def respond_to_missing?(*) = true
end
c = Calc.new
x = 2
y = 3
r = []
6.times do |i|
  Calc.class_eval { def add(a, b) = a * b } if i == 2
  Calc.class_eval { remove_method :add } if i == 4
  r << c.add(x, y)
end
p r

# receiverless two-argument calls: bytecode, then builtin via alias
def pair(a, b) = [a, b]
def call_pair(a, b) = pair(a, b)
p call_pair(1, 2)
Object.class_eval { alias_method :pair, :format }
p call_pair("%05d", 42)

# getlocal; putobject with the operator redefined while warm
sym = :find
res = []
4.times do |i|
  if i == 2
    class Symbol
      alias_method :orig_eq, :==
      def ==(o) = :redefined
    end
  end
  res << (sym == :find)
end
class Symbol
  alias_method :==, :orig_eq
end
p res
n = 17
mods = []
4.times do |i|
  if i == 2
    class Integer
      alias_method :orig_mod, :%
      def %(o) = "mod #{o}"
    end
  end
  mods << n % 7
end
class Integer
  alias_method :%, :orig_mod
end
p mods
s = "abc"
p [s + "d", s * 2, s == "abc"]
