# require 'stringio': writing, reading, positioning; $stdout replaced by a
# StringIO captures Kernel#puts/print/p, as CRuby does.
require 'stringio'
sio = StringIO.new
sio.puts "line one", ["nested", ["deeper"]]
sio.print "two", 2, "\n"
sio << "three\n"
sio.printf("%05.1f|\n", 4.25)
sio.putc 65
sio.puts
p sio.string, sio.pos, sio.eof?
r = StringIO.new("a\nb\n\nc\nlast")
p r.gets, r.gets(chomp: true), r.lineno, r.read(3), r.read, r.read, r.read(2), r.eof?
r.rewind
p r.readlines, r.pos
r.rewind
p r.each_line(chomp: true).to_a, r.getc
r.seek(2)
p r.getc, r.tell
w = StringIO.new(+"hello world")
w.seek(6)
w.write("WORLD!")
p w.string
p StringIO.new("x\ny\n").each_line.map(&:upcase)
p StringIO.new("abc").each_char.to_a, StringIO.new("ab").each_byte.to_a
begin
  StringIO.new("x").readline
  StringIO.new("").readline
rescue EOFError => e
  p e.class, e.message
end
captured = StringIO.new
old = $stdout
$stdout = captured
puts "captured puts", 42
print "captured print\n"
p :captured_p
$stdout = old
puts "restored"
p captured.string
p StringIO.new("a,b\nc,d\n").readlines.map { _1.chomp.split(",") }
io = StringIO.open("data") { |s| s.read.upcase }
p io
