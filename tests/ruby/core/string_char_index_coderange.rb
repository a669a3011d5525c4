# Character indexing on ASCII-only, multi-byte, binary and broken strings,
# and the cached ASCII-only flag after every kind of mutation.
s = "hello world"
p s[0], s[4], s[-1], s[-11], s[11], s[-12], s[100]
p s[2, 3], s[11, 1], s[12, 1], s[-3, 10], s[3, -1], s[0, 0]
p s[1..3], s[1...3], s[-5..], s[..2], s[11..], s[12..], s[3..1]
p s.slice(6), s.slice(6, 5), s.size, s.length
u = "héllo wörld"
p u[0], u[1], u[2], u[-1], u[-4], u[11], u[-12], u.size, u.bytesize
p u[1, 3], u[7..8], u[-5..], u[1...-1]
p u.index("l"), u.index("l", 4), u.index("ö"), u.index("o", -4), u.rindex("l"), u.rindex("l", 8)
p u.index("l", 20), u.index("", 11), u.rindex("o", -5), u.rindex("h", 0)
b = "h\xC3\xA9llo".b
p b[0], b[1], b[2], b[-1], b.size, b[1, 2], b[1..2], b.index("l"), b.each_char.to_a, b.chars.size
x = "ab\xFFcd\xC3"
p x.size, x[2], x[3], x[-1], x[1, 3], x.valid_encoding?, x.index("c"), x.chars
# mutation after the ASCII-only flag was cached
s = "abc"; p s[1]; s << "é"; p s[3], s.size, s[-1], s.index("é")
s = "abc"; p s.size; s.force_encoding("ASCII-8BIT"); s << "\xC3\xA9".b; p s.size, s[3], s[4]
s = "abc"; p s[2]; s.setbyte(1, 0xC3); p s.valid_encoding?, s[1], s.size; s.setbyte(2, 0xA9); p s[1], s.size
s = "aé"; p s.size; s.force_encoding("BINARY"); p s.size, s[1]; s.force_encoding("UTF-8"); p s.size, s[1]
s = "xyz"; p s[0]; s[1] = "ü"; p s, s[1], s[2], s.size
s = "xyz"; p s[2]; s.insert(1, "日本"); p s[1], s[3], s.size
s = "日本語"; p s[1]; s.slice!(0); p s[0], s.size; s.replace("abc"); p s[2], s.size
s = "abc"; p s[0]; s.prepend("ñ"); p s[0], s[1], s.size
s = "abcd"; p s.size; s.sub!("b", "€"); p s[1], s[2], s.size; s.gsub!("€", "b"); p s[1], s.size
s = "aaa"; p s.size; s.tr!("a", "é"); p s.size, s[2]; s.upcase!; p s
s = "ab"; p s[1]; s.concat("ç", "d"); p s[2], s[3]; s.clear; p s[0], s.size
s = +"abc"; p s[0]; s.chop!; s << "ß"; p s[2], s.size
f = "frozen".freeze; p f[1], f[-1], f.size
# errors
p((("abc")[1, 2, 3] rescue $!), ("abc"[nil] rescue $!), ("abc"[:a] rescue $!), ("abc"["b"]), ("abc".slice("z")))
def try
  yield
rescue => e
  e
end
t = +"abc"
p try { t[5] = "x" }, try { t[-5] = "x" }, try { t[1, -1] = "x" }, try { t[4..] = "x" }, try { t[3] = "!" }, t
p "abc".byteslice(1), "aéb".byteslice(1, 2), "aéb".byteslice(1), "abc".byteslice(-1, 5), "abc".byteslice(4)
big = "x" * 100_000 + "é"
p big[99_999], big[100_000], big[-1], big.size, big.index("é", 99_000), big[100_001]
# every index of strings mixing 1- to 4-byte characters at all alignments
pieces = ["a", "bc", "é", "日本", "😀", "xyz1234", "ü" * 5, "q" * 13, "€"]
strs = (0...40).map { |k| Array.new(12) { |j| pieces[(k * 7 + j * 3 + j * j) % pieces.size] }.join }
ok = strs.all? do |u|
  cs = u.chars
  (-cs.size - 2..cs.size + 1).all? { |i| u[i] == cs[i] } && u.size == cs.size
end
p ok, strs[5], strs[5].size, strs[5][17], strs[5][-9]
