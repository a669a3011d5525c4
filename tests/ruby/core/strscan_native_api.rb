# StringScanner (strscan 3.0.1): anchored and searching scans, group
# readers, positions in bytes and characters, errors, inspect.
require 'strscan'
s=StringScanner.new("abc déf")
p (s.scan_until("d") rescue $!)
p s.scan("ab"), s.pos, s.matched, s.pre_match, s.post_match, s[0], s[1], s.size, s.captures
p (s.scan(1) rescue $!), s.matched?
p s.scan(/c (?<x>d)/), s[:x], s["x"], (s[:y] rescue $!), (s["y"] rescue $!), s.values_at(0,1), s.size, s.captures, s[-1], s[5]
p s.getch, s.charpos, s.pos, s.matched, s.pre_match
s.unscan; p s.pos
p (s.unscan rescue $!)
p s.check_until(/f/), s.skip_until(/f/), s.eos?, s.rest, s.rest_size, s.matched_size
begin; s.pos = 100; rescue => e; p e; end
p s[1], s.scan(/x/), s.matched, s[0], s.pre_match, s.matched_size
p StringScanner.new("x").inspect, s.inspect
p (StringScanner.new(1) rescue $!)
t = StringScanner.new("hello world\nfoo")
p t.search_full(/o/, false, true), t.pos, t.scan_full(/hell/, true, false), t.pos, t.exist?(/w/), t.match?(/o w/), t.peek(3), t.peek(100)
p t.get_byte, t.getbyte, t.inspect, t.bol?, t.skip(/\s*/), t.scan_until(/\n/), t.bol?, t.rest?, t.check(/f/), t.pos
t.pos = -2; p t.pos, t.rest
begin; t.pos = -20; rescue => e; p e; end
t.terminate; p t.eos?, t.getch, t.get_byte, t.scan(/x*/), t.matched
t.reset; p t.pos, t.scan(/^hello/), t.scan(/^ world/), t.scan(/\A world/), t.scan(/(?<=o) w/)
u = StringScanner.new("日本語abc")
p u.getch, u.pos, u.charpos, u.scan(/本/), u.pre_match, u.peek(2), u.get_byte, u.rest, u.charpos
u.string = "new"; p u.pos, u.string, u.matched
u << " more"; p u.string, u.scan_until(/more/)
p (u.scan(nil) rescue $!), (u.skip_until(:x) rescue $!)
v = StringScanner.new("abc"); v.scan(/(a)(b)?(x)?/); p v[1], v[2], v[3], v.captures, v.size, v.values_at(0, -1, 9)
p StringScanner::Error.ancestors.first(2), StringScanner::Id.class
w = StringScanner.new(+"ab"); w.scan(/a/); w.string << "cd"; p w.scan(/bcd/), w.pos
p StringScanner.new("").eos?, StringScanner.new("").inspect, StringScanner.new("0123456789").tap { _1.pos = 7 }.inspect
