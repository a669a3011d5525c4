# String indexing/slicing with ints, ranges, negative indices, regexps, assignment
s = "hello world"
p s[0], s[-1], s[100], s[0, 5], s[6..], s[-5..], s[..4], s[2...-2]
p s[0, 0], s[11, 2], s[12, 2], s[11..], s[12..]
p s["world"], s["xyz"], s[/o\s\w/], s[/(h)(e)/, 2]
p s.slice(3, 4), s.slice(1..3)
t = s.dup
t[0] = "J"
p t
t[-5, 5] = "there"
p t
t[/J\w+/] = "Hi"
p t
t["there"] = "you"
p t
u = "abcdef"
p u.slice!(1..2), u
p u.chars.each_slice(2).map(&:join)
p "abc".chars.first, "abc"[1..-1], "abc"[-2, 2]
p "hello"[1..-2], "hello"[5], "hello"[5, 1], "hello"[6, 1]
p "12345".byteslice(1, 2), "abcdef".each_char.to_a.values_at(0, 2, 4).join
