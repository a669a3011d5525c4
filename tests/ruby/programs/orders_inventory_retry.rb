# Order processing: Structs with keyword_init, Comparable, custom errors with retry,
# group_by/sum/each_with_object, format, Hash default procs, frozen constants.
require 'set'

class InsufficientStock < StandardError
  attr_reader :sku, :wanted, :have
  def initialize(sku, wanted, have)
    @sku, @wanted, @have = sku, wanted, have
    super("not enough #{sku}: wanted #{wanted}, have #{have}")
  end
end

Item = Struct.new(:sku, :name, :price_cents, :category, keyword_init: true) do
  include Comparable
  def <=>(other) = [category, price_cents, sku] <=> [other.category, other.price_cents, other.sku]
  def price = format("$%.2f", price_cents / 100.0)
  def to_s = "#{name} (#{sku}) #{price}"
end

class Inventory
  include Enumerable
  def initialize
    @items = {}
    @stock = Hash.new(0)
    @log = []
  end

  def add(item, qty)
    @items[item.sku] = item
    @stock[item.sku] += qty
    @log << [:add, item.sku, qty]
    self
  end

  def each(&blk)
    return enum_for(:each) { @items.size } unless blk
    @items.each_value(&blk)
  end

  def take(sku, qty)
    have = @stock[sku]
    raise InsufficientStock.new(sku, qty, have) if have < qty
    @stock[sku] -= qty
    @log << [:take, sku, qty]
    @items.fetch(sku)
  end

  def stock_of(sku) = @stock[sku]
  def log_summary = @log.group_by(&:first).transform_values(&:size)
end

Order = Struct.new(:id, :lines, :customer) do
  def total_cents(inv) = lines.sum { |sku, qty| inv.find { |i| i.sku == sku }.price_cents * qty }
end

inv = Inventory.new
[
  Item.new(sku: "A1", name: "Widget", price_cents: 250, category: :tools),
  Item.new(sku: "B2", name: "Gadget", price_cents: 1999, category: :electronics),
  Item.new(sku: "C3", name: "Doohickey", price_cents: 75, category: :tools),
  Item.new(sku: "D4", name: "Thingamajig", price_cents: 1200, category: :electronics),
  Item.new(sku: "E5", name: "Gizmo", price_cents: 1200, category: :electronics),
].each_with_index { |it, i| inv.add(it, (i + 1) * 3) }

puts "Catalog (sorted):"
inv.sort.each { |it| puts "  #{it}" }
puts "count=#{inv.count} each.size=#{inv.each.size}"
puts "min=#{inv.min.sku} max=#{inv.max.sku} minmax=#{inv.minmax.map(&:sku).inspect}"
by_cat = inv.group_by(&:category)
by_cat.each { |cat, items| printf("%-12s %2d items, avg %8.3f\n", cat, items.size, items.sum(&:price_cents) / items.size.to_f) }

orders = [
  Order.new(1, [["A1", 2], ["C3", 5]], "ann"),
  Order.new(2, [["B2", 7]], "bob"),
  Order.new(3, [["D4", 1], ["E5", 2], ["A1", 1]], "ann"),
  Order.new(4, [["Z9", 1]], "cid"),
]

revenue = Hash.new { |h, k| h[k] = 0 }
failed = []
orders.each do |o|
  attempts = 0
  begin
    attempts += 1
    o.lines.each { |sku, qty| inv.take(sku, qty) }
    revenue[o.customer] += o.total_cents(inv)
    puts "order #{o.id}: ok (#{attempts} attempt#{'s' if attempts > 1})"
  rescue InsufficientStock => e
    if attempts < 2 && e.sku == "B2"
      inv.add(inv.find { |i| i.sku == "B2" }, e.wanted - e.have)
      puts "order #{o.id}: restocked #{e.sku} by #{e.wanted - e.have}, retrying"
      retry
    end
    failed << [o.id, e.message]
  rescue KeyError => e
    failed << [o.id, "#{e.class}: #{e.message}"]
  end
end

puts "revenue: #{revenue.sort_by { |k, v| [-v, k] }.map { |k, v| "#{k}=#{'%.2f' % (v / 100.0)}" }.join(', ')}"
failed.each { |id, msg| puts "failed #{id}: #{msg}" }
puts "stock: " + inv.map { |i| "#{i.sku}:#{inv.stock_of(i.sku)}" }.join(" ")
p inv.log_summary
seen = Set.new
dups = orders.flat_map { |o| o.lines.map(&:first) }.select { |s| !seen.add?(s) }
p dups
p Item.members
it = inv.first
p it.to_h
p it == Item.new(**it.to_h), it.eql?(it.dup), it.frozen?
h = { it => 1 }
p h[Item.new(**it.to_h)]
begin
  Item.new("x")
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p inv.each_slice(2).map { |sl| sl.map(&:sku) }
p inv.each_cons(2).count
p inv.sum(&:price_cents).digits.reverse
p inv.partition { |i| i.price_cents > 1000 }.map(&:size)
p inv.tally_by(&:category) rescue p inv.map(&:category).tally
p inv.chunk_while { |a, b| a.category == b.category }.map(&:size)
p inv.lazy.select { |i| i.price_cents.even? }.map(&:sku).first(2)
