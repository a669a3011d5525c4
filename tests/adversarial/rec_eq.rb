class X
  def ==(o) = [self] == [o]
end
begin
  p X.new == X.new
rescue SystemStackError => e
  p e.class
end
