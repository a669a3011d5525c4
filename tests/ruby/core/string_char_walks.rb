# Case mapping, reverse, delete, count, squeeze and each_char walk the
# characters one by one (a big string must not need a list of them).
s = format("%05.2000000f|", 4.25)
p s.size, s.upcase.size, s.downcase.size, s.swapcase.size, s.capitalize.size, s.reverse.size
p s.reverse[0, 3], s.delete("0").size, s.count("0"), s.squeeze.size, s.each_char.count
p "héllo wörld".reverse, "héllo".upcase, "ÀÉ".downcase, "aBc".swapcase, "élan".capitalize
p "aaabbbccc".squeeze, "héllo".delete("l"), "héllo".count("lé"), "abc".each_char.to_a
p "\xFFé\xFE".reverse, "\xFFé".b.reverse, "".reverse, "a".reverse
p "ǆemal".capitalize, "straße".upcase
