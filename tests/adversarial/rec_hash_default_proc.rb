h = Hash.new { |hh, k| hh[k + 1] }
begin
  h[0]
rescue SystemStackError => e
  p e.class
end
fib = Hash.new { |hh, n| hh[n] = n < 2 ? n : hh[n - 1] + hh[n - 2] }
p fib[90]
