# Mutex semantics and errors, ConditionVariable handshakes, thread-local
# and thread variables, Thread#[] key conversion, exceptions through join.
m = Mutex.new
p m.locked?, m.try_lock, m.locked?, m.owned?, m.try_lock
m.unlock
begin
  m.unlock
rescue ThreadError => e
  p e.message
end
m.lock
begin
  m.lock
rescue ThreadError => e
  p e.message
end
m.unlock
p m.synchronize { :inside }
begin
  m.synchronize { raise "boom" }
rescue => e
  p e.message, m.locked?
end
cv = ConditionVariable.new
ready = false
waiter = Thread.new do
  m.synchronize do
    cv.wait(m) until ready
    :woke
  end
end
m.synchronize do
  ready = true
  cv.signal
end
p waiter.value
t = Thread.new do
  Thread.current[:name] = "worker"
  Thread.current["count"] = 3
  Thread.current.thread_variable_set(:tv, 9)
  [Thread.current[:name], Thread.current[:count], Thread.current.key?("name"),
   Thread.current.thread_variable_get("tv"), Thread.current.keys.sort]
end
p t.value, Thread.current[:name], t[:name], t.thread_variable?(:tv)
Thread.current[:x] = 1
p Thread.current.fetch(:x), Thread.current.fetch(:nope, 5)
begin
  Thread.current.fetch(:nope)
rescue KeyError => e
  p e.message
end
bad = Thread.new { raise ArgumentError, "in thread" }
bad.report_on_exception = false
begin
  bad.join
rescue => e
  p e.class, e.message
end
p bad.status, bad.alive?
begin
  bad.value
rescue => e
  p e.message
end
ok = Thread.new { :fine }
ok.join
p ok.status
begin
  Thread.new
rescue ThreadError => e
  p e.message
end
begin
  Thread.current.join
rescue ThreadError => e
  p e.message
end
k = Thread.new { :never }
k.kill
p k.value
