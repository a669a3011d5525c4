# A cooperative task scheduler with fibers, a priority queue and generators.
class PQueue
  include Enumerable
  def initialize(&cmp) = (@a = []; @cmp = cmp || ->(x, y) { x <=> y })
  def push(x)
    i = @a.bsearch_index { |y| @cmp.(y, x) > 0 } || @a.size
    @a.insert(i, x)
    self
  end
  alias << push
  def pop = @a.shift
  def empty? = @a.empty?
  def size = @a.size
  def each(&) = @a.each(&)
end

Task = Struct.new(:name, :wake_at, :fiber, :seq) do
  include Comparable
  def <=>(o) = [wake_at, seq] <=> [o.wake_at, o.seq]
end

class Scheduler
  attr_reader :clock, :trace
  def initialize
    @q = PQueue.new
    @clock = 0
    @seq = 0
    @trace = []
  end

  def spawn(name, &body)
    f = Fiber.new do
      body.call(self)
      :done
    end
    @q << Task.new(name, @clock, f, @seq += 1)
  end

  def sleep_for(t) = Fiber.yield([:sleep, t])
  def log(msg) = @trace << format('[%3d] %s', @clock, msg)

  def run(limit: 100)
    until @q.empty?
      task = @q.pop
      @clock = task.wake_at
      raise "time limit" if @clock > limit
      res = task.fiber.resume
      case res
      in [:sleep, Integer => t] then task.wake_at = @clock + t; task.seq = (@seq += 1); @q << task
      in :done then log("#{task.name} finished")
      end
    end
  end
end

gen = Enumerator.new do |y|
  a, b = 0, 1
  loop { y << a; a, b = b, a + b }
end
primes = Enumerator.new do |y|
  n = 2
  loop { y << n if (2..Math.sqrt(n)).none? { |d| (n % d).zero? }; n += 1 }
end

s = Scheduler.new
s.spawn('fib') do |sch|
  4.times { sch.log("fib #{gen.next}"); sch.sleep_for(3) }
end
s.spawn('primes') do |sch|
  primes.take(3).each { |pr| sch.log("prime #{pr}"); sch.sleep_for(5) }
  sch.log("peek after take: #{primes.peek rescue 'n/a'}")
end
s.spawn('ticker') do |sch|
  ticks = 0
  while ticks < 5
    ticks += 1
    sch.log("tick #{ticks}")
    sch.sleep_for(ticks.even? ? 2 : 4)
  end
end
s.run
puts s.trace
p gen.next, gen.peek, gen.next
gen.rewind
p gen.take(5), s.clock
f = Fiber.new { |x| y = Fiber.yield(x * 2); z = Fiber.yield(y + 1); [x, y, z] }
p f.resume(5), f.resume(10), f.resume(20), f.alive?
p((f.resume rescue [$!.class, $!.message]))
e = [1, 2, 3].each
p e.next, e.next, e.next, (e.next rescue $!.class), (e.size)
lz = (1..Float::INFINITY).lazy.map { _1 * 3 }.select(&:even?).each_slice(2).first(2)
p lz
ext = %w[a b c].each_with_index
p ext.next, ext.to_a, %w[x y].each.with_index(1).map { |w, i| "#{i}:#{w}" }
ch = Enumerator::Chain.new([1, 2], [3])
p ch.to_a, ([1].each + [2, 3]).map { _1 * 10 }, Enumerator.produce(1) { _1 * 2 }.take_while { _1 < 50 }
pq = PQueue.new { |a, b| b <=> a }
[5, 1, 9, 3].each { pq << _1 }
p pq.to_a, pq.min, pq.sort, pq.first(2), pq.include?(9)
