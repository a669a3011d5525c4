# Warehouse inventory with lazy enumerators, external enumerators,
# Fiber-based producers, Comparable, and pattern matching over orders.
require 'set'

class Money
  include Comparable
  attr_reader :cents
  def initialize(cents) = @cents = Integer(cents)
  def self.parse(str)
    case str
    in /\A\$(\d+)\.(\d{2})\z/ then new($1.to_i * 100 + $2.to_i)
    in /\A\$(\d+)\z/ then new($1.to_i * 100)
    else raise ArgumentError, "bad money: #{str.inspect}"
    end
  end
  def +(o) = Money.new(cents + o.cents)
  def *(n) = Money.new((cents * n).round)
  def <=>(o) = o.is_a?(Money) ? cents <=> o.cents : nil
  def to_s = format("$%d.%02d", *cents.divmod(100))
  def inspect = "#<Money #{self}>"
  def hash = cents.hash
  def eql?(o) = o.is_a?(Money) && cents == o.cents
  def coerce(n) = [Money.new(n * 100), self]
end

Item = Struct.new(:sku, :name, :price, :qty, :tags, keyword_init: true) do
  def value = price * qty
  def to_s = "#{sku} #{name.ljust(12)} #{price.to_s.rjust(8)} x#{qty.to_s.rjust(3)}"
end

RAW = [
  ["A-100", "Widget", "$2.50", 40, %w[metal small]],
  ["A-101", "Gadget", "$12.00", 5, %w[plastic]],
  ["B-200", "Doohickey", "$0.99", 300, %w[small cheap]],
  ["B-201", "Thingamajig", "$45", 2, %w[metal large]],
  ["C-300", "Whatsit", "$7.25", 0, %w[plastic small]],
  ["C-301", "Gizmo", "$19.99", 12, %w[metal]],
]

items = RAW.map { |sku, name, price, qty, tags| Item.new(sku: sku, name: name, price: Money.parse(price), qty: qty, tags: tags.to_set) }
items.each { |i| puts i }

total = items.sum(Money.new(0), &:value)
puts "total value: #{total}"
puts "max price: #{items.max_by(&:price).name}; min,max=#{items.map(&:price).minmax.inspect}"
puts "sorted: #{items.sort_by { |i| [-i.qty, i.sku] }.map(&:sku).join(',')}"
by_tag = items.each_with_object(Hash.new { |h, k| h[k] = [] }) { |i, h| i.tags.each { |t| h[t] << i.sku } }
by_tag.sort.each { |t, skus| puts "  #{t}: #{skus.join(' ')}" }
puts "tally of first letters: #{items.map { _1.sku[0] }.tally}"
puts "out of stock: #{items.reject { |i| i.qty.positive? }.map(&:name)}"
p items.partition { |i| i.price > Money.new(1000) }.map { |a| a.map(&:sku) }
p items.group_by { |i| i.tags.include?("metal") }.transform_values(&:size)
p items.each_slice(4).map { |s| s.sum(&:qty) }
p items.each_cons(2).count { |a, b| a.price < b.price }
p items.map(&:price).uniq.size, items.map(&:price).to_set.size
p 3 + Money.new(50) rescue p $!

# lazy pipeline over an infinite reorder stream
reorders = Enumerator.new do |y|
  n = 0
  loop do
    item = items[n % items.size]
    y << [item.sku, (n * 7) % 13] if item.qty < 20
    n += 1
  end
end
p reorders.lazy.select { |_, q| q > 3 }.map { |s, q| "#{s}:#{q}" }.first(5)
p reorders.take(3)
e = reorders.each_slice(2)
p e.next, e.next

ext = items.each
names = []
loop do
  it = ext.next
  names << it.name if ext.peek.qty > 4
end
p names
begin
  ext.next
rescue StopIteration => ex
  p ex.class, ex.result.size
end

producer = Fiber.new do
  items.each { |i| Fiber.yield [:item, i.sku] }
  [:done, items.size]
end
msgs = []
while producer.alive?
  msgs << producer.resume
end
p msgs.last(2)

orders = [
  {id: 1, lines: [{sku: "A-100", qty: 5}], ship: {method: :ground, zip: "02139"}},
  {id: 2, lines: [{sku: "B-201", qty: 3}], ship: {method: :air}},
  {id: 3, lines: [], ship: {method: :ground, zip: "99999"}},
  {id: 4, lines: [{sku: "Z-999", qty: 1}, {sku: "A-101", qty: 1}], ship: {method: :pickup}},
  {id: 5, lines: [{sku: "C-301", qty: 12}], gift: true, ship: {method: :air, zip: "10001"}},
]
index = items.to_h { [_1.sku, _1] }
orders.each do |o|
  verdict =
    case o
    in {lines: []} then "empty"
    in {ship: {method: :air, zip: String => zip}, gift: true} then "gift by air to #{zip}"
    in {ship: {method: :air}} then "air needs zip"
    in {lines: [*, {sku: String => s}, *]} if !index.key?(s) then "unknown sku #{s}"
    in {lines: [{sku:, qty:}]} if index[sku].qty >= qty then "ok #{sku} x#{qty} = #{index[sku].price * qty}"
    in {lines: [{sku:, qty:}]} then "short #{sku}: have #{index[sku].qty}, want #{qty}"
    end
  puts "order #{o[:id]}: #{verdict}"
end
begin
  case {id: 9}
  in {lines:} then 1
  end
rescue NoMatchingPatternKeyError => e
  p e.class, e.key, e.message
end
p(Money.parse("$1.5")) rescue puts "error: #{$!.message}"
p Money.new(199) == Money.new(199), Money.new(1).clamp(Money.new(5), Money.new(9)), [Money.new(3), Money.new(1)].sort
p({Money.new(1) => :a}.key?(Money.new(1)))
