require 'csv'
require 'erb'
require 'set'
require 'time'
require 'pp'

CSV_TEXT = <<~CSV
  date,region,product,units,unit_price,notes
  2026-01-03,North,Widget,12,2.50,
  2026-01-03,South,Gadget,3,19.99,"rush, gift wrap"
  2026-01-17,North,Gizmo,1200,0.10,bulk
  2026-02-01,East,Widget,7,2.50,"said ""thanks"""
  2026-02-11,South,Widget,0,2.50,cancelled
  2026-02-28,East,Gadget,5,18.49,
  2026-03-09,North,Gadget,2,19.99,
CSV

rows = CSV.parse(CSV_TEXT, headers: true, converters: [:numeric, ->(f, info) { info.header == 'date' ? Date.parse(f) : f }])
puts rows.first.to_h.inspect
puts rows.map { |r| r['units'].class }.tally.inspect
revenue = rows.each_with_object(Hash.new(0)) { |r, h| h[r['region']] += (r['units'] * r['unit_price']).round(2) }
pp revenue
by_month = rows.group_by { |r| r['date'].strftime('%Y-%m') }
by_month.each { |m, rs| puts format('%-8s %3d rows %8.2f', m, rs.size, rs.sum { |r| r['units'] * r['unit_price'] }) }
products = rows.map { |r| r['product'] }.to_set
puts products.inspect, products.subset?(Set['Widget', 'Gadget', 'Gizmo', 'Doohickey'])
notes = rows.filter_map { |r| r['notes'] }
p notes
puts rows.max_by(2) { |r| r['units'] }.map { |r| r['product'] }.inspect
puts rows.sum { |r| r['unit_price'] }.round(3), [0.1] * 10 == [0.1] * 10, ([0.1] * 10).sum, ([0.1] * 10).inject(:+)
puts 2.675.round(2), 2.5.round, 3.5.round, -2.5.round, 2.5.round(half: :even), 1234.5678.floor(-2), 1234.5678.ceil(2), 10.0 / 3
puts Rational(3, 4) + Rational(1, 6), 0.75.rationalize(Rational(1, 100)), 1.5.to_r, Rational('0.125')

template = ERB.new(<<~T, trim_mode: '-')
  Sales report (<%= rows.size %> rows)
  <%- revenue.sort_by { |_, v| -v }.each do |region, total| -%>
    * <%= region.ljust(6) %> <%= '%9.2f' % total %><%= ' (top)' if total == revenue.values.max %>
  <%- end -%>
  Months: <%= by_month.keys.join(', ') %>
T
puts template.result(binding)

out = CSV.generate(headers: %w[region total], write_headers: true) do |csv|
  revenue.each { |k, v| csv << [k, v] }
  csv << ['Quote "x", y', nil]
end
puts out
parsed = CSV.parse_line('a,"b,c",,"d ""e"""')
p parsed
begin
  CSV.parse('a,"b')
rescue CSV::MalformedCSVError => e
  puts "#{e.class}: #{e.message}"
end
t = Time.parse('2026-03-09 14:05:00 UTC')
puts t.iso8601, (t + 86_400 * 30).strftime('%a %b %e %H:%M'), Time.iso8601('2026-03-09T14:05:00+02:00').utc
fib = Enumerator.produce([0, 1]) { |a, b| [b, a + b] }.lazy.map(&:first).select(&:even?).first(6)
p fib
deep = { config: { servers: (1..4).map { |i| { name: "srv#{i}", tags: %w[a b c].take(i), load: i * 0.25 } }, retries: 3 } }
pp deep
p 15.clamp(1, 10), 'b'.clamp('a', 'c'), 1234567.digits.each_slice(3).map(&:sum)
