require 'ostruct'
require 'set'
require 'securerandom'
require 'digest'
require 'base64'

class Sku
  include Comparable
  attr_reader :code
  def initialize(code)
    raise ArgumentError, "invalid SKU #{code.inspect}" unless code.is_a?(String) && code.match?(/\A[A-Z]{3}-\d{4}\z/)
    @code = code.dup.freeze
    freeze
  end
  def <=>(o) = o.is_a?(Sku) ? code <=> o.code : nil
  def eql?(o) = o.is_a?(Sku) && code == o.code
  def hash = code.hash
  def to_s = code
  def inspect = "#<Sku #{code}>"
end

class Item
  attr_accessor :sku, :name, :qty, :price, :tags
  def initialize(sku, name, qty, price, tags = [])
    @sku, @name, @qty, @price, @tags = Sku.new(sku), name, qty, price, tags
  end
  def initialize_copy(src)
    super
    @tags = src.tags.dup
  end
  def value = qty * price
  def to_s = format("%-9s %-14s %4d @ %8.2f = %10.2f  [%s]", sku, name, qty, price, value, tags.join(","))
end

class Inventory
  include Enumerable
  def initialize = @items = {}
  def add(item)
    raise KeyError.new("duplicate #{item.sku}", receiver: @items, key: item.sku) if @items.key?(item.sku)
    @items[item.sku] = item
    self
  end
  alias << add
  def [](code) = @items.fetch(Sku.new(code)) { |k| raise KeyError.new("no item #{k}", receiver: @items, key: k) }
  def each(&) = @items.each_value(&)
  def snapshot = Marshal.load(Marshal.dump(self))
  def digest = Digest::SHA256.hexdigest(map(&:to_s).join("\n"))[0, 16]
end

inv = Inventory.new
inv << Item.new("ABC-0001", "Widget", 10, 2.5, %w[small])
inv << Item.new("ABC-0002", "Gadget", 3, 19.99, %w[large fragile])
inv << Item.new("XYZ-0100", "Gizmo Deluxe", 0, 149.0)
inv.add(Item.new("LMN-0042", "Sprocket", 250, 0.35, %w[bulk small]))
puts inv.sort_by(&:sku).map(&:to_s)
printf("total %.2f, %d skus, %d in stock\n", inv.sum(&:value), inv.count, inv.count { |i| i.qty > 0 })

[-> { inv << Item.new("ABC-0001", "Dup", 1, 1) }, -> { inv["QQQ-9999"] }, -> { inv["bad"] }, -> { Sku.new(42) }].each do |f|
  f.call
rescue KeyError => e
  puts "KeyError: #{e.message} key=#{e.key.inspect} receiver=#{e.receiver.class}"
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end

snap = inv.snapshot
inv["ABC-0001"].qty -= 4
inv["ABC-0002"].tags << "sale"
p snap["ABC-0001"].qty, inv["ABC-0001"].qty, snap["ABC-0002"].tags, snap.digest == inv.digest
copy = inv["ABC-0002"].dup
copy.tags << "copied"
p inv["ABC-0002"].tags, copy.tags, copy.sku.frozen?, copy.sku.equal?(inv["ABC-0002"].sku)
class SortedSetLike
  include Enumerable
  def initialize = @s = Set.new
  def <<(x) = (@s << x; self)
  def each(&) = @s.sort.each(&)
  def inspect = "{#{to_a.join(' ')}}"
end
by_tag = inv.each_with_object(Hash.new { |h, k| h[k] = SortedSetLike.new }) { |i, h| i.tags.each { |t| h[t] << i.sku } }
p by_tag.sort.to_h
s1 = Set[Sku.new("ABC-0001"), Sku.new("ABC-0002")]
s2 = Set.new(inv.select { |i| i.qty > 5 }.map(&:sku))
p s1 & s2, s1 | s2, s1 - s2, s1 ^ s2, s1.subset?(s1 | s2), s1.disjoint?(Set[]), s1.include?(Sku.new("ABC-0001"))
p s2.group_by { |s| s.code[0, 3] }.transform_values(&:size), s1.to_a.minmax, Set[3, 1, 2].sort, Set[[1, 2]].to_h { |a, b| [b, a] }
cfg = OpenStruct.new(warehouse: "north", limits: { max: 100 })
cfg.region = "EU"
cfg[:zone] = 3
p cfg.warehouse, cfg.region, cfg.zone, cfg.respond_to?(:region), cfg.to_h, cfg.dig(:limits, :max), cfg
cfg.delete_field(:zone)
p cfg.zone, cfg.each_pair.to_a.size, cfg == OpenStruct.new(warehouse: "north", limits: { max: 100 }, region: "EU")
p Base64.strict_encode64("inventory\x00\xff".b), Base64.urlsafe_encode64("??>>", padding: false), Base64.decode64("aGVsbG8=")
p Digest::MD5.hexdigest("abc"), Digest::SHA1.base64digest("abc"), Digest::SHA256.new.update("a").update("bc").hexdigest[0, 12]
p SecureRandom.hex(4).size, SecureRandom.uuid.match?(/\A\h{8}-\h{4}-4\h{3}-[89ab]\h{3}-\h{12}\z/), SecureRandom.random_number(10).between?(0, 9), SecureRandom.alphanumeric(12).size
lazy = (1..Float::INFINITY).lazy.map { |i| i * i }.select(&:even?).each_slice(2).map(&:sum)
p lazy.first(3), lazy.class
gen = Enumerator.new { |y| a, b = 0, 1; loop { y << a; a, b = b, a + b } }
p gen.take(10), gen.lazy.reject(&:odd?).first(4), gen.each_slice(3).first(2), gen.with_index.take(2)
e = [1, 2, 3].each
p e.next, e.peek, e.next, e.next, (e.next rescue $!.class), e.size
