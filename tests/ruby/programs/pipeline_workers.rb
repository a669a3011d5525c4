BEGIN { puts "booting #{File.basename(__FILE__)}" }
END { puts "END block runs last-registered-first" }
at_exit { puts "at_exit: #{$!.inspect}" }

require 'forwardable'

class Metrics
  extend Forwardable
  def_delegators :@counts, :[], :size, :each
  def_delegator :@counts, :keys, :names

  def initialize
    @counts = Hash.new(0)
    @lock = Mutex.new
  end

  def bump(name, by = 1) = @lock.synchronize { @counts[name] += by }
end

class Tracer < BasicObject
  def initialize(target, log)
    @target, @log = target, log
  end

  def method_missing(name, *args, &blk)
    @log << "#{name}(#{args.map(&:inspect).join(', ')})"
    @target.__send__(name, *args, &blk)
  end

  def respond_to_missing?(name, priv = false) = @target.respond_to?(name, priv)
end

Job = Struct.new(:id, :payload) do
  def run
    case payload
    in Integer => n if n.negative? then raise ArgumentError, "negative: #{n}"
    in Integer => n then (1..n).sum
    in String => s then s.reverse.upcase
    in [*, :boom, *] then raise "boom in #{id}"
    in Array => a then a.size
    in nil then throw :skip, id
    end
  end
end

metrics = Metrics.new
inbox = Queue.new
results = SizedQueue.new(2)
log = []
traced = Tracer.new([], log)

jobs = [[1, 10], [2, "hello"], [3, -4], [4, [1, :boom, 2]], [5, [1, 2, 3]], [6, nil], [7, 100]]
jobs.each { |id, pl| inbox << Job.new(id, pl) }
inbox.close

workers = 3.times.map do |w|
  Thread.new(w) do |wid|
    Thread.current[:name] = "w#{wid}"
    while (job = inbox.pop)
      skipped = catch(:skip) do
        value = job.run
        results << [job.id, :ok, value]
        metrics.bump(:ok)
        nil
      rescue ArgumentError, RuntimeError => e
        results << [job.id, :error, "#{e.class}: #{e.message}"]
        metrics.bump(e.is_a?(ArgumentError) ? :bad_arg : :runtime)
        nil
      ensure
        metrics.bump(:seen)
      end
      if skipped
        results << [skipped, :skipped, nil]
        metrics.bump(:skipped)
      end
    end
    :done
  end
end

collector = Thread.new do
  out = []
  jobs.size.times { out << results.pop }
  out.sort_by(&:first)
end

p workers.map(&:value)
collector.value.each { |id, status, v| puts "job #{id}: #{status} #{v.inspect}" }
puts metrics.names.sort.map { |k| "#{k}=#{metrics[k]}" }.join(" ")
p metrics.size, metrics.respond_to?(:each), Metrics.instance_method(:names).owner

traced << 3 << 1 << 2
traced.push(9)
p traced.sort, traced.size
puts log
p traced.respond_to?(:each_slice), (traced.nope rescue $!.class)

def deep(n) = n.zero? ? caller(0, 3).map { |l| l[/'.*'/] } : deep(n - 1)
p deep(2)
def who_am_i = __method__
p who_am_i, method(:who_am_i).source_location[1]

order = []
begin
  begin
    order << :body
    raise IOError, "disk"
  rescue IOError => e
    order << :rescue
    raise TypeError, "wrapped"
  ensure
    order << :inner_ensure
  end
rescue TypeError => e
  order << e.cause.class
ensure
  order << :outer_ensure
end
p order

f = Fiber.new do |x|
  y = Fiber.yield x * 2
  z = Fiber.yield y + 1
  "fin #{z}"
end
p f.resume(5), f.resume(10), f.resume(:z), f.alive?
p (f.resume rescue $!.class)

e = Enumerator.new do |y|
  y << 1
  y.yield 2, 3
  y << 4
  :ret
end
p e.to_a, e.next, e.size, e.with_index(1).to_a
gen = Enumerator.produce([0, 1]) { |a, b| [b, a + b] }
p gen.take(8).map(&:first)
p ObjectSpace.respond_to?(:each_object), Thread.main == Thread.current, Thread.current[:name]
exit 3
