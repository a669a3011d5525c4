begin; raise "m", cause: nil, foo: 1; rescue Exception => e; p e.class, e.message; end
begin; raise RuntimeError, "m", foo: 1; rescue Exception => e; p e.class, e.message; end
begin; raise "m", ["bt"]; rescue Exception => e; p e.class, e.message; end
begin; raise "m", cause: nil; rescue Exception => e; p e.class, e.message, e.cause; end
begin; raise ArgumentError, "x", ["a:1"]; rescue Exception => e; p e.class, e.message, e.backtrace; end
begin; raise ArgumentError, {a: 1}; rescue Exception => e; p e.class, e.message; end
begin; raise ArgumentError, "x", ["a:1"], cause: nil; rescue Exception => e; p e.class, e.message, e.backtrace; end
f = Fiber.new { Fiber.yield }; f.resume
begin; f.raise; rescue => e; p e.class, e.message; end
f = Fiber.new { Fiber.yield }; f.resume
begin; f.raise "m", ["bt"]; rescue Exception => e; p e.class, e.message; end
f = Fiber.new { Fiber.yield }; f.resume
begin; f.raise RuntimeError, "m", foo: 1; rescue Exception => e; p e.class, e.message; end
f = Fiber.new { Fiber.yield }; f.resume
begin; raise "outer"; rescue; begin; f.raise; rescue => e; p e.class, e.message; end; end
g = Fiber.new { Fiber.new { g.resume }.resume }
begin; g.resume; rescue => e; p e.class, e.message; end
r = Fiber.new { Fiber.current.equal?(r) && Fiber.new { begin; ROOT.resume; rescue => e; e.message; end }.resume }
ROOT = Fiber.current
p r.resume
