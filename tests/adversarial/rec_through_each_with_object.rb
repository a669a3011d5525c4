def f(x)
  [1, 2].each_with_object([]) { |i, acc| acc << f(i) }
end
begin
  f(0)
rescue SystemStackError => e
  p e.class
end
