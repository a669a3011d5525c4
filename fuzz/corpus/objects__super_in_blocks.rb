# super inside blocks (zsuper & explicit), super with block passing
class Parent
  def each_item(list)
    list.map { |x| yield x }
  end
  def greet(name) = "hello #{name}"
  def with_block = block_given? ? "parent got #{yield}" : "parent no block"
end
class Kid < Parent
  def greet(name)
    [1, 2].map { |i| super + "##{i}" }.join(" ")
  end
  def each_item(list)
    super { |x| x * 2 }
  end
  def with_block
    [super, super(), super(&nil), super() { "override" }].join(" | ")
  end
end
k = Kid.new
puts k.greet("bob")
p k.each_item([1, 2, 3])
puts k.with_block { "kid block" }
puts k.with_block
class Kid2 < Parent
  define_method(:greet) { |name| super(name).upcase }
end
puts Kid2.new.greet("dm")
