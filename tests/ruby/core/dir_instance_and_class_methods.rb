require "tmpdir"
File.umask(0o022)
base = Dir.mktmpdir("carmine-dir")
begin
  begin; Dir.glob("a\0b"); rescue => e; p e; end
  begin; Dir.glob("*", sort: nil); rescue => e; p e; end
  begin; Dir.home("nosuchuserxx"); rescue => e; p e; end
  begin; Dir.empty?("#{base}/nonexist"); rescue => e; p e.class, e.message.sub(base, "BASE"); end
  Dir.mkdir("#{base}/sub", 0o700)
  p File.stat("#{base}/sub").mode.to_s(8), Dir.empty?("#{base}/sub"), Dir.empty?(base)
  File.write("#{base}/sub/a.txt", "x")
  File.write("#{base}/sub/b.txt", "y")
  p Dir.empty?("#{base}/sub/a.txt")
  d = Dir.new("#{base}/sub")
  p d.pos, d.tell
  first = d.read
  x = d.pos
  second = d.read
  d.seek(x)
  p d.read == second, d.rewind.equal?(d), d.read == first, (d.pos = 0)
  p d.each { }.equal?(d), d.read
  p d.children.sort, d.each_child.to_a.sort
  p d.close, d.close
  [:read, :pos, :children, :fileno, :rewind].each do |m|
    begin; d.send(m); rescue IOError => e; p [m, e.message]; end
  end
  begin; d.each {}; rescue IOError => e; p e; end
  kept = Dir.open("#{base}/sub") { |dd| dd }
  begin; kept.read; rescue IOError => e; p e; end
  begin; Dir.mkdir("#{base}/zz", Object.new); rescue => e; p e; end
  o = Object.new
  def o.to_int = 0o750
  Dir.mkdir("#{base}/yy", o); p File.stat("#{base}/yy").mode.to_s(8)
  begin; Dir.new("#{base}/nonexist"); rescue => e; p e.class, e.message.sub(base, "BASE"); end
  begin; Dir.chdir("#{base}/nonexist"); rescue => e; p e.class, e.message.sub(base, "BASE"); end
  p Dir.home.frozen?, Dir.home("root"), Dir.exist?(base)
  p Dir.children("#{base}/sub").sort, Dir.entries("#{base}/sub").sort, Dir.each_child("#{base}/sub").sort
  p Dir.glob("*.txt", base: "#{base}/sub").sort, Dir["#{base}/sub/*.txt", sort: false].map { File.basename(_1) }.sort
  Dir.chdir(base) { p Dir.glob("**/*").sort, Dir.pwd == File.realpath(base) }
ensure
  require 'fileutils'
  FileUtils.rm_rf(base)
end
