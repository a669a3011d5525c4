require 'csv'
require 'json'
require 'digest'

CSV_DATA = <<~CSV
  date,account,description,amount,currency
  2026-01-03,checking,"Salary, January",4200.00,EUR
  2026-01-04,checking,Rent,-1350.50,EUR
  2026-01-05,savings,Transfer in,500,EUR
  2026-01-05,checking,Transfer out,-500,EUR
  2026-01-09,card,"Café ""Le Bon""",-12.80,EUR
  2026-01-11,card,Books,-45.99,USD
  2026-01-15,checking,Refund,19.99,EUR
CSV

RATES = { "EUR" => 1r, "USD" => Rational(92, 100) }

class Money
  include Comparable
  attr_reader :cents
  def initialize(cents) = @cents = cents.round
  def self.parse(str, currency)
    new(Rational(str) * 100 * RATES.fetch(currency))
  end
  def +(o) = Money.new(cents + o.cents)
  def -(o) = Money.new(cents - o.cents)
  def -@ = Money.new(-cents)
  def <=>(o) = o.is_a?(Money) ? cents <=> o.cents : nil
  def zero? = cents.zero?
  def to_s
    sign = cents.negative? ? "-" : ""
    whole, frac = cents.abs.divmod(100)
    "#{sign}#{whole.to_s.reverse.scan(/\d{1,3}/).join(',').reverse}.#{frac.to_s.rjust(2, '0')}"
  end
  def to_json(*a) = to_s.to_json(*a)
  def hash = cents.hash
  def eql?(o) = o.is_a?(Money) && cents == o.cents
  def coerce(n) = [Money.new(n * 100), self]
end

rows = CSV.parse(CSV_DATA, headers: true, converters: [])
puts "columns: #{rows.headers.inspect}"
txs = rows.map do |r|
  { date: r["date"], account: r["account"].to_sym, desc: r["description"],
    amount: Money.parse(r["amount"], r["currency"]), currency: r["currency"] }
end
txs.each { |t| puts "%s %-9s %-18s %10s" % [t[:date], t[:account], t[:desc], t[:amount]] }

balances = txs.each_with_object(Hash.new { |h, k| h[k] = Money.new(0) }) do |t, acc|
  acc[t[:account]] += t[:amount]
end
balances.sort_by { |_, m| -m.cents }.each { |a, m| puts "#{a.to_s.ljust(10, '.')}#{m.to_s.rjust(10)}" }
total = balances.values.reduce(:+)
puts "total #{total}  (#{total > Money.new(0) ? 'positive' : 'negative'})"
p balances.values.minmax.map(&:to_s), balances.values.sort.map(&:to_s)
p [Money.new(5), Money.new(5)].uniq.size, Money.new(1).clamp(Money.new(3), Money.new(9)).to_s
p (Money.new(100) == Money.new(100)), (Money.new(1) <=> "x")
begin
  Money.new(1) < 3
rescue ArgumentError => e
  puts e.message
end

report = {
  generated: "2026-02-01",
  accounts: balances.transform_keys(&:to_s).sort.to_h,
  largest: txs.max_by { |t| t[:amount].cents.abs }.slice(:date, :desc),
  by_month: txs.group_by { |t| t[:date][0, 7] }.transform_values(&:size),
  tags: %w[personal 2026],
  ratio: (balances[:savings].cents.to_f / total.cents).round(4),
  empty: {}, none: nil, flags: [true, false]
}
json = JSON.pretty_generate(report)
puts json
back = JSON.parse(json, symbolize_names: true)
p back[:accounts], back[:largest], back[:ratio].class
p JSON.parse('[1, 2.5, "x\u00e9", null, {"a": [] }]')
p JSON.generate("tab\tquote\" slash/ \u2603"), "é".to_json, JSON.dump(nil)
begin
  JSON.parse("{bad json}")
rescue JSON::ParserError => e
  puts "ParserError #{e.message[0, 30]}"
end

out = CSV.generate(col_sep: ";") do |csv|
  csv << %w[account balance]
  balances.each { |a, m| csv << [a, m.to_s] }
  csv << ["quoted;field", "with \"quotes\""]
end
puts out
p CSV.parse_line("a,\"b,c\",,d"), CSV.parse("x,y\n1,2\n", headers: true).map(&:to_h)
t = CSV.parse(CSV_DATA, headers: true, header_converters: :symbol)
p t[:amount].first(3), t.by_col[1].size, t.first.fields.size
p "1,2\n3,4".parse_csv, ["a b", nil, 3].to_csv

digest = Digest::SHA256.hexdigest(json)
p digest.size, Digest::MD5.hexdigest("ledger"), Digest::SHA1.base64digest("abc")
desc = txs[4][:desc]
p desc, desc.length, desc.bytesize, desc.encoding, desc.unicode_normalize(:nfd).length
p desc.unpack("U*").first(5), desc.b[3, 2], desc.scrub.valid_encoding?
p desc.each_char.select { |c| c.ord > 127 }, desc.tr('é', 'e'), desc.upcase, desc.swapcase
p "%08.3f|%-6s|%+d|%x|%o|%e|%10.4s|" % [3.14159, "ab", 5, 255, 8, 12345.678, "abcdefg"]
p 1234567.89.round(-3), 1234567.89.floor(1), 10.fdiv(4), 7.divmod(-2), -7 % 3, 2**70 / 3
p Rational("0.75"), 0.1r + 0.2r, (1/3r).round(3), Rational(7, 3).truncate, 3.7.rationalize(1/100r)
