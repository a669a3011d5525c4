require 'json'
require 'time'
require 'bigdecimal'
require 'bigdecimal/util'
require 'securerandom'
require 'digest'

Item = Struct.new(:sku, :name, :price, :qty, :tags, keyword_init: true) do
  def total = price * qty
  def to_h = super.merge(total: total.to_s('F'))
end

class Inventory
  include Enumerable
  class OutOfStock < StandardError
    attr_reader :sku
    def initialize(sku, want, have)
      @sku = sku
      super("#{sku}: wanted #{want}, have #{have}")
    end
  end

  def initialize = @items = {}
  def add(item) = (@items[item.sku] = item; self)
  def each(&) = @items.each_value(&)
  def [](sku) = @items.fetch(sku) { raise KeyError, "unknown sku #{sku.inspect}" }

  def take(sku, n)
    it = self[sku]
    raise OutOfStock.new(sku, n, it.qty) if it.qty < n
    it.qty -= n
    it
  end
end

inv = Inventory.new
data = JSON.parse(<<~J, symbolize_names: true)
  [{"sku": "A-1", "name": "Widget", "price": "19.99", "qty": 10, "tags": ["metal"]},
   {"sku": "B-2", "name": "Gädget ✓", "price": "0.10", "qty": 300, "tags": []},
   {"sku": "C-3", "name": "Doohickey", "price": "1234.5", "qty": 1, "tags": ["big", "rare"]}]
J
data.each { |h| inv.add(Item.new(**h, price: BigDecimal(h[:price]))) }
puts inv.map { |i| format('%-6s %-12s %10s %4d', i.sku, i.name, i.price.to_s('F'), i.qty) }
puts inv.map { |i| "#{i.name.ljust(12, '.')}|#{i.name.size}|#{i.name.bytesize}" }
total = inv.sum(BigDecimal('0'), &:total)
p total.to_s('F'), total.round(1).to_s('F'), total.to_f, (total / 3).round(4).to_s('F'), total.class
begin
  inv.take('C-3', 2)
rescue Inventory::OutOfStock => e
  p [e.class.name, e.message, e.sku, e.is_a?(StandardError)]
end
begin
  inv['Z-9']
rescue KeyError => e
  p e.message
end
p inv.take('B-2', 45).qty, inv.sort_by { -_1.total }.map(&:sku), inv.group_by { _1.tags.empty? }.transform_values { |v| v.map(&:sku) }
json = JSON.generate(inv.map(&:to_h))
p json.size, JSON.parse(json).first.keys
puts JSON.pretty_generate(inv.first.to_h)

t = Time.utc(2024, 2, 28, 23, 30, 15)
p t + 3600 * 24, (t + 86400).month, t.strftime('%Y-%m-%dT%H:%M:%S%z %a %j %U'), t.iso8601(3), t.to_i, Time.at(1_700_000_000).utc.to_s
p Time.parse('2024-03-01 12:00:00 UTC').utc?, Time.iso8601('2024-03-01T12:00:00+02:00').utc.hour, (Time.utc(2024, 3, 1) - t).round(2)
p t.round.usec, Time.utc(2024, 1, 1).yday, Time.utc(2024, 12, 31).yday, Time.gm(2000).wday
p Digest::SHA256.hexdigest('inv')[0, 16], Digest::MD5.base64digest('x'), SecureRandom.hex(8).size, SecureRandom.uuid =~ /\A\h{8}-\h{4}-4\h{3}-[89ab]\h{3}-\h{12}\z/
p '%.3e' % 12345.678, '%08.2f' % -3.14159, '%+d|%x|%o|%b|%c' % [5, 255, 8, 5, 65], '%-5s|%5.1s|' % %w[ab cd], '%%|%s' % nil.inspect
p 1234567.89.to_s, 1e20.to_i, 10.0 / 3, 2.5.round, 3.5.round, (-2.5).round, 0.1 + 0.2, 100.0.to_s, 1e-5.to_s, 123456789012345.0.to_s
p '3.7'.to_d.to_s, BigDecimal('1.23456789').round(3).to_s, BigDecimal('10').sqrt(10).to_s[0, 12], BigDecimal('0.1') + BigDecimal('0.2') == BigDecimal('0.3')
