# A worker pool: jobs on a Queue, workers sum results under a Mutex,
# Thread#value collects per-worker results, joined in order.
jobs = Queue.new
(1..20).each { |i| jobs << i }
jobs.close
total = 0
lock = Mutex.new
workers = 4.times.map do |w|
  Thread.new(w) do |id|
    done = []
    while (job = jobs.pop)
      lock.synchronize { total += job * job }
      done << job
    end
    done.size
  end
end
counts = workers.map(&:value)
p counts.sum, total, jobs.empty?, jobs.closed?
p workers.map(&:status), workers.map(&:alive?)
squares = (1..5).map { |i| Thread.new { i * i } }.map(&:value)
p squares
t = Thread.start(3, 4) { |a, b| a * b }
p t.join.equal?(t), t.value
p Thread.current == Thread.main, Thread.main.alive?, Thread.current.status
