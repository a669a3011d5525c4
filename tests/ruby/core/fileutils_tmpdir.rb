# require "tmpdir" and "fileutils": mktmpdir with a block (removed afterwards), mkdir_p, touch, cp, mv, compare_file, rm_rf, rm, rm_f.
require 'tmpdir'
require 'fileutils'
Dir.mktmpdir("carm") do |d|
  FileUtils.mkdir_p(File.join(d, "a/b/c"))
  File.write(File.join(d, "a/b/c/x.txt"), "hi")
  FileUtils.touch(File.join(d, "a/t.txt"))
  FileUtils.cp(File.join(d, "a/b/c/x.txt"), File.join(d, "a/y.txt"))
  FileUtils.mv(File.join(d, "a/y.txt"), File.join(d, "a/z.txt"))
  p Dir.glob("**/*", base: d).sort rescue p Dir.children(File.join(d, "a")).sort
  p File.read(File.join(d, "a/z.txt")), FileUtils.compare_file(File.join(d, "a/z.txt"), File.join(d, "a/b/c/x.txt"))
  FileUtils.rm_rf(File.join(d, "a/b"))
  p Dir.children(File.join(d, "a")).sort
  FileUtils.rm(File.join(d, "a/t.txt"))
  FileUtils.rm_f(File.join(d, "a/none.txt"))
  p Dir.children(File.join(d, "a")).sort, File.basename(d).start_with?("carm")
  $dir = d
end
p File.exist?($dir), Dir.tmpdir
