require 'optparse'
require 'logger'
require 'stringio'
require 'ostruct'
require 'matrix'
require 'prime'
require 'shellwords'
require 'observer'
require 'singleton'
require 'delegate'
require 'time'
require 'base64'
require 'erb'
require 'pp'

opts = { verbose: false, level: 1, tags: [] }
parser = OptionParser.new do |o|
  o.banner = "Usage: tool [options] FILE..."
  o.on("-v", "--[no-]verbose", "Run verbosely") { |v| opts[:verbose] = v }
  o.on("-l", "--level N", Integer, "Level (int)") { |n| opts[:level] = n }
  o.on("-t", "--tag TAG", %w[a b c], "Tag from a,b,c") { |t| opts[:tags] << t }
  o.on("--mode=MODE", [:fast, :slow]) { |m| opts[:mode] = m }
  o.on("-r", "--ratio R", Float) { |r| opts[:ratio] = r }
  o.separator ""
  o.separator "Specific:"
  o.on_tail("-h", "--help") { puts o; opts[:help] = true }
end
rest = parser.parse(%w[-v --level 3 -t a --tag=c --mode fast -r 0.5 in.txt out.txt])
p opts, rest
puts parser.help
%w[--level x --tag z --nope -l].each do |bad|
  parser.parse([bad, *(bad == "-l" ? [] : [])])
rescue OptionParser::ParseError => e
  p [e.class, e.message]
end
p parser.parse(%w[--no-verbose]) && opts[:verbose]

io = StringIO.new
log = Logger.new(io, progname: "probe")
log.formatter = proc { |sev, _time, prog, msg| "#{sev[0]} [#{prog}] #{msg.is_a?(Exception) ? msg.message : msg}\n" }
log.level = :info
log.debug("hidden")
log.info("started")
log.warn { "lazy #{1 + 1}" }
log.error(RuntimeError.new("boom"))
log.add(Logger::FATAL, "fatal one")
p log.info?, log.debug?, Logger::SEV_LABEL rescue p $!.class
puts io.string

os = OpenStruct.new(name: "x", size: 3)
os.color = :red
os[:weight] = 1.5
p os, os.to_h, os.respond_to?(:color), os.dig(:name), os == OpenStruct.new(name: "x", size: 3, color: :red, weight: 1.5)
os.delete_field(:size)
p os.size, os.each_pair.to_a

m = Matrix[[2, 1], [1, 3]]
p m.determinant, m.inverse, m * m, m.transpose, (m * Vector[1, 2]), m.rank, Matrix.identity(2) + m, m.trace
p Prime.first(10), 97.prime?, 360.prime_division, Prime.each(30).select(&:odd?).size, Integer.from_prime_division([[2, 3], [5, 1]])
p Shellwords.split(%q{a "b c" d\ e 'f g'}), "it's here".shellescape, %w[ls -la my\ dir].shelljoin

class Ticker
  include Observable
  def tick(price)
    changed
    notify_observers(Time.at(0).utc.year, price)
  end
end
class Watcher
  def initialize(name) = @name = name
  def update(year, price) = puts("#{@name} saw #{price} in #{year}")
end
t = Ticker.new
t.add_observer(Watcher.new("w1"))
w2 = Watcher.new("w2")
t.add_observer(w2)
t.tick(10)
t.delete_observer(w2)
t.tick(11)
p t.count_observers

class Config
  include Singleton
  attr_accessor :env
end
Config.instance.env = "prod"
p Config.instance.env, Config.instance.equal?(Config.instance)
begin
  Config.new
rescue NoMethodError => e
  p e.message[/private method `new' called for Config:Class/] ? :private_new : e.message
end

class Loud < SimpleDelegator
  def to_s = super.upcase
  def extra = "extra:#{__getobj__.size}"
end
l = Loud.new("hello")
p l.to_s, l.size, l.extra, l.is_a?(Loud), l == "hello", l.reverse
Cache = DelegateClass(Hash)
class MyCache < Cache
  def initialize = super({})
  def []=(k, v)
    super(k.to_s, v)
  end
end
mc = MyCache.new
mc[:a] = 1
p mc.keys, mc.size, mc.class.superclass.class

tm = Time.parse("2024-03-10 14:05:09 UTC")
p tm.iso8601, tm.httpdate, tm.rfc2822, tm.xmlschema(3), Time.iso8601("2024-01-02T03:04:05+09:00").utc.to_s
p Time.strptime("10/03/2024 7pm", "%d/%m/%Y %l%P").hour, (tm + 86400 * 1.5).strftime("%F %T %j %U %a %-d %e %P"), tm.to_a.first(6)
p Base64.strict_encode64("\x00\xffhi"), Base64.urlsafe_encode64("???>>>", padding: false), Base64.decode64("aGk=\n")

tpl = ERB.new(<<~T, trim_mode: "-")
  <%- items.each do |i| -%>
  * <%= i.upcase %><% if i.size > 3 %> (long)<% end %>
  <%- end -%>
  total: <%= items.size %>
T
items = %w[ab cdef g]
puts tpl.result(binding)
puts ERB.new("a<%# comment %>b <%% lit %> <%= 1 %>\n% x = 5\n<%= x %>\n%% not code\n", trim_mode: "%").result

class Point3
  def initialize(*c) = @c = c
  def pretty_print(q)
    q.group(1, "P(", ")") { q.seplist(@c) { |v| q.pp v } }
  end
end
pp({ list: (1..30).to_a, pt: Point3.new(1, 2, 3), nested: { a: { b: { c: [1] * 12 } } } })
s = PP.pp({ x: "y" * 70, z: [1, 2] }, +"", 40)
puts s
