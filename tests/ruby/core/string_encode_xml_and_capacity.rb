# String#encode(xml:) escaping, and String.new(capacity:).
s = "a<b>&\"c'd"
p s.encode(xml: :text), s.encode(xml: :attr)
p "".encode(xml: :text), "".encode(xml: :attr)
p "é<ü>".encode(xml: :text), "é<ü>".encode(xml: :attr).encoding
p "x>".encode("UTF-8", xml: :text), "a<b".encode(Encoding::UTF_8, xml: :attr)
p "tab\t\nnl".encode(xml: :attr), "&amp;".encode(xml: :text)
p "a<".b.encode(xml: :text).encoding, "plain".encode(xml: nil)
r = "keep"; e = r.encode(xml: :text); p e, e.equal?(r), e.frozen?
def try
  yield
rescue => e
  e
end
p try { "a".encode(xml: :foo) }, try { "a".encode(xml: "text") }, try { "a".encode(xml: 1) }
s = String.new(capacity: 100); p s, s.encoding, s.frozen?, s.size
s << "abc"; p s, s.encoding
s = String.new("héllo", capacity: 1000); p s, s.encoding, s.size, s[1]
s = String.new(capacity: 10, encoding: "UTF-8"); p s.encoding
s = String.new("x", capacity: 0); p s
p String.new(capacity: -1), String.new("y", capacity: nil)
p try { String.new(capacity: "x") }, try { String.new(foo: 1) }, try { String.new(capacity: 1, bar: 2, baz: 3) }
a = Array.new(50) { String.new(capacity: 64 * 1024) }
p a.size, a.all?(&:empty?)
a.each_with_index { |x, i| x << i.to_s * 3 }
p a.last, a.sum(&:size)
p :abc.name, :abc.name.frozen?, :abc.name.equal?(:abc.name), :abc.to_s.frozen?, :abc.to_s.equal?(:abc.to_s)
p :"with space".name, :"é".name.equal?(:"é".name), :abc.name.equal?(:abd.name), :abc.id2name.frozen?
n = :q.name; p((n << "x" rescue $!.class))
