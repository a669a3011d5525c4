# index/rindex with regex and offsets, sub! return values, delete/squeeze!, replace
s = "the cat sat on the mat"
p s.index(/at/), s.index(/at/, 6), s.rindex(/at/), s.rindex("the", 10)
p s.scan(/\b\w/).join, s.sub(/(\w+) (\w+)/, '\2 \1'), s.count("t")
t = s.dup
p t.sub!("dog", "x"), t.sub!("cat", "dog"), t
p t.gsub!(/zz/, ""), t.gsub!(/at\b/, "AT"), t
p t.tr!("xyz", "abc"), t.delete!("q"), t.squeeze!("z")
p "hello"=~/ll/, "hello".match(/l+/).to_s, "hello".sub(/l/) { $&.upcase }
p s.start_with?(/th/), s.end_with?("mat"), s.delete_prefix("the ").delete_suffix(" mat")
p s.each_char.with_index.select { _1 == "a" }.map(&:last)
p s.split.map(&:length).max, s.split.max_by(&:length), s.squeeze("t")
p "aaa".gsub("a") { "b" }, "a.b.c".split(".", 2), "abc".sub("", "-")
