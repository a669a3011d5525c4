def f = [1].each.with_index.map { f }
begin
  f
rescue SystemStackError => e
  p e.class
end
