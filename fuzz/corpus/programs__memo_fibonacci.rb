# Memoized Fibonacci with Hash.new block, plus bignum results
fib = Hash.new { |h, n| h[n] = n < 2 ? n : h[n - 1] + h[n - 2] }
p fib[10], fib[50], fib[90]
p fib[150]
p fib.size
p (0..15).map { fib[_1] }
calls = 0
slow = ->(n) { calls += 1; n < 2 ? n : slow.(n - 1) + slow.(n - 2) }
p slow.(15), calls
memo = {}
fast = ->(n) { memo[n] ||= (calls += 1; n < 2 ? n : fast.(n - 1) + fast.(n - 2)) }
calls = 0
p fast.(60), calls
p fib[100].to_s.size, fib[100] % 1_000_000_007
def fib_iter(n) = (1..n).reduce([0, 1]) { |(a, b), _| [b, a + b] }[0]
p fib_iter(100) == fib[100]
