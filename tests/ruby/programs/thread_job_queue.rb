require 'set'
require 'monitor'

class JobQueue
  include MonitorMixin
  Job = Struct.new(:id, :priority, :deps, :work) do
    def to_s = "job##{id}(p#{priority})"
  end

  def initialize
    super()
    @jobs = {}
    @done = Set.new
    @log = []
    @cond = new_cond
  end

  def add(id, priority: 0, deps: [], &work)
    raise ArgumentError, "duplicate job #{id}" if @jobs.key?(id)
    @jobs[id] = Job.new(id, priority, deps.freeze, work)
    self
  end

  def ready
    synchronize do
      @jobs.values.reject { |j| @done.include?(j.id) }
           .select { |j| j.deps.all? { @done.include?(_1) } }
           .sort_by { |j| [-j.priority, j.id.to_s] }
    end
  end

  def run(workers: 3)
    q = Thread::Queue.new
    results = Thread::Queue.new
    pool = Array.new(workers) do |n|
      Thread.new(n) do |wid|
        Thread.current[:wid] = wid
        while (job = q.pop)
          value = begin
            job.work.call(job)
          rescue => e
            e
          end
          results << [job, value]
        end
        :stopped
      end
    end
    outcomes = {}
    until @done.size == @jobs.size
      batch = ready
      raise "deadlock: #{(@jobs.keys - @done.to_a).inspect}" if batch.empty?
      batch.each { q << _1 }
      batch.size.times do
        job, value = results.pop
        synchronize { @done << job.id; @cond.broadcast }
        outcomes[job.id] = value
      end
      @log << batch.map(&:to_s).join(",")
    end
    q.close
    [outcomes, pool.map(&:value), @log]
  end
end

jq = JobQueue.new
jq.add(:fetch, priority: 5) { |j| (1..10).sum }
jq.add(:parse, deps: [:fetch]) { |j| "parsed #{j.id}" }
jq.add(:lint, priority: 1, deps: [:fetch]) { |j| raise TypeError, "bad lint" }
jq.add(:build, deps: %i[parse lint]) { |j| [j.deps.size, j.deps.frozen?] }
jq.add(:docs, priority: 9) { Thread.current[:wid].is_a?(Integer) }
begin
  jq.add(:docs) {}
rescue ArgumentError => e
  puts e.message
end
outcomes, states, log = jq.run
outcomes.sort_by { |k, _| k }.each do |id, v|
  puts "#{id}: #{v.is_a?(Exception) ? "#{v.class}(#{v.message})" : v.inspect}"
end
puts states.inspect, log

m = Mutex.new
counter = 0
threads = 4.times.map { |i| Thread.new { 1000.times { m.synchronize { counter += 1 } }; i * i } }
puts threads.map(&:value).inspect, counter
puts m.locked?, m.try_lock, m.owned?, (m.unlock; m.locked?)
begin
  m.unlock
rescue ThreadError => e
  puts "ThreadError: #{e.message}"
end

t = Thread.new { Thread.current.name = "worker"; raise IOError, "disk" }
t.report_on_exception = false rescue nil
begin
  t.join
rescue IOError => e
  puts "joined: #{e.message} #{t.status.inspect} #{t.alive?}"
end
puts Thread.main == Thread.current, Thread.current.alive?

sq = SizedQueue.new(2)
producer = Thread.new { 5.times { sq.push(_1) }; sq.close }
got = []
while (x = sq.pop)
  got << x
end
producer.join
puts got.inspect, sq.closed?, sq.max

cv = ConditionVariable.new
lock = Mutex.new
ready = false
waiter = Thread.new { lock.synchronize { cv.wait(lock) until ready; :woke } }
Thread.pass
lock.synchronize { ready = true; cv.signal }
puts waiter.value

q = Queue.new
q << 1 << 2
puts q.size, q.num_waiting, q.empty?, q.shift, q.pop(true)
begin
  q.pop(true)
rescue ThreadError => e
  puts e.message
end
tl = Thread.new { Thread.current.thread_variable_set(:x, 1); Thread.current.thread_variable_get(:x) }
puts tl.value, Thread.current[:nope].inspect
e = Thread.new { sleep }
sleep 0.01 until e.status == "sleep"
puts e.status
e.kill; e.join
puts e.status.inspect
r = Thread.new { Thread.stop; :resumed }
sleep 0.01 until r.stop?
r.wakeup; puts r.value
lz = [3, 1, 2].each_slice(1).map { |(a)| Thread.new(a) { |v| v * 10 } }.map(&:value)
puts lz.sum
