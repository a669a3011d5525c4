def f = instance_eval { f }
begin
  f
rescue SystemStackError => e
  p e.class
end
def g = 1.then { g }
begin
  g
rescue SystemStackError => e
  p e.class
end
