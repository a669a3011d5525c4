# A tiny build system: parses an INI-like manifest with StringScanner,
# resolves target dependencies with TSort, and simulates a build with
# timestamps, reporting cycles and missing inputs.
require 'strscan'
require 'tsort'
require 'set'

MANIFEST = <<~INI
  ; project manifest
  [core]
  sources = core/a.c, core/b.c
  deps =
  flags = -O2 -Wall

  [util]
  sources = util/str.c
  deps = core
  flags = -O1

  [app]
  sources = app/main.c, app/cli.c
  deps = util, core, net
  flags = "-O2 -DNAME=\\"app\\""

  [net]
  sources = net/sock.c
  deps = core
INI

class ManifestError < StandardError
  attr_reader :line
  def initialize(msg, line)
    super("#{msg} (line #{line})")
    @line = line
  end
end

class Manifest
  Section = Struct.new(:name, :entries, :line) do
    def [](key) = entries[key]
    def list(key) = (entries[key] || "").split(/\s*,\s*/).reject(&:empty?)
  end

  def self.parse(text)
    sections = {}
    current = nil
    text.each_line.with_index(1) do |raw, lineno|
      ss = StringScanner.new(raw.chomp)
      ss.skip(/\s*/)
      next if ss.eos? || ss.check(/[;#]/)
      if ss.scan(/\[(\w+)\]/)
        name = ss[1].to_sym
        raise ManifestError.new("duplicate section #{name}", lineno) if sections.key?(name)
        current = sections[name] = Section.new(name, {}, lineno)
      elsif ss.scan(/(\w+)\s*=\s*/)
        raise ManifestError.new("entry outside section", lineno) unless current
        key = ss[1]
        value = if ss.scan(/"((?:[^"\\]|\\.)*)"/)
                  ss[1].gsub(/\\(.)/) { $1 }
                else
                  ss.rest.strip
                end
        current.entries[key] = value
      else
        raise ManifestError.new("cannot parse #{ss.rest.inspect}", lineno)
      end
    end
    new(sections)
  end

  include TSort
  attr_reader :sections

  def initialize(sections) = @sections = sections
  def tsort_each_node(&blk) = @sections.each_key(&blk)
  def tsort_each_child(node, &blk)
    @sections.fetch(node).list("deps").map(&:to_sym).each(&blk)
  end
end

m = Manifest.parse(MANIFEST)
puts "sections: #{m.sections.keys.inspect}"
m.sections.each_value do |s|
  printf("%-5s line %2d sources=%-24s deps=%s\n", s.name, s.line, s.list("sources").join("+"), s.list("deps").inspect)
end
puts "app flags: #{m.sections[:app]["flags"]}"
order = m.tsort
puts "build order: #{order.join(' -> ')}"
puts "strongly connected: #{m.strongly_connected_components.inspect}"

# simulated build with timestamps
clock = 100
mtimes = Hash.new { |h, k| h[k] = (k.sum % 50) + 10 }
built = {}
order.each do |t|
  sec = m.sections[t]
  inputs = sec.list("sources")
  newest = inputs.map { |f| mtimes[f] }.max
  dep_time = sec.list("deps").map { |d| built.fetch(d.to_sym) }.max || 0
  stale = newest > dep_time
  clock += inputs.size * 3
  built[t] = clock
  puts format("%-5s inputs=%d newest=%3d dep=%3d %s at %d", t, inputs.size, newest, dep_time, stale ? "rebuilt" : "fresh", clock)
end

# cycles
cyclic = Manifest.parse(<<~INI)
  [a]
  deps = b
  [b]
  deps = c
  [c]
  deps = a
  [d]
  deps = a
INI
begin
  cyclic.tsort
rescue TSort::Cyclic => e
  puts "cycle: #{e.message}"
end
p cyclic.strongly_connected_components
p cyclic.each_strongly_connected_component.map(&:size)

# errors
["[x]\n[x]\n", "k = v\n", "[ok]\n!!bad\n"].each do |bad|
  begin
    Manifest.parse(bad)
  rescue ManifestError => e
    puts "#{e.class}: #{e.message} @#{e.line}"
  end
end

# missing dependency
broken = Manifest.parse("[a]\ndeps = zz\n")
begin
  broken.tsort
rescue KeyError => e
  puts "KeyError: #{e.message} key=#{e.key.inspect} receiver_keys=#{e.receiver.keys.inspect}"
end

ss = StringScanner.new("3.14 + foo(2, 'x')")
toks = []
until ss.eos?
  if ss.skip(/\s+/) then next
  elsif t = ss.scan(/\d+(\.\d+)?/) then toks << [:num, t]
  elsif t = ss.scan(/\w+/) then toks << [:id, t]
  elsif t = ss.scan(/'[^']*'/) then toks << [:str, t]
  else toks << [:op, ss.getch]
  end
end
p toks
p [ss.pos, ss.string.size, ss.matched, ss.pre_match]
