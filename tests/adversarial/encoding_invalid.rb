def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
bad = "\xff\xfeabc"
t(:valid) { bad.valid_encoding? }
t(:size) { [bad.size, bad.bytesize] }
t(:inspect) { bad.inspect }
t(:upcase) { bad.upcase }
t(:regex) { bad =~ /abc/ }
t(:split) { bad.split("") }
t(:chars) { bad.chars }
t(:reverse) { bad.reverse }
t(:each_char) { bad.each_char.to_a.size }
t(:index) { bad.index("a") }
t(:sub) { bad.sub("a", "z") }
t(:gsub_re) { bad.gsub(/a/, "z") }
t(:center) { bad.center(10, "*") }
t(:to_sym) { bad.to_sym }
t(:to_i) { "\xff12".to_i }
t(:hash_eq) { bad.hash == "\xff\xfeabc".hash }
t(:scrub) { bad.scrub("?") }
t(:b) { bad.b.encoding }
t(:concat_b) { ("é" + "\xff".b) }
t(:concat_b_ascii) { ("abc" + "\xff".b).encoding }
t(:force) { "é".dup.force_encoding("ASCII-8BIT").size }
t(:byteslice) { "é".byteslice(1) }
t(:byteslice_valid) { "é".byteslice(1).valid_encoding? }
t(:getbyte) { "é".getbyte(1) }
t(:setbyte) { s = +"é"; s.setbyte(1, 0xff); [s.valid_encoding?, s.bytes] }
t(:surrogate) { "\xed\xa0\x80".valid_encoding? }
t(:max_cp) { "\u{10FFFF}".bytes }
t(:unicode_escape_bad) { eval('"\u{110000}"') }
t(:chr_big) { 0x110000.chr("UTF-8") }
t(:chr_sur) { 0xd800.chr("UTF-8") }
t(:ord_bad) { "\xff".ord }
t(:upcase_unicode) { "ǆß".upcase }
t(:tr_invalid) { bad.tr("a", "b") }
t(:count_invalid) { bad.count("a") }
t(:ljust_multibyte) { "é".ljust(4, "ü") }
t(:succ_multibyte) { "é".succ }
t(:squeeze_invalid) { "\xff\xff".squeeze }
t(:format_invalid) { format("%s|", bad) }
t(:sym_inspect) { :"foo bar".inspect }
t(:encode) { bad.encode("UTF-16") }
t(:unpack) { "\xff\x00".unpack("C*") }
t(:pack) { [255, 256, -1].pack("C*").bytes }
t(:pack_U) { [0x110000].pack("U") }
t(:start_with) { bad.start_with?("\xff") }
t(:casecmp) { bad.casecmp?("\xFF\xFEABC") }
t(:dump) { bad.dump }
t(:undump) { "\"\\xff\"".undump.bytes }
t(:nul) { "a\0b".size }
t(:lines) { "a\r\nb\rc\n".lines }
t(:each_grapheme) { "e\u0301x".each_grapheme_cluster.to_a.size }
