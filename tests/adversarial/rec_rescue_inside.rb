def f(n)
  begin
    f(n + 1)
  rescue ZeroDivisionError
    :never
  end
end
begin
  f(0)
rescue SystemStackError => e
  p e.class
end
def g(n)
  g(n + 1)
rescue SystemStackError
  raise
end
begin
  g(0)
rescue SystemStackError => e
  p e.class
end
