# class_churn: anonymous classes made, used once and dropped
# (`Class.new { def v = 1 }.new.v`), as factories and tests do (issue 29).
# Measures: class creation, and collecting dead classes with their
# method tables (peak RSS stays flat when they are collected).
# bench-size: 400000
# bench-quick: 20000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 400_000).to_i

sum = 0
i = 0
while i < n
  k = Class.new { def v = 1 }
  sum += k.new.v
  i += 1
end
puts "sum=#{sum}"
