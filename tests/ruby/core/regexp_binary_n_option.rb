# /n (ASCII-8BIT) regexps with high-byte escapes in classes and alone.
r = /"((?:[^\x0-\x1f"\\]|\\["\\\/bfnrt]|\\u[0-9a-fA-F]{4}|\\[\x20-\x21\x23-\x2e\x30-\x5b\x5d-\x61\x63-\x65\x67-\x6d\x6f-\x71\x73\x75-\xff])*)"/n
s = '{"name": "Mödling \\u00f6 \\n end", "x": 1}'.b
p r.match(s)[1], r =~ s, r.options & 32, r.inspect[-2, 2]
g = %r{(?:\\[\\bfnrt"/]|(?:\\u(?:[A-Fa-f\d]{4}))+|\\[\x20-\xff])}n
p 'a\\nb\\tc\\u00e9\\"'.b.gsub(g) { |c| "<#{c}>" }
p "abc" =~ /[\x61-\xff]/n, "ABC" =~ /[\x61-\xff]/n, "xyz".b.scan(/[\x78-\xff]/n)
p (/\xff/n).source, (/[\x80-\xff]/n).inspect, /a/n.options & 32
p Regexp.new("[a-z]+", Regexp::NOENCODING).options & 32, "abc" =~ Regexp.new("b", Regexp::NOENCODING)
require "strscan"
sc = StringScanner.new('"Mödling", "x"'.b)
p sc.scan(r), sc[1].force_encoding("UTF-8"), sc.pos
