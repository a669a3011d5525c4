def t
  r = yield
  puts "=> #{r.inspect}"
rescue Exception => e
  puts "#{e.class}: #{e.message}"
end
t { Regexp.allocate.class }
t { Regexp.allocate.match("foo") }
t { Regexp.allocate.source }
t { Regexp.allocate.options }
t { Regexp.allocate.inspect.start_with?("#<Regexp:0x") }
t { Regexp.allocate.to_s }
t { Regexp.allocate == /a/ }
t { Regexp.allocate.hash.class }
t { /a/.send(:initialize, "b") }
t { Regexp.new("a").send(:initialize, "b") }
t { r = Regexp.allocate; r.send(:initialize, "b", Regexp::IGNORECASE); r }
class RS < Regexp
  def initialize(*a) = super("x#{a[0]}")
end
t { RS.new("hi") }
t { RS.compile("hi").class }
t { o = Object.new; def o.to_str = "abc"; /b/ === o }
t { /a/ == /a/n }
t { /a/.hash == /a/n.hash }
t { /a/n.options }
t { Regexp.union(:foo, "b.c") }
t { o = Object.new; def o.to_regexp = /x+/; Regexp.union(o, "y") }
t { Regexp.escape("abc").encoding }
t { Regexp.escape("ab é").encoding }
t { Regexp.escape("a.\x85b.".force_encoding("utf-8")) }
t { Regexp.escape("a.\x85b.".force_encoding("utf-8")).encoding }
t { Regexp.new("\\u{0ffffff}") }
t { /\u{61}/.encoding }
t { /\u{61}/.fixed_encoding? }
t { /\u{61}/.source.encoding }
t { /a/.source.encoding }
t { Regexp.new("a", Regexp::FIXEDENCODING).fixed_encoding? }
t { Regexp.new("a", Regexp::FIXEDENCODING).encoding }
t { Regexp.new("a", nil, "n").options }
t { Regexp.new(/a/i, Regexp::MULTILINE) }
t { Regexp.new("a", "i") }
t { Regexp.new("a", "mix") }
t { Regexp.new("a", "z") }
t { Regexp.new("a", true).options }
t { Regexp.new("a", 12345).options }
t { Regexp.new(5) }
t { Regexp.new }
t { /(?<a>x)/.named_captures }
t { Regexp.try_convert("x") }
t { Regexp.last_match(:a) }
t { "abc" =~ /(?<a>b)/; Regexp.last_match(:a) }
