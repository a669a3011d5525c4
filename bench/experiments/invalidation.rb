# invalidation: method calls interleaved with a cache-invalidating operation
# every K calls.  The called objects are instances of four subclasses of
# Base; each call runs a few more calls inside (self calls, an inherited
# helper, an attr_reader), so every invalidation costs several misses.
# ARGV[0]: number of calls; ARGV[1]: K (an integer, or "never");
# ARGV[2]: the operation:
#   unrelated  redefine a method of a class unrelated to the called ones
#              (only a global invalidation strategy loses anything)
#   base       redefine a method nobody calls on Base, the called classes'
#              superclass (global and hierarchical strategies lose the
#              subclasses' entries; a per-method strategy loses nothing)
#   same       redefine Base#helper, which every call uses, with the same
#              body (every strategy must invalidate)
#   ostruct    OpenStruct.new(m: 1), as in the thread experiment
#   extend     Object.new.extend(Mixin) (the "DCI" pattern)
# bench-size: 300000 100 base
# bench-quick: 20000 100 base
# bench-params: 1 10 100 1000 never
calls = (ARGV[0] || ENV['BENCH_SIZE'] || 300_000).to_i
k_arg = ARGV[1] || ENV['BENCH_PARAM'] || '100'
k = k_arg == 'never' ? 0 : k_arg.to_i
op = ARGV[2] || ENV['BENCH_OP'] || 'base'
require 'ostruct' if op == 'ostruct'

class Base
  attr_reader :weight

  def initialize(weight)
    @weight = weight
  end

  def helper(x)
    x + @weight
  end

  def work(x)
    step(x) + helper(x) + weight
  end

  def self.touch
    def poke; end # (re)defines Base#poke: nobody calls it
  end

  def self.touch_same
    def helper(x) # redefines the helper every work call uses
      x + @weight
    end
  end
end

class A < Base
  def step(x) = x * 2
end

class B < Base
  def step(x) = x + 7
end

class C < Base
  def step(x) = x - 3
end

class D < A
  def step(x) = super(x) + 1
end

class Unrelated
  def self.touch
    def poke; end # (re)defines Unrelated#poke
  end
end

module Mixin
  def mixed; end
end

INVALIDATE =
  case op
  when 'unrelated' then -> { Unrelated.touch }
  when 'base' then -> { Base.touch }
  when 'same' then -> { Base.touch_same }
  when 'ostruct' then -> { OpenStruct.new(m: 1) }
  when 'extend' then -> { Object.new.extend(Mixin) }
  else raise ArgumentError, "unknown operation #{op}"
  end

objs = [A.new(1), B.new(2), C.new(3), D.new(4)]
sum = 0
ops = 0
i = 0
countdown = k
while i < calls
  sum += objs[i & 3].work(i)
  if k > 0
    countdown -= 1
    if countdown == 0
      INVALIDATE.call
      ops += 1
      countdown = k
    end
  end
  i += 1
end
puts "op=#{op} k=#{k_arg} calls=#{calls} invalidations=#{ops} sum=#{sum}"
