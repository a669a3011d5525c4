# External enumerators: next/peek/rewind/StopIteration; loop rescues StopIteration
e = [1, 2, 3].each
p e.next, e.peek, e.next, e.next
begin
  e.next
rescue StopIteration => ex
  p ex.class, ex.message, ex.result
end
e.rewind
p e.next
fib = Enumerator.new do |y|
  a, b = 0, 1
  loop do
    y << a
    a, b = b, a + b
  end
end
p fib.take(10), fib.first(5), fib.lazy.select(&:odd?).first(4)
p fib.each_with_index.first(2)
gen = Enumerator.new { |y| y.yield 1, 2; y << 3; :ret }
p gen.to_a, gen.next, gen.size
r = loop do
  gen.next
end
p r
ch = "abc".each_char
out = []
loop { out << ch.next }
p out
p [1, 2].each.with_index(1).to_a, [1, 2].map.with_index { |x, i| x * i }
p %w[a b c].each_with_index.to_a, %w[a b].each.with_object([]).to_a rescue p $!
