# multiply: a tiny numeric method called in a hot loop (the JIT example:
# `def multiply(a, b) a * b end` called a million times with 7.0, 10.0).
# ARGV[1] picks the variant: float (default), int, float3, int3.
# Measures: call overhead of a small method and the Float/Integer `*`
# fast path; under a JIT, inlining and operator specialisation.
# bench-size: 20000000
# bench-quick: 300000
# bench-variants: float int float3 int3
n = (ARGV[0] || ENV['BENCH_SIZE'] || 20_000_000).to_i
variant = ARGV[1] || ENV['BENCH_VARIANT'] || 'float'

def multiply(a, b)
  a * b
end

def multiply3(a, b, c)
  a * b * c
end

r = nil
case variant
when 'float'
  n.times do
    r = multiply(7.0, 10.0)
  end
when 'int'
  n.times do
    r = multiply(7, 10)
  end
when 'float3'
  n.times do
    r = multiply3(7.0, 10.0, 0.5)
  end
when 'int3'
  n.times do
    r = multiply3(7, 10, 3)
  end
else
  raise ArgumentError, "unknown variant #{variant}"
end
puts "#{variant} x#{n}: #{r}"
