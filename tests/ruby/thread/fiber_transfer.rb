root = Fiber.current
a = Fiber.new { |x| p [:a_got, x]; y = root.transfer(:from_a); p [:a_again, y]; :a_done }
p a.transfer(1)
p a.transfer(2)
p a.alive?
p((a.transfer rescue [$!.class, $!.message]))
b = Fiber.new { Fiber.yield 1 }
b.resume
p((b.transfer rescue [$!.class, $!.message]))
c = Fiber.new { root.transfer(:c1); :c2 }
p c.transfer
p((c.resume rescue [$!.class, $!.message]))
p c.transfer
p Fiber.current.transfer(:self) rescue p $!
d = Fiber.new { Fiber.yield 5 }
p((d.transfer rescue [$!.class, $!.message]))
e1 = nil
e2 = Fiber.new { |v| p [:e2, v]; e1.transfer(:to_e1); :e2_done }
e1 = Fiber.new { r = e2.transfer(:hi); p [:e1_back, r]; :e1_done }
p e1.transfer
p e1.alive?, e2.alive?
g = Fiber.new { h = Fiber.new { Fiber.current.transfer(7) }; h.resume }
p g.resume
outer = Fiber.new { inner = Fiber.new { begin; root.transfer(:skip); rescue FiberError => e; e.message; end }; [inner.resume, :outer_after] }
p outer.resume
p outer.alive?
p((outer.resume rescue [$!.class, $!.message]))
# transfer and resume mixed: a resumed fiber transfers to another, which
# finishes: control comes back to the resume.
x = Fiber.new { y = Fiber.new { :y_done }; y.transfer }
p x.resume
# transfer to a fiber that resumes another
z = Fiber.new { w = Fiber.new { Fiber.yield :w1; :w2 }; [w.resume, w.resume] }
p z.transfer
ping = pong = nil
log = []
ping = Fiber.new { 3.times { |i| log << [:ping, i]; pong.transfer } ; :ping_done }
pong = Fiber.new { loop { log << :pong; ping.transfer } }
p ping.transfer
p log
