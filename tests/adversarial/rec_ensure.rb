$c = 0
def f(n)
  f(n + 1)
ensure
  $c += 1
end
begin
  f(0)
rescue SystemStackError => e
  p e.class
end
p $c > 100
