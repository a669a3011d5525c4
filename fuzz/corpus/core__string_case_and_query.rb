# String case methods, predicates, searching
s = "Hello World"
p s.upcase, s.downcase, s.swapcase, s.capitalize, "hELLO".capitalize
p s.length, s.size, s.empty?, "".empty?
p s.include?("World"), s.start_with?("Hell"), s.end_with?("ld")
p s.index("o"), s.rindex("o"), s.index("o", 5), s.index("z")
p s.count("lo"), s.count("a-z"), s.count("^a-z")
p s =~ /W/, s.match?(/world/i)
p s.upcase.eql?("HELLO WORLD")
p "abc".succ, "az".succ, "zz".succ, "a9".succ, "Zz".succ, "1.9".succ
p "abc".ord, 97.chr, "abc".sum
p s.delete("l"), s.squeeze("l"), s.reverse
p "ruby is fun".split.map(&:capitalize).join(" ")
p "ab" <=> "abc", "b" > "abc"
p "%s" % "x", "a".ljust(3, ".") + "|"
p "Straße".upcase, "ǅ".downcase rescue p $!
