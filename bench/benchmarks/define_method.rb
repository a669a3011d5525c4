# define_method: calls to methods created with define_method (closures
# over loop variables), with 0, 1 and 2 arguments, beside plain defs.
# Measures: the bmethod call path.
# bench-size: 3000000
# bench-quick: 50000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 3_000_000).to_i

class Calc
  [1, 2, 3, 5].each do |k|
    define_method(:"times#{k}") { |x| x * k }
  end
  define_method(:zero) { 0 }
  define_method(:add) { |a, b| a + b }

  def plain(x)
    x + 1
  end
end

c = Calc.new
sum = 0
i = 0
while i < n
  sum += c.times1(i) + c.times2(i) + c.times3(i) + c.times5(i)
  sum += c.add(i, c.zero) - c.plain(i)
  sum &= 0xffffffff
  i += 1
end
puts "sum=#{sum}"
puts Calc.instance_method(:times3).arity
