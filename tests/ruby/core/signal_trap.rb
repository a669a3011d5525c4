# Signal.trap / Kernel#trap: arguments, errors, what it returns; Process.kill
# to this process runs the handler before kill returns; SignalException.
p trap("INT"){}; p trap("INT", "DEFAULT").class; p trap(:USR1, "IGNORE"); p trap("SIGUSR1", nil); p trap(10, "EXIT"); p trap("TERM"){}; p Signal.signame(15); p Signal.signame(99)
begin; trap("SEGV"){}; rescue => e; p e; end
begin; trap("KILL"){}; rescue => e; p e; end
begin; trap("FOO"){}; rescue => e; p e; end
begin; trap(:FOO){}; rescue => e; p e; end
begin; trap(99){}; rescue => e; p e; end
begin; trap(-1){}; rescue => e; p e; end
begin; trap(1.5){}; rescue => e; p e; end
begin; trap("USR1"); rescue => e; p e; end
p trap("EXIT") { puts "exit trap" }
at_exit { puts "at_exit" }
trap(:USR2) { |s| puts "usr2 #{s}" }
p Process.kill(:USR2, $$)
puts "after"
p Process.kill("SIGUSR2", Process.pid, Process.pid)
puts "after2"
begin; Process.kill(:TERM, 999999); rescue => e; p e; end
begin; Process.kill(:FOO, $$); rescue => e; p e; end
p Process.kill(0, $$)
trap("TERM", "DEFAULT")
begin
  Process.kill(:TERM, $$); sleep 1
rescue SignalException => e
  p e, e.signo, e.signm
end
trap("HUP", "DEFAULT")
begin
  Process.kill(:HUP, $$); sleep 1
rescue SignalException => e
  p e, e.signo
end
p SignalException.new("INT"), SignalException.new(15), (SignalException.new("FOO") rescue $!)
p Interrupt.new.signo
p Signal.list.size
