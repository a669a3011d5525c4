# StringScanner with regexps that match one fixed text (/\{/, /true/,
# /, /, /\//): scan/skip/match?/check/scan_until and the match state they
# leave, next to regexps that only look literal (/a./, /a|b/, /x/i).
require "strscan"

s = StringScanner.new(%({"a": [true, false, null], "b\\/c": 1.5}))
p s.skip(/\{/), s.pos, s.matched, s.pre_match, s.post_match[0, 6]
p s.scan(/"a"/), s.scan(/:/), s.skip(/ /), s.skip(/\[/)
p s.match?(/true/), s.pos, s.check(/true/), s.pos, s.scan(/true/), s.pos
p s.skip(/,/), s.skip(/, /), s.scan(/ /), s.matched?
p s.scan(/false, /), s[0], s.matched_size
p s.scan(/nul/), s.scan(/l/), s.scan(/\]/), s.scan(/, /)
p s.scan(/"b\\\/c"/), s.scan(/\:/), s.scan(/ 1\.5/), s.scan(/\}/), s.eos?
p s.scan(/\}/), s.matched?, s.matched

t = StringScanner.new("a.b|c#d-e_f@g")
p t.scan(/a\./), t.scan(/b\|/), t.scan(/c\#/), t.scan(/d\-/), t.scan(/e\_/), t.scan(/f\@/), t.rest
t.unscan
p t.pos, t.scan(/f@g/)

u = StringScanner.new("aXbc ABC\tq\nz")
p u.scan(/a./), u.scan(/b|c/), u.scan(/c /), u.scan(/abc/i), u.scan(/ABC/), u.scan(/\tq\n/), u.rest
p u.scan(//), u.pos, u.scan(/z/), u.scan(//), u.eos?

v = StringScanner.new("héllo, wörld")
v.scan(/h/)
p v.scan(/é/), v.pos, v.scan(/llo,/), v.scan(/ w/), v.pos, v.getch, v.scan(/rld/)
w = StringScanner.new("ab\xffcd".b)
p w.scan(/ab/), w.get_byte, w.scan(/cd/), w.matched.encoding
x = StringScanner.new("key = value")
p x.scan_until(/=/), x.pre_match, x.skip(/ /), x.check_until(/e/), x.search_full(/lu/, false, true)
