# Blocking with nothing left to run: CRuby's fatal deadlock report (its
# first line; CRuby appends a thread dump with addresses).
def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.chomp}"
end
t(:pop_empty) { Queue.new.pop }
t(:join_self) { Thread.current.join }
t(:no_block) { Thread.new }
t(:unlock_unlocked) { Mutex.new.unlock }
t(:relock) { m = Mutex.new; m.lock; m.lock }
t(:thread_raises) { th = Thread.new { raise IOError, "x" }; th.report_on_exception = false; th.value }
t(:pop_closed) { q = Queue.new; q.close; q.pop }
t(:push_closed) { q = Queue.new; q.close; q << 1 }
t(:nonblock) { Queue.new.pop(true) }
t(:sync_no_block) { Mutex.new.synchronize }
t(:still_alive) { 1 + 1 }
