require 'yaml'
src = "a: [1, 2, {b: c}]\nd: {e: f}\ng:\n  - h\n  - {}\n  - []\n"
t = Psych.parse_stream(src)
p t.to_yaml
p Psych.parse(src).to_ruby
t.children[0].root.children.each { |n| p [n.class, (n.style rescue nil)] }
p Psych.parse("- &a [1]\n- *a\n").root.children.map { |n| n.respond_to?(:anchor) ? n.anchor : nil }
doc = Psych.parse("--- !ruby/object:Foo\nx: 'q'\ny: \"d\"\nz: |\n  lit\n")
doc.root.children.each { |n| p [n.class, n.value, n.style, n.tag, n.plain, n.quoted] if n.is_a?(Psych::Nodes::Scalar) }
p doc.root.tag
b = Psych::Nodes::Stream.new
d = Psych::Nodes::Document.new([], [], false)
m = Psych::Nodes::Mapping.new
m.children << Psych::Nodes::Scalar.new("k") << Psych::Nodes::Scalar.new("v", nil, nil, false, true, Psych::Nodes::Scalar::DOUBLE_QUOTED)
d.children << m
b.children << d
print b.to_yaml
require 'stringio'
io = StringIO.new
e = Psych::Emitter.new(io)
e.start_stream(Psych::Parser::UTF8)
e.start_document([], [], true)
e.start_sequence(nil, nil, true, Psych::Nodes::Sequence::FLOW)
e.scalar("a", nil, nil, true, false, Psych::Nodes::Scalar::ANY)
e.scalar("b c", "anc", nil, true, false, Psych::Nodes::Scalar::ANY)
e.alias("anc")
e.end_sequence
e.end_document(true)
e.end_stream
p io.string
