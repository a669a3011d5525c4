class X
  define_method(:g) { g }
end
begin
  X.new.g
rescue SystemStackError => e
  p e.class
end
