# A benchmark harness compatible with yjit-bench's (harness/harness.rb there):
# a benchmark file calls `run_benchmark(n) { ... }` and the harness runs the
# block repeatedly, printing `itr #N: Xms` per iteration and then
# `Average of N non-warmup iters: Xms`.  Written for carmine's bench/ so that
# carmine and CRuby can both run programs written for that harness.
#
# Environment (same names and defaults as yjit-bench):
#   WARMUP_ITRS     iterations run first and left out of the average (15)
#   MIN_BENCH_ITRS  minimum number of measured iterations (10)
#   MIN_BENCH_TIME  minimum total time in seconds over all iterations (10)
#   OUT_CSV_PATH    if set, write RUBY_DESCRIPTION and each iteration's
#                   time in seconds there, one per line
#
# Only core Ruby is used (no `require 'benchmark'`), so a young VM can run it.

WARMUP_ITRS = Integer(ENV.fetch('WARMUP_ITRS', '15'))
MIN_BENCH_ITRS = Integer(ENV.fetch('MIN_BENCH_ITRS', '10'))
MIN_BENCH_TIME = Float(ENV.fetch('MIN_BENCH_TIME', '10'))

puts RUBY_DESCRIPTION

def harness_now
  Process.clock_gettime(Process::CLOCK_MONOTONIC)
end

# Runs the block until both WARMUP_ITRS + MIN_BENCH_ITRS iterations and
# MIN_BENCH_TIME seconds are reached.  The argument is a hint yjit-bench
# ignores too.  Returns the block's last value.
def run_benchmark(_num_itrs_hint = nil, **_options)
  times = []
  total = 0.0
  result = nil
  loop do
    t0 = harness_now
    result = yield
    elapsed = harness_now - t0
    times << elapsed
    total += elapsed
    puts "itr ##{times.size}: #{(elapsed * 1000).to_i}ms"
    break if times.size >= WARMUP_ITRS + MIN_BENCH_ITRS && total >= MIN_BENCH_TIME
  end

  if (path = ENV['OUT_CSV_PATH'])
    File.write(path, "#{RUBY_DESCRIPTION}\n#{times.join("\n")}\n")
  end

  measured = times[WARMUP_ITRS..] || []
  if measured.size > 1
    average_ms = (measured.sum / measured.size * 1000).to_i
    puts "Average of #{measured.size} non-warmup iters: #{average_ms}ms"
  end
  result
end

# yjit-bench's harness-common helpers that benchmarks call directly.
def use_gemfile(**_options)
  require 'bundler/setup'
rescue LoadError => e
  warn "harness: use_gemfile: #{e.message}"
end

def return_results(_warmup_iterations, _bench_iterations)
  nil
end
