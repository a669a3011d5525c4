# Character indexing on long multibyte strings: forward, backward and
# random walks, negative indices, ranges, index/rindex with positions,
# MatchData offsets, and answers after each kind of mutation.
s = +("aé日𝄞" * 200 + "tail")
p s.size, s.bytesize
p s[0], s[1], s[2], s[3], s[799], s[800], s[803], s[804], s[805]
p s[-1], s[-4, 4], s[-805], s[-806]
p s[400, 6], s[790..], s[100...104], s[-10..-7]
fwd = (0...s.size).map { |i| s[i] }.join
p fwd == s
back = (0...s.size).to_a.reverse.map { |i| s[i] }.join
p back == s.reverse
r = Random.new(7)
p (1..200).map { r.rand(s.size) }.all? { |i| s[i] == s.chars[i] }
p s.index("日", 0), s.index("日", 400), s.index("日", 799), s.index("t", 5)
p s.rindex("a", 500), s.rindex("𝄞", -1), s.index(/𝄞a/, 600)
m = s.match(/é日/, 601)
p m.begin(0), m.end(0), m.pre_match.size, $~.offset(0)
p s =~ /tail/, $~.begin(0), /a/.match(s, 797).begin(0), /a/.match?(s, 800)
p s.byteslice(0, 7), s.slice(2, 3)
s[5] = "XY"
p s.size, s[4, 4], s[804]
s.insert(0, "ü")
p s.size, s[0, 3], s[805]
s << "ß" * 100
p s.size, s[-1], s[900], s[906]
s.slice!(0, 10)
p s.size, s[0, 5]
s.force_encoding("BINARY")
p s.size, s[0]
s.force_encoding("UTF-8")
p s.size, s[0, 3]
b = ("ok\xff" + "é" * 150 + "\xe3\x81").force_encoding("UTF-8")
p b.valid_encoding?, b.size, b[2], b[3], b[152], b[153], b[-3], b[100, 3]
p b.index("é", 50), (0...b.size).map { |i| b[i] }.join == b
