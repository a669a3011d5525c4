require 'pathname'
require 'uri'
require 'find'
require 'singleton'
require 'observer'
require 'pp'
require 'tmpdir'
require 'shellwords'
require 'json'
require 'yaml'

class Config
  include Singleton
  attr_accessor :values
  def initialize = @values = { env: "test" }
end
p Config.instance.equal?(Config.instance), (Config.new rescue $!.class), Config.instance.values

class Ticker
  include Observable
  def tick(price)
    changed
    notify_observers(Time.at(0).utc.year, price)
  end
end
class Watcher
  def initialize(name) = @name = name
  def update(year, price) = puts("#{@name}: #{year} #{price}")
end
t = Ticker.new
w1 = Watcher.new("w1")
t.add_observer(w1)
t.add_observer(Watcher.new("w2"))
t.add_observer(proc { |y, pr| puts "proc: #{pr * 2}" }, :call)
t.tick(10)
t.delete_observer(w1)
t.tick(11)
p t.count_observers

Dir.mktmpdir do |d|
  root = Pathname.new(d)
  (root / "a/b").mkpath
  (root + "a/one.txt").write("1")
  (root / "a" / "b" / "two.rb").write("puts 2\n")
  (root / "c.md").write("# c")
  found = []
  Find.find(d) do |path|
    Find.prune if File.basename(path) == "b"
    found << Pathname.new(path).relative_path_from(root).to_s
  end
  p found.sort
  p root.children.map { |c| c.basename.to_s }.sort, (root / "a").entries.map(&:to_s).sort, root.join("a", "one.txt").read
  p Pathname.glob(root.join("**/*.rb")).map { |x| x.relative_path_from(root).to_s }, (root / "a/b/two.rb").extname, (root / "c.md").sub_ext(".html").basename.to_s
  p (root / "a/../c.md").cleanpath.relative_path_from(root).to_s, root.join("x").exist?, (root / "a").directory?, (root / "c.md").file?
end
p Pathname("/usr/lib/../bin/ruby").cleanpath.to_s, Pathname("a/b/c.tar.gz").each_filename.to_a, Pathname("/a/b").relative?, Pathname("a").absolute?
p Pathname("/x/y/z.txt").dirname.to_s, Pathname("/x/y/z.txt").parent.parent.to_s, Pathname("/").root?, Pathname("a") + "/b", Pathname("a/b").descend.map(&:to_s)

u = URI.parse("https://user:pw@example.com:8443/path/to%20x?q=1&r=a+b#frag")
p u.scheme, u.host, u.port, u.path, u.query, u.fragment, u.userinfo, u.to_s, u.class
p URI.join("http://a.com/b/c", "../d").to_s, URI("http://x.org").port, URI.encode_www_form(a: 1, b: "x y&z"), URI.decode_www_form("a=1&b=x+y%26z")
p URI.encode_www_form_component("a b/ü"), URI.decode_www_form_component("a+b%2F%C3%BC"), URI::HTTP.build(host: "h.io", path: "/p", query: "x=1").to_s
begin
  URI.parse("http://bad host/")
rescue URI::InvalidURIError => e
  puts "#{e.class}: #{e.message}"
end
p URI.extract("see http://a.com and https://b.org/x ok") rescue p $!.class
p Shellwords.split(%q{cmd "arg with space" 'single q' back\ slash}), Shellwords.escape("it's here"), %w[a b\ c].shelljoin

data = { "name" => "carmine", "nums" => [1, 2.5, nil, true], "nested" => { "deep" => { "list" => (1..12).to_a, "s" => "x" * 30 } } }
pp data
PP.pp(data, $stdout, 40)
puts data.pretty_inspect.lines.size
Pt = Struct.new(:x, :y)
pp [Pt.new(1, 2)] * 4
puts JSON.pretty_generate(data), data.to_json, JSON.dump([1, "two", nil])
p JSON.parse('{"a": [1, 2, {"b": null}]}', object_class: Hash, array_class: Array), JSON.parse("3.0"), JSON.parse('"\u00e9"')
y = data.to_yaml
puts y
p YAML.load(y) == data, YAML.load("- 1\n- two\n- :sym\n- 2024-01-02\n- 1.5\n- ~\n- yes\n", permitted_classes: [Symbol, Date]) rescue p $!
