# A thread's body runs on its own root fiber: Fiber.yield inside it has no
# resumer, its backtraces start at the thread, and fibers work inside it.
Thread.report_on_exception = false
q = Queue.new
t = Thread.new { f = Fiber.new { Fiber.yield q.pop; :t_done }; [f.resume, f.resume] }
q << :hello
p t.value
f = Fiber.new { Thread.new { Fiber.yield 5 }.join }
begin
  f.resume
rescue FiberError => e
  p e.message
end
def a = Thread.new { [1].each { raise "x" } }.join
begin
  a
rescue => e
  puts e.backtrace
end
def each_fib; Fiber.new { yield 1; Fiber.yield 2; 3 }; end
g = each_fib { |x| p [:blk, x] }
p g.resume, g.resume
p proc { 1 }.source_location.last, lambda { 2 }.source_location.last, :a.to_proc.source_location
c = Thread.new { catch(:t) { Fiber.new { throw :t, 1 }.resume } rescue $!.class }
p c.value
