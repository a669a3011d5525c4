# Process.fork with and without a block, Process.wait / wait2 / waitpid
# and $?, a pipe from child to parent, exit! and at_exit in the child, and
# the errors when no child is left.
$stdout.sync = true
pid = fork do
  puts "in child"
  exit 7
end
Process.wait(pid)
p $?.exitstatus, $?.success?, $?.pid == pid, $?.exited?

r, w = IO.pipe
if (pid = fork)
  w.close
  p r.read
  _, st = Process.wait2(pid)
  p st.exitstatus
else
  r.close
  w.puts "from the child"
  exit!(3)
end

pid = fork do
  at_exit { puts "child at_exit" }
  raise "child failed"
end
Process.waitpid(pid)
p $?.exitstatus

pid = fork { sleep 0.05 }
p Process.wait(pid, Process::WNOHANG)
p Process.wait(pid) == pid
begin
  Process.wait
rescue Errno::ECHILD => e
  p e.class
end

pids = 3.times.map { |i| fork { exit i } }
p Process.waitall.map { |_, st| st.exitstatus }.sort

q = Queue.new
t = Thread.new { q.pop }
pid = fork { puts "child of a process with a waiting thread" }
Process.wait(pid)
q << :done
p t.value
