# Double-entry ledger with Rational money, custom Enumerable, refinements and Marshal
module Money
  refine Rational do
    def to_money
      cents = (self * 100).round
      sign = cents < 0 ? "-" : ""
      cents = cents.abs
      format("%s$%d.%02d", sign, cents / 100, cents % 100)
    end
  end
  refine Integer do
    def dollars = Rational(self)
    def cents = Rational(self, 100)
  end
end

using Money

class Account
  include Comparable
  attr_reader :name, :kind, :entries
  KINDS = %i[asset liability equity income expense].freeze

  def initialize(name, kind)
    raise ArgumentError, "bad kind: #{kind.inspect}" unless KINDS.include?(kind)
    @name, @kind, @entries = name, kind, []
  end

  def debit_normal? = %i[asset expense].include?(kind)

  def balance
    entries.sum(0r) { |e| (e[:side] == :debit) == debit_normal? ? e[:amount] : -e[:amount] }
  end

  def <=>(other) = [kind, name] <=> [other.kind, other.name]
  def to_s = "#{name} (#{kind})"
  def inspect = "#<Account #{name}>"
end

class Ledger
  include Enumerable
  class Unbalanced < StandardError
    def initialize(diff) = super("unbalanced by #{diff.to_money}")
  end

  def initialize
    @accounts = Hash.new { |h, k| raise KeyError, "no account #{k}" }
    @journal = []
  end

  def open(name, kind) = @accounts[name] = Account.new(name, kind)

  def post(memo, date:, **lines)
    debits = lines.select { |_, v| v > 0 }
    credits = lines.select { |_, v| v < 0 }
    diff = debits.values.sum(0r) + credits.values.sum(0r)
    raise Unbalanced.new(diff) unless diff.zero?
    tx = { memo:, date:, lines: }
    lines.each do |acct, amt|
      @accounts[acct].entries << { side: amt > 0 ? :debit : :credit, amount: amt.abs, tx: }
    end
    @journal << tx
    tx
  end

  def each(&) = @journal.each(&)
  def accounts = @accounts.values.sort
  def [](n) = @accounts[n]
end

l = Ledger.new
l.open(:cash, :asset)
l.open(:bank, :asset)
l.open(:loan, :liability)
l.open(:capital, :equity)
l.open(:sales, :income)
l.open(:rent, :expense)
l.open(:supplies, :expense)

l.post("owner invests", date: "2024-01-01", bank: 5000.dollars, capital: -5000.dollars)
l.post("loan", date: "2024-01-02", bank: 2000.dollars, loan: -2000.dollars)
l.post("rent", date: "2024-01-03", rent: 1200.dollars, bank: -1200.dollars)
l.post("sale", date: "2024-01-05", cash: 349.99r, sales: -349.99r)
l.post("supplies", date: "2024-01-06", supplies: 1999.cents, cash: -1999.cents)
3.times { |i| l.post("sale #{i}", date: "2024-01-1#{i}", cash: Rational(1, 3) * (i + 1), bank: Rational(2, 3) * (i + 1), sales: -(i + 1)) }

begin
  l.post("oops", date: "2024-01-20", cash: 10.dollars, sales: -9.dollars)
rescue Ledger::Unbalanced => e
  puts "rejected: #{e.message} (#{e.class.ancestors.take(3).join(' < ')})"
end

begin
  l.post("ghost", date: "2024-01-21", ghost: 1.dollars, cash: -1.dollars)
rescue KeyError => e
  puts "rejected: #{e.message}"
end

puts "%-22s %12s" % ["Account", "Balance"]
l.accounts.each { |a| puts "%-22s %12s" % [a, a.balance.to_money] }

by_kind = l.accounts.group_by(&:kind).transform_values { |as| as.sum(0r, &:balance) }
by_kind.each { |k, v| puts "#{k.to_s.ljust(10, '.')} #{v.to_money.rjust(12)} #{v.class}" }
lhs = by_kind.values_at(:asset, :expense).sum
rhs = by_kind.values_at(:liability, :equity, :income).sum
puts "balanced: #{lhs == rhs} #{lhs.to_money}"

puts l.count, l.map { _1[:memo] }.grep(/sale/).inspect
puts l.min_by { |t| t[:lines].size }[:memo]
puts l.each_slice(3).map { |sl| sl.map { |t| t[:date][-2..] }.join(",") }.inspect
puts l.lazy.select { |t| t[:lines].key?(:cash) }.map { |t| t[:memo].upcase }.first(2).inspect
puts l.sort_by { |t| [-t[:lines].size, t[:memo]] }.first(3).map { _1[:memo] }.inspect
puts l.each_with_index.to_a.last.then { |t, i| "#{i}: #{t[:memo]}" }

snap = Marshal.dump(l.accounts.map { |a| [a.name, a.balance] }.to_h)
back = Marshal.load(snap)
puts back.class, back[:cash], back[:cash].to_money, back == l.accounts.to_h { [_1.name, _1.balance] }
puts (1/3r).to_money, (-2/3r).to_money, 0r.to_money, Rational("12.345").to_money
puts 7.cents.inspect, (1.dollars / 3).inspect, (10.dollars * 1.5).class, (10.dollars ** 2).inspect
puts Rational(5, 10).rationalize(Rational(1, 100)).inspect, 3.14159.rationalize(0.001).inspect, 0.75.to_r.inspect
puts 1r.frozen?, Rational(1, 3).floor(2).inspect, Rational(-7, 2).round.inspect, Rational(5, 2).round(half: :even).inspect
