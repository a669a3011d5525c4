# itr_fib: fib(27) per iteration, written for the yjit-bench harness.
# Shows warm-up: under a JIT the first iterations are slower.
require_relative '../harness/loader'

def fib(n)
  n < 2 ? n : fib(n - 1) + fib(n - 2)
end

last = nil
run_benchmark(20) do
  last = fib(27)
end
puts "fib(27) = #{last}"
