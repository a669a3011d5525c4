require 'zlib'
require 'stringio'
data = ("hello zlib world " * 40) + (0..255).map(&:chr).join
[0, 1, 6, 9, Zlib::DEFAULT_COMPRESSION].each do |lvl|
  d = Zlib::Deflate.deflate(data, lvl)
  p [lvl, d.bytesize, Zlib.crc32(d), Zlib::Inflate.inflate(d) == data]
end
[-15, 9, 15, 31, 24].each do |wb|
  z = (Zlib::Deflate.new(6, wb) rescue (p [wb, $!.class, $!.message]; next))
  d = z.deflate(data, Zlib::FINISH); z.close
  p [wb, d.bytesize, Zlib.crc32(d)]
  i = Zlib::Inflate.new(wb == 24 ? 47 : wb); p i.inflate(d) == data; i.close
end
z = Zlib::Deflate.new(Zlib::BEST_COMPRESSION, Zlib::MAX_WBITS, 9, Zlib::FILTERED)
p Zlib.crc32(z.deflate(data, Zlib::FINISH))
z = Zlib::Deflate.new
a = z.deflate("part one ", Zlib::SYNC_FLUSH); b = z.deflate("part two", Zlib::FULL_FLUSH); c = z.finish
p [a.bytesize, b.bytesize, c.bytesize, Zlib.crc32(a + b + c)]
z = Zlib::Deflate.new; z << "abc"; z.params(9, Zlib::DEFAULT_STRATEGY); z << "defdefdef"; p Zlib.crc32(z.finish)
p Zlib.adler32("abc"), Zlib.crc32("abc", 123)
begin; Zlib::Inflate.inflate("not zlib"); rescue Zlib::Error => e; p [e.class, e.message]; end
begin; Zlib::Deflate.new(10); rescue => e; p [e.class, e.message]; end
s = StringIO.new(''.b); gz = Zlib::GzipWriter.new(s, 9); gz.mtime = 0; gz.orig_name = 'x.txt'; gz.write data; gz.close
p s.string.bytesize, Zlib.crc32(s.string)
p Zlib::GzipReader.new(StringIO.new(s.string)).read == data
p Zlib.gunzip(Zlib.gzip("x" * 100, level: 0)).size
p Zlib.gzip("x" * 100, level: 0).bytesize
z = Zlib::Deflate.new(Zlib::BEST_SPEED)
chunks = data.scan(/.{1,100}/m)
outs = chunks.map { |c| z.deflate(c) }
p outs.map(&:bytesize).uniq, z.total_in, z.finished?
tail = z.finish
p tail.bytesize, z.total_in, z.total_out, z.finished?, Zlib.crc32(outs.join + tail)
p Zlib::Inflate.inflate(outs.join + tail) == data
p((z.deflate("more") rescue [$!.class, $!.message]))
z.reset
p Zlib.crc32(z.deflate("after reset", Zlib::FINISH))
z.close
p((z.deflate("x") rescue [$!.class, $!.message]))
z = Zlib::Deflate.new(6, 31)
g = z.deflate(data, Zlib::FINISH)
p g.bytesize, Zlib.crc32(g), Zlib.gunzip(g) == data
z = Zlib::Deflate.new(6, -9)
r = z.deflate("raw " * 50, Zlib::FINISH)
p r.bytesize, Zlib.crc32(r), Zlib::Inflate.new(-15).inflate(r).bytesize
z = Zlib::Deflate.new
p z.flush.bytesize, z.flush(Zlib::NO_FLUSH).bytesize, z.deflate("abc", Zlib::SYNC_FLUSH).bytes.last(4)
z << "xyz" << "123"
p Zlib.crc32(z.flush(Zlib::FULL_FLUSH)), Zlib.crc32(z.finish)
p((Zlib::Deflate.new(6, 8).deflate("w8", Zlib::FINISH).bytesize rescue $!.class))
p((Zlib::Deflate.new(6, -8) rescue [$!.class, $!.message]))
p((Zlib::Deflate.new(6, 15, 0) rescue [$!.class, $!.message]))
p((Zlib::Deflate.new(6, 15, 8, 9) rescue [$!.class, $!.message]))
