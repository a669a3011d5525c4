# gets / each_line / readlines on a File read through its buffer:
# separators, limits (completed to a whole character), chomp, paragraph
# mode, nil, and lines longer than the buffer.
require "tmpdir"

Dir.mktmpdir do |dir|
  path = File.join(dir, "lines.txt")
  File.write(path, "one\ntwo\n\n\n\nthree\nfour\n\nfive")
  File.open(path) { |f| p f.readlines }
  File.open(path) { |f| p f.readlines("") }
  File.open(path) { |f| p f.readlines("", chomp: true) }
  File.open(path) { |f| p f.readlines(chomp: true) }
  File.open(path) { |f| p f.readlines("o") }
  File.open(path) { |f| p f.readlines(nil) }
  File.open(path) { |f| p f.readlines(2) }
  File.open(path) { |f| p [f.gets(nil, 5), f.gets(0), f.gets("e", 20), f.lineno, $.] }
  File.open(path) { |f| p f.each_line("\n\n").to_a }
  File.open(path) { |f| f.gets; p [$_, f.lineno]; f.rewind; p f.lineno }

  File.write(path, "aé€b\nçx\n")
  File.open(path) { |f| p [f.gets(2), f.gets(1), f.gets(1), f.gets] }
  File.open(path, "rb") { |f| p [f.gets(2), f.gets.encoding] }
  File.open(path) { |f| p [f.read(3), f.read.encoding] }
  File.open(path) { |f| p [f.getc, f.getc, f.getc, f.readchar, f.readbyte] }

  long = "x" * 20_000
  File.write(path, "#{long}\nshort\n#{long}")
  File.open(path) do |f|
    p f.gets.size, f.gets, f.gets.size, f.gets, f.eof?
  end
  File.open(path) do |f|
    p f.read(10).size, f.read(30_000).size, f.read(30_000).size, f.read(1), f.read, f.read(0)
  end
end
