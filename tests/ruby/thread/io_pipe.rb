# IO.pipe: writing and reading (lines, lengths, partial reads, the end),
# errors on the wrong end or a closed one, IO.select with and without a
# timeout, and pipes between threads: a reader thread waits for data while
# the writer runs, and a write larger than the pipe's buffer waits for its
# reader.
r, w = IO.pipe
p r.class, w.class, r.fileno.is_a?(Integer), r.fileno == w.fileno
w.puts "hello", "world"
w.write "a", "b\n"
w.print "x", 1, "\n"
w.printf("%03d\n", 7)
w.putc "z"
w << "no newline"
p w.sync
w.close
p r.gets, r.gets(chomp: true), r.read(2), r.gets, r.getc, r.gets, r.gets
p r.read, r.read(1), r.eof?, r.gets
r.close
p r.closed?, w.closed?, r.close
begin
  r.read
rescue IOError => e
  p e.message
end

r, w = IO.pipe
begin
  r.write "x"
rescue IOError => e
  p e.message
end
begin
  w.read
rescue IOError => e
  p e.message
end
p IO.select([r], nil, nil, 0.01)
p IO.select([r], [w]).map(&:size)
w.write "ping"
rs, ws = IO.select([r], [w], nil, 1)
p rs == [r], ws == [w]
p r.readpartial(10)
p r.read_nonblock(5, exception: false)
w.close
p((r.readpartial(10) rescue $!.class))
begin
  IO.select([r], nil, nil, -1)
rescue ArgumentError => e
  p e.message
end
begin
  IO.select([1])
rescue TypeError => e
  p e.message
end
r.close

r, w = IO.pipe
reader = Thread.new { r.each_line.map(&:chomp) }
Thread.pass until reader.stop?
p reader.status
3.times { |i| w.puts "line #{i}" }
w.close
p reader.value

r, w = IO.pipe
big = "xy" * 150_000
counter = Thread.new { r.read.size }
p w.write(big)
w.close
p counter.value

# A thread waits in IO.select while another writes.
r, w = IO.pipe
sel = Thread.new { IO.select([r])[0].size }
Thread.pass until sel.stop?
w.write "!"
p sel.value, r.read_nonblock(1)

IO.pipe do |a, b|
  b.write "in a block"
  b.close
  p a.read
end
p r.lineno
