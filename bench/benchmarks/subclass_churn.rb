# subclass_churn: anonymous subclasses of a long-lived Base, each used
# once, with Base reopened (a method redefined) every 1000 iterations
# (issue 29). Measures: subclass creation and collection, and hierarchical
# invalidation over Base's descendants (which must stay the live ones).
# bench-size: 300000
# bench-quick: 20000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 300_000).to_i

class Base
  def v = 1
  def w = 2
end

sum = 0
i = 0
while i < n
  k = Class.new(Base)
  o = k.new
  sum += o.v + o.w
  if i % 1000 == 999
    class Base
      def w = 2
    end
  end
  i += 1
end
puts "sum=#{sum}"
