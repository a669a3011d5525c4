# IO#read(n) and IO#write(s) on devices and pipes: a read that one read(2)
# answers whole, one that gets less (a pipe with a short write), reads after
# partial data, writes of non-Strings, and the errors of closed or wrong-way
# streams, whichever path answers.
def try
  yield
rescue => e
  [e.class, e.message]
end
r, w = IO.pipe
p w.write("abc"), w.write(12), w.write(:sym), w.write(nil), w.write, w.write("x", 2)
w.write("héllo")
w.close
p r.read(2), r.read(2).encoding, r.read(5), r.read(100), r.read(1), r.read(0)
r.close
p try { r.read(3) }, try { r.read }
r, w = IO.pipe
w.write("ab")
p r.read(1), r.read(1)
w.write("cdef")
w.close
p r.read(10), r.read(10)
p try { w.write("x") }, try { w.write("x", "y") }
o = File.open("/dev/null", "wb")
p try { o.read(1) }, o.write("z" * 70_000)
o.close
p try { o.write("q") }
z = File.open("/dev/zero", "rb")
p try { z.write("q") }, try { z.read(-1) }, z.read(3).bytes
buf = +"old"
p z.read(2, buf).bytes, buf.bytes
s = z.read(5)
s << "mutable"
p s.frozen?, s.bytesize
z.close
# What a pipe hands out keeps CRuby's encodings: lines in the default
# external encoding, byte reads in ASCII-8BIT.
r, w = IO.pipe; w.write("hé\nwörld\nx"); w.close
a = r.gets; p a, a.encoding, r.readline.encoding, r.readpartial(5).encoding
r, w = IO.pipe; w.puts "é"; w.close
p r.each_line.map(&:encoding), r.eof?
r, w = IO.pipe; w.write("é!"); w.close
p r.getc, r.read.encoding
r, w = IO.pipe; w.write("é"); w.close
p r.read_nonblock(5).encoding
