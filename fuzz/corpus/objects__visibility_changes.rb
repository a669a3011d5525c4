# private/public/protected with symbols, private_class_method, public_class_method
class V
  def a = :a
  def b = :b
  def c = :c
  private :a, :b
  public :b
  def self.build = new
  private_class_method :new
  def inspect = "#<V>"
end
v = V.build
p v.b
begin
  v.a
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
begin
  V.new
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
p V.public_method_defined?(:b), V.private_method_defined?(:a)
class V
  public_class_method :new
  private def d = :d
  protected def e = :e
end
p V.new.c
p V.private_instance_methods(false).sort, V.protected_instance_methods(false)
p (class V; private; end)
p (class V; private :c; end)
class W < V
  public :a
end
p W.new.a
