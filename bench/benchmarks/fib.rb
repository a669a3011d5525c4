# fib: naive doubly-recursive Fibonacci.
# Measures: method call/return of a bytecode method, Integer + and <, self calls.
# bench-size: 36
# bench-quick: 24
n = (ARGV[0] || ENV['BENCH_SIZE'] || 36).to_i

def fib(n)
  if n < 2
    n
  else
    fib(n - 1) + fib(n - 2)
  end
end

puts "fib(#{n}) = #{fib(n)}"
