# read(n), read(n, buf), readpartial and sysread on a regular file, on
# devices (never read to their end first) and on a pipe.
path = "/tmp/carmine_io_read_length_#{$$}.txt"
File.write(path, "hello world\nline2\n")
def try
  yield
rescue => e
  e
end
f = File.open(path, "rb")
p f.read(3), f.read(0), f.readpartial(4)
buf = +"xx"
p f.read(2, buf), buf
p f.sysread(3), f.read(4)
p f.read, f.read, f.read(1), f.read(0)
p try { f.readpartial(3) }, try { f.sysread(3) }
buf = +"zz"; p f.read(5, buf), buf
f.close
p try { f.read(1) }
File.open(path) { |g| p g.read(5).encoding, g.read.encoding }
z = File.open("/dev/zero", "rb")
p z.read(10), z.read(10).encoding, z.readpartial(5), z.sysread(4), z.read(0)
b = +""; z.read(3, b); p b.bytes
big = z.read(100_000); p big.bytesize, big.count("\0")
p z.inspect, z.path, z.closed?
z.close
p z.closed?, try { z.read(1) }
n = File.open("/dev/null", "rb")
p n.read(5), n.read, try { n.readpartial(5) }, try { n.sysread(1) }, n.eof?
n.close
o = File.open("/dev/null", "wb"); p o.write("abc"), o.write("de", "f"); o.puts("x"); o.close
File.open("/dev/null", "w") { |w| 1000.times { w.write("0123456789") } }
File.open("/dev/zero", "rb") { |g| 1000.times { g.read(10) }; p g.read(2).bytes }
r, w = IO.pipe; w.write("abcdef"); w.close
p r.read(2), r.readpartial(10), r.read(1), r.read
r.close
p File.read("/dev/null"), File.read(path, 5), File.read(path, 3, 6)
File.delete(path)
