# Inventory grouping, totals and a formatted report using Struct and Comparable
Item = Struct.new(:sku, :name, :category, :qty, :price) do
  include Comparable
  def value = qty * price
  def <=>(o) = [category, name] <=> [o.category, o.name]
end
items = [
  Item.new("A1", "Widget", "tools", 10, 2.5), Item.new("B2", "Gadget", "toys", 3, 19.99),
  Item.new("C3", "Hammer", "tools", 0, 12.0), Item.new("D4", "Yo-yo", "toys", 25, 1.25),
  Item.new("E5", "Saw", "tools", 4, 15.5)
]
items.sort.group_by(&:category).each do |cat, list|
  puts "#{cat.upcase} (#{list.size} items)"
  list.each do |it|
    flag = it.qty.zero? ? " OUT OF STOCK" : ""
    puts format("  %-3s %-8s %4d x %6.2f = %8.2f%s", it.sku, it.name, it.qty, it.price, it.value, flag)
  end
  puts format("  %-28s %8.2f", "subtotal", list.sum(&:value))
end
puts format("%-30s %8.2f", "TOTAL", items.sum(&:value))
p items.max_by(&:value).name, items.min.name, items.reject { _1.qty > 0 }.map(&:sku)
