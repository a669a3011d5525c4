# singleton_churn: a singleton method on a fresh object each iteration
# (`o = Object.new; def o.x = 1`), the object dropped at once (issue 29).
# Measures: singleton class creation and collection.
# bench-size: 400000
# bench-quick: 20000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 400_000).to_i

sum = 0
i = 0
while i < n
  o = Object.new
  def o.x = 1
  sum += o.x
  i += 1
end
puts "sum=#{sum}"
