f = Fiber.new { |a, b| p [a, b]; x = Fiber.yield(a + b); p x; y = Fiber.yield; p y; :done }
p f.resume(1, 2)
p f.resume(:x)
p f.alive?
p f.resume(3, 4)
p f.alive?
begin; f.resume; rescue => e; p e.class, e.message; end
begin; Fiber.yield; rescue => e; p e.class, e.message; end
g = Fiber.new { g.resume }
begin; g.resume; rescue => e; p e.class, e.message; end
h = Fiber.new { Fiber.yield 1; raise "boom" }
p h.resume
begin; h.resume; rescue => e; p e.class, e.message; end
p h.alive?
b = Fiber.new { break 3 }
begin; b.resume; rescue Exception => e; p e.class, e.message; end
def m; f = Fiber.new { return 5 }; f.resume; :after; end
begin; p m; rescue Exception => e; p e.class, e.message; end
begin; Fiber.new; rescue => e; p e.class, e.message; end
k = Fiber.new { catch(:t) { Fiber.yield 1; throw :t, 9 } }
p k.resume, k.resume
c = begin; catch(:o) { Fiber.new { throw :o, 1 }.resume; 2 }; rescue => e; [e.class, e.message]; end
p c
p Fiber.current.class
r = Fiber.new { begin; Fiber.yield 1; rescue => e; p [:caught, e.message]; 7; end }
p r.resume
p r.raise(RuntimeError, "injected")
p r.alive?
outer = Fiber.new { inner = Fiber.new { Fiber.yield :in1; :in2 }; p inner.resume; Fiber.yield :out1; p inner.resume; :out2 }
p outer.resume, outer.resume
p Fiber.new { |*a| a }.resume(1, 2, 3)
p Fiber.new { Fiber.yield 1, 2 }.resume
fib = Fiber.new { a, b = 0, 1; loop { Fiber.yield a; a, b = b, a + b } }
p 10.times.map { fib.resume }
p Fiber.new(blocking: true) { 1 }.blocking?
p Fiber.new { 1 }.blocking?
# A copy of a fiber is uninitialized; the original is untouched.
orig = Fiber.new { Fiber.yield :o1; :o2 }
copy = orig.dup
p((copy.resume rescue [$!.class, $!.message]))
p((copy.alive? rescue [$!.class, $!.message]))
p((Fiber.allocate.resume rescue [$!.class, $!.message]))
p orig.resume, orig.resume
