b = "\xff\x00\x80".b
r = "%s|%s" % [b, "ok"]
p r.bytes, r.encoding
r2 = format("%-6s|", "\xe9t\xe9".force_encoding("ISO-8859-1"))
p r2.bytes, r2.encoding
p ("%s" % "é").encoding, ("%d" % 5).encoding, ("%s".b % "x").encoding, ("%s".encode("US-ASCII") % "x").encoding
p ("%s" % :sym).encoding, format("%c", 0xe9).bytes, format("%c".b, 65), ("%s" % ["\u00e9".encode("UTF-16LE")] rescue $!.class)
o = Object.new
def o.to_ary = ["x", "y"]
p "%s-%s" % o
p "%5.2s|" % "héllo", "%-4s|" % "日本", "%x" % -255, "%#o" % 8, "% d" % 3, "%08.2e" % 1234.5, "%.3g|%g|%g" % [0.0001234, 1e20, 123456789.0]
p "%s" % nil, "%p" % [nil], "%-5p|" % :a, "%*d|%-*d|" % [5, 1, 4, 2], "%1$s %1$s %2$s" % ["a", "b"], "%<a>s %{b}" % { a: 1, b: 2 }
begin
  "%d" % "abc"
rescue ArgumentError => e
  p e.message
end
begin
  "%d %d" % [1]
rescue ArgumentError => e
  p e.message
end
begin
  "%z" % 1
rescue ArgumentError => e
  p e.message
end
p format("%c", "é"), (format("%c", "ab") rescue $!.message), format("%c".b, 0xe9).bytes, (format("%c".b, 300) rescue $!.class)
p format("%-3s|%3s|", "\xe9".b, "\xe9".b).bytes, format("%.1s", "日本"), format("%.1s", "日本".b).bytesize
bin = [1, 2, 255].pack("C*")
line = format("%s:%s", "key", bin)
p line.encoding, line.bytes
begin
  format("%s%s", "é", "\xe9".force_encoding("ISO-8859-1"))
rescue Encoding::CompatibilityError => e
  p e.class, e.message
end
