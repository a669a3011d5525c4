require 'tmpdir'
require 'fileutils'
require 'tempfile'
require 'digest'
require 'pathname'
require 'find'

Dir.mktmpdir("carmine-probe") do |root|
  base = Pathname(root)
  %w[src/lib src/bin docs/api tmp].each { |d| FileUtils.mkdir_p(base / d) }
  files = {
    "src/lib/a.rb" => "module A\n  def self.x = 1\nend\n",
    "src/lib/b.rb" => "# frozen_string_literal: true\nclass B; end\n" * 3,
    "src/bin/run" => "#!/usr/bin/env ruby\nputs :hi\n",
    "docs/README.md" => "# Title\n\nSome *text*.\n",
    "docs/api/index.html" => "<html></html>",
    "tmp/.hidden" => "secret",
  }
  files.each { |rel, body| File.write(base / rel, body) }
  File.chmod(0755, base / "src/bin/run")

  rels = Dir.glob("**/*", base: root).sort
  puts rels
  puts "--- dotmatch"
  puts Dir.glob("**/*", File::FNM_DOTMATCH, base: root).reject { |p| p.end_with?(".") }.sort.size
  puts Dir.glob(["**/*.rb", "**/*.md"], base: root).sort.inspect
  puts Dir.children(base / "src").sort.inspect
  puts Dir.entries(base / "docs").sort.inspect
  puts Dir.exist?(base / "src"), File.directory?(base / "src/lib/a.rb"), File.file?(base / "src/lib/a.rb")

  sizes = {}
  Find.find(root) do |path|
    Find.prune if File.basename(path) == "tmp"
    next unless File.file?(path)
    sizes[Pathname(path).relative_path_from(base).to_s] = File.size(path)
  end
  sizes.sort.each { |k, v| puts format("%-22s %5d", k, v) }

  run = base / "src/bin/run"
  st = File.stat(run)
  puts format("%o", st.mode & 0777), st.file?, st.size, File.executable?(run), File.executable?(base / "docs/README.md")
  puts File.extname("x/y.tar.gz"), File.basename("x/y.tar.gz", ".gz"), File.dirname("/a/b/c.rb"), File.join("a", "b", "/c")
  puts File.expand_path("../x", "/a/b"), File.absolute_path?("/x"), Pathname("/a/b/../c").cleanpath
  p Pathname("src/lib/a.rb").each_filename.to_a, Pathname("a/b.rb").sub_ext(".txt"), Pathname("a") + "b" + "../c"

  File.open(base / "log.txt", "w") do |f|
    f.puts "line one", "line two"
    f.print "no newline"
    f.write "\n", 42, "\n"
    f << "appended" << "\n"
    p f.pos
  end
  File.open(base / "log.txt", "a") { |f| f.puts "more" }
  p File.readlines(base / "log.txt", chomp: true)
  File.open(base / "log.txt") do |f|
    p f.gets, f.readline, f.read(3), f.getc, f.eof?
    f.rewind
    p f.each_line.with_index.map { |l, i| "#{i}:#{l.size}" }
    p f.eof?, f.gets
    f.seek(-5, IO::SEEK_END)
    p f.read
  end
  p File.foreach(base / "log.txt").count, IO.readlines(base / "log.txt").last

  digest = Digest::SHA256.new
  rels.select { |r| File.file?(base / r) }.each { |r| digest << File.binread(base / r) }
  puts digest.hexdigest[0, 16], Digest::MD5.hexdigest("abc"), Digest::SHA1.base64digest("abc")

  Tempfile.create(["probe", ".txt"], root) do |tf|
    tf.write("temp data\n" * 3)
    tf.flush
    tf.rewind
    p File.basename(tf.path).start_with?("probe"), File.extname(tf.path), tf.read.lines.size
  end

  FileUtils.cp(base / "docs/README.md", base / "tmp/copy.md")
  FileUtils.mv(base / "tmp/copy.md", base / "tmp/moved.md")
  FileUtils.rm_rf(base / "docs/api")
  FileUtils.touch(base / "tmp/empty")
  p Dir.glob("{tmp,docs}/**/*", File::FNM_DOTMATCH, base: root).reject { |x| x.end_with?("/.") }.sort
  p File.zero?(base / "tmp/empty"), File.size?(base / "tmp/empty")
  begin
    File.read(base / "missing.txt")
  rescue Errno::ENOENT => e
    p e.class, e.errno, e.message.sub(root, "ROOT")
  end
  begin
    Dir.mkdir(base / "src")
  rescue SystemCallError => e
    p e.class, e.message.sub(root, "ROOT")
  end
  File.rename(base / "log.txt", base / "log2.txt")
  p File.exist?(base / "log.txt"), File.exist?(base / "log2.txt")
  p File.fnmatch("*.rb", "a.rb"), File.fnmatch("**/*.rb", "x/y/a.rb", File::FNM_PATHNAME), File.fnmatch("{a,b}*", "bc", File::FNM_EXTGLOB)
end
