# Sales report: CSV parsing with converters, grouping, time bucketing, formatted tables
require 'csv'
require 'time'
require 'set'
require 'bigdecimal'
require 'bigdecimal/util'

DATA_CSV = <<~CSV
  id,region,rep,sku,qty,unit_price,sold_at
  1,north,Ann,A-100,3,19.99,2026-01-03T10:15:00Z
  2,south,Bob,B-200,1,249.00,2026-01-03T11:00:00Z
  3,north,Ann,A-100,10,19.99,2026-01-10T09:30:00Z
  4,east,Cid,C-300,2,5.50,2026-02-01T14:45:00Z
  5,south,Dee,A-100,4,18.50,2026-02-14T16:20:00Z
  6,north,Eve,B-200,2,239.00,2026-02-20T08:05:00Z
  7,east,Cid,C-300,25,5.25,2026-03-02T12:00:00Z
  8,west,Fay,D-400,,99.00,2026-03-05T13:10:00Z
  9,south,Bob,C-300,7,5.50,2026-03-09T17:55:00Z
  10,north,Ann,D-400,1,"1,099.00",2026-03-31T23:59:59Z
CSV

money = ->(f) { f.respond_to?(:delete) && f.match?(/\A[\d,]+\.\d\d\z/) ? f.delete(",").to_d : f }
rows = CSV.parse(DATA_CSV, headers: true, header_converters: :symbol,
                 converters: [money, :integer])
puts "rows: #{rows.size}, headers: #{rows.headers.inspect}"

bad, good = rows.partition { |r| r[:qty].nil? }
bad.each { |r| warn_line = "skipping row #{r[:id]}: missing qty"; puts warn_line }

Sale = Struct.new(:id, :region, :rep, :sku, :qty, :price, :at) do
  def total = price * qty
  def month = at.strftime("%Y-%m")
  def quarter = "Q#{(at.month - 1) / 3 + 1}"
end

sales = good.map do |r|
  Sale.new(r[:id], r[:region].to_sym, r[:rep], r[:sku], r[:qty], r[:unit_price], Time.iso8601(r[:sold_at]))
end

fmt = ->(d) { format("%12s", d.round(2).to_s("F").then { |s| s =~ /\.\d\z/ ? s + "0" : s }) }

puts "\n== by region =="
sales.group_by(&:region).sort_by { |reg, _| reg }.each do |region, ss|
  total = ss.sum(0.to_d, &:total)
  puts "#{region.to_s.ljust(8)}#{fmt.(total)}  (#{ss.size} sales, reps: #{ss.map(&:rep).uniq.sort.join('/')})"
end

puts "\n== by month =="
by_month = sales.each_with_object(Hash.new { |h, k| h[k] = [] }) { |s, h| h[s.month] << s }
by_month.keys.sort.each_cons(2) do |a, b|
  ta = by_month[a].sum(0, &:total)
  tb = by_month[b].sum(0, &:total)
  change = ((tb - ta) / ta * 100).round(1)
  puts "#{a} -> #{b}: #{change.to_s('F')}%"
end

puts "\n== top skus =="
sales.group_by(&:sku).transform_values { |ss| ss.sum(&:qty) }
     .max_by(2) { |_, q| q }.each { |sku, q| puts "#{sku}: #{q}" }

puts "\n== reps =="
reps = sales.map(&:rep).to_set
puts "#{reps.size} reps: #{reps.to_a.sort.inspect}"
best = sales.group_by(&:rep).map { |rep, ss| [rep, ss.sum(&:total)] }.max_by(&:last)
puts "best: #{best[0]} #{best[1].to_s('F')}"
puts "quarters: #{sales.map(&:quarter).tally.inspect}"

first, last = sales.minmax_by(&:at)
span = last.at - first.at
puts "span: #{(span / 86400).floor} days, #{span.class}"
puts "first: #{first.at.utc.iso8601}, last: #{last.at.getlocal('+09:00').strftime('%Y-%m-%d %H:%M %z')}"
puts "weekday histogram: #{sales.map { |s| s.at.strftime('%a') }.tally.sort.to_h}"

out = CSV.generate(col_sep: ";") do |csv|
  csv << %w[month total count]
  by_month.sort.each { |m, ss| csv << [m, ss.sum(&:total).to_s("F"), ss.size] }
end
puts "\n#{out}"
parsed = CSV.parse(out, col_sep: ";", headers: true)
p parsed.map(&:to_h).first
p parsed["total"].map(&:to_d).sum.to_s("F")
p CSV.parse_line(%q{a,"b ""q""",,c}), %w[x y,z].to_csv
p BigDecimal("1.10") + BigDecimal("2.205"), (BigDecimal("1") / 3).round(5).to_s
