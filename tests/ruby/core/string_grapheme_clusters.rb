# Extended grapheme clusters: combining marks, emoji ZWJ sequences and
# modifiers, regional-indicator flags, Hangul, CRLF, invalid bytes and
# binary strings.
samples = [
  "e\u0301te\u0301",
  "a\u0308\u0323b",
  "👨‍👩‍👧‍👦 family",
  "👍🏽👋🏿",
  "🇯🇵🇺🇸🇫",
  "🏳️‍🌈!",
  "\u1100\u1161\u11A8각",
  "line\r\nnext\n",
  "",
  "plain",
]
samples.each do |s|
  g = s.grapheme_clusters
  p [g, g.size, s.length, s.each_grapheme_cluster.to_a == g]
end
p "a\xffe\u0301b".grapheme_clusters, "\xe3\x81ab".grapheme_clusters, "\xffa\xfe".grapheme_clusters
p "e\u0301x".b.grapheme_clusters
p "e\u0301x".force_encoding("US-ASCII").grapheme_clusters.size
out = []
r = "🇫🇷e\u0301".each_grapheme_cluster { |c| out << c.bytesize }
p out, r
e = "ab".each_grapheme_cluster
p e.class, e.next
p "🇫🇷e\u0301".grapheme_clusters.map(&:encoding).uniq
