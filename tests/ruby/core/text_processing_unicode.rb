# Text processing: a word-frequency report over multilingual text with normalization.
text = <<~T
  Ünïcödé façade — naïve café. The CAFÉ's crème brûlée costs €4,50!
  Straße vs STRASSE; ﬁne ligatures; İstanbul & ıstanbul. 日本語のテキスト、かな。
  tabs\tand   spaces…  "quotes" ‘single’ and «guillemets».
T
words = text.downcase.scan(/[[:alpha:]]+/)
p words.size, words.first(8)
p words.tally.sort_by { |w, c| [-c, w] }.first(5)
p text.unicode_normalize(:nfd).bytesize, text.unicode_normalize(:nfc).bytesize, "ﬁne".unicode_normalize(:nfkc)
p "Straße".upcase, "STRASSE".downcase, "İstanbul".downcase, "ıstanbul".upcase, "ǅ".swapcase, "straße".casecmp?("STRASSE")
p "café".encode("ISO-8859-1").bytes, "café".encode("US-ASCII", undef: :replace), "café".encode("US-ASCII", fallback: { "é" => "e" })
p (begin; "café".encode("US-ASCII"); rescue => e; [e.class, e.message]; end)
bad = "ok\xFFbad\xC3".dup.force_encoding("UTF-8")
p bad.valid_encoding?, bad.scrub("?"), bad.scrub { |b| "<#{b.unpack1('H*')}>" }, bad.inspect
p "日本語".chars, "日本語".bytes.size, "日本語".reverse, "日本語".center(9, "*"), "日本語".ljust(5, ".") + "|"
p "e\u0301".length, "e\u0301".each_grapheme_cluster.to_a.size, "👨‍👩‍👧".length, "👨‍👩‍👧".grapheme_clusters.size
p "hello world".tr("a-y", "b-z"), "aaabbbccc".squeeze, "hello".tr("el", "ip"), "hello".delete("l"), "hello".count("lo")
p "az".succ, "zz".succ, "a9".succ, "Zz".succ, "1.9".succ, "".succ
p format("%-6s|%6s|%.2s", "日本", "日本", "日本語"), "%05.1f%%" % 12.345, "%+d %x %o %b %e" % [5, 255, 8, 5, 12345.678]
p "Hello World Foo".split(/(\s)/), "a,b,,c,,".split(","), "a,b,,c,,".split(",", -1), " a  b ".split, "abc".split("")
p "CamelCaseString".gsub(/([A-Z])/) { "_" + $1.downcase }.sub(/\A_/, ''), "snake_case_here".split('_').map.with_index { |w, i| i.zero? ? w : w.capitalize }.join
p "The quick brown fox".scan(/\b\w/).join, "x=1, y=22, z=333".scan(/(\w)=(\d+)/).to_h
p "%s and %p" % ["str", "str"], "abc".unpack("U*"), [233, 0x65e5].pack("U*"), "ab".unpack1("H*"), ["616263"].pack("H*")
p "résumé".unicode_normalize(:nfd).gsub(/\p{Mn}/, ''), "Ａｂｃ１２３".unicode_normalize(:nfkc)
p "title case words here".split.map(&:capitalize).join(" "), "  strip\t\n".strip, "xxhixx".delete_prefix("xx").delete_suffix("xx")
p "hello"[1..], "hello"[-3, 2], "hello".byteslice(1, 2), "héllo".byteslice(1, 2), "héllo".byteslice(1, 2).valid_encoding?
s = +"abc"; s[1] = "ΩΩ"; s.insert(0, "→"); s << 0x263A; p s, s.length, s.bytesize, s.encoding
p "line1\r\nline2\nline3".lines(chomp: true), "a-b_c d".tr("-_", "  ").split, "%c" % 10004
