# Shopping cart with pluggable discount rules (procs, method objects, classes)
class Cart
  Line = Struct.new(:name, :unit, :qty) { def total = unit * qty }
  def initialize = (@lines = []; @rules = [])
  def add(name, unit, qty = 1) = (@lines << Line.new(name, unit, qty); self)
  def rule(r = nil, &blk) = (@rules << (r || blk); self)
  def subtotal = @lines.sum(&:total)
  def discounts = @rules.map { |r| r.call(@lines) }.select { _1[1] > 0 }
  def total = subtotal - discounts.sum { _2 }
  def receipt
    @lines.each { |l| puts format("%-10s %2d x %6.2f %8.2f", l.name, l.qty, l.unit, l.total) }
    discounts.each { |name, amt| puts format("%-24s %8.2f", name, -amt) }
    puts format("%-24s %8.2f", "TOTAL", total)
  end
end
class BulkDiscount
  def initialize(min) = @min = min
  def call(lines) = ["bulk (#{@min}+)", lines.select { _1.qty >= @min }.sum { _1.total * 0.1 }]
end
def two_for_one(lines)
  apples = lines.find { _1.name == "apple" }
  ["apple 2-for-1", apples ? (apples.qty / 2) * apples.unit : 0]
end
cart = Cart.new.add("apple", 0.5, 6).add("bread", 2.25).add("cheese", 7.8, 2).add("water", 0.99, 12)
cart.rule(BulkDiscount.new(10)).rule(method(:two_for_one)).rule { |ls| ["big spender", ls.sum(&:total) > 30 ? 5 : 0] }
cart.receipt
