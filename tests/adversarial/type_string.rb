def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(1) { "a" + 1 }
t(2) { "a" * -1 }
t(3) { "a" * "b" }
t(4) { "a".center(10, "") }
t(5) { "a".ljust("x") }
t(6) { "a".to_i(1) }
t(7) { "a".to_i(37) }
t(8) { "a".count }
t(9) { "a".delete }
t(10) { "abc".tr("a") }
t(11) { "%d" % "x" }
t(12) { "%z" % 1 }
t(13) { "a".insert(10, "b") }
t(14) { "a".each_char("x") }
t(15) { "a".split(1) }
t(16) { "a" <=> 1 }
t(17) { "a" =~ "a" }
t(18) { "abc"[1, -1] }
t(19) { "abc"["x"] }
t(20) { "abc"[nil] }
t(21) { s = "abc"; s[5] = "x" }
t(22) { s = "abc"; s[1] = 1 }
t(23) { "abc".start_with?(1) }
t(24) { "abc".include?(nil) }
t(25) { "abc".index(1) }
t(26) { "abc".sub("b") }
t(27) { "abc".gsub }
t(28) { "abc".gsub("b", 1) }
t(29) { "abc".gsub("b", {"b" => 1}) }
t(30) { "abc".scan(1) }
t(31) { "abc".chars(1) }
t(32) { "abc".unpack("w") }
t(33) { "abc".encode("bogus-enc") }
t(34) { "abc".force_encoding(1) }
t(35) { "abc".to_sym.to_proc.call }
t(36) { "abc".upto }
t(37) { "a".upto("e", 1).to_a }
t(38) { "abc".squeeze(1) }
t(39) { "abc" * (2**64) }
t(40) { "abc".rjust(2**64) }
t(41) { "ab".each_line(nil).to_a }
t(42) { "ab".each_line("").to_a }
t(43) { "abc".slice(0, 2**70) }
t(44) { "abc".byteslice(-10, 2) }
t(45) { "abc".casecmp(1) }
t(46) { "abc".casecmp?(1) }
t(47) { "abc".delete_prefix(1) }
t(48) { "a,b".split(",", "x") }
t(49) { "abc".sum("x") }
t(50) { "abc".crypt("a") }
