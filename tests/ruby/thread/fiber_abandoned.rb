# Fibers left suspended and no longer referenced are collected (their
# stacks reused); ones still referenced keep what their stacks hold.
keep = []
3000.times do |i|
  f = Fiber.new { a = "s#{i}"; Fiber.yield a; [1].each { Fiber.yield a * 2 }; a }
  f.resume
  f.resume if i.odd?
  keep << f if i % 500 == 0 || i % 500 == 1
end
GC.start
p keep.map(&:resume)
p keep.count(&:alive?)
p keep.map { |f| f.alive? ? f.resume : :dead }
p keep.count(&:alive?)
# A fiber only its own stack refers to (a cycle through a local).
def cycle
  f = Fiber.new { me = f; Fiber.yield me.alive? }
  f.resume
end
p Array.new(1000) { cycle }.uniq
GC.start
# Fibers never started, dropped.
Array.new(300) { Fiber.new { 1 } }
GC.start
p Fiber.new { 2 }.resume
