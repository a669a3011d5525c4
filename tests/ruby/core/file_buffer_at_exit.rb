# What a process leaves in a File's buffer is written when it ends
# normally, and lost with exit!; a forked
# child has a copy of its parent's buffer.
require "tmpdir"

Dir.mktmpdir do |dir|
  path = File.join(dir, "out.txt")
  show = ->(label) { p [label, File.exist?(path) ? File.read(path) : nil] }

  pid = fork do
    f = File.open(path, "w")
    f.write("left open\n")
  end
  Process.wait(pid)
  show.(:normal_exit)

  pid = fork do
    f = File.open(path, "w")
    f.write("before exit!\n")
    exit!(0)
  end
  Process.wait(pid)
  show.(:exit_bang)

  pid = fork do
    f = File.open(path, "w")
    f.write("flushed then exit!\n")
    f.flush
    f.write("not flushed\n")
    exit!(0)
  end
  Process.wait(pid)
  show.(:flush_then_exit_bang)

  # The parent's unflushed data is in the child's copy too.
  f = File.open(path, "w")
  f.write("parent ")
  pid = fork { f.write("child\n") }
  Process.wait(pid)
  show.(:after_child)
  f.write("parent again\n")
  f.close
  show.(:after_close)
end

# A child that runs to the end of this program (fork without a block)
# writes its unclosed file when it ends.
dir = Dir.mktmpdir
path = File.join(dir, "main.txt")
if (pid = fork)
  Process.wait(pid)
  p [:program_end, File.read(path)]
  File.delete(path)
  Dir.rmdir(dir)
else
  f = File.open(path, "w")
  f.write("written at the program's end\n")
end
