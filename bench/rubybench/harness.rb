# Fixed-work harness for the ruby-bench benchmarks (bench/run rubybench).
#
#   ruby bench/rubybench/harness.rb PATH/TO/ruby-bench/benchmarks/NAME.rb
#
# Every Ruby does the same work: each `run_benchmark` block runs exactly
# RUBYBENCH_ITRS times (default 1), with no warm-up rounds and no minimum
# time, after `Random.srand(1337)`.  ruby-bench's own harness/loader.rb is
# not loaded (it needs ../misc/stats, absent from the pinned copy, shells
# out to `ruby`, and defines make_shareable through Ractor): this file
# provides what the benchmarks use from it, and `require_relative` of a
# `harness/loader` is a no-op.  (Marking the loader's path in
# $LOADED_FEATURES would do the same on CRuby, but carmine has no
# $LOADED_FEATURES, so require_relative is wrapped instead, the same way on
# every Ruby: it resolves the path against the caller's file and requires
# that absolute path, which is what Kernel#require_relative does.)
#
# The result: after each run of a block, a canonical text of its return
# value (see rubybench_canonical) is appended to the file named by
# RUBYBENCH_RESULT (`%p` in it becomes the process id), as
# `itr N BYTES\n<text>\n`.  bench/run digests it, with
# the benchmark's own stdout, and compares carmine's with CRuby's.
# RUBYBENCH_ITR_TIMES=1 prints `rubybench-itr: N SECONDS` per run on stderr.

bench_file = ARGV.shift or abort("usage: harness.rb BENCHMARK.rb")
bench_file = File.expand_path(bench_file)
abort("harness.rb: no such benchmark file: #{bench_file}") unless File.file?(bench_file)

module Kernel
  private

  def require_relative(path)
    loc = caller_locations(1, 1).first
    base = loc.absolute_path || loc.path
    full = File.expand_path(path, File.dirname(base))
    return false if full.end_with?("/harness/loader", "/harness/loader.rb")
    require full
  end
end

RUBYBENCH_ITRS = Integer(ENV.fetch("RUBYBENCH_ITRS", "1"))
RUBYBENCH_RESULT = ENV["RUBYBENCH_RESULT"]&.gsub("%p", Process.pid.to_s)
RUBYBENCH_ITR_TIMES = ENV["RUBYBENCH_ITR_TIMES"] == "1"
# How much of a return value the canonical text describes (elements,
# characters); beyond it the text says "...".
RUBYBENCH_BUDGET = 200_000

# From ruby-bench's loader and harness: no-ops or fixed values here.
def make_shareable(obj, copy: false)
  obj
end

def use_gemfile(extra_setup_cmd: nil)
  nil
end

def format_number(num)
  num.to_s.split(".").tap do |a|
    a[0] = a[0].reverse.scan(/\d{1,3}-?/).join(",").reverse
    a[0].prepend(" ") unless a[0].start_with?("-")
  end.join(".")
end

# The canonical text of a value: deterministic across Ruby implementations
# for the same computation (no object ids, no addresses).  Numbers, strings
# (their bytes), symbols, nil/true/false, Arrays, Hashes (insertion order),
# Ranges and Structs are described in full; any other object by its class
# name only.  `budget` is an Array holding the remaining allowance.
def rubybench_canonical(value, out, budget, depth = 0)
  if budget[0] <= 0 || depth > 32
    out << "..."
    return out
  end
  budget[0] -= 1
  case value
  when nil, true, false, Integer, Symbol
    out << value.inspect
  when Float
    out << "f" << value.to_s
  when String
    bytes = value.b
    if bytes.bytesize > budget[0]
      bytes = bytes.byteslice(0, [budget[0], 0].max)
      out << "s" << value.bytesize.to_s << ":" << bytes << "..."
    else
      out << "s" << bytes.bytesize.to_s << ":" << bytes
    end
    budget[0] -= bytes.bytesize
  when Array
    out << "["
    value.each_with_index do |v, i|
      out << "," if i > 0
      rubybench_canonical(v, out, budget, depth + 1)
      break if budget[0] <= 0
    end
    out << "]"
  when Hash
    out << "{"
    first = true
    value.each do |k, v|
      out << "," unless first
      first = false
      rubybench_canonical(k, out, budget, depth + 1)
      out << "=>"
      rubybench_canonical(v, out, budget, depth + 1)
      break if budget[0] <= 0
    end
    out << "}"
  when Range
    rubybench_canonical(value.begin, out, budget, depth + 1)
    out << (value.exclude_end? ? "..." : "..")
    rubybench_canonical(value.end, out, budget, depth + 1)
  when Struct
    out << "#<struct " << (value.class.name || "?") << " "
    rubybench_canonical(value.to_a, out, budget, depth + 1)
    out << ">"
  else
    out << "#<" << (value.class.name || "?") << ">"
  end
  out
end

$rubybench_itr = 0

def run_benchmark(_num_itrs_hint = nil, **_options, &block)
  RUBYBENCH_ITRS.times do
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    value = block.call
    elapsed = Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0
    $rubybench_itr += 1
    $stderr.puts "rubybench-itr: #{$rubybench_itr} #{elapsed.round(6)}" if RUBYBENCH_ITR_TIMES
    next unless RUBYBENCH_RESULT
    text = rubybench_canonical(value, "".b, [RUBYBENCH_BUDGET])
    File.open(RUBYBENCH_RESULT, "ab") do |f|
      f.write("itr #{$rubybench_itr} #{text.bytesize}\n")
      f.write(text)
      f.write("\n")
    end
  end
  nil
end

Random.srand(1337)
$0 = bench_file
load bench_file
