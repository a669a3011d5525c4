require 'zlib'
require 'stringio'
text = "hello hello hello world " * 20
p Zlib.crc32, Zlib.crc32("hello"), Zlib.crc32("world", Zlib.crc32("hello ")), Zlib.crc32("hello world")
p Zlib.adler32, Zlib.adler32("hello"), Zlib.adler32("world", Zlib.adler32("hello ")), Zlib.adler32("hello world")
z = Zlib::Deflate.deflate(text)
p z.bytesize < text.bytesize, z.encoding, Zlib::Inflate.inflate(z) == text
p Zlib.inflate(Zlib.deflate(text, Zlib::BEST_COMPRESSION)) == text, Zlib.inflate(Zlib.deflate(text, 0)) == text
# bytes recorded from CRuby's libz
p Zlib::Inflate.inflate(["789ccb48cdc9c90700062c0215"].pack("H*"))
p Zlib::Inflate.inflate(["7801010500faff68656c6c6f062c0215"].pack("H*"))
g = Zlib.gzip(text)
p g.bytes.first(4), Zlib.gunzip(g) == text, g.encoding
p Zlib.gunzip(["1f8b0800000000000003cb48cdc9c9070086a6103605000000"].pack("H*"))
d = Zlib::Deflate.new
d << "abc"
out = d.deflate("def")
out << d.finish
p Zlib.inflate(out), d.closed?, d.finished?
d.close
p d.closed?
i = Zlib::Inflate.new
s = i.inflate(out)
p s, i.finished?, i.total_out
i.close
raw = Zlib::Deflate.new(Zlib::DEFAULT_COMPRESSION, -Zlib::MAX_WBITS)
r = raw.deflate("raw data", Zlib::FINISH)
p Zlib::Inflate.new(-Zlib::MAX_WBITS).inflate(r)
gz = Zlib::Deflate.new(9, 31).deflate("via deflate gzip", Zlib::FINISH)
p Zlib.gunzip(gz), Zlib::Inflate.new(47).inflate(gz), Zlib::Inflate.new(47).inflate(Zlib.deflate("auto"))
io = StringIO.new(+"")
w = Zlib::GzipWriter.new(io)
w.mtime = Time.at(1_000_000)
w.orig_name = "name.txt"
w.comment = "a comment"
w.write("line one\n")
w << "line two\n"
w.puts "line three", "line four"
w.print "x", "y\n"
w.printf("%05d\n", 42)
p w.pos
w.close
p io.closed?
data = io.string
p data.bytes.first(10)
rd = Zlib::GzipReader.new(StringIO.new(data))
p rd.orig_name, rd.comment, rd.mtime.to_i, rd.os_code
p rd.gets, rd.lineno, rd.read(4), rd.readline
p rd.readlines, rd.eof?, rd.gets
rd.rewind
p rd.each_line.map(&:chomp)
rd.rewind
p rd.read.bytesize, rd.read, rd.read(3)
rd.close
path = "zlib_test.tmp.gz"
Zlib::GzipWriter.open(path) { |f| f.write "file contents\n"; f.puts 1, 2 }
Zlib::GzipReader.open(path) { |f| p f.read }
p Zlib.gunzip(File.binread(path))
File.delete(path)
def t; yield; rescue Exception => e; puts "#{e.class}: #{e.message.lines.first.chomp}"; end
t { Zlib::Inflate.inflate("garbage") }
t { Zlib::Inflate.inflate(Zlib::Deflate.deflate("hello world")[0, 5]) }
t { Zlib.gunzip("xxxxxxxxxxxxxxxxxxxx") }
t { Zlib.gunzip("\x1f\x8b\x07" + "x" * 20) }
t { Zlib.gunzip("") }
t { g2 = Zlib.gzip("hello"); g2[-5] = "\x01"; Zlib.gunzip(g2) }
t { g2 = Zlib.gzip("hello"); g2[-1] = "\x09"; Zlib.gunzip(g2) }
t { Zlib::Deflate.deflate("x", 10) }
t { Zlib.crc32(1) }
t { Zlib.crc32("a", "b") }
t { Zlib.crc32("a", 1, 2) }
t { Zlib.adler32(:x) }
t { Zlib.gzip(3) }
t { Zlib::Deflate.deflate(nil) }
t { Zlib::Inflate.inflate(nil) }
t { Zlib::GzipReader.new(StringIO.new("hello world, this is")) }
begin
  Zlib.gunzip("not gzip at all!")
rescue Zlib::GzipFile::Error => e
  p e.input
end
p Zlib::Error.superclass, Zlib::DataError.superclass, Zlib::GzipFile::Error.superclass, Zlib::GzipFile::CRCError.superclass
p Zlib::BEST_COMPRESSION, Zlib::DEFAULT_COMPRESSION, Zlib::MAX_WBITS, Zlib::FINISH, Zlib::OS_CODE
