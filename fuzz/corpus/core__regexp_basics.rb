# Regexp literals, =~, match, match?, $~, captures, named captures, flags
re = /(\d+)-(\d+)/
m = re.match("call 555-1234 now")
p m[0], m[1], m[2], m.pre_match, m.post_match, m.captures, m.begin(0), m.end(1)
p "555-1234" =~ re, $~[2], $1, $2
p "abc" =~ /z/, $~
p "Hello" =~ /hello/i, "a\nb" =~ /a.b/m, "a b" =~ / b/x
md = /(?<year>\d{4})-(?<mon>\d\d)/.match("date: 2024-03")
p md[:year], md["mon"], md.names, md.named_captures
if /(?<word>\w+)@/ =~ "user@host"
  p word
end
p "foo bar".match?(/bar/), $~.to_a
p /a/.source, /a/i.options, /a/mix.inspect, Regexp.new("a.c").match?("abc")
p Regexp.escape("1+1=2?"), Regexp.union("a", "b.c", /d/)
p "a1b2".gsub(/\d/) { |d| (d.to_i + 1).to_s }
p /\A\s*\z/.match?("  "), "x" !~ /y/
p m.to_a, m.values_at(1, 2), m.size
p "2024-03-15".match(/(\d+)-(\d+)-(\d+)/).captures.map(&:to_i)
p "aaa".match(/a{2}/)[0], "abab".match(/(ab)+/)[1], "ab".match(/(x)?b/)[1]
p $~.offset(0) if "xxabc" =~ /abc/
