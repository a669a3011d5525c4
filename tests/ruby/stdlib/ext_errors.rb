# Error cases of the libraries carmine provides natively beside CRuby's C
# extensions: etc, securerandom (Random::Formatter), stringio, strscan, json.
require "etc"
require "securerandom"
require "stringio"
require "strscan"
require "json"

def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first&.chomp}"
end

# etc
t("pwnam") { Etc.getpwnam("no-such-user-here") }
t("pwuid") { Etc.getpwuid(987654) }
t("grnam") { Etc.getgrnam("no-such-group-here") }
t("grgid") { Etc.getgrgid(987654) }
t("pwnam type") { Etc.getpwnam(3) }
t("pwuid type") { Etc.getpwuid("x") }
t("pwuid float") { Etc.getpwuid(0.5).name }
t("pwuid nil") { Etc.getpwuid(nil) }
t("grnam sym") { Etc.getgrnam(:root) }
t("grgid str") { Etc.getgrgid("0") }
t("root") { Etc.getpwnam("root").uid }
t("root group") { Etc.getgrgid(0).name }

# securerandom
t("hex -1") { SecureRandom.hex(-1) }
t("bytes x") { SecureRandom.random_bytes("x") }
t("rn neg") { SecureRandom.random_number(-5).between?(0, 1) }
t("rn range") { SecureRandom.random_number(3..3) }
t("rn str") { SecureRandom.random_number("x") }
t("alnum") { SecureRandom.alphanumeric(-2) }
t("uuid") { SecureRandom.uuid =~ /\A\h{8}-\h{4}-4\h{3}-[89ab]\h{3}-\h{12}\z/ }
t("base64") { SecureRandom.base64(3).size }
t("urlsafe") { SecureRandom.urlsafe_base64(10, true).size }

# stringio
t("closed read") { s = StringIO.new("abc"); s.close; s.read }
t("closed write") { s = StringIO.new(+""); s.close_write; s.write("x") }
t("ro write") { StringIO.new("abc", "r").write("x") }
t("wo read") { StringIO.new(+"abc", "w").read }
t("frozen") { StringIO.new("abc".freeze).write("x") }
t("frozen w") { StringIO.new("abc".freeze, "w") }
t("bad mode") { StringIO.new(+"", "q") }
t("seek neg") { StringIO.new("abc").seek(-1) }
t("seek whence") { StringIO.new("abc").seek(0, 7) }
t("pos neg") { StringIO.new("abc").pos = -1 }
t("ungetc closed") { s = StringIO.new("abc"); s.close; s.ungetc("x") }
t("read neg") { StringIO.new("abc").read(-1) }
t("truncate neg") { StringIO.new(+"abc").truncate(-1) }
t("set_encoding") { s = StringIO.new(+"\xE3\x81\x82"); s.set_encoding("ASCII-8BIT"); [s.string.encoding, s.external_encoding, s.read.bytesize] }
t("set_encoding nil") { s = StringIO.new(+"ab".b); s.set_encoding(nil); s.string.encoding }
t("set_encoding bad") { StringIO.new(+"").set_encoding("no-such-enc") }
t("set_encoding_by_bom") { s = StringIO.new(+"\xEF\xBB\xBFhi".b); [s.set_encoding_by_bom, s.read] }
t("getc eof") { s = StringIO.new(""); s.getc }
t("readchar eof") { StringIO.new("").readchar }
t("readline eof") { StringIO.new("").readline }
t("each_line 0") { StringIO.new("a\nb").each_line(0).to_a }
t("gets limit") { StringIO.new("abcdef").gets(nil, 2) }
t("putc") { s = StringIO.new(+""); s.putc(65); s.putc("bc"); s.string }
t("write many") { s = StringIO.new(+""); [s.write("a", :b, 3), s.string] }
t("reopen") { s = StringIO.new("abc"); s.read; s.reopen("xyz"); s.read }
t("fcntl") { StringIO.new.fcntl }
t("binmode") { s = StringIO.new(+"é"); s.binmode; s.read.encoding }

# strscan
t("scan_until str") { StringScanner.new("abc").scan_until("b") }
t("unscan") { StringScanner.new("abc").unscan }
t("pos=") { s = StringScanner.new("abc"); s.pos = 9 }
t("[] nomatch") { s = StringScanner.new("abc"); s.scan(/x/); s[0] }
t("[] name") { s = StringScanner.new("abc"); s.scan(/(?<x>a)/); s[:y] }
t("scan type") { StringScanner.new("abc").scan(3) }
t("new type") { StringScanner.new(3) }

# json
t("parse bad") { JSON.parse("{") }
t("parse empty") { JSON.parse("") }
t("parse nan ok") { JSON.parse("[NaN]", allow_nan: true).first.nan? }
t("generate nan") { JSON.generate([0.0 / 0]) }
t("nesting") { JSON.parse("[" * 101 + "]" * 101) }
t("nesting ok") { JSON.parse("[" * 5 + "]" * 5, max_nesting: 10) }
t("trailing") { JSON.parse("[1] x") }
t("dump io") { JSON.dump([1], StringIO.new).string }
t("fetch") { JSON::ParserError.ancestors.include?(StandardError) }
