# File, Dir, File::Stat and IO on files (tools/conformance needs them)
base = "/tmp/carmine_golden_fdi_#{Process.pid}"
# (A run killed before its ensure left the directory of a pid now reused.)
system("rm", "-rf", base)
Dir.mkdir(base)
begin
  p File.expand_path("a/../b", "/x"), File.expand_path("/a/./b/../c"), File.expand_path(".", "/")
  p File.dirname("/a/b/c.rb"), File.dirname("c.rb"), File.dirname("/"), File.dirname("a/b/"), File.dirname("/a/b/c", 2)
  p File.basename("/a/b.rb"), File.basename("/a/b.rb", ".rb"), File.basename("/a/b.rb", ".*"), File.basename("a/b/"), File.basename("/")
  p File.extname("x.tar.gz"), File.extname(".bashrc"), File.extname("a/b"), File.extname("a.")
  p File.join("a", "b"), File.join("a/", "/b"), File.join("a", ["b", "c"]), File.join, File.split("/a/b")
  path = File.join(base, "t.txt")
  p File.exist?(path), File.write(path, "one\ntwo\nthree\n")
  puts "ok"
  p File.exist?(path), File.file?(path), File.directory?(path), File.directory?(base), File.size(path)
  p File.read(path), File.readlines(path), File.readlines(path, chomp: true)
  File.foreach(path) { |l| p l }
  File.open(path) do |f|
    p f.gets, f.lineno, f.read(3), f.read, f.eof?, f.gets
  end
  File.open(path, "a") { |f| f.puts "four", ["five"]; f.print "six", "\n"; f << "seven" << "\n"; f.write("eight\n") }
  p File.read(path).lines.size
  File.open(path, "w") { |f| f.printf("%03d\n", 7) }
  p File.read(path)
  f = File.new(path)
  p f.closed?, f.path.sub(base, "BASE"), f.each_line.to_a
  f.close
  p f.closed?
  begin
    f.read
  rescue IOError => e
    p e.message
  end
  st = File.stat(path)
  p st.file?, st.directory?, st.size, st.class
  File.rename(path, path + ".2")
  p File.exist?(path), File.exist?(path + ".2")
  Dir.mkdir(File.join(base, "sub"))
  File.write(File.join(base, "sub", "x.rb"), "")
  File.write(File.join(base, "y.rb"), "")
  p Dir.entries(base).sort, Dir.children(base).sort
  p Dir.glob(File.join(base, "*.rb")).map { |x| File.basename(x) }
  p Dir.glob(File.join(base, "**", "*.rb")).map { |x| x.delete_prefix(base) }
  p Dir[File.join(base, "{sub,nope}")].map { |x| File.basename(x) }
  p Dir.glob("*.rb", base: base), Dir.exist?(base)
  Dir.chdir(base) { p Dir.pwd == File.realpath(base), Dir.glob("*").sort }
  p File.fnmatch("*.rb", "a.rb"), File.fnmatch("*", ".x"), File.fnmatch("*", ".x", File::FNM_DOTMATCH), File.fnmatch?("a?c", "abc")
  begin
    File.read(File.join(base, "missing"))
  rescue Errno::ENOENT => e
    p e.class, e.errno, e.message.sub(base, "BASE")
  end
  begin
    Dir.mkdir(base)
  rescue SystemCallError => e
    p e.class, e.message.sub(base, "BASE")
  end
  p File.delete(File.join(base, "y.rb"), path + ".2")
ensure
  system("rm", "-rf", base)
end
p File.exist?(base)
