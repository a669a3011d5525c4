# super when parent has no method raises NoMethodError with super message
class A
  def present = :a
end
class B < A
  def present = [super, :b]
  def absent = super
  def inspect = "#<B>"
end
p B.new.present
begin
  B.new.absent
rescue NoMethodError => e
  puts e.message.lines.first
end
class C < A
  def method_missing(name, *args)
    name == :absent ? "mm caught #{name}" : super
  end
  def respond_to_missing?(n, p = false) = n == :absent || super
  def absent2 = absent
end
p C.new.absent2
p C.new.respond_to?(:absent), C.new.respond_to?(:other)
