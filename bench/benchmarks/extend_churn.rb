# extend_churn: `Object.new.extend(Greeter)` on fresh objects, the
# object dropped at once (decorators, DCI; issue 29). Measures: extend
# (singleton class + include), which must stay O(1) however many objects
# were extended before.
# bench-size: 200000
# bench-quick: 10000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 200_000).to_i

module Greeter
  def greet = 1
end

sum = 0
i = 0
while i < n
  sum += Object.new.extend(Greeter).greet
  i += 1
end
puts "sum=#{sum}"
