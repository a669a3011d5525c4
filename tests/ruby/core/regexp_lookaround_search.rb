# Searches for patterns with look-behind / look-ahead / back-references
# (the backtracking engine's patterns) from every kind of start: =~, index
# and rindex with a position, scan, gsub with empty matches, split, and
# StringScanner's search methods.
s = "a*b* *c* **d** x*y*z http://ex.org/a. \"http://no\" >http://no2 https://yes/q?x=1, end"
p s.scan(/(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])/)
p s.scan(%r{(?<![">])\bhttps?://[^\s<]+[^\s<.,;)]})
p s.gsub(/(?<=\*)\w/) { |m| m.upcase }
p s.index(/(?<!\*)\*(?=\w)/), s.index(/(?<!\*)\*(?=\w)/, 3), s.rindex(/(?<!\*)\*(?=\w)/)
p s =~ /(?<=x\*)y/, $~.pre_match.size, $~.post_match.size
p "abcabcXabc".scan(/(?<!X)abc/).size, "abcabcXabc".gsub(/(?<!X)abc/, "-")
p "aXbXXc".split(/(?<=X)/), "aXbXXc".split(/(?=X)/)
p "xxyy".gsub(/(?=y)/, "|"), "xxyy".gsub(/(?<=x)/, "|"), "".gsub(/(?<!a)/, "!")
p "abab baba abba".scan(/\b(\w)(\w)\2\1\b/), "abab abba" =~ /(\w)(\w)\2\1/
p "The the THE tHe".scan(/(?i)(?<!^)\bthe\b/), "x\nfoo\nbar foo" .scan(/(?<=^)foo/)
p "caf\u00e9 na\u00efve \u00e9t\u00e9".scan(/(?<=\u00e9)\p{L}/), "\u00e9a\u00e9b" =~ /(?<!\u00e9)b/
p "aaa".scan(/(?<=a)a*/), "aaaa".gsub(/(?<!^)a/, "b")
p "ab12cd34".scan(/(?<![a-z])\d+|(?<=\d)[a-z]+/)
p "foo.bar(baz)".match(/(?<name>\w+)(?=\()/)[:name], "nothing here".match(/(?<=q)u/)
require "strscan"
ss = StringScanner.new("one *two* three *four*")
r = []
while ss.scan_until(/(?<=\*)\w+(?=\*)/)
  r << [ss.matched, ss.pos, ss.pre_match.size]
end
p r, ss.exist?(/(?<!\w)three/), ss.check_until(/(?<=\s)\*/)
ss.pos = 0
p ss.search_full(/(?<=e )\*\w+/, false, true), ss.pos
