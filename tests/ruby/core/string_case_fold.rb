# Full Unicode case folding (downcase(:fold), casecmp?), and the errors
# case mapping raises on broken UTF-8 or incompatible encodings.
def try
  yield
rescue => e
  "#{e.class}: #{e.message}"
end

p "ß".casecmp?("SS"), "ß".casecmp?("ss"), "ﬀ".casecmp?("ff"), "Straße".casecmp?("STRASSE"), "ǆ".casecmp?("Ǆ"), "ς".casecmp?("Σ")
p "ß".downcase(:fold), "ﬀ".downcase(:fold), "ΣΑΣ".downcase(:fold), "İ".downcase(:fold).bytes
p "\xff".b.casecmp?("é"), "abc".b.casecmp?("ABC"), "é".casecmp?("É"), "é".dup.force_encoding("BINARY").casecmp?("É")
p :Straße.casecmp?(:STRASSE), :abc.casecmp?("abc"), "abc".casecmp?(1)
p "ÀÉÎ".downcase(:fold), "ǅ".downcase(:fold), try { "ﬃ".downcase(:fold, :turkic) }
p try { "ABC\xff".downcase(:fold) }, "ABC".downcase!(:fold), "abc".downcase!(:fold)
p try { "ABC\xff".downcase }, try { "ABC\xff".upcase }, "ABC\xff".downcase(:ascii), try { "ABC\xff".swapcase }
p try { "ABC\xff".capitalize }, "ABC\xff".b.downcase, try { "abc".upcase(:fold) }
p "Äb".casecmp("äB"), "ß".casecmp("ss"), "\xff".b.casecmp("é"), "abc\xff".casecmp("ABC\xff")
p try { "abc\xff".casecmp?("ABC\xff") }, "ABC".casecmp?("abc".encode("UTF-16LE"))
words = %w[Straße STRASSE strasse Ökonom ÖKONOM ökonom Ǆemal ǆemal]
p words.group_by { |w| w.downcase(:fold) }.values
p words.uniq { |w| w.downcase(:fold) }, words.sort_by { |w| [w.downcase(:fold), w] }
