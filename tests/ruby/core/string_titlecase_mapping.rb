# Titlecase letters under swapcase and capitalize: Latin digraphs, Greek
# with prosgegrammeni, ligatures, ß and ŉ; :ascii leaves them alone.
%w[ǅ ǈ ǋ ǲ Ǆ ǆ ǉ ǳ ᾈ ᾏ ᾘ ᾯ ᾼ ῌ ῼ ᾀ ᾳ ῃ ῳ ᾲ ᾴ ᾷ ῂ ῄ ῇ ῲ ῴ ῷ ß ŉ ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ և ǰ ΐ].each do |c|
  p [c, c.swapcase, c.capitalize, c.upcase, c.downcase]
end
p "ǅemal ǈubav".swapcase, "ǆemal".capitalize, "ǅEMAL".capitalize, "ǅ".swapcase(:ascii)
p "ﬁsh ﬂy".capitalize, "straße".capitalize, "ᾳι".capitalize, "mIxEd ǅ".swapcase
s = +"ǅx"
p s.swapcase!, s, s.capitalize!, s
