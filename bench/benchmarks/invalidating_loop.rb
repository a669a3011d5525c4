# invalidating_loop: each iteration defines a singleton method on a fresh
# object (a cache invalidation) while calling methods of an unrelated,
# long-lived class whose call sites should stay warm.
# Measures: the cost of an invalidation, and what it takes from call
# sites it has nothing to do with.
# bench-size: 1000000
# bench-quick: 20000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 1_000_000).to_i

class Worker
  attr_reader :done

  def initialize = @done = 0
  def step(x) = @done += x & 3
  def weight(x) = x % 7
end

w = Worker.new
sum = 0
i = 0
while i < n
  o = Object.new
  def o.tag = 2
  w.step(i)
  sum += w.weight(i) + o.tag
  i += 1
end
puts "sum=#{sum} done=#{w.done}"
