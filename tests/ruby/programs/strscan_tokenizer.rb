# require 'strscan': a tokenizer and StringScanner's API (positions,
# matches, captures, named groups, multibyte, inspect).
require 'strscan'
s = StringScanner.new("3.14 + foo * (bar - 42)")
tokens = []
until s.eos?
  if s.skip(/\s+/) then next
  elsif (t = s.scan(/\d+(\.\d+)?/)) then tokens << [:num, t, s[1]]
  elsif (t = s.scan(/[a-z]+/)) then tokens << [:id, t]
  elsif (t = s.scan(/[-+*\/()]/)) then tokens << [:op, t]
  else raise "bad char at #{s.pos}: #{s.peek(1)}"
  end
end
p tokens
s = StringScanner.new("test string here")
p s.scan(/\w+/), s.pos, s.matched, s.pre_match, s.post_match, s.scan(/\w+/), s.scan(/\s+/), s.check(/\w+/), s.pos
p s.scan_until(/here/), s.pre_match, s.eos?, s.rest, s.rest_size
s.reset
p s.skip(/test/), s.match?(/\s/), s.getch, s.peek(3), s.exist?(/here/), s.skip_until(/g/), s.pos
s.unscan
p s.pos, s.inspect
s.terminate
p s.eos?, s.inspect, s.scan(/x/), s.matched?
s2 = StringScanner.new("key: value")
s2.scan(/(?<k>\w+): (?<v>\w+)/)
p s2[:k], s2["v"], s2[0], s2.captures, s2.matched_size
s3 = StringScanner.new("日本語 text")
p s3.scan(/日本/), s3.pos, s3.charpos, s3.getch, s3.rest
p StringScanner.new("abc").inspect, StringScanner.new("abcdefghij").tap { _1.pos = 7 }.inspect
s4 = StringScanner.new("a\nb")
s4.scan(/a\n/)
p s4.bol?, s4.scan("b"), s4.eos?
