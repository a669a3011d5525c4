require 'timeout'
require 'monitor'

class BoundedBuffer
  include MonitorMixin
  def initialize(cap)
    super()
    @cap = cap
    @items = []
    @not_full = new_cond
    @not_empty = new_cond
  end
  def put(x)
    synchronize do
      @not_full.wait_while { @items.size >= @cap }
      @items << x
      @not_empty.signal
    end
  end
  def take
    synchronize do
      @not_empty.wait_while { @items.empty? }
      x = @items.shift
      @not_full.signal
      x
    end
  end
end

buf = BoundedBuffer.new(2)
producer = Thread.new { 10.times { |i| buf.put(i) }; buf.put(:done); :produced }
consumed = []
consumer = Thread.new do
  while (x = buf.take) != :done
    consumed << x * x
  end
  consumed.sum
end
p producer.value, consumer.value, consumed

m = Mutex.new
counter = 0
threads = 4.times.map { |t| Thread.new(t) { |id| 1000.times { m.synchronize { counter += 1 } }; Thread.current[:id] = id; id } }
p threads.map(&:value), counter, threads.map { |t| t[:id] }, threads.all? { |t| !t.alive? }, threads.first.status

q = Queue.new
r = Thread.new { res = []; while (v = q.pop); res << v; end; res }
[3, 1, 2].each { |v| q << v }
q.close
p r.value, q.closed?, q.empty?, (q.push(1) rescue $!.class)

t = Thread.new { Thread.current.report_on_exception = false; raise ArgumentError, "boom in thread" }
begin
  t.join
rescue => e
  p e.class, e.message, t.status
end

begin
  Timeout.timeout(0.05) { sleep 1 }
rescue Timeout::Error => e
  p e.class, e.message
end
p Timeout.timeout(1) { :fast }
class MyTimeout < StandardError; end
begin
  Timeout.timeout(0.01, MyTimeout, "custom msg") { loop { Thread.pass } }
rescue MyTimeout => e
  p e.message
end

rd, wr = IO.pipe
writer = Thread.new { 3.times { |i| wr.puts "line #{i}" }; wr.close }
p rd.each_line.map(&:chomp), writer.join.status
rd.close
p rd.closed?, (rd.read rescue $!.class)

lazy_val = nil
once = Thread.new { Thread.stop; lazy_val = :woken }
sleep 0.01 until once.status == "sleep"
once.wakeup
once.join
p lazy_val
tl = Thread.new { Thread.current.name = "worker-1"; Thread.current.name }
p tl.value, Thread.main == Thread.current, Thread.current.name
fib = Fiber.new do |x|
  y = Fiber.yield x * 2
  z = Fiber.yield y + 1
  "done #{z}"
end
p fib.resume(5), fib.resume(10), fib.resume(:z), fib.alive?, (fib.resume rescue $!.class)
e = Enumerator.new { |y| y << 1; y.yield 2, 3; y << 4 }
p e.next, e.next, e.next, e.to_a
ex = [1, 2].each
loop { p ex.next }
p :after_loop, ObjectSpace.respond_to?(:each_object)
cv = ConditionVariable.new
mx = Mutex.new
ready = false
waiter = Thread.new { mx.synchronize { cv.wait(mx) until ready; :ready } }
mx.synchronize { ready = true; cv.broadcast }
p waiter.value
th = Thread.new { sleep }
sleep 0.01 until th.status == "sleep"
th.kill
p th.join.status, th.alive?
p Thread.new { Thread.current.report_on_exception = false; throw :x }.join rescue p $!.class, $!.message
