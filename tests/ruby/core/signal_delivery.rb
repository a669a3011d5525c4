# Trapped signals: a handler runs during sleep (sent by a forked child),
# raises out of Process.kill, Interrupt by default for INT, a trapped
# INT, IGNORE, a handler counted from a loop's safepoint, and an
# uncaught SignalException (SIGTERM's default) ending the process by its
# signal after the at_exit blocks, without a report.
$stdout.sync = true
trap(:USR1) { puts "usr1 in #{Thread.current == Thread.main ? 'main' : 'other'}" }
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
pid = fork { sleep 0.2; Process.kill(:USR1, Process.ppid) }
r = sleep 1
dt = Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0
puts "slept #{r} #{dt > 0.9 ? 'full' : 'short'}"
Process.wait(pid)
trap(:USR2) { raise "from handler" }
begin
  Process.kill(:USR2, $$)
  puts "not here"
rescue => e
  puts "rescued #{e.message}"
end
begin
  Process.kill(:INT, $$)
  sleep 0.1
  puts "not here"
rescue Interrupt => e
  p e
end
trap(:INT) { puts "int trapped" }
Process.kill(:INT, $$)
p trap(:INT, "DEFAULT").class
trap("ALRM", "IGNORE")
Process.kill(:ALRM, $$)
puts "ignored"
x = 0
trap(:USR1) { x += 1 }
i = 0
Process.kill(:USR1, $$)
while i < 100000; i += 1; end
p x
p $$ == Process.pid, Process.ppid > 0
trap("EXIT") { puts "exit trap" }
at_exit { puts "at_exit runs" }
trap(:TERM, "DEFAULT")
Process.kill(:TERM, $$)
sleep 1
puts "never"
