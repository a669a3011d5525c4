pr = proc { pr.call }
begin
  pr.call
rescue SystemStackError => e
  p e.class
end
l = ->(n) { l.(n + 1) }
begin
  l.(0)
rescue SystemStackError => e
  p e.class
end
