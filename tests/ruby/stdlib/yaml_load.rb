require 'yaml'
docs = [
  "a: 1\nb: [1, 2.5, true, null, ~, yes, no, on]\nc: {x: y}\n",
  "- :sym\n- ':q'\n- \"str\"\n- 0x1f\n- 0o17\n- 017\n- 1_000\n- 1e3\n- .inf\n- -.inf\n- .nan\n- 12:30:00\n- -12\n- +3\n- 0b101\n",
  "text: |\n  line1\n  line2\nfold: >\n  a\n  b\n\n  c\nkeep: |+\n  k\n\nstrip: |-\n  s\n",
  "base: &b\n  x: 1\n  y: 2\nderived:\n  <<: *b\n  y: 3\nlist: &l [1, 2]\nagain: *l\n",
  "--- foo\n",
  "---\n- 1\n---\n- 2\n",
  "",
  "# only comment\n",
  "key: 'it''s'\nq: \"tab\\there\\u00e9\"\n",
  "? complex\n: value\n",
  "!ruby/symbol foo",
  "!!str 123",
  "!!int '42'",
  "x: !!float 1\n",
  "plain multi\n  line\n",
  "- 'single\n\n  quoted'\n",
  "nested:\n  - a: 1\n    b:\n      - x\n      - y\n  - [c, {d: e}]\n",
  "empty_map: {}\nempty_seq: []\nempty_val:\n",
  "date: 2020-01-02\n",
]
docs.each { |d| p YAML.load(d) rescue p $! }
p YAML.load("a: 1\n", symbolize_names: true)
p YAML.load_stream("--- 1\n--- 2\n")
p YAML.safe_load("- 1\n- a\n")
p YAML.unsafe_load("--- :x\n")
p YAML.load("--- 2020-01-02\n", permitted_classes: [Date])
p YAML.load("--- 2001-12-14t21:59:43.10-05:00\n", permitted_classes: [Time])
p YAML.load("foo: bar", freeze: true).frozen?
p YAML.load("a: &x 1\nb: *x\n", aliases: true)
p YAML.safe_load("--- :sym\n", permitted_classes: [Symbol])
p YAML.safe_load("--- :sym\n", permitted_symbols: [:sym], permitted_classes: [Symbol])
S = Struct.new(:x, :y)
p YAML.unsafe_load(S.new(1, 2).to_yaml)
class Foo; attr_reader :a, :b; def initialize; @a = 1; @b = "two"; end; end
f = YAML.unsafe_load(Foo.new.to_yaml)
p f.class, f.a, f.b
path = "/tmp/carmine_yaml_load_#{$$}.yml"
File.write(path, {"k" => [1, "v"]}.to_yaml)
p YAML.load_file(path)
File.delete(path)
data = {"s" => "str", "n" => nil, "i" => 1, "f" => 1.5, "a" => [true, false], "h" => {"x" => "multi\nline\n"}, :sym => :val}
p YAML.unsafe_load(data.to_yaml) == data
p YAML.load_stream(YAML.dump_stream({"a" => 1}, [1, 2]))
t = Psych.parse("a: [1, 2]")
p t.class, t.root.class, t.root.children.map(&:class)
