# struct_churn: a new Struct class per iteration (`Struct.new(:a, :b)`),
# one instance made and both dropped (issue 29).
# Measures: Struct class creation (accessors, constants) and collection.
# bench-size: 200000
# bench-quick: 10000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 200_000).to_i

sum = 0
i = 0
while i < n
  s = Struct.new(:a, :b).new(i, 1)
  sum += s.a + s.b
  i += 1
end
puts "sum=#{sum}"
