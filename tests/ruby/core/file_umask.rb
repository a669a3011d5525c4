old = File.umask
p old.class
p File.umask(0o077) == old
p File.umask.to_s(8)
File.open("/tmp/carmine_umask_probe_#{$$}", "w") {}
p File.stat("/tmp/carmine_umask_probe_#{$$}").mode.to_s(8)
File.delete("/tmp/carmine_umask_probe_#{$$}")
File.umask(old)
p File.umask == old
p((File.umask("x") rescue $!))
p((File.umask(1, 2) rescue $!))
p((File.umask(nil) rescue $!))
