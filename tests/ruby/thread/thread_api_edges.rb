# Thread API edge cases from ruby/spec: kill is not rescued (ensure runs,
# $! stays), a dying thread reports "aborting", a waiter on a closed
# SizedQueue gets ClosedQueueError, Queue.new converts with to_a, Thread
# subclasses, Thread.kill(t), mutexes of dead threads, relocking after a
# kill, and the backtrace of a waiting thread.
Thread.report_on_exception = false
log = []
t = Thread.new do
  begin
    Thread.current.kill
  rescue Exception
    log << :rescued
  ensure
    log << [:ensure, $!]
  end
  log << :after
end
t.join
p log, t.status

status = nil
t = Thread.new do
  begin
    Thread.current.kill
  ensure
    status = Thread.current.status
  end
end
t.join
p status

q = SizedQueue.new(1)
q << 1
pusher = Thread.new do
  q.push(2)
  :pushed
rescue ClosedQueueError => e
  [e.class, e.message]
end
Thread.pass until q.num_waiting == 1
q.close
p pusher.value, q.pop, q.pop

p Queue.new([1, 2]).size, Queue.new(1..3).pop
[42, Object.new].each do |x|
  Queue.new(x)
rescue TypeError => e
  p e.class
end

class Worker < Thread
  def initialize(n)
    super() { n * 2 }
  end
end
p Worker.new(21).value
class Lazy < Thread
  def initialize; end
end
begin
  Lazy.new
rescue ThreadError => e
  p e.message
end
begin
  Thread.allocate
rescue NoMethodError, TypeError => e
  p e.class
end
begin
  Thread.start
rescue ArgumentError => e
  p e.message
end
begin
  Thread.new
rescue ThreadError => e
  p e.message
end

sleeper = Thread.new { sleep }
Thread.pass until sleeper.stop?
Thread.kill(sleeper)
p sleeper.join.status

m = Mutex.new
Thread.new { m.lock }.join
p m.locked?

m = Mutex.new
cv = ConditionVariable.new
owned = nil
waiter = Thread.new do
  m.synchronize do
    begin
      cv.wait(m)
    ensure
      owned = m.owned?
    end
  end
end
Thread.pass until waiter.stop?
m.synchronize do
  cv.signal
  sleep 0.01
  waiter.kill
end
waiter.join
p owned

def wait_here(q) = q.pop
q = Queue.new
w = Thread.new { wait_here(q) }
Thread.pass until w.stop?
p w.backtrace.first(2).map { |l| l[/`.*'/] }
q << 1
w.join
p w.backtrace

r = Thread.new { Thread.current.raise }
p((r.join rescue [$!.class, $!.message]))
begin
  Thread.current.join(:soon)
rescue ThreadError, TypeError => e
  p e.class
end
t = Thread.new { sleep }
Thread.pass until t.stop?
begin
  t.join(:soon)
rescue TypeError => e
  p e.message
end
t.kill
