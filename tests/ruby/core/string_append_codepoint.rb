# String#<< with an Integer codepoint, per encoding.
def show(label)
  r = yield
  puts "#{label}: #{r.inspect} #{r.encoding}"
rescue => e
  puts "#{label}: #{e.class}: #{e.message}"
end
show("utf8 233") { +"a" << 233 }
show("utf8 0x10FFFF") { +"a" << 0x10FFFF }
show("utf8 0x110000") { +"a" << 0x110000 }
show("utf8 surrogate") { +"a" << 0xD800 }
show("utf8 last surrogate") { +"a" << 0xDFFF }
show("utf8 -1") { +"a" << -1 }
show("binary 200") { "a".b << 200 }
show("binary 256") { "a".b << 256 }
show("us-ascii 65") { "a".force_encoding("US-ASCII") << 65 }
show("us-ascii 200") { "a".force_encoding("US-ASCII") << 200 }
show("us-ascii 300") { "a".force_encoding("US-ASCII") << 300 }
show("us-ascii << é") { "a".force_encoding("US-ASCII") << "é" }
show("concat codepoints") { +"a".concat(98, 99, 233) }
show("big") { +"a" << 2**64 }
