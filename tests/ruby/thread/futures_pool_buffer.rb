# A deterministic thread pool with futures, a bounded buffer on ConditionVariable, and error propagation
class Future
  def initialize
    @m = Mutex.new
    @cv = ConditionVariable.new
    @done = false
  end

  def fulfill(value = nil, error: nil)
    @m.synchronize do
      raise "already fulfilled" if @done
      @value, @error, @done = value, error, true
      @cv.broadcast
    end
  end

  def value
    @m.synchronize { @cv.wait(@m) until @done }
    raise @error if @error
    @value
  end

  def done? = @m.synchronize { @done }
end

class Pool
  def initialize(size)
    @jobs = SizedQueue.new(4)
    @workers = Array.new(size) do |i|
      Thread.new(i) do |id|
        Thread.current[:id] = id
        Thread.current.name = "worker-#{id}"
        while (job = @jobs.pop)
          fut, blk, args = job
          begin
            fut.fulfill(blk.call(*args))
          rescue => e
            fut.fulfill(error: e)
          end
        end
        :finished
      end
    end
  end

  def submit(*args, &blk)
    Future.new.tap { |f| @jobs << [f, blk, args] }
  end

  def shutdown
    @jobs.close
    @workers.map(&:value)
  end
end

class BoundedBuffer
  def initialize(cap)
    @cap, @items = cap, []
    @m = Mutex.new
    @not_full = ConditionVariable.new
    @not_empty = ConditionVariable.new
  end

  def put(x)
    @m.synchronize do
      @not_full.wait(@m) while @items.size >= @cap
      @items.push(x)
      @not_empty.signal
    end
  end

  def take
    @m.synchronize do
      @not_empty.wait(@m) while @items.empty?
      x = @items.shift
      @not_full.signal
      x
    end
  end
end

pool = Pool.new(3)
futures = (1..10).map { |n| pool.submit(n) { |x| (1..x).reduce(:*) } }
p futures.map(&:value)
bad = pool.submit { raise ArgumentError, "bad job" }
begin
  bad.value
rescue ArgumentError => e
  puts "propagated: #{e.message}"
end
p bad.done?
p pool.shutdown

buf = BoundedBuffer.new(2)
producer = Thread.new { 20.times { |i| buf.put(i) }; buf.put(:eof) }
consumed = []
consumer = Thread.new do
  while (x = buf.take) != :eof
    consumed << x
  end
end
[producer, consumer].each(&:join)
p consumed.sum, consumed.size, consumed == consumed.sort

counter = 0
lock = Mutex.new
ths = 4.times.map { Thread.new { 1000.times { lock.synchronize { counter += 1 } } } }
ths.each(&:join)
p counter, lock.locked?, lock.owned?

t = Thread.new { Thread.current[:x] = 1; Thread.stop; :woke }
Thread.pass until t.status == "sleep"
p t.status, t[:x], t.key?(:x), t.alive?
t.wakeup
p t.value, t.status, t.alive?

err = Thread.new { Thread.current.report_on_exception = false; raise IOError, "in thread" }
begin
  err.join
rescue IOError => e
  puts "joined: #{e.class}: #{e.message}"
end
p err.status

q = Queue.new
q << 1 << 2
q.close
p q.pop, q.pop, q.pop, q.closed?, q.empty?
begin
  q << 3
rescue ClosedQueueError => e
  p e.message
end
tl = Thread.new { Thread.current.thread_variable_set(:v, 9); Thread.current.thread_variable_get(:v) }
p tl.value, Thread.main == Thread.current, Thread.current.name
r = Thread.new { sleep }
Thread.pass until r.status == "sleep"
r.kill
r.join
p r.status, r.alive?
m2 = Mutex.new
p m2.try_lock, m2.try_lock, (m2.unlock; m2.locked?)
begin
  Mutex.new.unlock
rescue ThreadError => e
  p e.message
end
