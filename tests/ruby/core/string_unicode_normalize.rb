# unicode_normalize / unicode_normalize! / unicode_normalized? in the four
# forms, with CRuby's errors for other encodings and bad forms.
s = "e\u0301 café ﬁ ① Å Ω ḳ́ 가 x²"
%i[nfc nfd nfkc nfkd].each do |f|
  r = s.unicode_normalize(f)
  p [f, r, r.length, r.bytesize, r.unicode_normalized?(f), s.unicode_normalized?(f)]
end
p s.unicode_normalize == s.unicode_normalize(:nfc), "abc".unicode_normalized?
p "\u1100\u1161\u11A8".unicode_normalize, "각".unicode_normalize(:nfd).codepoints
p "Å".unicode_normalize(:nfd).unicode_normalize(:nfc) == "Å"
p "\u0041\u030A\u0323".unicode_normalize.codepoints, "\u1E0B\u0323".unicode_normalize(:nfd).codepoints
p (s.unicode_normalize(:xyz) rescue $!)
p ("x".unicode_normalize("nfc") rescue $!)
p ("x".unicode_normalize(:nfc, 1) rescue $!)
p ("abc".b.unicode_normalize rescue $!)
p ("\xff".b.unicode_normalized? rescue $!)
p ("x".b.unicode_normalize!(:nfd) rescue $!)
p ("ab\xffc".unicode_normalize rescue $!)
a = "abc".force_encoding("US-ASCII").unicode_normalize(:nfkd)
p a, a.encoding
t = +"e\u0301"
p t.unicode_normalize!, t, t.length
u = +"plain"
p u.unicode_normalize!.equal?(u)
p ("x".freeze.unicode_normalize! rescue $!)
