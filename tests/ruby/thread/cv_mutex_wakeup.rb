# ConditionVariable, Mutex and sleep/wakeup with real waiting: a waiter
# sleeps until it is signalled, a lock held by another thread makes the
# locker wait, and a thread stopped by Thread.stop runs again when woken.
m = Mutex.new
cv = ConditionVariable.new
ready = false
log = []
consumer = Thread.new do
  m.synchronize do
    cv.wait(m) until ready
    log << :consumer_woke
  end
end
Thread.pass until consumer.stop?
p consumer.status
m.synchronize do
  ready = true
  log << :signalled
  cv.signal
end
consumer.join
p log

# broadcast wakes all waiters.
go = false
ws = 3.times.map do |i|
  Thread.new { m.synchronize { cv.wait(m) until go; i } }
end
Thread.pass until ws.all?(&:stop?)
p ws.map(&:status)
m.synchronize { go = true; cv.broadcast }
p ws.map(&:value)

# A timed wait that nobody signals times out.
p(m.synchronize { cv.wait(m, 0.01) })
p(m.synchronize { m.sleep(0.01) })

# The lock is held by a thread that waits: the locker waits for it.
order = []
holder_go = Queue.new
holder = Thread.new do
  m.synchronize do
    order << :holder_locked
    holder_go.pop
    order << :holder_unlocking
  end
end
Thread.pass until holder.stop?
p m.locked?, m.owned?
holder_go << :go
m.synchronize { order << :main_locked }
holder.join
p order

# A mutex whose owner ended is free again.
m2 = Mutex.new
Thread.new { m2.lock }.join
p m2.try_lock

# Thread.stop / wakeup / run.
t = Thread.new do
  Thread.stop
  :woken
end
Thread.pass until t.stop?
p t.status, t.stop?
t.run
p t.value, t.stop?

s = Thread.new { sleep; :slept }
Thread.pass until s.stop?
p s.status
s.wakeup
p s.value

begin
  t.wakeup
rescue ThreadError => e
  p e.message
end
begin
  Thread.stop
rescue ThreadError => e
  p e.message
end
