require 'optparse'
require 'csv'
require 'erb'
require 'tmpdir'
require 'fileutils'
require 'logger'
require 'stringio'

Options = Struct.new(:format, :top, :verbose, :columns, :since, keyword_init: true)

def parse_options(argv)
  opts = Options.new(format: :text, top: 3, verbose: false, columns: [])
  parser = OptionParser.new do |o|
    o.banner = "Usage: report [options] FILE..."
    o.on("-f", "--format FORMAT", [:text, :csv, :html], "Output format (text, csv, html)") { |v| opts.format = v }
    o.on("-n", "--top N", Integer, "Show top N rows") { |v| opts.top = v }
    o.on("-v", "--[no-]verbose", "Verbose logging") { |v| opts.verbose = v }
    o.on("-c", "--columns A,B", Array, "Columns") { |v| opts.columns = v }
    o.on("--since DATE", /\A\d{4}-\d{2}-\d{2}\z/, "Only rows since DATE") { |v| opts.since = v }
    o.separator ""
    o.separator "Common:"
    o.on_tail("-h", "--help", "Show help") { puts o; throw :done }
  end
  rest = parser.parse(argv)
  [opts, rest, parser]
end

[%w[-f csv -n 2 a.csv], %w[--format=html --no-verbose -c x,y,z b.csv c.csv], %w[-v --since 2024-01-02 --top=5],
 %w[-f xml], %w[-n abc], %w[--since yesterday], %w[--bogus], %w[-n], %w[-h]].each do |argv|
  catch(:done) do
    opts, rest, = parse_options(argv)
    puts "#{argv.join(' ')} => #{opts.to_h} rest=#{rest}"
  end
rescue OptionParser::ParseError => e
  puts "#{argv.join(' ')} => #{e.class}: #{e.message}"
end

log_io = StringIO.new
logger = Logger.new(log_io)
logger.formatter = proc { |sev, _time, prog, msg| "#{sev[0]} [#{prog || 'main'}] #{msg}\n" }
logger.level = Logger::INFO

Dir.mktmpdir("report") do |dir|
  path = File.join(dir, "sales.csv")
  File.write(path, <<~CSV)
    date,region,product,units,price
    2024-01-01,north,widget,10,2.50
    2024-01-02,south,gadget,3,10.00
    2024-01-02,north,gadget,1,10.00
    2024-01-03,east,widget,7,2.50
    2024-01-03,south,"gizmo, deluxe",2,99.99
    2024-01-04,north,widget,,2.50
  CSV
  logger.info("wrote #{File.size(path)} bytes")
  rows = CSV.read(path, headers: true, converters: :numeric)
  logger.debug("hidden")
  logger.warn("blank units in #{rows.count { |r| r['units'].nil? }} row(s)")
  p rows.headers, rows.size, rows[4].to_h, rows.by_col[3].compact.sum
  totals = rows.each_with_object(Hash.new(0)) { |r, h| h[r['region']] += (r['units'] || 0) * r['price'] }
  p totals.transform_values { |v| v.round(2) }
  out = CSV.generate(col_sep: ";", force_quotes: false) do |csv|
    csv << %w[region total]
    totals.sort_by { |_, v| -v }.each { |k, v| csv << [k, format("%.2f", v)] }
    csv << ["quoted;field", "line\nbreak"]
  end
  puts out
  p CSV.parse_line('a,"b ""c""",,d'), CSV.parse("x,y\n1,2\n", headers: true).map(&:to_h)
  begin
    CSV.parse('a,"b')
  rescue CSV::MalformedCSVError => e
    puts "#{e.class}: #{e.message}"
  end
  template = ERB.new(<<~HTML, trim_mode: "-")
    <table>
    <%- totals.sort.each do |region, total| -%>
      <tr><td><%= region %></td><td><%= "%.2f" % total %></td></tr>
    <%- end -%>
    </table>
    <p>Generated for <%= ERB::Util.html_escape(who) %></p>
  HTML
  who = "Ops & <Finance>"
  puts template.result(binding)
  puts ERB.new("<%= a %>+<%= b %>").result_with_hash(a: 1, b: [2])
  FileUtils.mkdir_p(File.join(dir, "out/nested"))
  FileUtils.cp(path, File.join(dir, "out/nested/copy.csv"))
  p Dir.glob("**/*", base: dir).sort, File.basename(path, ".csv"), File.extname(path), File.exist?(File.join(dir, "out"))
  File.open(File.join(dir, "out/log.txt"), "w") { |f| f.puts "line1"; f.print "line2\n"; f.write("line3\n", "line4\n") }
  p File.readlines(File.join(dir, "out/log.txt"), chomp: true), File.foreach(File.join(dir, "out/log.txt")).count
  FileUtils.rm_rf(File.join(dir, "out"))
  p Dir.children(dir)
end
puts log_io.string
