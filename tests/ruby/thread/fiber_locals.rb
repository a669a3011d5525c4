# Thread#[] is fiber-local (a fiber sees its own), another thread's are its root fiber's; keys must be Symbols or Strings.
Thread.current[:a] = 1
f = Fiber.new { p Thread.current[:a]; Thread.current[:a] = 2; p Thread.current[:a] }
f.resume
p Thread.current[:a]
t = Thread.new { Thread.current[:x] = 5; sleep }
Thread.pass until t.stop?
p t[:x], t.key?(:x), t.keys
t.kill
begin; Thread.current[1]; rescue TypeError => e; p e.message; end
