# exit! ends the process without writing what a File still buffers; an
# uncaught exception still writes it (fork without a block: the child
# ends where this program ends).
require "tmpdir"

dir = Dir.mktmpdir
lost = File.join(dir, "lost.txt")
raised = File.join(dir, "raised.txt")
if (pid = fork)
  Process.wait(pid)
  p [:exit_bang, $?.exitstatus, File.read(lost)]
  if (pid2 = fork)
    Process.wait(pid2)
    p [:raised, $?.exitstatus, File.read(raised)]
    [lost, raised].each { |x| File.delete(x) }
    Dir.rmdir(dir)
  else
    f = File.open(raised, "w")
    f.write("kept after raise\n")
    raise "boom"
  end
else
  f = File.open(lost, "w")
  f.write("flushed\n")
  f.flush
  f.write("lost\n")
  exit!(3)
end
