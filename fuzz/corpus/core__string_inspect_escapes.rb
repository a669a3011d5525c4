# String#inspect escaping of control, quote, unicode, and non-printable characters
p "a\"b", "a\\b", "tab\t", "nl\n", "cr\r", "bell\a", "esc\e", "nul\0", "del\x7F"
p "\#{not interp}", '#{lit}', "#", "#@", "\#$x"
p "日本", "é", "\u00e9", "\u{1F600}", "ü".bytes
p "\x01\x02", "\xff".force_encoding("BINARY"), "abc".b
p :"a\"b", :"new\nline"
p "\\n".length, '\n'.length, "\n".length
puts "\u00e9".inspect, "\e[1m".inspect
