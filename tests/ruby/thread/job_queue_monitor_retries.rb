require 'monitor'
require 'timeout'

class JobQueue
  include MonitorMixin
  Job = Struct.new(:id, :name, :priority, :attempts, :payload) do
    def <=>(other) = [-priority, id] <=> [-other.priority, other.id]
    include Comparable
    def to_s = "#<Job #{id} #{name} p=#{priority} a=#{attempts}>"
  end

  class RetryableError < StandardError
    def initialize(msg = "transient failure") = super
  end
  class FatalError < StandardError; end

  attr_reader :log, :results

  def initialize(max_attempts: 3)
    super()
    @jobs = []
    @cond = new_cond
    @closed = false
    @max_attempts = max_attempts
    @log = Queue.new
    @results = {}
    @next_id = 0
  end

  def push(name, priority: 0, **payload)
    synchronize do
      raise ClosedQueueError, "queue closed" if @closed
      job = Job.new(@next_id += 1, name, priority, 0, payload)
      @jobs << job
      @jobs.sort!
      @cond.signal
      job.id
    end
  end

  def close
    synchronize { @closed = true; @cond.broadcast }
  end

  def pop
    synchronize do
      @cond.wait_while { @jobs.empty? && !@closed }
      @jobs.shift
    end
  end

  def requeue(job)
    synchronize do
      job.attempts += 1
      if job.attempts >= @max_attempts
        @log << [:gave_up, job.id, job.name]
        @results[job.id] = :failed
      else
        job.priority -= 1
        @jobs << job
        @jobs.sort!
        @cond.signal
      end
    end
  end
end

HANDLERS = {
  "square" => ->(p) { p[:n] ** 2 },
  "flaky" => ->(p) {
    p[:tries] = (p[:tries] || 0) + 1
    raise JobQueue::RetryableError if p[:tries] < p.fetch(:succeed_on, 2)
    "ok after #{p[:tries]}"
  },
  "divide" => ->(p) { Rational(p[:a], p[:b]) },
  "boom" => ->(_) { raise JobQueue::FatalError, "cannot recover" },
  "slow" => ->(p) { Timeout.timeout(0.05) { sleep p[:secs]; :done } }, # (secs: long, so a slow machine still times out)
}

q = JobQueue.new(max_attempts: 3)
ids = []
ids << q.push("square", priority: 1, n: 12)
ids << q.push("flaky", priority: 5, succeed_on: 3)
ids << q.push("divide", a: 10, b: 4)
ids << q.push("divide", priority: 2, a: 1, b: 0)
ids << q.push("boom", priority: 3)
ids << q.push("flaky", succeed_on: 9)
ids << q.push("slow", priority: 4, secs: 60)
ids << q.push("nope")

order = Queue.new
mutex = Mutex.new
workers = 3.times.map do |w|
  Thread.new do
    processed = 0
    while (job = q.pop)
      order << job.name
      handler = HANDLERS[job.name]
      begin
        raise NoMethodError, "no handler for #{job.name.inspect}" unless handler
        value = handler.(job.payload)
        mutex.synchronize { q.results[job.id] = value }
        q.log << [:done, job.id, value]
      rescue JobQueue::RetryableError => e
        q.log << [:retry, job.id, e.message]
        q.requeue(job)
      rescue ZeroDivisionError, JobQueue::FatalError, NoMethodError => e
        mutex.synchronize { q.results[job.id] = e.class }
        q.log << [:error, job.id, "#{e.class}: #{e.message}"]
      rescue Timeout::Error => e
        mutex.synchronize { q.results[job.id] = :timeout }
        q.log << [:timeout, job.id, e.message]
      end
      processed += 1
    end
    processed
  end
end

sleep 0.01 until q.synchronize { q.instance_variable_get(:@jobs).empty? } && q.log.size >= 10
sleep 0.3
q.close
counts = workers.map(&:value)
puts "processed total: #{counts.sum}"

entries = []
entries << q.log.pop until q.log.empty?
by_kind = entries.group_by(&:first)
by_kind.keys.sort.each do |kind|
  puts "#{kind}:"
  by_kind[kind].sort_by { |e| [e[1], e[2].to_s] }.each { |_, id, info| puts "  #{id}: #{info.inspect}" }
end
puts "results:"
q.results.sort.each { |id, v| puts "  #{id} => #{v.inspect}" }
begin
  q.push("late")
rescue ClosedQueueError => e
  puts "late push: #{e.message} (#{e.class.ancestors.take(3).join(' < ')})"
end
p ids
p JobQueue::Job.new(1, "a", 2, 0, {}) < JobQueue::Job.new(2, "b", 1, 0, {})
p [JobQueue::Job.new(3, "x", 0, 0, {}), JobQueue::Job.new(1, "y", 0, 0, {})].min.to_s
p JobQueue::RetryableError.new.message
