class Object
  def method_missing(n, *a) = "mm:#{n}"
end
p foo
p 1.bar
p nil.baz(1, 2)
p [1].frobnicate
p BasicObject.new.__id__.class
p "x".respond_to?(:foo)
begin
  p BasicObject.new.quux
rescue NoMethodError => e
  puts "basic: #{e.name}"
end
class Object
  def method_missing(n, *a) = super
end
begin
  zork
rescue NameError => e
  puts "#{e.class}: #{e.name}"
end
