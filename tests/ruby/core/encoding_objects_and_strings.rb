# Encoding objects and lookup, and String operations on strings in
# encodings other than UTF-8.
p Encoding.list.size, Encoding.list.first(4).map(&:name)
p Encoding.name_list.include?("Shift_JIS"), Encoding.name_list.include?("CP932")
p Encoding.aliases["BINARY"], Encoding.aliases["CP932"], Encoding.aliases["eucJP"]
p Encoding.find("utf-16le"), Encoding.find("sjis"), Encoding.find("binary"), Encoding.find("ASCII")
p [Encoding::UTF_16, Encoding::IBM037, Encoding::ISO_2022_JP, Encoding::UTF_7].map(&:name)
p [Encoding::UTF_16.dummy?, Encoding::UTF_16LE.dummy?, Encoding::UTF_8.dummy?]
p [Encoding::UTF_16LE.ascii_compatible?, Encoding::ISO_8859_1.ascii_compatible?, Encoding::Shift_JIS.ascii_compatible?]
p Encoding::Shift_JIS.equal?(Encoding::SHIFT_JIS), Encoding::EUCJP.equal?(Encoding::EUC_JP)
p Encoding::Windows_31J.names, Encoding::ISO_8859_1.names
p Encoding::UTF_16LE.name, Encoding::UTF_16LE.to_s, Encoding::UTF_8.inspect, Encoding::BINARY.inspect
begin
  Encoding.find("nope")
rescue ArgumentError => e
  p e.message
end

def show(s)
  puts "#{s.encoding}: #{s.inspect} len=#{s.length} bytes=#{s.bytesize} valid=#{s.valid_encoding?}"
end
u16 = "aé\u3042".encode("UTF-16LE")
show u16
p u16.chars.map(&:inspect)
p u16.each_char.to_a.size
show "\x00a\x00".force_encoding("UTF-16LE")
show "ab\x00".force_encoding("UTF-16BE")
show "\u3042".encode("UTF-32BE")
sj = "aあい".encode("Shift_JIS")
show sj
p sj.chars.map(&:bytes)
show "\x82".force_encoding("Shift_JIS")
show "あい".encode("EUC-JP")
show "中文".encode("GB18030")
show "\xE9t\xE9".force_encoding("ISO-8859-1")
p "\xE9t\xE9".force_encoding("ISO-8859-1").chars
show "é".encode("UTF-16")
show "#{"a"}#".encode("UTF-16LE")
show "#\{x}".encode("UTF-16LE")

# compatibility between encodings
l1 = "caf\xE9".force_encoding("ISO-8859-1")
p (l1 + "!").encoding
begin
  l1 + "é"
rescue Encoding::CompatibilityError => e
  p e.message
end
begin
  "ab".encode("UTF-16LE") + "a"
rescue Encoding::CompatibilityError => e
  p e.message
end
p ("ab".encode("UTF-16LE") + "cd".encode("UTF-16LE")).encode("UTF-8")
p Encoding.compatible?("a".encode("UTF-16LE"), "b")
p Encoding.compatible?(l1, "abc")
p Encoding.compatible?(l1, "é")
p "ab".encode("UTF-16LE") == "ab"
p "ab".encode("ISO-8859-1") == "ab"

# force_encoding, scrub, unicode_normalize
s = "caf\xC3\xA9".b
p s.force_encoding("UTF-8"), s.encoding
p s.force_encoding(Encoding::ISO_8859_1).length
p "a\xFFb\xFE\xFDc".scrub
p "a\xFFb".scrub("?")
p "a\xFFb\xFE\xFDc".scrub { |bad| "<#{bad.unpack1('H*')}>" }
p "\xFFa".encode("UTF-16LE", invalid: :replace).encode("UTF-8")
p "a\x00\x00\xD8".force_encoding("UTF-16LE").scrub.encode("UTF-8")
p "e\u0301".unicode_normalize(:nfc).codepoints
p "\u00E9".unicode_normalize(:nfd).codepoints
