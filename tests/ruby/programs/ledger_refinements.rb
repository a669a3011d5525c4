# Double-entry ledger with money arithmetic, refinements, observers and reports
require 'json'
require 'set'

module MoneyRefinements
  refine Integer do
    def cents = Money.new(self, :USD)
    def dollars = Money.new(self * 100, :USD)
  end
  refine String do
    def to_money
      raise ArgumentError, "bad amount: #{inspect}" unless self =~ /\A(-)?\$?(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{2}))?\z/
      sign = $1 ? -1 : 1
      Money.new(sign * ($2.delete(',').to_i * 100 + $3.to_i), :USD)
    end
  end
end

class Money
  include Comparable
  attr_reader :cents, :currency
  protected :cents

  def initialize(cents, currency)
    @cents = Integer(cents)
    @currency = currency
    freeze
  end

  def +(other) = combine(other) { |a, b| a + b }
  def -(other) = combine(other) { |a, b| a - b }
  def -@ = Money.new(-@cents, currency)
  def *(factor) = Money.new((@cents * factor).round(half: :even), currency)
  def zero? = @cents.zero?
  def negative? = @cents.negative?
  def <=>(other) = other.is_a?(Money) && currency == other.currency ? cents <=> other.cents : nil
  def hash = [@cents, @currency].hash
  def eql?(other) = other.is_a?(Money) && (self <=> other) == 0

  def allocate(ratios)
    total = ratios.sum
    parts = ratios.map { |r| @cents * r / total }
    remainder = @cents - parts.sum
    remainder.times { |i| parts[i % parts.size] += 1 }
    parts.map { |c| Money.new(c, currency) }
  end

  def to_s
    whole, frac = @cents.abs.divmod(100)
    s = whole.to_s.reverse.scan(/\d{1,3}/).join(',').reverse
    format("%s$%s.%02d", negative? ? '-' : '', s, frac)
  end
  alias inspect to_s

  def to_json(*a) = { cents: @cents, currency: @currency }.to_json(*a)

  private

  def combine(other)
    raise TypeError, "can't combine #{other.class} with Money" unless other.is_a?(Money)
    raise ArgumentError, "currency mismatch: #{currency} vs #{other.currency}" if currency != other.currency
    Money.new(yield(@cents, other.cents), currency)
  end
end

using MoneyRefinements

class Ledger
  class Unbalanced < StandardError
    def initialize(diff) = super("entry unbalanced by #{diff}")
  end

  Entry = Struct.new(:date, :memo, :lines, keyword_init: true)
  Line = Struct.new(:account, :amount)

  attr_reader :entries

  def initialize
    @entries = []
    @observers = Hash.new { |h, k| h[k] = [] }
    @accounts = Set.new
  end

  def on(event, &blk) = (@observers[event] << blk; self)

  def post(date:, memo:, **lines)
    entry_lines = lines.map { |acct, amt| Line.new(acct.to_s, amt.is_a?(String) ? amt.to_money : amt) }
    diff = entry_lines.sum(0.cents) { |l| l.amount }
    raise Unbalanced, diff unless diff.zero?
    entry = Entry.new(date: date, memo: memo, lines: entry_lines)
    @entries << entry
    entry_lines.each { |l| @accounts << l.account }
    @observers[:posted].each { |o| o.call(entry) }
    entry
  end

  def balance(account)
    @entries.flat_map(&:lines).select { |l| l.account == account }.sum(0.cents, &:amount)
  end

  def trial_balance
    @accounts.sort.to_h { |a| [a, balance(a)] }
  end

  def each_entry
    return enum_for(__method__) { @entries.size } unless block_given?
    @entries.each { |e| yield e }
  end
end

log = []
ledger = Ledger.new
ledger.on(:posted) { |e| log << "#{e.date} #{e.memo} (#{e.lines.size} lines)" }
      .on(:posted) { |e| log << "  total debits #{e.lines.map(&:amount).select { |m| m > 0.cents }.sum(0.cents)}" }

ledger.post(date: "2024-01-01", memo: "Opening", cash: "$10,000.00", equity: "-$10,000.00")
ledger.post(date: "2024-01-05", memo: "Rent", rent: 1_250.dollars, cash: -1_250.dollars)
ledger.post(date: "2024-01-09", memo: "Sale", cash: "1,999.99", revenue: "-1999.99")
split = 100.dollars.allocate([1, 1, 1])
ledger.post(date: "2024-01-10", memo: "Split fee", fees: split[0], travel: split[1], meals: split[2], cash: -100.dollars)

begin
  ledger.post(date: "2024-01-11", memo: "Bad", cash: 5.dollars, revenue: -4.dollars)
rescue Ledger::Unbalanced => e
  puts "rejected: #{e.message}"
end

%w[12.345 $1,00.00 abc -$5].each do |s|
  puts "#{s} -> #{s.to_money}"
rescue ArgumentError => e
  puts "error: #{e.message}"
end

begin
  5.dollars + 3
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  Money.new(1, :EUR) + 1.cents
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  1.cents.cents
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
p (1.cents <=> Money.new(1, :EUR)), 1.dollars == 100.cents, [1.cents, 1.cents, 2.cents].uniq
p 3.cents * 0.5, 5.cents * 0.5, 7.cents * 0.5, split
p [5.dollars, 1.cents, -3.dollars].sort, [5.dollars, 1.cents].max, 2.dollars.clamp(1.dollars, 150.cents)

puts log
puts "--- trial balance"
ledger.trial_balance.each { |acct, bal| printf("%-8s %12s\n", acct, bal) }
puts "sum: #{ledger.trial_balance.values.sum(0.cents)}"
enum = ledger.each_entry
p enum.size, enum.map(&:memo), enum.with_index(1).map { |e, i| "#{i}:#{e.memo[0, 3]}" }
json = JSON.pretty_generate(ledger.entries.first(2).map(&:to_h))
puts json
back = JSON.parse(json, symbolize_names: true)
p back.first[:lines].first, back.dig(1, :lines, 0, :amount, :cents)
p JSON.generate({ "a" => [1, 2.5, nil, true], b: "x\u00e9\n" }), JSON.parse('[1e3, -0.0, "\\u00e9"]')
begin
  JSON.parse('{"a": }')
rescue JSON::ParserError => e
  puts "JSON::ParserError: #{e.message[0, 40]}"
end
p Money.instance_method(:cents).owner, Money.protected_instance_methods, Money.new(5, :USD).frozen?
p 1.respond_to?(:cents), Integer.instance_methods.include?(:dollars)
