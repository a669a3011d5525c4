# Dir.glob's dot rules in CRuby 3.1: ".*" and FNM_DOTMATCH match "." only
# where no wildcard was expanded yet, ".." never; "**/" lists
# subdirectories only.
require "tmpdir"
Dir.mktmpdir do |d|
  Dir.chdir(d) do
    Dir.mkdir("a")
    Dir.mkdir("a/b")
    Dir.mkdir(".h")
    File.write("x", "")
    File.write(".d", "")
    File.write("a/y", "")
    File.write("a/b/.z", "")
    [".*", "**/", "*/.*", "{,.}*", ".**/", "**/.*", "a/**/.*", "**/*/", "a/*", "*/*/.*"].each do |pat|
      puts "#{pat}: #{Dir.glob(pat).inspect}"
    end
    ["**/*", "a/**/*", ".*", "*", "a/*"].each do |pat|
      puts "#{pat} DOTMATCH: #{Dir.glob(pat, File::FNM_DOTMATCH).inspect}"
    end
    p Dir.glob([]), Dir[".*", "x"], Dir.glob("*", base: "a"), Dir.glob("**/", base: "a")
  end
end
