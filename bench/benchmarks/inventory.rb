# inventory: an application-shaped workload: an order-fulfilment
# simulation over a warehouse. Products and orders are Structs (one with
# keyword_init), prices a Comparable Money value class; each day orders
# arrive, are sorted by priority, filled from stock, restocked, and a
# report groups, sorts and totals them.
# Measures: Struct construction and accessors (positional and keyword),
# Comparable (<, >=, clamp, between?, sort/max via <=>), Hash-of-Struct
# lookups, Enumerable group_by/sort_by/sum/partition/tally/min_by/
# each_with_object/each_slice, format of money and percentages.
# bench-size: 60
# bench-quick: 1
reps = (ARGV[0] || ENV["BENCH_SIZE"] || 60).to_i

class Money
  include Comparable
  attr_reader :cents

  def initialize(cents) = @cents = cents
  def +(other) = Money.new(@cents + other.cents)
  def -(other) = Money.new(@cents - other.cents)
  def *(n) = Money.new((@cents * n).round)
  def <=>(other) = other.is_a?(Money) ? @cents <=> other.cents : nil
  def zero? = @cents.zero?
  def to_s = format("$%d.%02d", *@cents.divmod(100))
  ZERO = new(0)
end

Product = Struct.new(:sku, :name, :category, :price, :stock, :reorder_at)
Line = Struct.new(:sku, :qty)
Order = Struct.new(:id, :customer, :lines, :priority, :status, keyword_init: true) do
  def total(catalog) = lines.sum(Money::ZERO) { |l| catalog[l.sku].price * l.qty }
end

class Warehouse
  attr_reader :catalog, :log

  def initialize(seed)
    @seed = seed
    cats = %w[tools garden kitchen toys books]
    @catalog = {}
    120.times do |i|
      sku = format("SKU-%04d", i * 7 + 3)
      @catalog[sku] = Product.new(sku, "item #{i}", cats[i % cats.size], Money.new(199 + rand_i(9_800)), rand_i(40), 5 + rand_i(10))
    end
    @skus = @catalog.keys
    @log = Hash.new(0)
    @next_id = 0
  end

  def rand_i(n)
    @seed = (@seed * 1_103_515_245 + 12_345) & 0x7fff_ffff
    @seed % n
  end

  def new_orders(n)
    Array.new(n) do
      lines = Array.new(1 + rand_i(4)) { Line.new(@skus[rand_i(@skus.size)], 1 + rand_i(6)) }
      Order.new(id: (@next_id += 1), customer: "c#{rand_i(60)}", lines: lines, priority: rand_i(5), status: :new)
    end
  end

  def fill(orders)
    orders.sort_by { |o| [-o.priority, o.id] }.each do |o|
      short = o.lines.reject { |l| @catalog[l.sku].stock >= l.qty }
      if short.empty?
        o.lines.each { |l| @catalog[l.sku].stock -= l.qty }
        o.status = :shipped
      elsif short.size < o.lines.size && o.priority >= 3
        (o.lines - short).each { |l| @catalog[l.sku].stock -= l.qty }
        o.lines = o.lines - short
        o.status = :partial
      else
        o.status = :backordered
      end
      @log[o.status] += 1
    end
    orders
  end

  def restock
    low = @catalog.each_value.select { |p| p.stock < p.reorder_at }
    low.min_by(3) { |p| p.stock }.each { |p| p.stock += 50 }
    low.each { |p| p.stock += 10 + rand_i(20) }
    low.size
  end

  def report(orders)
    shipped, other = orders.partition { |o| o.status == :shipped || o.status == :partial }
    revenue = shipped.sum(Money::ZERO) { |o| o.total(@catalog) }
    by_cat = shipped.flat_map(&:lines).group_by { |l| @catalog[l.sku].category }
    cat_totals = by_cat.transform_values { |ls| ls.sum(Money::ZERO) { |l| @catalog[l.sku].price * l.qty } }
    top = cat_totals.sort_by { |c, m| [-m.cents, c] }.first(3)
    big = shipped.map { |o| o.total(@catalog) }.select { |m| m > Money.new(20_000) }.max(2)
    cap = Money.new(5_000)
    clamped = shipped.sum(Money::ZERO) { |o| o.total(@catalog).clamp(Money::ZERO, cap) }
    customers = orders.map(&:customer).tally.select { |_, n| n > 1 }.size
    mid = orders.count { |o| o.total(@catalog).between?(Money.new(1_000), Money.new(10_000)) }
    rows = top.map { |c, m| format("%-8s %12s %5.1f%%", c, m, revenue.zero? ? 0.0 : 100.0 * m.cents / revenue.cents) }
    { revenue: revenue, rows: rows, big: big, clamped: clamped, repeat: customers, mid: mid, open: other.size }
  end
end

digest = 0
revenue = Money::ZERO
last = nil
reps.times do |r|
  w = Warehouse.new(1000 + r)
  backlog = []
  40.times do |day|
    orders = w.fill(backlog + w.new_orders(30))
    backlog = orders.reject { |o| o.status == :shipped || o.status == :partial }.first(20)
    restocked = w.restock
    rep = w.report(orders)
    revenue += rep[:revenue]
    digest = (digest * 31 + rep[:rows].sum(&:sum) + rep[:big].sum(0, &:cents) + rep[:clamped].cents +
              rep[:repeat] * 7 + rep[:mid] + rep[:open] + restocked) % 1_000_000_007
    last = rep
  end
  stock = w.catalog.each_value.each_slice(10).map { |ps| ps.sum(&:stock) }
  digest = (digest + stock.max + w.log.sort.to_h.values.sum) % 1_000_000_007
end
puts "sims=#{reps} revenue=#{revenue} digest=#{digest}"
puts last[:rows]
