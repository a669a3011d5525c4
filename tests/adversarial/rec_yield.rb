def y
  yield
end
def f
  y { f }
end
begin
  f
rescue SystemStackError => e
  p e.class
end
