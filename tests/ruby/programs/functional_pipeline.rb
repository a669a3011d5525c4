# Functional pipeline toolkit: Method objects, curry, composition, memoization, introspection
module Memo
  def memoize(name)
    orig = instance_method(name)
    cache_ivar = :"@__memo_#{name}"
    define_method(name) do |*args, **kw|
      cache = instance_variable_get(cache_ivar) || instance_variable_set(cache_ivar, {})
      key = [args, kw]
      return cache[key] if cache.key?(key)
      cache[key] = orig.bind_call(self, *args, **kw)
    end
    name
  end
end

class Calc
  extend Memo
  attr_reader :calls

  def initialize = @calls = Hash.new(0)

  memoize def fib(n)
    @calls[__method__] += 1
    n < 2 ? n : fib(n - 1) + fib(n - 2)
  end

  memoize def scaled(x, factor: 2, offset: 0)
    @calls[:scaled] += 1
    x * factor + offset
  end
end

c = Calc.new
p c.fib(30), c.calls
p c.scaled(3), c.scaled(3), c.scaled(3, factor: 5), c.scaled(3, offset: 1, factor: 5), c.calls[:scaled]
p Calc.instance_method(:fib).owner, Calc.instance_method(:scaled).parameters
p Calc.private_method_defined?(:memoize), Calc.singleton_class.include?(Memo)

add = ->(a, b) { a + b }
mul = proc { |a, b| a * b }
inc = add.curry[1]
dbl = mul.curry[2]
pipeline = inc >> dbl >> :to_s.to_proc >> ->(s) { s.rjust(5, ".") }
p pipeline.call(4), (dbl << inc).(4)
p add.arity, mul.arity, add.curry.arity, inc.lambda?, dbl.lambda?
p %w[apple Banana cherry].map(&:upcase.to_proc >> :reverse.to_proc)
m = 12.method(:+)
p m.call(3), m.owner, m.arity, m.unbind.bind(7).call(1), [1, 2, 3].map(&10.method(:*))
p m.to_proc.lambda?, method(:puts).owner, method(:p).arity

def kw_demo(a, b = 2, *rest, c:, d: 4, **opts, &blk) = [a, b, rest, c, d, opts, blk&.call]
p method(:kw_demo).parameters
p kw_demo(1, c: 3), kw_demo(1, 9, 8, 7, c: 0, e: 5) { :blk }
begin
  kw_demo(1)
rescue ArgumentError => e
  p e.message
end
begin
  kw_demo(c: 1)
rescue ArgumentError => e
  p e.message
end
begin
  add.(1)
rescue ArgumentError => e
  p e.message
end
p mul.(1, 2, 3), mul.([3, 4])

compose_all = ->(*fns) { fns.reduce(:>>) }
f = compose_all.(->(x) { x + 1 }, ->(x) { x * 10 }, method(:Integer).to_proc >> ->(x) { -x })
p f.(2)
counter = Enumerator.new { |y| n = 0; loop { y << (n += 1) } }
p counter.lazy.select(&:even?).map { _1 ** 2 }.reject { |x| x % 3 == 0 }.first(4)
p counter.each_slice(3).first(2), counter.take_while { |x| x < 4 }
gen = Enumerator.produce([0, 1]) { |a, b| [b, a + b] }
p gen.take(8).map(&:first)
p (1..Float::INFINITY).lazy.map { |x| x * x }.find { |x| x > 50 }
ch = (1..6).chunk_while { |a, b| b == a + 1 }.to_a
p ch, (1..10).slice_when { |a, b| b.odd? && a.even? }.to_a
p [3, 1, 2].sort.each_with_object([]).with_index { |(x, acc), i| acc << x * i }
def tracer
  return to_enum(__method__) { 3 } unless block_given?
  yield :a; yield :b; yield :c
end
e = tracer
p e.size, e.to_a, e.with_index(1).to_a
p __method__.inspect, self.to_s, self.class
