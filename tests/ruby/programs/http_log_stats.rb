require 'set'
require 'time'

LOG = <<~LOG
  192.168.1.10 - alice [10/Oct/2026:13:55:36 +0000] "GET /index.html HTTP/1.1" 200 2326 0.012
  10.0.0.5 - - [10/Oct/2026:13:55:40 +0000] "POST /api/login HTTP/1.1" 401 128 0.230
  192.168.1.10 - alice [10/Oct/2026:13:56:01 +0000] "GET /api/items?page=2 HTTP/1.1" 200 10432 0.087
  172.16.4.2 - bob [10/Oct/2026:13:57:12 +0000] "DELETE /api/items/42 HTTP/1.1" 204 0 0.045
  10.0.0.5 - - [10/Oct/2026:13:58:00 +0000] "POST /api/login HTTP/1.1" 200 512 0.198
  garbage line that does not parse
  172.16.4.2 - bob [10/Oct/2026:14:01:59 +0000] "GET /static/app.js HTTP/1.1" 304 0 0.002
  192.168.1.11 - carol [10/Oct/2026:14:02:30 +0000] "GET /api/items/7 HTTP/1.1" 500 77 1.502
  192.168.1.10 - alice [10/Oct/2026:14:03:03 +0000] "PUT /api/items/7 HTTP/1.1" 200 99 0.310
LOG

LINE = %r{\A(?<ip>\d+(?:\.\d+){3}) - (?<user>\S+) \[(?<time>[^\]]+)\] "(?<verb>[A-Z]+) (?<path>\S+) HTTP/(?<ver>[\d.]+)" (?<status>\d{3}) (?<bytes>\d+) (?<dur>[\d.]+)\z}

Entry = Struct.new(:ip, :user, :time, :verb, :path, :status, :bytes, :duration) do
  def error? = status >= 500
  def client_error? = (400...500).cover?(status)
  def endpoint
    path.sub(/\?.*\z/, '').gsub(%r{/\d+(?=/|\z)}, '/:id')
  end
  def to_s
    format("%-15s %-6s %-22s %3d %7.3fs", ip, verb, path, status, duration)
  end
end

bad = []
entries = LOG.each_line(chomp: true).with_index(1).filter_map do |line, no|
  m = LINE.match(line)
  unless m
    bad << no
    next
  end
  t = Time.strptime(m[:time], "%d/%b/%Y:%H:%M:%S %z")
  Entry.new(m[:ip], m[:user] == '-' ? nil : m[:user], t, m[:verb].to_sym, m[:path],
            m[:status].to_i, Integer(m[:bytes]), Float(m[:dur]))
end

puts "parsed #{entries.size} entries, bad lines: #{bad.inspect}"
entries.each { |e| puts e }

puts "\n== by status class"
entries.group_by { |e| "#{e.status / 100}xx" }.sort.each do |cls, es|
  puts "#{cls}: #{es.size} (#{es.map(&:status).uniq.sort.join(',')})"
end

puts "\n== endpoints"
entries.map(&:endpoint).tally.sort_by { |k, v| [-v, k] }.each { |k, v| puts "%-20s %d" % [k, v] }

puts "\n== users"
users = entries.map(&:user).compact.to_set
p users
p users.include?("bob"), users.subset?(Set["alice", "bob", "carol", "dave"])
anon = entries.reject(&:user).map(&:ip).uniq
puts "anonymous ips: #{anon}"

puts "\n== timing"
durs = entries.map(&:duration).sort
mean = durs.sum / durs.size
var = durs.sum { |d| (d - mean) ** 2 } / durs.size
median = durs.size.odd? ? durs[durs.size / 2] : (durs[durs.size / 2 - 1] + durs[durs.size / 2]) / 2.0
p95 = durs[((durs.size - 1) * 0.95).ceil]
printf("mean %.4f sd %.4f median %.4f p95 %.3f max %s\n", mean, Math.sqrt(var), median, p95, durs.max)
slow, fast = entries.partition { |e| e.duration > 0.2 }
puts "slow: #{slow.map { |e| e.path }.join(' ')}"
puts "fast count #{fast.count}"

puts "\n== per minute"
entries.chunk_while { |a, b| (b.time - a.time) < 60 }.each do |grp|
  puts "#{grp.first.time.strftime('%H:%M:%S')}..#{grp.last.time.strftime('%H:%M:%S')} #{grp.size} req #{grp.sum(&:bytes)} bytes"
end
first, last = entries.minmax_by(&:time)
span = last.time - first.time
puts "span #{span.to_i}s = #{(span / 60).floor}m#{(span % 60).to_i}s"
puts first.time.iso8601, last.time.utc.strftime("%a %d %b %Y %I:%M %p %Z")
puts entries.first.time.to_i, (entries.first.time + 86400 * 3).strftime("%A %-d %B %j")

puts "\n== errors"
entries.select { |e| e.error? || e.client_error? }.each do |e|
  kind = case e.status
         when 400..499 then :client
         when 500.. then :server
         end
  puts "#{kind}: #{e.verb} #{e.path} -> #{e.status}"
end

bytes_by_ip = Hash.new(0)
entries.each { |e| bytes_by_ip[e.ip] += e.bytes }
top = bytes_by_ip.max_by(2) { |_, v| v }
p top
p bytes_by_ip.sum { |_, v| v }, bytes_by_ip.to_a.transpose.map(&:size)
subnet = entries.group_by { |e| e.ip.split('.').first(2).join('.') }.transform_values(&:count)
p subnet
p entries.each_slice(3).map { |s| s.map(&:status).sum }
p entries.each_cons(2).count { |a, b| a.ip == b.ip }
h = entries.to_h { |e| [e.path, e.status] }
p h.select { |_, v| v == 200 }.keys
p h.min_by { |k, _| k.length }, h.sum { |_, v| v }
p entries.first.to_a.size, entries.first.to_h.keys
e = entries.first.dup
e.status = 418
p e.status, entries.first.status, e == entries.first
p Entry.members
begin
  Entry.new(1, 2, 3, 4, 5, 6, 7, 8, 9)
rescue ArgumentError => ex
  puts "ArgumentError: #{ex.message}"
end
