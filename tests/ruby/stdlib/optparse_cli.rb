# The real optparse: switches, typed arguments, lists, defaults, --no-,
# help text, errors (missing/invalid argument, ambiguous and unknown option).
require "optparse"
def parse(argv)
  opts = { verbose: false, level: 1 }
  parser = OptionParser.new do |o|
    o.banner = "Usage: tool [options] FILES"
    o.on("-v", "--[no-]verbose", "Run verbosely") { |v| opts[:verbose] = v }
    o.on("-l", "--level N", Integer, "Level (default 1)") { |v| opts[:level] = v }
    o.on("-n", "--name NAME", "Name") { |v| opts[:name] = v }
    o.on("-t", "--tags A,B", Array, "Tags") { |v| opts[:tags] = v }
    o.on("--mode MODE", [:fast, :slow], "Mode") { |v| opts[:mode] = v }
    o.on("-f", "--float X", Float) { |v| opts[:float] = v }
    o.separator ""
    o.on_tail("-h", "--help", "Show help") { puts o; opts[:help] = true }
  end
  rest = parser.parse(argv)
  [opts, rest]
rescue OptionParser::ParseError => e
  [e.class, e.message]
end
p parse(%w[-v -l 3 --name=zed a.rb b.rb])
p parse(%w[--no-verbose -t x,y,z --mode fast -- -v])
p parse(%w[-vl5 -f 2.5])
p parse(%w[-h])
p parse(%w[-l abc])
p parse(%w[--name])
p parse(%w[--bogus])
p parse(%w[--mode medium])
p parse(%w[--ver])
argv = %w[-x 1 keep]
begin
  OptionParser.new { |o| o.on("-x N", Integer) }.parse!(argv)
rescue => e
  p e
end
p argv
