def f = [2, 1].sort_by { f }
begin
  f
rescue SystemStackError => e
  p e.class
end
