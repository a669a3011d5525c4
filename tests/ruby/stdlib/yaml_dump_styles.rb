require 'yaml'
require 'date'
require 'set'
long_q = ("it's a 'quoted' thing: " * 6).strip
vals = [long_q, ("tab\t and \"dq\" " * 8).strip, "é" * 90, "🎉 party", "a\u0085b", {"x" * 130 => 1}, :"with space", :"a:b", :"1", "  lead\nmulti\n", "multi\n  indented\n", "trailing space \nnext", "ends\n", "a\n\nb\n\n\n",
 1..5, /re+g/i, Rational(1, 3), Complex(1, 2), Date.new(2020, 1, 2), Time.utc(2020, 1, 2, 3, 4, 5), Time.at(0, 500, :usec).utc, Set[1, 2],
 String, {"a" => {"b" => {}}, "c" => [[]]},
 [nil, true, false, "", " ", "0", "-", "--", "---", "...", "=", "<<"], {"<<" => 1}, 0.1 + 0.2, 1.0, 100.0, 1e-5, -1e100, 12345678901234.5,
 "0x1F", "1e3", "+1", ".5", "1.", "Yes", "NO", "on", "Off", "2020-01-02", "12:30", "1:2:3", "abc:", "a - b", "a: ", "- ", "[", "]", "{", "a{b", "a#b", "a #b", "\\", "\\n", "\u00A0x", "x\u00A0", "\u200b",
 ["a" * 200], {"k" => "v " * 50}, [[["deep " * 20]]], "a " * 41, "ab " * 27]
vals.each { |v| print v.inspect[0, 50], " => ", v.to_yaml.inspect, "\n" }
[{"a"=>"a\n\nb\n\n\n", "b"=>"c"}, ["a\n\nb\n\n\n", "y"], "a\n\nb\n\n\n", ["z", "a\n\nb\n\n\n"], {"k" => ["a\nb\n\n"]}, "\u{10FFFF}x", "\uFFFE", "\uFFFD", "\uD7FF", "\uE000"].each { |v| p v.to_yaml }
print YAML.dump_stream("a\nb\n\n", "y")
