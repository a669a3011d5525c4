# Fiber.yield from inside builtins' blocks (native frames kept suspended)
gen = Fiber.new do
  [1, 2, 3].each { |x| {a: x}.each_pair { |k, v| Fiber.yield [k, v * 10] } }
  (1..3).map { |i| Fiber.yield i; i * 2 }.sum
end
7.times { p gen.resume }
p gen.alive?

# yield from a method called in the fiber
def produce(n)
  n.times { |i| Fiber.yield "item#{i}" }
  :exhausted
end
f = Fiber.new { produce(3) }
4.times { p f.resume }

# Fiber.current identity
root = Fiber.current
p root.equal?(Fiber.current), root.alive?
inner_current = nil
fc = Fiber.new { inner_current = Fiber.current; Fiber.yield; Fiber.current }
fc.resume
p inner_current.equal?(fc)
p fc.resume.equal?(fc)
begin; root.resume; rescue FiberError => e; p e.message; end

# ensure runs when the block finishes; exceptions carry fiber frames
ens = Fiber.new { begin; Fiber.yield 1; ensure; puts "ensure ran"; end; 2 }
p ens.resume, ens.resume
def deep_raise(n) = n.zero? ? raise(ArgumentError, "deep") : deep_raise(n - 1)
bad = Fiber.new { deep_raise(3) }
begin
  bad.resume
rescue ArgumentError => e
  p e.message, e.backtrace.size, e.backtrace.first[/in `.*'/]
end

# many fibers, each finished: their stacks are freed
total = 0
2000.times { |i| total += Fiber.new { |x| Fiber.yield x; x * 2 }.tap { |fb| fb.resume(i) }.resume }
p total

# many fibers left suspended
keep = Array.new(200) { |i| fb = Fiber.new { Fiber.yield i; i }; fb.resume; fb }
p keep.sum { |fb| fb.resume }

# recursion inside a fiber
def down(n) = n.zero? ? 0 : 1 + down(n - 1)
p Fiber.new { down(1000) }.resume
r = Fiber.new { def inf(n) = inf(n + 1); inf(0) }
begin; r.resume; rescue SystemStackError => e; p e.class; end
p r.alive?

# a fiber resumed from inside another fiber's iteration
evens = Fiber.new { 0.step(by: 2) { |i| Fiber.yield i } }
odds = Fiber.new { [1, 3, 5, 7].each { |i| Fiber.yield [i, evens.resume] }; nil }
5.times { p odds.resume }

# GC while fibers are suspended holding objects only their stacks reference
holders = Array.new(5) { |i| Fiber.new { s = "str#{i}" * 3; a = [s, {k: s}]; Fiber.yield; a.inspect } }
holders.each(&:resume)
GC.start
200.times { "garbage" * 100 }
GC.start
holders.each { |h| p h.resume }

# throw/catch inside a fiber; $! per fiber
p Fiber.new { catch(:x) { [1, 2].each { |v| throw :x, v * 100 } } }.resume
begin
  raise "outer"
rescue
  p Fiber.new { $! }.resume
  p $!.message
end
p Fiber.new { |a, (b, c), *d, e: 5| [a, b, c, d, e] }.resume(1, [2, 3], 4, e: 6)
p Fiber.new(&:upcase).resume("sym to proc")
m = 12.method(:+)
p Fiber.new(&m).resume(30)
p Fiber.new { next 9; 10 }.resume
begin; Fiber.new(1) {}; rescue ArgumentError => e; p e.message; end
x = Fiber.new { Fiber.yield }
p x.resume
p x.resume(1, 2)
