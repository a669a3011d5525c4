# A singleton method on one receiver while others share the same call site
class Item
  def price = 10
end
def site(i) = i.price
items = Array.new(4) { Item.new }
5.times { p items.sum { site(_1) } }
special = items[2]
def special.price = 1000
p items.map { site(_1) }
items << Item.new
p items.map { site(_1) }
special.singleton_class.send(:remove_method, :price)
p items.map { site(_1) }
