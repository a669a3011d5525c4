# Iterating strings: each_char, each_line, each_byte, chars, lines, each_with_index
s = "ab\ncd\n"
s.each_char { |c| print c.inspect, " " }
puts
s.each_line { |l| p l }
p s.lines
p s.lines(chomp: true)
p "héllo".bytes.size, "héllo".chars.size
"abc".each_byte { |b| print b, " " }
puts
"xyz".each_char.with_index { |c, i| print "#{i}#{c} " }
puts
p "a,b;c".split(/[,;]/)
p "one two  three".split
p "1,2,,3,,".split(",")
p "1,2,,3,,".split(",", -1)
p "abc".split("")
p "a b c".split(" ", 2)
p "abc".each_char.to_a
