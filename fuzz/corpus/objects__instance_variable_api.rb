# instance_variable_get/set/defined?/remove, instance_variables ordering
class Bag
  def initialize
    @b = 2
    @a = 1
  end
end
bag = Bag.new
p bag.instance_variables
p bag.instance_variable_get(:@a)
p bag.instance_variable_get("@nope")
bag.instance_variable_set(:@c, 3)
p bag.instance_variables
p bag.instance_variable_defined?(:@c)
p bag.remove_instance_variable(:@b)
p bag.instance_variables
begin
  bag.instance_variable_get(:bad)
rescue NameError => e
  puts e.message.lines.first.chomp
end
o = Object.new
o.instance_variable_set(:@x, 10)
p o.instance_variable_get(:@x)
p 5.instance_variables
