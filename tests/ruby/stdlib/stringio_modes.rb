# StringIO: open modes (strings, File flags, mode:), a frozen String opening
# read-only, encodings of what is read, limits, reopen, ungetbyte, truncate.
def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first&.chomp}"
end
require "stringio"
t("modes") { %w[r w a r+ w+ a+ rb wb r:utf-8 w:ascii-8bit].map { |m| s = StringIO.new(+"abc", m); [s.closed_read?, s.closed_write?, s.string, (s.write("Z") rescue "x"), s.string] } }
t("int mode") { s = StringIO.new(+"abc", File::WRONLY | File::APPEND); s.write("d"); s.string }
t("kw mode") { s = StringIO.new(+"abc", mode: "a"); s.write("d"); s.string }
t("frozen default") { s = StringIO.new("abc".freeze); [s.closed_read?, s.closed_write?] }
t("frozen r+") { StringIO.new("abc".freeze, "r+") }
t("a+ read") { s = StringIO.new(+"abc", "a+"); s.write("d"); s.rewind; s.read }
t("enc") { s = StringIO.new(+"abc", "r:ascii-8bit"); s.read.encoding }
t("read enc") { s = StringIO.new(+"ab"); s.set_encoding("ASCII-8BIT"); [s.read.encoding, s.string.encoding] }
t("read frozen enc") { s = StringIO.new("ab".freeze); s.set_encoding("ASCII-8BIT"); [s.read.encoding, s.string.encoding, s.external_encoding] }
t("readlines 0") { StringIO.new("a\nb").readlines(0) }
t("gets 0") { StringIO.new("a\nb").gets(0) }
t("reopen other") { a = StringIO.new("abc"); b = StringIO.new("q"); b.reopen(a); b.read }
t("ungetbyte") { s = StringIO.new(+"abc"); s.getc; s.ungetbyte(0x41); s.read }
t("codepoints") { StringIO.new("aé").each_codepoint.to_a }
t("sysread eof") { StringIO.new("").sysread(1) }
t("readpartial eof") { StringIO.new("").readpartial(1) }
t("read_nonblock eof") { StringIO.new("").read_nonblock(1, exception: false) }
t("close twice") { s = StringIO.new; s.close; s.close }
t("closed?") { s = StringIO.new; s.close_read; [s.closed?, s.closed_read?] }
t("write closed") { s = StringIO.new; s.close; s.write("x") }
t("size") { StringIO.new("héllo").size }
t("lineno") { s = StringIO.new("a\nb\n"); s.gets; s.gets; s.lineno }
t("each_line limit") { StringIO.new("abcd\nef").each_line(3).to_a }
t("each_line chomp") { StringIO.new("ab\ncd\n").each_line(chomp: true).to_a }
t("internal") { StringIO.new.internal_encoding }
t("truncate grow") { s = StringIO.new(+"ab"); s.truncate(4); s.string }
