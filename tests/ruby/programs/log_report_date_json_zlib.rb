require 'json'
require 'date'
require 'digest'
require 'zlib'
require 'stringio'

LOG = <<~LOG
  2026-03-01T10:15:02Z INFO  [web.1] GET /users/42 200 12.5ms ua="Mozilla/5.0" bytes=5123
  2026-03-01T10:15:03Z WARN  [web.2] GET /users/42/edit 302 3.1ms ua="curl/8.0" bytes=0
  2026-03-01T10:16:10Z ERROR [worker.1] job=Mailer#deliver failed: Net::ReadTimeout (attempt 3/5)
  2026-03-01T10:16:11Z INFO  [web.1] POST /orders 201 88.0ms ua="Mozilla/5.0" bytes=312
  2026-03-02T00:00:00Z INFO  [web.3] GET /health 200 0.4ms ua="kube-probe/1.27" bytes=2
  malformed line here
  2026-03-02T08:30:45Z ERROR [web.2] GET /orders/9 500 1503.2ms ua="Mozilla/5.0" bytes=154
  2026-03-02T08:31:00Z INFO  [web.1] GET /users/7 200 9.9ms ua="Mozilla/5.0 (X11)" bytes=4021
  2026-03-03T23:59:59Z DEBUG [worker.2] job=Indexer#run ok in 2.25s
LOG

REQ = /\A(?<ts>\S+)\s+(?<level>[A-Z]+)\s+\[(?<proc>[\w.]+)\]\s+(?<verb>GET|POST|PUT|DELETE)\s+(?<path>\S+)\s+(?<status>\d{3})\s+(?<ms>[\d.]+)ms\s+ua="(?<ua>[^"]*)"\s+bytes=(?<bytes>\d+)\z/
JOB = /\A(?<ts>\S+)\s+(?<level>[A-Z]+)\s+\[(?<proc>[\w.]+)\]\s+job=(?<job>\S+)\s+(?<rest>.*)\z/

Event = Struct.new(:time, :level, :proc, :kind, :data, keyword_init: true) do
  def day = time.to_date
  def slow? = kind == :request && data[:ms] > 1000
end

events = []
bad = []
LOG.each_line(chomp: true).with_index(1) do |line, no|
  if (m = REQ.match(line))
    d = m.named_captures.transform_keys(&:to_sym)
    events << Event.new(time: DateTime.iso8601(d[:ts]), level: d[:level].downcase.to_sym, proc: d[:proc], kind: :request,
                        data: { verb: d[:verb], path: d[:path], status: d[:status].to_i, ms: d[:ms].to_f, ua: d[:ua], bytes: Integer(d[:bytes]) })
  elsif (m = JOB.match(line))
    events << Event.new(time: DateTime.iso8601(m[:ts]), level: m[:level].downcase.to_sym, proc: m[:proc], kind: :job,
                        data: { job: m[:job], rest: m[:rest] })
  else
    bad << [no, line]
  end
end

puts "parsed #{events.size} events, #{bad.size} bad: #{bad.inspect}"
events.group_by(&:day).each do |day, evs|
  printf("%s %-10s %3d events %s\n", day.iso8601, day.strftime('%a %-d %b'), evs.size, evs.map(&:level).tally.sort.to_h)
end
reqs = events.select { _1.kind == :request }
by_path = reqs.group_by { |e| e.data[:path].gsub(/\d+/, ':id') }
by_path.sort_by { |path, es| [-es.size, path] }.each do |path, es|
  ms = es.map { _1.data[:ms] }
  puts format('%-16s n=%d avg=%8.2fms max=%7.1fms p50=%.1f', path, es.size, ms.sum / ms.size, ms.max, ms.sort[ms.size / 2])
end
puts "slow: #{reqs.select(&:slow?).map { "#{_1.data[:verb]} #{_1.data[:path]}" }}"
statuses = reqs.map { _1.data[:status] }.group_by { "#{_1 / 100}xx" }.transform_values(&:count)
p statuses
p reqs.sum { _1.data[:bytes] }, reqs.map { _1.data[:ua][/\A[^\/ ]+/] }.uniq.sort
jobs = events.select { _1.kind == :job }.map do |e|
  klass, meth = e.data[:job].split('#')
  attempt = e.data[:rest][%r{attempt (\d+)/(\d+)}, 1]&.to_i
  dur = e.data[:rest][/in ([\d.]+)s/, 1]&.then { Rational(_1) }
  { klass: klass, meth: meth, ok: !e.data[:rest].start_with?('failed'), attempt: attempt, dur: dur }
end
jobs.each { p _1 }
span = events.map(&:time).minmax
puts "span: #{((span[1] - span[0]) * 24 * 60).to_i} minutes (#{(span[1] - span[0]).class}) from #{span[0].strftime('%Y-%m-%d %H:%M')} to #{span[1]}"
d = Date.new(2026, 3, 1)
p [d + 30, d >> 1, d.next_month(11), (d...d + 7).count(&:saturday?), d.cwday, d.yday, d.leap?, Date.valid_date?(2026, 2, 29)]
p Date.parse('March 3 2026').mjd - d.mjd, (Date.new(2026, 12, 25) - d).to_i
summary = {
  generated: '2026-03-04',
  counts: events.map(&:level).tally.transform_keys(&:to_s),
  paths: by_path.keys.sort,
  slowest: reqs.max_by { _1.data[:ms] }.to_h.then { |h| h.merge(time: h[:time].iso8601) },
  ratio: (reqs.count { _1.data[:status] < 400 }.fdiv(reqs.size)).round(3),
}
json = JSON.pretty_generate(summary)
puts json
back = JSON.parse(json, symbolize_names: true)
p back[:counts], back[:slowest][:data][:ms], back == JSON.parse(JSON.generate(summary), symbolize_names: true)
puts Digest::SHA256.hexdigest(json)[0, 16], Digest::MD5.base64digest(LOG)
gz = StringIO.new
w = Zlib::GzipWriter.new(gz)
w.mtime = 0
w.write(LOG)
w.close
data = gz.string
puts "gzip #{LOG.bytesize} -> #{data.bytesize > 100 && data.bytesize < LOG.bytesize}, crc=#{Zlib.crc32(LOG).to_s(16)} adler=#{Zlib.adler32(LOG)}"
p Zlib::GzipReader.new(StringIO.new(data)).read == LOG, Zlib::Inflate.inflate(Zlib::Deflate.deflate(LOG, 9)).lines.size
packed = reqs.map { [_1.data[:status], _1.data[:ms]] }.flatten.pack('(nE)*')
p packed.bytesize, packed.unpack('(nE)*').each_slice(2).first(2), [1, 2, 3].pack('C*').unpack1('H*')
