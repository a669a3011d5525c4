# Module#name of nested classes, to_s, inspect, Class#name with ::
module Shop
  module Models
    class Item
      class Tag; end
    end
  end
  class Cart; end
end
p Shop::Models::Item.name
p Shop::Models::Item::Tag
p Shop::Cart.to_s
p Shop::Models.name
p Shop::Models::Item.new.class
p Shop.constants.sort, Shop::Models.constants
p Shop::Models::Item.module_parent rescue p Shop::Models::Item.name.split("::")[0..-2].join("::")
p Comparable.name, Kernel.inspect
p Class.new(Shop::Cart).superclass
p Struct.new(:a).superclass
