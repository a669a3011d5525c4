# log_report: an application-shaped workload: the report script every
# team has. Web-server log lines and a CSV export (generated from a fixed
# LCG, so the text is the same every run) are parsed line by line with
# split/strip/to_i/to_f, timestamps cut with String#[] and the fields of a
# quoted CSV taken apart by hand; the records are aggregated per endpoint,
# status class, user and hour with Hash#each_with_object, group_by, tally,
# sum and minmax, percentiles taken from sorted Arrays, and a fixed-width
# text report built with format, ljust/rjust and <<.
# Measures: String#split (with a String and a limit), strip, to_i/to_f,
# start_with?/end_with?, String#[] ranges, Hash default values and
# Hash#each_with_object/group_by/tally/sort_by/to_h, Array#sum/minmax/sort,
# format, ljust/rjust, string building.
# bench-size: 60
# bench-quick: 1
reps = (ARGV[0] || ENV["BENCH_SIZE"] || 60).to_i

class Lcg
  def initialize(seed) = @s = seed
  def next(n)
    @s = (@s * 1_103_515_245 + 12_345) & 0x7fff_ffff
    @s % n
  end
end

PATHS = %w[/ /login /logout /api/items /api/items/:id /api/orders /api/orders/:id/pay /search /static/app.js /static/app.css].freeze
METHODS = %w[GET GET GET POST GET PUT DELETE].freeze
AGENTS = ["Mozilla/5.0 (X11; Linux x86_64)", "curl/7.81.0", "Mozilla/5.0 (Macintosh)", "python-requests/2.28", "Go-http-client/1.1"].freeze
STATUSES = [200, 200, 200, 200, 201, 204, 301, 304, 400, 401, 404, 404, 500, 503].freeze
CITIES = ["Lyon", "Paris", "Oslo", "Kyoto", "Porto", "Quebec, QC", "Austin, TX"].freeze

def make_log(rng, n)
  lines = []
  n.times do |i|
    ip = "10.#{rng.next(4)}.#{rng.next(16)}.#{rng.next(250) + 1}"
    user = rng.next(5).zero? ? "-" : "user#{rng.next(40)}"
    hh = (i * 24 / n).to_s.rjust(2, "0")
    ts = "29/Nov/2026:#{hh}:#{rng.next(60).to_s.rjust(2, '0')}:#{rng.next(60).to_s.rjust(2, '0')} +0000"
    path = PATHS[rng.next(PATHS.size)].sub(":id", rng.next(900).to_s)
    path += "?q=#{rng.next(100)}&page=#{rng.next(5)}" if path == "/search"
    status = STATUSES[rng.next(STATUSES.size)]
    bytes = status == 204 || status == 304 ? "-" : (rng.next(40_000) + 120).to_s
    ms = rng.next(900) + rng.next(3) * rng.next(2000)
    lines << %(#{ip} - #{user} [#{ts}] "#{METHODS[rng.next(METHODS.size)]} #{path} HTTP/1.1" #{status} #{bytes} "-" "#{AGENTS[rng.next(AGENTS.size)]}" #{ms}ms)
  end
  lines.join("\n") << "\n"
end

def make_csv(rng, n)
  out = +"order_id,user,city,items,amount,currency,note\n"
  n.times do |i|
    city = CITIES[rng.next(CITIES.size)]
    city = %("#{city}") if city.include?(",")
    note = rng.next(4).zero? ? %("gift, wrap ""nicely""") : ""
    amount = format("%d.%02d", rng.next(500), rng.next(100))
    out << "  #{10_000 + i},user#{rng.next(40)},#{city},#{rng.next(7) + 1},#{amount},#{rng.next(6).zero? ? 'USD' : 'EUR'},#{note}\n"
  end
  out
end

LogLine = Struct.new(:ip, :user, :hour, :verb, :path, :status, :bytes, :ms, :agent)

def parse_log(text)
  text.each_line.filter_map do |line|
    line = line.strip
    next if line.empty?
    head, request, rest = line.split('"', 3)
    ip, _, user, stamp = head.split(" ", 4)
    verb, target, = request.split(" ")
    path = target.split("?", 2).first
    path = path.split("/").map { |seg| seg.match?(/\A\d+\z/) ? ":id" : seg }.join("/") if path.start_with?("/api/")
    tail = rest.strip.split(" ", 3)
    agent = rest[rest.index('"', rest.index('"') + 1) + 1..].split('"')[1]
    ms = rest.end_with?("ms") ? rest[rest.rindex(" ") + 1..-3].to_i : 0
    LogLine.new(ip, user == "-" ? nil : user, stamp[13, 2].to_i, verb, path, tail[0].to_i,
                tail[1] == "-" ? 0 : tail[1].to_i, ms, agent)
  end
end

def split_csv_line(line)
  fields = []
  field = +""
  quoted = false
  i = 0
  while i < line.size
    c = line[i]
    if quoted
      if c == '"'
        if line[i + 1] == '"'
          field << '"'
          i += 1
        else
          quoted = false
        end
      else
        field << c
      end
    elsif c == '"'
      quoted = true
    elsif c == ","
      fields << field
      field = +""
    else
      field << c
    end
    i += 1
  end
  fields << field
end

def parse_csv(text)
  header, *rows = text.lines(chomp: true)
  keys = header.split(",").map(&:to_sym)
  rows.map do |row|
    values = row.include?('"') ? split_csv_line(row.strip) : row.strip.split(",", -1)
    keys.zip(values).to_h
  end
end

def percentile(sorted, p)
  return 0 if sorted.empty?
  sorted[((sorted.size - 1) * p / 100.0).round]
end

def report(log, orders)
  out = +""
  by_path = log.each_with_object(Hash.new { |h, k| h[k] = [] }) { |l, h| h[l.path] << l.ms }
  out << "endpoint".ljust(24) << "hits".rjust(6) << "p50".rjust(7) << "p95".rjust(7) << "max".rjust(7) << "\n"
  by_path.sort_by { |path, ms| [-ms.size, path] }.each do |path, ms|
    s = ms.sort
    out << path.ljust(24) << ms.size.to_s.rjust(6) << percentile(s, 50).to_s.rjust(7) <<
      percentile(s, 95).to_s.rjust(7) << s.last.to_s.rjust(7) << "\n"
  end
  classes = log.map { |l| "#{l.status / 100}xx" }.tally.sort.to_h
  out << "status " << classes.map { |k, v| "#{k}=#{v}" }.join(" ") << "\n"
  errors = log.select { |l| l.status >= 500 }.group_by(&:hour).transform_values(&:size)
  out << "5xx by hour " << errors.sort.map { |h, n| format("%02d:%d", h, n) }.join(",") << "\n"
  traffic = log.each_with_object(Hash.new(0)) { |l, h| h[l.user || "anonymous"] += l.bytes }
  top = traffic.max_by(3) { |u, b| [b, u] }
  out << "top users " << top.map { |u, b| format("%s %.1fKB", u, b / 1024.0) }.join(", ") << "\n"
  agents = log.map { |l| l.agent.split("/").first }.tally.select { |_, n| n > 1 }
  lo, hi = log.map(&:ms).minmax
  out << "agents #{agents.size} latency #{lo}..#{hi} slow #{log.count { |l| l.ms > 1000 }}\n"

  spend = orders.each_with_object(Hash.new(0.0)) { |o, h| h[o[:user]] += o[:amount].to_f * (o[:currency] == "USD" ? 0.92 : 1.0) }
  cities = orders.group_by { |o| o[:city] }.map { |c, os| [c, os.sum { |o| o[:items].to_i }] }.sort_by { |c, n| [-n, c] }
  gifts = orders.count { |o| o[:note].start_with?("gift") }
  out << format("orders %d gifts %d revenue %.2f\n", orders.size, gifts, spend.values.sum)
  cities.each { |c, n| out << "  " << c.ljust(12, ".") << n.to_s.rjust(5) << "\n" }
  best = spend.sort_by { |u, v| [-v, u] }.first(3).map { |u, v| format("%s=%.2f", u, v) }
  out << "best " << best.join(" ") << "\n"
  out
end

digest = 0
last = nil
reps.times do |r|
  rng = Lcg.new(42 + r)
  log = parse_log(make_log(rng, 600))
  orders = parse_csv(make_csv(rng, 300))
  last = report(log, orders)
  digest = (digest * 31 + last.sum + last.bytesize) % 1_000_000_007
end
puts "reports=#{reps} digest=#{digest}"
puts last
