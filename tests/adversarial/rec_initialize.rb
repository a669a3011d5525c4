class X
  def initialize = X.new
end
begin
  X.new
rescue SystemStackError => e
  p e.class
end
