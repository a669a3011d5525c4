class X
  def to_str = "a" + self
end
begin
  "b" + X.new
rescue SystemStackError => e
  p e.class
end
