# StringScanner edge states: uninitialized subclass, multibyte walks with
# charpos, a position inside a character, a subject that shrank.
require 'strscan'
class S2 < StringScanner; def initialize; end; end
x = S2.new
p (x.scan(/a/) rescue $!), (x.pos rescue $!), (x.eos? rescue $!), (x.getch rescue $!), (x.matched rescue $!)
s = StringScanner.new(+"héllo wörld" * 30)
n = 0
n += 1 while s.scan(/\S+|\s+/)
p n, s.pos, s.charpos, s.eos?
s.pos = 3; p s.getch, s.charpos
s.pos = 2; p s.get_byte, s.scan(/llo/), s.skip(/./), s.charpos
s.string.replace("ab"); p s.scan(/b/), s.pos, s.rest
s.instance_variable_set(:@match, 5); p s.matched, s[0], s.pre_match
t = StringScanner.new("abc"); t.scan(/a/); t.string.clear; p t.rest, t.eos?, t.matched, t.post_match
