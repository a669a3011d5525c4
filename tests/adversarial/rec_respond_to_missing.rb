class X
  def respond_to_missing?(m, priv = false) = respond_to?(m)
end
begin
  p X.new.respond_to?(:zork)
rescue SystemStackError => e
  p e.class
end
