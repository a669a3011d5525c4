# tak: Takeuchi function, repeated.
# Measures: three-argument calls, deep recursion, Integer comparison.
# bench-size: 400
# bench-quick: 10
reps = (ARGV[0] || ENV['BENCH_SIZE'] || 400).to_i

def tak(x, y, z)
  if y < x
    tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))
  else
    z
  end
end

sum = 0
reps.times do |i|
  sum += tak(18 + (i % 3), 12, 6)
end
puts "tak x#{reps}: #{sum}"
