def f
  [1].map { f }
end
begin
  f
rescue SystemStackError => e
  p e.class
end
