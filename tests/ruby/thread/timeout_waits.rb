# Timeout.timeout cuts a block that waits (sleep, Queue#pop, join) short,
# with Timeout::Error or the class given; a block that ends in time
# returns its value.
require 'timeout'
begin
  Timeout.timeout(0.02) { sleep 5 }
rescue Timeout::Error => e
  p [e.class, e.message]
end
begin
  Timeout.timeout(0.02, ArgumentError, "too slow") { Queue.new.pop }
rescue ArgumentError => e
  p [e.class, e.message]
end
p Timeout.timeout(1) { :in_time }
p Timeout.timeout(nil) { :no_limit }
t = Thread.new { sleep 5 }
begin
  Timeout.timeout(0.02) { t.join }
rescue Timeout::Error => e
  p e.message
end
t.kill
q = Queue.new
worker = Thread.new { Timeout.timeout(0.02) { q.pop } rescue :worker_timed_out }
p worker.value
begin
  Timeout.timeout(-1) { }
rescue ArgumentError => e
  p e.message
end
