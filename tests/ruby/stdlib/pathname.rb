require 'pathname'
require 'tmpdir'
pn = Pathname.new("/usr/lib/../bin/./ruby")
p pn, pn.to_s, pn.cleanpath, pn.basename, pn.dirname, pn.extname, pn.split
p Pathname("a/b.rb").sub_ext(".txt"), Pathname("a").sub_ext(".txt"), Pathname(".bashrc").sub_ext(".x"), Pathname("a.tar.gz").sub_ext("")
p Pathname("/usr/bin/ruby").sub("ruby", "perl"), Pathname("abc").sub(/b/) { |m| m.upcase }
p Pathname("/a") + "b", Pathname("/a") + "/b", Pathname("a") + "../b", Pathname("a/b").join("c", "d"), Pathname("/a/b") / "c"
p Pathname("/a/b/c").relative_path_from(Pathname("/a/x")), Pathname("a/b").relative_path_from("a")
p Pathname("/a/b").parent, Pathname("/").root?, Pathname("/a").absolute?, Pathname("a").relative?
p Pathname("a/b/c").each_filename.to_a, Pathname("/a/b").descend.map(&:to_s), Pathname("/a/b").ascend.map(&:to_s)
p Pathname("a//b/../c/.").cleanpath, Pathname("a/../..").cleanpath, Pathname("a/b/../c").cleanpath(true)
p Pathname("a") == Pathname("a"), Pathname("a") == "a", Pathname("a").eql?(Pathname("a")), Pathname("a").hash == Pathname("a").hash
p Pathname("a") <=> Pathname("a/b"), Pathname("a/b") <=> Pathname("a.b"), Pathname("a") <=> "a"
p [Pathname("b"), Pathname("a/c"), Pathname("a")].sort
p Pathname("foo.rb").fnmatch?("*.rb"), Pathname("x").frozen?, Pathname("/x/y").mountpoint?
p Pathname("a/b").to_path, Pathname(Pathname("q")), Pathname.new(Pathname("r"))
p Pathname("/tmp").directory?, Pathname("/nonexistent/zz").exist?
Dir.mktmpdir do |d|
  dir = Pathname(d)
  f = dir + "file.txt"
  f.write("one\ntwo\n")
  p f.exist?, f.file?, f.size, f.read, f.readlines, f.each_line.to_a, f.zero?, f.empty?
  (dir + "sub").mkdir
  (dir + "sub" + "x.rb").write("")
  p dir.children.map { |c| c.basename.to_s }.sort, dir.entries.map(&:to_s).sort
  p dir.glob("**/*.rb").map { |c| c.relative_path_from(dir).to_s }
  p Pathname.glob("#{d}/*").map { |c| c.basename.to_s }.sort
  p (dir + "sub").empty?, (dir + "sub/x.rb").empty?
  f.rename(dir + "moved.txt")
  p (dir + "moved.txt").exist?, f.exist?
  p dir.find.map { |c| c.relative_path_from(dir).to_s }.sort
  (dir + "sub/x.rb").delete
  (dir + "sub").rmdir
  p (dir + "sub").exist?
  p (dir + "moved.txt").open { |io| io.gets }
  p dir.realpath == Pathname(File.realpath(d))
end
def t; yield; rescue Exception => e; puts "#{e.class}: #{e.message.lines.first.chomp}"; end
t { Pathname.new(3) }
t { Pathname.new("a\0b") }
t { Pathname.new(nil) }
t { Pathname("a") =~ /a/ }
t { Pathname("/nonexistent/q").read }
t { Pathname("/a").relative_path_from(Pathname("b")) }
t { Pathname("a").sub_ext(3) }
t { Pathname("/nonexistent/q").realpath }
