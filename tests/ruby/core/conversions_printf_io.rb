require "stringio"
class PrivTo
  private def to_ary = [1, 2]
end
class OnlyA
  def to_a = [:a]
end
class BadA
  def to_a = 5
end
class NoS < BasicObject; end
class Says
  def respond_to?(m, priv = false) = m != :to_s && super
end
class BadS
  def to_s = 42
end
class PathLike
  def initialize(p) = @p = p
  def to_path = @p
end
p Array(PrivTo.new), Array(OnlyA.new), Array(nil), Array(1..3), Array({ a: 1 }), Array("s")
begin; Array(BadA.new); rescue TypeError => e; p e.message; end
p String(12), String(:sym), String(nil), String(1.5)
begin; String(NoS.new); rescue TypeError => e; p e.message; end
begin; p String(Says.new); rescue TypeError => e; p e.message; end
begin; String(BadS.new); rescue TypeError => e; p e.message; end
io = StringIO.new
printf(io, "%05.1f|%-4s|%x\n", 3.14159, "ab", 255)
Kernel.printf(io, "%s", "tail")
p io.string
printf("%d-%s\n", 7, :x)
begin; printf(io); rescue ArgumentError => e; p e.message; end
p printf
p Marshal::MAJOR_VERSION, Marshal::MINOR_VERSION, Process.uid.is_a?(Integer), Process.euid == Process.uid, Process.egid.class
File.write("/tmp/_carmine_pathlike.rb", "$pathlike_loaded = (defined?($pathlike_loaded) && $pathlike_loaded || 0) + 1\n")
p load(PathLike.new("/tmp/_carmine_pathlike.rb")), $pathlike_loaded
p require(PathLike.new("/tmp/_carmine_pathlike")), require("/tmp/_carmine_pathlike.rb"), $pathlike_loaded
p File.read(PathLike.new("/tmp/_carmine_pathlike.rb")).size
File.delete("/tmp/_carmine_pathlike.rb")
