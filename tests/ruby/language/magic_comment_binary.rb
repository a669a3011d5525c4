# -*- coding: binary -*-
# A binary source file: its literals are ASCII-8BIT, "\u" escapes UTF-8.
s = "\xDF\xFF"
p s.encoding, s.bytesize, s.size, s.valid_encoding?
p "abc".encoding, "\u00e9".encoding, "\u00e9".bytesize
p __ENCODING__
p [0xDF].pack("C") == "\xDF", [0xDF].pack("C").encoding
p "\xE3\x81\x82".size, "\xE3\x81\x82".force_encoding("UTF-8").size
lit = "mutable"
lit << "\xFF"
p lit, lit.encoding, lit.frozen?
p "x".frozen?, "a#{1}b".encoding
p ["\xFF", "\x00"].map(&:ord)
p Encoding.find("locale"), Encoding.find("external")
