log = []
e = Enumerator.new { |y| log << :start; y << 1; log << :after1; y.yield 2, 3; log << :after2; y << nil; :ret }
p e.next, log
p e.peek, e.next, log
p e.next_values
begin; e.peek_values; rescue StopIteration => s; p [:peek_end, s.result]; end
p((e.next rescue :stopped))
begin; e.next; rescue StopIteration => s; p [s.message, s.result, log]; end
begin; e.next; rescue StopIteration => s; p [:again, s.result]; end
e.rewind
p e.next, log.size
# side effects run once per element (not re-run from the start)
count = 0
g = Enumerator.new { |y| 5.times { |i| count += 1; y << i } }
p 5.times.map { g.next }, count
# infinite
nat = Enumerator.new { |y| n = 0; loop { y << n; n += 1 } }
p 10.times.map { nat.next }
fib = Enumerator.new { |y| a, b = 0, 1; loop { y << a; a, b = b, a + b } }
p fib.take(10), fib.next, fib.next, fib.next
# exceptions inside the iteration
bad = Enumerator.new { |y| y << 1; raise ArgumentError, "inside" }
p bad.next
begin; bad.next; rescue ArgumentError => x; p x.message; end
begin; p bad.next; rescue => x; p x.class, x.message; end
# each_with_index / map enumerators, external
a = [10, 20, 30].each_with_index
p a.next, a.next, a.next
begin; a.next; rescue StopIteration => s; p s.result; end
m = [1, 2].map
p m.next, m.next
p (begin; m.next; rescue StopIteration => s; s.result; end)
h = {a: 1, b: 2}.each
p h.next, h.next_values
z = [4, 5].each.with_index(1)
p z.next
# loop rescues StopIteration and returns its result
en = [1, 2, 3].each
r = loop { p en.next }
p r
# zip uses external enumeration for non-arrays
p [1, 2, 3].zip((4..6).each, [7, 8, 9].each)
# two enumerators interleaved
x, y2 = [1, 2, 3].each, %w[a b c].each
p 3.times.map { [x.next, y2.next] }
# Fiber.current inside an enumerator's iteration is its own fiber
fc = Enumerator.new { |yy| yy << Fiber.current }
p fc.next.equal?(Fiber.current)
# a lazy enumerator's next
p (1..Float::INFINITY).lazy.map { |i| i * 2 }.select { |i| i % 3 == 0 }.first(3)
lz = (1..3).lazy.map { |i| i * 10 }
p lz.next, lz.next
# next inside each of the same enumerator
same = [1, 2, 3].each
p same.map { |v| [v, (same.next rescue :stop)] }
p e.size, Enumerator.new(3) { }.size
# generator yielding from inside nested blocks and methods
def emit(y, n) = n.times { |i| [i].each { |j| y << j * 100 } }
nest = Enumerator.new { |y| emit(y, 3); y << :end }
p 4.times.map { nest.next }
p nest.peek rescue p $!.class
o = Object.new
def o.each
  x = yield 1
  p [:got, x]
  y = yield 2
  p [:got, y]
  :done
end
e = o.to_enum
p e.next
e.feed :a
p e.next
begin; e.feed :b; e.feed :c; rescue TypeError => x; p x.message; end
begin; e.next; rescue StopIteration => s; p s.result; end
e.rewind
p e.next, e.next
p Enumerator.allocate.inspect
a = [1, 2, 3]
m = a.map
m.next; m.feed :x; m.next; m.feed :y; m.next; m.feed :z
begin; m.next; rescue StopIteration => s; p s.result; end
