f = Fiber.new { Fiber.yield 1; 2 }
p f.resume
p Thread.new { f.resume rescue [$!.class, $!.message] }.value
p Thread.new { f.raise "x" rescue [$!.class, $!.message] }.value
e = [1, 2].each
p e.next
p Thread.new { e.next rescue [$!.class, $!.message] }.value
p Thread.new { g = Fiber.new { Fiber.yield 3; 4 }; [g.resume, g.resume] }.value
p f.resume
p Fiber.blocking?
p Fiber.new(blocking: true) { Fiber.blocking? }.resume
p Fiber.new { Fiber.blocking? }.resume
p Thread.new { Fiber.blocking? }.value
p Fiber.current.blocking?
