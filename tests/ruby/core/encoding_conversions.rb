# String#encode between Unicode, single-byte and multibyte encodings, with
# the options that replace, escape or rewrite newlines.
def show(s)
  puts "#{s.encoding}: #{s.inspect} #{s.bytes.inspect}"
end

show "é".encode("ISO-8859-1")
show "é€".encode("ISO-8859-15")
show "Привет".encode("KOI8-R")
show "Привет".encode("Windows-1251")
show "aé".encode("UTF-16LE")
show "aé".encode("UTF-16BE")
show "aé".encode("UTF-16")
show "a\u{1F600}".encode("UTF-32LE")
show "a\u{1F600}".encode("UTF-16BE")
show "あい".encode("Shift_JIS")
show "あい".encode("EUC-JP")
show "中文".encode("GBK")
show "中文".encode("Big5")
show "한국".encode("EUC-KR")
show "\xE9".force_encoding("ISO-8859-1").encode("UTF-8")
show "\x82\xA0".force_encoding("Shift_JIS").encode("UTF-8")
show "あ".encode("EUC-JP").encode("Shift_JIS")
show "a\u00E9".encode("UTF-16LE").encode("UTF-8")
show "\xFF\xFEa\x00".force_encoding("UTF-16").encode("UTF-8")
show "abc".encode("US-ASCII")
show "abc".encode("IBM437")
show "abc".encode(Encoding::UTF_32BE)

# options
show "é€\xFF".encode("US-ASCII", invalid: :replace, undef: :replace)
show "é€".encode("US-ASCII", undef: :replace, replace: "*")
show "é€\xFF".encode("UTF-16LE", invalid: :replace)
show "é€".encode("ISO-8859-1", undef: :replace)
show "\xFFa".encode("UTF-8", invalid: :replace)
show "\xFFa".encode("UTF-8", invalid: :replace, replace: "?")
show "\xFFa".encode("UTF-8")
show "é€".encode("US-ASCII", fallback: { "é" => "e", "€" => "EUR" })
show "é€".encode("US-ASCII", fallback: ->(c) { "[#{c.ord}]" })
show "a<b>&\"'c".encode(xml: :attr)
show "a<b>&\"'c".encode(xml: :text)
show "é€<".encode("US-ASCII", xml: :text)
show "é€<".encode("US-ASCII", xml: :attr)
show "a\nb\r\nc\rd".encode(universal_newline: true)
show "a\nb".encode(crlf_newline: true)
show "a\nb".encode(cr_newline: true)
show "a\nb".encode("UTF-16LE", crlf_newline: true)

s = +"é€"
s.encode!("ISO-8859-15")
show s
s.encode!("UTF-8")
show s
show "caf\xE9".encode("UTF-8", "ISO-8859-1")
show "é".encode("UTF-8", Encoding::ISO_8859_1)
p "é".encode("ISO-8859-1") == "é"
p "é".encode("ISO-8859-1") == "\xE9".force_encoding("ISO-8859-1")
p "é".encode("UTF-16LE").encode("UTF-8") == "é"
