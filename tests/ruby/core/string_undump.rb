samples = ["plain", "tab\there\n", "é ü 日本", "\u{1F600} emoji", "\x00\x01\x7f", "\#{x} \#$y #z", "\e\a\b\f\v\r", "quote\"back\\slash", "\xff\xfe".b, "bad \xff utf8"]
samples.each do |s|
  d = s.dump
  u = d.undump
  puts [d, u == s, u.encoding, u.valid_encoding?].inspect
end
['"\\u00e9"', '"\\u{1F600 20 41}"', '"\\xE3\\x81\\x82"', '"a\\qb"', '"\\x41".force_encoding("ASCII-8BIT")', '"\\xE9".dup.force_encoding("US-ASCII")', "\"a\\\#{b}\""].each do |d|
  u = d.undump
  puts [d, u, u.encoding, u.bytes.size].inspect
end
['plain', '"unterminated', '"a"b', '"\\u00e9".force_encoding("UTF-8")', "\"a\"\0", '"é"', '"\\u{110000}"', '"\\ud800"', '"\\u12"', '"\\xZZ"', '"\\x41\\u0041"', '"\\u0041\\x41"', '"\\', '"a".force_encoding("NOPE")', '"a".force_encoding("UTF-8"', '"\\u{}"', '"\\u{1234567}"', '"\\u{41'].each do |d|
  begin
    p d.undump
  rescue => e
    puts "#{d.inspect}: #{e.class}: #{e.message}"
  end
end
p "abc".dump.undump.frozen?, "x".undump rescue p $!
p "é".dump.encoding, "a".force_encoding("US-ASCII").dump.encoding, "\xff".b.dump.encoding
