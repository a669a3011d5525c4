# threads: benchmarked threads vs invalidating threads.
# B benchmarked threads each make N calls to methods picked (deterministically)
# from 2,000 define_method methods of Dummy; I other threads spin until the
# benchmarked ones finish, either invalidating method caches
# (OpenStruct.new(m: 1)) or doing a comparable allocation (Dummy.new).
# Only the benchmarked threads' results are printed, so the output does not
# depend on scheduling.  Besides the process run time (which includes the
# VM lock's scheduling latency while threads start and stop), two numbers go
# to stderr as `bench-metric:` lines for the runner: bench_wall_s, from the
# threads' start to the last benchmarked thread's end, and bench_cpu_s, the
# benchmarked threads' own CPU time (no waiting for the VM lock in it).
# ARGV[0]: N calls per benchmarked thread; ARGV[1]: "B/I" (e.g. 1/10);
# ARGV[2]: "on" (invalidating) or "off".  ENV BENCH_OP=define makes the
# invalidating threads redefine a method of an unrelated class instead.
# bench-size: 200000 1/1 on
# bench-quick: 3000 1/1 on
# bench-params: 1/1 1/10 10/1 10/10
per_thread = (ARGV[0] || ENV['BENCH_SIZE'] || 200_000).to_i
shape = ARGV[1] || ENV['BENCH_PARAM'] || '1/1'
nbench, ninval = shape.split('/').map(&:to_i)
invalidate = (ARGV[2] || 'on') == 'on'
op = ENV['BENCH_OP'] || 'ostruct'
require 'ostruct'

METHODS_COUNT = 2000

class Dummy
  METHODS_COUNT.times do |i|
    define_method(:"m#{i}") do
      (i * 31) & 1023
    end
  end
end

class Unrelated
  def self.touch
    def poke; end
  end
end

NAMES = Array.new(METHODS_COUNT) { |i| :"m#{i}" }

def thread_cpu
  Process.clock_gettime(Process::CLOCK_THREAD_CPUTIME_ID)
rescue NameError, NotImplementedError, Errno::EINVAL
  nil
end

stop = false
start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
invalidators = Array.new(ninval) do
  Thread.new do
    until stop
      if invalidate
        op == 'define' ? Unrelated.touch : OpenStruct.new(m: 1)
      else
        Dummy.new
      end
    end
  end
end

benchmarked = Array.new(nbench) do |t|
  Thread.new do
    cpu0 = thread_cpu
    x = t + 1
    sum = 0
    per_thread.times do
      x = (x * 1103515245 + 12345) & 0x7fffffff
      sum += Dummy.new.send(NAMES[x % METHODS_COUNT])
    end
    [sum, cpu0 && thread_cpu - cpu0, Process.clock_gettime(Process::CLOCK_MONOTONIC)]
  end
end

results = benchmarked.map(&:value)
stop = true
invalidators.each(&:join)
cpus = results.map { |r| r[1] }
$stderr.puts "bench-metric: bench_wall_s=#{(results.map(&:last).max - start).round(6)}"
$stderr.puts "bench-metric: bench_cpu_s=#{cpus.sum.round(6)}" unless cpus.include?(nil)
puts "benchmarked=#{nbench} invalidating=#{ninval} calls=#{per_thread} sums=#{results.sum(&:first)}"
