def t; p yield; rescue => e; puts "#{e.class}: #{e.message}"; end
n = 0b101001101
t { n[0..3] }; t { n[2..] }; t { n[..3] }; t { 0b1100[..1] }; t { n[3...3] }; t { n[3..3] }; t { n[5..2] }
t { n[1, -1] }; t { n[2, 3] }; t { n[1.5] }; t { n[2**64.0] }; t { (-1)[2**64] }; t { n[0..Float::INFINITY] }
t { n[Float::INFINITY..] }; t { n[..-1] }; t { n[-3..2] }; t { (2**70 + 5)[0..3] }; t { n["x"] }; t { n[nil] }
o = Object.new; def o.to_int = 4
t { 3 << o }; t { 3 >> o }; t { n[o] }
b = Object.new; def b.to_int = "x"
t { 3 << b }; t { 3 << 2**67 }; t { -1 << -(2**40) }; t { 1 << -(2**70) }; t { 0 << 2**70 }; t { 3 << 2.5 }
t { Integer.sqrt(b) }; t { [1, 2, 3].first(b) }
t { 65.chr }; t { 65.chr.encoding }; t { 200.chr.encoding }; t { 256.chr }; t { -1.chr }; t { (2**40).chr }; t { (2**70).chr }
t { 2206368128.chr }; t { 2206368128.chr("UTF-8") }; t { 0xD800.chr("UTF-8") }; t { 0x3042.chr("UTF-8") }
t { 128.chr("US-ASCII") }; t { 65.chr("US-ASCII").encoding }; t { 255.chr("BINARY").bytes }; t { 256.chr("BINARY") }
t { 0x3042.chr("UTF-16LE").bytes }; t { 0x10400.chr("UTF-16BE").bytes }; t { 0x3042.chr("UTF-32BE").bytes }
t { 0xA4A2.chr("EUC-JP").bytes }; t { 0x82A0.chr("Shift_JIS").bytes }; t { 0xFFFF.chr("EUC-JP") }; t { 0x10400.chr("CESU-8").bytes }
t { 0xE9.chr("ISO-8859-1").encoding }; t { 300.chr("ISO-8859-1") }; t { 65.chr("UTF-8", 1) }; t { 65.chr(:foo) }

t { 0x3042.chr }; t { 0x3042.chr.encoding }; t { 200.chr.encoding }
p 1.to_s.encoding, 1.5.to_s.encoding, nil.to_s.encoding, true.to_s.encoding, false.to_s.encoding, (2**70).to_s.encoding, 10.to_s(2).encoding, "#{1}".encoding, (1.to_s + "é").encoding, [1.to_s, "é"].join.encoding
Encoding.default_internal = "UTF-8"
t { 0x3042.chr }; t { 0x3042.chr.encoding }; t { 200.chr.encoding }
