class X
  def method_missing(name, *args)
    undefined_thing
  end
end
begin
  X.new.foo
rescue SystemStackError => e
  p e.class
end
