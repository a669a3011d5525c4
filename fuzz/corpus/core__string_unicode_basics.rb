# Multibyte strings: length vs bytesize, reverse, upcase, center, slicing
s = "héllo wörld"
p s.length, s.bytesize, s.reverse, s.upcase, s.capitalize
p s[1], s[1, 3], s.chars.first(3), s.index("w"), s.byteindex("w") rescue p s.index("w")
p s.center(15, "*"), s.ljust(13, "."), s.tr("éö", "eo")
p "Ωmega".downcase, "ÀÉÎ".downcase, "straße".length
p "日本語テキスト".chars.each_slice(3).map(&:join)
p "a→b→c".split("→"), "κόσμε".size, "😀x".length
p "über".start_with?("ü"), "üben" < "zeta", "é".ord, 233.chr(Encoding::UTF_8)
p s.each_char.select { _1.bytesize > 1 }
p "ab".encoding, "ab".valid_encoding?, "€".unpack("U*") rescue p $!.class
