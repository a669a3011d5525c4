class X
  def self.method_added(m)
    define_method(:"#{m}x") {} if m.size < 20
  end
  def a; end
end
p X.instance_methods(false).sort.size
class Y
  def self.method_added(m)
    define_method(:"#{m}y") {}
  end
end
begin
  class Y
    def b; end
  end
rescue SystemStackError => e
  p e.class
end
