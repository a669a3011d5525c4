# Cooperative job scheduler: fibers, external enumerators, retries, threads.
class Job
  include Comparable
  attr_reader :name, :priority, :attempts, :log

  @@seq = 0
  def initialize(name, priority: 5, fail_times: 0, &work)
    @name, @priority, @fail_times, @work = name, priority, fail_times, work
    @attempts = 0
    @log = []
    @id = (@@seq += 1)
  end

  def <=>(other) = [priority, @id] <=> [other.priority, other.instance_variable_get(:@id)]

  def run
    @attempts += 1
    raise IOError, "#{name} flaked (#{@attempts})" if @attempts <= @fail_times
    @work.call(self)
  end

  def to_s = "#<Job #{name} p=#{priority}>"
  alias inspect to_s
end

class Scheduler
  class Exhausted < StandardError
    def initialize(job) = super("gave up on #{job.name} after #{job.attempts} attempts")
  end

  def initialize(max_attempts: 3)
    @queue = []
    @max = max_attempts
    @events = []
  end

  def <<(job)
    idx = @queue.bsearch_index { |j| j > job } || @queue.size
    @queue.insert(idx, job)
    self
  end

  def run_all
    results = {}
    until @queue.empty?
      job = @queue.shift
      begin
        results[job.name] = job.run
        @events << [:ok, job.name, job.attempts]
      rescue IOError => e
        @events << [:retry, e.message]
        retry if job.attempts < @max
        @events << [:fail, Exhausted.new(job).message]
      ensure
        @events << [:done, job.name]
      end
    end
    results
  end

  attr_reader :events
end

s = Scheduler.new(max_attempts: 2)
s << Job.new('index', priority: 3) { |j| "indexed by #{j.name}" }
s << Job.new('mail', priority: 1, fail_times: 1) { 42 }
s << Job.new('backup', priority: 3, fail_times: 5) { :never }
s << Job.new('report', priority: 2) { |j| j.attempts * 10 }
p s.run_all
s.events.each { |e| puts e.inspect }

# Fibers as generators, interleaved round-robin
producers = %w[alpha beta gamma].map.with_index do |name, i|
  Fiber.new do
    (i + 2).times { |k| Fiber.yield "#{name}-#{k}" }
    :"#{name}_done"
  end
end
out = []
until producers.empty?
  producers.each { |f| out << f.resume }
  producers.reject! { |f| !f.alive? }
end
p out

# External enumerator with peek / StopIteration
e = [3, 1, 4, 1, 5, 9, 2, 6].each
runs = []
cur = [e.next]
loop do
  n = e.next
  if n >= cur.last then cur << n else runs << cur; cur = [n] end
  if (e.peek rescue nil).nil?
    runs << cur
  end
end
p runs
p loop { break :broke }
en = Enumerator.new do |y|
  a, b = 0, 1
  loop { y << a; a, b = b, a + b }
end
p en.lazy.select(&:odd?).map { _1 * 2 }.first(6)
p en.take_while { |x| x < 30 }.each_slice(3).to_a

# catch/throw through nested blocks
found = catch(:found) do
  [[1, 2], [3, [4, 5]], [6]].each do |row|
    row.flatten.each { |v| throw :found, v * 100 if v == 4 }
  end
  :none
end
p found

# Threads with a queue and a mutex-protected counter
q = Queue.new
m = Mutex.new
total = 0
workers = 3.times.map do |w|
  Thread.new do
    while (item = q.pop) != :stop
      m.synchronize { total += item }
    end
    w
  end
end
(1..100).each { |i| q << i }
3.times { q << :stop }
p workers.map(&:value).sort, total
cv = ConditionVariable.new
ready = false
t = Thread.new { m.synchronize { cv.wait(m) until ready; :woken } }
m.synchronize { ready = true; cv.signal }
p t.value
th = Thread.new { Thread.current.report_on_exception = false; raise ArgumentError, "boom" }
begin
  th.join
rescue => err
  p [err.class, err.message, th.status]
end
p Thread.current.name, Thread.main == Thread.current
