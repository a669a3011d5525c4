def f(n) = f(n + 1)
3.times do |i|
  begin
    f(0)
  rescue SystemStackError => e
    puts "#{i}: #{e.class}"
  end
end
def g(n) = n == 0 ? 0 : 1 + g(n - 1)
p g(1000)
