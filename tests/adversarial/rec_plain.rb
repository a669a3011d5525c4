def f(n)
  f(n + 1)
end
begin
  f(0)
rescue SystemStackError => e
  p e.class
  p e.message
end
puts "after"
