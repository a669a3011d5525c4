# Array#pack / String#unpack over the common directives
ary = [1,-100,127,128,32767,987.654321098 / 100.0,12345,123456,-32767,-123456,"abcdef"]
fmt = "c2x5CCxsdils_l_a6"
x = ary.pack(fmt)
p x.bytesize, x.encoding
p x.unpack(fmt)
p [-1073741825].pack("q").unpack("q")
p [1, 2, 3].pack("C*"), [65, 66].pack("U*"), [0x20AC].pack("U").encoding
p [1].pack("N"), [1].pack("V"), [258].pack("n"), [258].pack("v")
p "\x00\x01\x02\x03".unpack("N"), "\x01\x02".unpack("v"), "\xff\xff".unpack("s"), "\xff".unpack("c")
p ["abc"].pack("a5"), ["abc"].pack("A5"), ["abc"].pack("Z*"), "abc  \0".unpack("A*"), "ab\0cd".unpack("Z*a*")
p ["hello world"].pack("m"), ["hello world"].pack("m0"), "aGVsbG8gd29ybGQ=\n".unpack1("m")
p ["10110"].pack("B*"), ["10110"].pack("b*"), "\xb0".unpack("B*"), "\x0d".unpack("b4")
p ["4142"].pack("H*"), ["1424"].pack("h*"), "AB".unpack("H*"), "AB".unpack("h*")
p [1.5].pack("d").unpack1("d"), [1.5].pack("e"), [1.5].pack("g"), [2.5].pack("E").unpack("E")
p [2**64 - 1].pack("Q").unpack1("Q"), [-1].pack("Q").unpack1("Q"), [-1].pack("q").unpack1("q")
p [300].pack("w"), "\x82\x2c".unpack("w")
p ["abc"].pack("u"), "#86)C\n".unpack("u")
p "abcd".unpack("x2a*"), "abcd".unpack("a1X1a2"), "abcd".unpack("@3a")
p [1, 2].pack("s>l<"), [1].pack("L>")
p "\x01\x02".unpack("C3")
begin
  [1].pack("y")
rescue ArgumentError => e
  p e.message
end
begin
  [].pack("C")
rescue ArgumentError => e
  p e.message
end
