# The conversion errors: their classes, CRuby's messages and accessors.
def try
  r = yield
  puts "ok: #{r.inspect}"
rescue StandardError => e
  puts "#{e.class}: #{e.message}"
  e
end

e = try { "€".encode("ISO-8859-1") }
p [e.error_char, e.source_encoding, e.destination_encoding, e.source_encoding_name, e.destination_encoding_name]
e = try { "é".encode("US-ASCII") }
p [e.error_char, e.source_encoding_name, e.destination_encoding_name]
try { "é".encode("ASCII-8BIT") }
try { "\xFF".b.encode("UTF-8") }
try { "\xFF".b.encode("ISO-8859-1") }
try { "é".encode("ISO-8859-1").encode("US-ASCII") }
try { "€".encode("UTF-16LE").encode("ISO-8859-1") }
try { "あ".encode("EUC-JP").encode("ISO-8859-1") }
e = try { "\xFF".encode("UTF-16LE") }
p [e.error_bytes, e.readagain_bytes, e.incomplete_input?, e.source_encoding, e.destination_encoding]
e = try { "\xE3\x81".encode("UTF-16LE") }
p [e.error_bytes, e.readagain_bytes, e.incomplete_input?]
e = try { "\xE3\x81a".encode("UTF-16LE") }
p [e.error_bytes, e.readagain_bytes, e.incomplete_input?]
try { "\xE3a".encode("ISO-8859-1") }
try { "\xFF".force_encoding("US-ASCII").encode("UTF-8") }
try { "\xA4".force_encoding("EUC-JP").encode("UTF-8") }
try { "a".encode("UTF-7") }
try { "a".encode("no-such-encoding") }
try { "é".encode("UTF-8", "no-such-encoding") }
try { "a".force_encoding("no-such-encoding") }
try { "a".encode("UTF-8", xml: :html) }
try { "é".encode("US-ASCII", fallback: { "x" => "y" }) }
try { "é".encode("US-ASCII", fallback: ->(c) { raise ArgumentError, "no #{c}" }) } rescue p $!
p Encoding::UndefinedConversionError.ancestors.take(3)
p Encoding::InvalidByteSequenceError.superclass, Encoding::ConverterNotFoundError.superclass
p Encoding::CompatibilityError.superclass

c = Encoding::Converter.new("UTF-8", "ISO-8859-1")
p c
p c.convert("café")
try { c.convert("€") }
p c.last_error
p c.source_encoding, c.destination_encoding
p Encoding::Converter.new("UTF-8", "ISO-8859-1", undef: :replace).convert("a€")
try { Encoding::Converter.new("UTF-8", "nonexistent") }
p Encoding::Converter.asciicompat_encoding("UTF-16BE")
p Encoding::Converter.asciicompat_encoding("ISO-2022-JP")
p Encoding::Converter.asciicompat_encoding("UTF-8")
