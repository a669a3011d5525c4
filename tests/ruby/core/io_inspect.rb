# IO#inspect: the standard streams, pipe ends open and closed, Files.
p STDOUT, STDERR, STDIN, $stdout
r, w = IO.pipe
p r.inspect.sub(/fd \d+/, "fd N"), w.inspect.sub(/fd \d+/, "fd N")
r.close
p r
f = File.open(__FILE__)
p f.inspect
f.close
p f.inspect
