require 'json'
require 'time'
require 'set'

LOG = <<~LOG
  2024-03-01T10:00:00Z GET /api/users 200 12ms user=alice
  2024-03-01T10:00:05Z POST /api/users 201 45ms user=bob
  2024-03-01T10:01:00Z GET /api/orders 500 120ms user=alice err="db timeout"
  2024-03-01T10:02:30Z GET /api/users/7 404 3ms
  2024-03-01T11:15:00Z DELETE /api/orders/3 204 30ms user=carol
  2024-03-01T11:16:10Z GET /api/orders 200 80ms user=bob
  garbage line here
  2024-03-01T12:00:00Z PUT /api/users/7 200 22ms user=alice note="renamed to \"Al\""
LOG

Entry = Struct.new(:time, :verb, :path, :status, :ms, :attrs, keyword_init: true) do
  def error? = status >= 500
  def route = path.gsub(%r{/\d+}, "/:id")
end

LINE = /\A(?<ts>\S+) (?<verb>[A-Z]+) (?<path>\S+) (?<status>\d{3}) (?<ms>\d+)ms(?<rest>.*)\z/

def parse_attrs(s)
  s.scan(/(\w+)=("(?:[^"\\]|\\.)*"|\S+)/).to_h { |k, v| [k.to_sym, v.start_with?('"') ? v.undump : v] }
end

bad = []
entries = LOG.each_line(chomp: true).with_index(1).filter_map do |line, no|
  m = LINE.match(line) or (bad << no; next)
  Entry.new(time: Time.iso8601(m[:ts]), verb: m[:verb], path: m[:path], status: m[:status].to_i,
            ms: m[:ms].to_i, attrs: parse_attrs(m[:rest]))
end

puts "parsed #{entries.size}, bad lines #{bad}"
by_route = entries.group_by(&:route).sort.map do |route, es|
  lat = es.map(&:ms).sort
  { route:, count: es.size, p50: lat[lat.size / 2], max: lat.max, errors: es.count(&:error?) }
end
puts JSON.pretty_generate(by_route)
hourly = entries.each_with_object(Hash.new(0)) { |e, h| h[e.time.utc.strftime("%H:00")] += 1 }
puts hourly.to_json
users = entries.map { _1.attrs[:user] }.compact.to_set
puts users.inspect, users.size, users.include?("bob"), (users & Set["bob", "zed"]).to_a.inspect
span = entries.last.time - entries.first.time
puts "span #{span} s = #{(span / 60).floor} min #{(span % 60).to_i} s", span.class
puts entries.first.time.iso8601, entries.first.time.to_i, entries.first.time.utc?, entries.first.time.strftime("%a %b %e %-I:%M %p %Z %j")
puts entries.find(&:error?).attrs.inspect, entries.last.attrs[:note]
data = JSON.parse(JSON.generate({ "entries" => entries.first(2).map { |e| e.to_h.merge(time: e.time.to_i) } }), symbolize_names: true)
puts data[:entries].map { _1.slice(:verb, :status, :time) }.inspect
puts JSON.generate([1.0, 2.5e-8, 10**20, nil, true, "é\u2028\n\t\"", { a: [] }])
puts JSON.parse('{"a": 1e3, "b": [1, {"c": null}], "d": "\u00e9\ud83d\ude00"}').inspect
begin
  JSON.parse('{"a": }')
rescue JSON::ParserError => e
  puts "parse error: #{e.class}"
end
puts Time.parse("2024-03-01 10:00:00 +0200").utc.iso8601, Time.at(0).utc.httpdate, Time.gm(2024, 2, 29).yday
puts (Time.utc(2024, 3, 1) + 86400 * 1.5).inspect, Time.utc(2024, 1, 31).to_a.take(6).inspect
tbl = by_route.map { |r| [r[:route].ljust(18), r[:count].to_s.rjust(3), format("%6.1f%%", 100.0 * r[:errors] / r[:count])] }
tbl.each { puts _1.join(" | ") }
