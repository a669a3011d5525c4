# A tiny binary record format: header, length-prefixed UTF-8 strings, varints, CRC
require 'zlib'

module Rec
  MAGIC = "RECv1".b
  module_function

  def varint(n)
    out = +"".b
    loop do
      byte = n & 0x7f
      n >>= 7
      out << (n.zero? ? byte : byte | 0x80).chr
      break if n.zero?
    end
    out
  end

  def read_varint(io)
    shift = 0
    result = 0
    loop do
      b = io.readbyte
      result |= (b & 0x7f) << shift
      return result if b < 0x80
      shift += 7
    end
  end

  def encode(records)
    body = +"".b
    records.each do |r|
      name = r[:name].encode("UTF-8").b
      body << varint(r[:id]) << [name.bytesize].pack("n") << name << [r[:score]].pack("G") << [r[:flags]].pack("C")
    end
    MAGIC + [records.size, body.bytesize].pack("NN") + body + [Zlib.crc32(body)].pack("N")
  end

  def decode(bin)
    require 'stringio'
    io = StringIO.new(bin)
    raise ArgumentError, "bad magic #{io.read(5).inspect}" unless bin.start_with?(MAGIC) && io.read(5)
    count, size = io.read(8).unpack("NN")
    body = io.read(size)
    crc = io.read(4).unpack1("N")
    raise "crc mismatch: #{crc.to_s(16)} != #{Zlib.crc32(body).to_s(16)}" unless crc == Zlib.crc32(body)
    bio = StringIO.new(body)
    Array.new(count) do
      id = read_varint(bio)
      len = bio.read(2).unpack1("n")
      name = bio.read(len).force_encoding("UTF-8")
      score, flags = bio.read(9).unpack("GC")
      { id: id, name: name, score: score, flags: flags }
    end
  end
end

recs = [
  { id: 1, name: "Zoë", score: 9.5, flags: 0b101 },
  { id: 300, name: "日本語テキスト", score: -0.125, flags: 255 },
  { id: 2**40 + 7, name: "emoji 🎉👍🏽", score: Float::INFINITY, flags: 0 },
]
bin = Rec.encode(recs)
p bin.bytesize, bin.encoding, bin[0, 5], bin.unpack1("@5N"), bin.byteslice(-4, 4).unpack1("N").to_s(16)
back = Rec.decode(bin)
p back == recs, back.map { |r| r[:name].encoding }, back[2][:name].length, back[2][:name].bytesize
p Rec.varint(300).bytes, Rec.varint(0).bytes, Rec.varint(2**40 + 7).unpack("C*")
corrupt = bin.dup
corrupt.setbyte(20, corrupt.getbyte(20) ^ 0xff)
begin
  Rec.decode(corrupt)
rescue => e
  puts "#{e.class}: #{e.message}"
end
begin
  Rec.decode("XXXXX".b + bin[5..])
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
s = "naïve café — 日本 🎉"
p s.length, s.bytesize, s.encoding, s.valid_encoding?, s.ascii_only?, s.reverse, s.upcase, s.center(24, "·")
p s.chars.first(6), s.each_grapheme_cluster.count, "👍🏽".length, "👍🏽".grapheme_clusters.size, s.codepoints.last(2)
p s.encode("ISO-8859-1", invalid: :replace, undef: :replace, replace: "?"), s.encode("US-ASCII", undef: :replace).count("?")
latin = "caf\xE9".force_encoding("ISO-8859-1")
p latin.encode("UTF-8"), latin.bytes, latin.valid_encoding?, "caf\xE9".valid_encoding?, "caf\xE9".scrub("�"), "ab\xffcd".scrub { |b| "<#{b.unpack1('H*')}>" }
begin
  "caf\xE9" + "é"
rescue Encoding::CompatibilityError => e
  puts "#{e.class}: #{e.message}"
end
begin
  "日本".encode("ISO-8859-1")
rescue Encoding::UndefinedConversionError => e
  puts "#{e.class}: #{e.message}"
  p e.error_char, e.source_encoding_name, e.destination_encoding_name
end
p "é".unicode_normalize(:nfd).bytes, "e\u0301".unicode_normalize(:nfc) == "é", "Ａｂｃ１".unicode_normalize(:nfkc)
p [1, -2, 3.5, "hi"].pack("s>l<eA4"), [65, 66].pack("U*"), "\u3042".unpack("U*"), ["616263"].pack("H*"), "abc".unpack1("H*"), ["YWJj"].pack("m0") rescue p $!
p ["abc"].pack("m"), "YWJj\n".unpack1("m"), [1, 2].pack("w*").bytes, "\x81\x00".unpack("w"), [3.14].pack("d").unpack1("d")
p "%08.3f|%-6s|%+d|%x|%o|%e|%10.4s|%c|%%|%b|%5.1f%%" % [3.14159, "ab", 5, 255, 8, 12345.678, "abcdefg", 65, 10, 99.95]
p format("%-10<name>s|%<n>05d", name: "x", n: 42), format("%s and %p", "str", "str"), format("%.2e", 0.000123)
p "hello world".tr('a-y', 'b-z'), "aaabbbccc".squeeze, "aaabbbccc".squeeze("a-b"), "az".succ, "zz99".succ, "a9".succ, "Zz".succ
p "hello"[1..], "hello"[-3, 2], "hello".slice(1...-1), "hello".byteslice(1, 2), "héllo".byteslice(1, 2).valid_encoding?
p "The Quick brown".scan(/\b\w/).join, "a1b22c333".gsub(/\d+/) { |m| m.size.to_s }, "2024-01-15".match(/(?<y>\d+)-(?<m>\d+)/).named_captures
p "snake_case_words".split("_").map.with_index { |w, i| i.zero? ? w : w.capitalize }.join, "CamelCaseString".gsub(/(?<!^)([A-Z])/, '_\1').downcase
