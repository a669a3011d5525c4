# A thread that waits inside a fiber it resumed: the fiber and the thread
# both wait, other threads run, and the thread goes on inside the fiber.
q = Queue.new
done = Queue.new
t = Thread.new do
  f = Fiber.new do
    a = q.pop
    Fiber.yield a * 2
    b = q.pop
    a + b
  end
  r1 = f.resume
  done << r1
  r2 = f.resume
  [r1, r2, f.alive?]
end
Thread.pass until t.stop?
p t.status
q << 5
p done.pop
q << 7
p t.value

# Enumerator#next (a fiber) inside threads that take turns.
log = Queue.new
a = Thread.new do
  e = [1, 2, 3].each
  3.times { log << [:a, e.next]; Thread.pass }
end
b = Thread.new do
  e = %w[x y z].each
  3.times { log << [:b, e.next]; Thread.pass }
end
[a, b].each(&:join)
items = []
items << log.pop until log.empty?
p items.select { |k, _| k == :a }, items.select { |k, _| k == :b }

# Each thread has its own root fiber.
roots = 2.times.map { Thread.new { Fiber.current } }.map(&:value)
p roots.uniq.size, roots.include?(Fiber.current)
p Thread.new { Fiber.yield 1 rescue $!.class }.value

# Kernel's global functions are Kernel's singleton methods.
Kernel.puts "Kernel.puts"
p Kernel.format("%03d", 7), Kernel.Integer("12")
begin
  Kernel.raise ArgumentError, "Kernel.raise"
rescue => e
  p e.message
end
p Kernel.respond_to?(:sleep), Kernel.sleep(0)
