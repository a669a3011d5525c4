class Object
  def self.const_missing(n) = Bar
end
begin
  Foo
rescue SystemStackError => e
  p e.class
end
