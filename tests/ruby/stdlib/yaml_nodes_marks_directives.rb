require 'yaml'
src = <<~Y
  %YAML 1.1
  %TAG !e! tag:example.com,2000:
  --- &root
  base: &b { x: 1, y: [1, 2] }
  derived:
    <<: *b
    y: 3
  ? [complex, key]
  : value
  tagged: !e!point "1,2"
  lit: |-
    line one
      indented
  fold: >+
    a
    b

  ...
  --- second
  ...
Y
doc = Psych.parse_stream(src)
doc.children.each do |d|
  puts "doc #{d.version.inspect} #{d.tag_directives.inspect} implicit=#{d.implicit} implicit_end=#{d.implicit_end} lines=#{d.start_line}-#{d.end_line}"
end
def walk(n, depth = 0)
  desc = case n
         when Psych::Nodes::Scalar then "Scalar #{n.value.inspect} tag=#{n.tag.inspect} anchor=#{n.anchor.inspect} style=#{n.style} plain=#{n.plain} quoted=#{n.quoted}"
         when Psych::Nodes::Alias then "Alias #{n.anchor}"
         when Psych::Nodes::Stream, Psych::Nodes::Document then n.class.name
         else "#{n.class.name.split("::").last} tag=#{n.tag.inspect} anchor=#{n.anchor.inspect} style=#{n.style}"
         end
  puts "#{'  ' * depth}#{desc} @#{n.start_line}:#{n.start_column}-#{n.end_line}:#{n.end_column}"
  (n.children || []).each { |c| walk(c, depth + 1) } unless n.is_a?(Psych::Nodes::Scalar) || n.is_a?(Psych::Nodes::Alias)
end
walk(doc)
p YAML.load_stream(src, aliases: true) rescue p $!
p YAML.unsafe_load_stream(src).size rescue p $!
p YAML.load("a: &x 1\nb: *x\n") rescue p $!
p YAML.load("a: &x 1\nb: *x\n", aliases: true)
p YAML.load("a: *nope\n", aliases: true) rescue p $!
p YAML.safe_load("--- !ruby/object:Object {}\n") rescue p $!
p YAML.safe_load(":sym: 1\n") rescue p $!
p YAML.safe_load(":sym: 1\n", permitted_classes: [Symbol])
p YAML.load("a: 1", symbolize_names: true, freeze: true).then { |h| [h, h.frozen?, h.keys.first.frozen?] }
p YAML.load("bad: \x01 char") rescue p $!
p YAML.load("\uFEFFbom: 1")
p YAML.load("- 1\n- [2, {a: b}]\n- 'it''s'\n- \"esc\\t\\u00e9\"\n")
p YAML.load("")
p YAML.load("# only comment\n")
p YAML.load("--- >\n  folded\n  text\n\n  para\n")
p Psych.parse("a: [1, 2]").to_ruby
y = Psych.parse_stream("x: 1\n")
p y.to_yaml
p YAML.dump_stream({ "a" => 1 }, [2, 3])
begin
  YAML.load("a:\n  - b\n  c: d\n")
rescue Psych::SyntaxError => e
  p [e.line, e.column, e.offset, e.problem, e.context, e.message]
end
begin
  YAML.load("{ a: 1, b }: x\n---\n- [\n")
rescue Psych::SyntaxError => e
  p [e.line, e.column, e.problem, e.context]
end
begin
  YAML.load("--- !<tag:yaml.org,2002:str\n")
rescue Psych::SyntaxError => e
  p [e.line, e.column, e.problem, e.context]
end
begin
  YAML.load("%YAML 2.0\n--- x\n")
rescue Psych::SyntaxError => e
  p [e.line, e.column, e.problem, e.context]
end
p YAML.load("%YAML 1.2\n--- x\n") rescue p $!
