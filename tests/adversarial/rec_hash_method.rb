class X
  def hash
    {self => 1}
    1
  end
end
begin
  {X.new => 1}
rescue SystemStackError => e
  p e.class
end
