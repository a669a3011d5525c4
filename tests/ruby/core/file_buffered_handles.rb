# A File's reads and writes go through CRuby's buffers: another handle on
# the same file sees written data once it is flushed (flush, close, a
# full buffer, sync), and one handle's own reads, seeks and positions see
# its buffered writes.
require "tmpdir"

Dir.mktmpdir do |dir|
  path = File.join(dir, "data.txt")

  # Two handles on one file.
  w = File.open(path, "w")
  r = File.open(path)
  w.write("abc")
  w.puts("def")
  p [:before_flush, r.read, File.size(path), w.pos]
  w.flush
  p [:after_flush, r.read, File.size(path)]
  w.print("ghi", "\n")
  p [:size_of_handle, w.size]
  p [:other_handle, r.read]
  w.sync = true
  p [:sync, w.sync]
  w.write("jkl")
  p [:after_sync_write, r.read]
  w.close
  p [:after_close, r.read, r.eof?]
  r.close

  # A buffer that fills is written out.
  File.open(path, "w") do |f|
    1000.times { |i| f.puts("line #{i}") }
    p [:big, File.size(path) > 0, File.size(path) < f.pos, f.pos]
  end
  p [:big_closed, File.size(path), File.readlines(path).last]

  # r+: overwrite in the middle, read after write on one handle.
  File.write(path, "0123456789\nabcdefghij\n")
  File.open(path, "r+") do |f|
    f.seek(3)
    f.write("XY")
    p [:pos_after_write, f.pos]
    p [:read_after_write, f.read(3)]
    f.write("!")
    p [:gets, f.gets]
    f.rewind
    p [:all, f.read]
    f.seek(-4, IO::SEEK_END)
    f.write("Z")
    f.seek(2, :CUR)
    p [:tail, f.read]
  end
  p [:disk, File.read(path)]

  # Reading ahead then writing: the write lands where the reader is.
  File.open(path, "r+") do |f|
    p f.gets
    f.write("<>")
    p [:tell, f.tell]
  end
  p [:disk2, File.read(path)]

  # Append mode always writes at the end, reads from the position.
  File.open(path, "a+") do |f|
    p [:a_pos, f.pos]
    f.write("tail\n")
    f.rewind
    p [:a_first, f.gets]
    f.write("more\n")
    p [:a_after, f.gets, f.pos]
  end
  p [:disk3, File.read(path).lines.last(2)]

  # w+ reads back what it wrote.
  File.open(path, "w+") do |f|
    f.write("hello\nworld\n")
    f.rewind
    p [:wplus, f.readlines]
    f.truncate(3)
    f.rewind
    p [:truncated, f.read, f.size]
  end

  # Integer modes and File::Constants.
  File.open(path, File::WRONLY | File::APPEND) { |f| f << "A" << "B" }
  p File.read(path)
  File.open(path, File::RDWR) { |f| f.write("Q"); f.seek(0); p f.read }
  begin
    File.open(path, File::WRONLY | File::CREAT | File::EXCL)
  rescue SystemCallError => e
    p e.class
  end
  File.open(path, mode: "w", perm: 0o600) { |f| f.write("x") }

  # ungetc / getc / getbyte / pread / pwrite.
  File.write(path, "héllo")
  File.open(path) do |f|
    p [f.getc, f.getc, f.getbyte]
    f.ungetc("É")
    p [f.read, f.pos]
    p f.pread(3, 1)
  end
  File.open(path, "r+") { |f| f.write("1"); p f.pwrite("JK", 3); p f.pos }
  p File.read(path)

  # fileno is a real descriptor; closed handles refuse.
  f = File.open(path)
  g = File.open(path)
  p [f.fileno.is_a?(Integer), f.fileno != g.fileno, f.fileno > 2, f.close_on_exec?]
  f.close
  g.close
  p f.close
  [:read, :gets, :pos, :fileno, :eof?, :size].each do |m|
    f.public_send(m)
  rescue IOError => e
    p [m, e.message]
  end
  begin
    File.open(path) { |h| h.write("x") }
  rescue IOError => e
    p e.message
  end
  begin
    File.open(path, "w") { |h| h.gets }
  rescue IOError => e
    p e.message
  end
  begin
    File.open(path, "q")
  rescue ArgumentError => e
    p e.message
  end

  # flock
  File.open(path, "w") do |h|
    p h.flock(File::LOCK_EX)
    File.open(path) { |o| p o.flock(File::LOCK_EX | File::LOCK_NB) }
    p h.flock(File::LOCK_UN)
  end
end
