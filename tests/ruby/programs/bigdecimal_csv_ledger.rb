require 'csv'
require 'bigdecimal'
require 'bigdecimal/util'
require 'time'

CSV_DATA = <<~CSV
  date,account,amount,currency,memo
  2024-01-03,checking,1200.50,USD,"Salary, part 1"
  2024-01-04,savings,-300,USD,transfer
  2024-01-04,checking,-45.99,USD,"Groceries ""bulk"""
  2024-02-10,brokerage,2500.125,EUR,
  2024-02-11,checking,-0.01,USD,rounding test
  2024-03-01,savings,1e2,USD,interest
CSV

Entry = Struct.new(:date, :account, :amount, :currency, :memo, keyword_init: true) do
  include Comparable
  def <=>(other) = [date, account, amount] <=> [other.date, other.account, other.amount]
  def month = date.strftime("%Y-%m")
end

RATES = { "USD" => BigDecimal("1"), "EUR" => BigDecimal("1.0875") }.freeze

table = CSV.parse(CSV_DATA, headers: true, converters: [->(f, info) { info.header == "amount" ? f.to_d : f }])
puts table.headers.inspect
puts table.size
entries = table.map do |row|
  Entry.new(date: Date.parse(row["date"]), account: row["account"].to_sym,
            amount: row["amount"], currency: row["currency"], memo: row["memo"])
end
entries.sort.each do |e|
  usd = (e.amount * RATES.fetch(e.currency)).round(2, BigDecimal::ROUND_HALF_EVEN)
  printf("%s %-10s %12s %s %-24s|\n", e.date.iso8601, e.account, usd.to_s("F"), e.currency, e.memo.inspect)
end

by_month = entries.group_by(&:month).transform_values { |es| es.sum(BigDecimal("0")) { |e| e.amount * RATES[e.currency] } }
by_month.each { |m, total| puts "#{m}: #{total.round(2).to_digits} #{total.class} #{total.sign} #{total.precision}" }
puts entries.minmax_by(&:amount).map { |e| e.amount.to_s }.inspect
puts entries.partition { |e| e.amount.negative? }.map(&:size).inspect
puts entries.each_cons(2).count { |a, b| a.date == b.date }
puts entries.map(&:account).tally.max_by { |_, v| v }.inspect
puts entries.sum { |e| e.amount.to_f }.round(6)
puts entries.sum(Rational(0)) { |e| e.amount.to_r }.inspect

out = CSV.generate(col_sep: ";", force_quotes: false) do |csv|
  csv << %w[month total]
  by_month.each { |m, t| csv << [m, t.round(2).to_s("F")] }
  csv << ["quote;me", "has \"quotes\""]
end
puts out
puts CSV.parse_line("a,\"b,c\",,d\n").inspect
puts CSV.generate_line([1, nil, "x y", "a\nb"]).inspect
rows = CSV.parse("x,y\n1,2\n3,4\n", headers: true, header_converters: :symbol, converters: :integer)
puts rows.map(&:to_h).inspect
puts rows.by_col[:y].inspect

t = Time.utc(2024, 2, 29, 13, 5, 9.5r)
puts t.iso8601(3), t.strftime("%a %b %e %-d %j %U %H:%M:%S.%L %p %Z %z %%"), (t + 86400 * 365).year
puts Time.iso8601("2024-03-10T08:00:00+02:00").utc.inspect
puts Time.at(1_700_000_000, in: "+09:00").to_s
puts((Time.utc(2024, 3, 1) - Time.utc(2024, 2, 1)) / 86400)
d = Date.new(2024, 1, 31)
puts [d >> 1, d.next_day(30), d.prev_month, Date.leap?(2100), d.yday, d.cweek, (Date.new(2024, 12, 25) - d).to_i].map(&:to_s).inspect
puts BigDecimal("0.1") + BigDecimal("0.2") == BigDecimal("0.3")
puts BigDecimal("1") / BigDecimal("3")
puts BigDecimal("123.456").truncate(1).to_s, BigDecimal("-2.5").round, BigDecimal("2.5").round(half: :even)
puts BigDecimal("1e-20").exponent, BigDecimal("NaN").nan?, BigDecimal("Infinity").infinite?
puts "%08.3f|%-8s|%+d|%x|%o|%e|%10.4s|%c|%%|%b" % [3.14159, "ab", 5, 255, 8, 12345.678, "abcdefg", 65, 10]
puts format("%<a>s-%<b>05.1f", a: "k", b: 2.25), 1234567.89.round(-2), 10.fdiv(3).round(3), 2**64 % 97, 7.pow(123, 13)
