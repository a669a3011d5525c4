# Integer#step with a block and Fixnum bounds and step (a native loop in
# carmine) against the general forms it hands on: Floats, by:/to:, nil
# steps, an ArithmeticSequence without a block, near the Fixnum limits.
p 1.step(10, 3).to_a, 10.step(1, -3).to_a, 1.step(2, 0.5).to_a
a = []; 1.step(10, 3) { |i| a << i }; p a
a = []; 10.step(1, -4) { |i| a << i }; p a
a = []; 5.step(5) { |i| a << i }; p a
a = []; 6.step(5) { |i| a << i }; p a
a = []; 1.step(by: 2, to: 7) { |i| a << i }; p a
a = []; 1.step(7, by: 3) { |i| a << i }; p a
a = []; 1.0.step(2.0, 0.1) { |i| a << i }; p a
a = []; 1.step(2, 0.25) { |i| a << i }; p a
a = []; 1.step(2.5) { |i| a << i }; p a
p(1.step(3) {})
a = []; (2**62 - 3).step(2**62 - 1, 1) { |i| a << i }; p a
a = []; (2**62 - 3).step(2**62 + 2, 2) { |i| a << i }; p a
a = []; (-2**62 + 2).step(-2**62 - 2, -3) { |i| a << i }; p a
a = []; 4611686018427387900.step(4611686018427387903, 4611686018427387903) { |i| a << i }; p a
a = []; (2**64).step(2**64 + 4, 2) { |i| a << i }; p a
p 1.step(3, 0).first(2) rescue p $!
[[3, 0], [3, nil], [3, 1, 2]].each do |args|
  1.step(*args) { |x| p x; break }
rescue => e
  p e, e.backtrace
end
begin
  1.step(3, "a") {}
rescue => e
  p e
end
begin
  1.step(3, foo: 1) {}
rescue => e
  p e, e.backtrace
end
p 1.method(:step).arity, 1.method(:step).owner, Numeric.instance_methods.include?(:__step)
p 1.step(5, 2).size, 1.step(5, 2), 1.step(by: 2)
x = 1.step(6, 2) { |i| break i * 10 if i > 2 }; p x
def f = 1.step(6, 2) { |i| return i if i > 2 }
p f
def g = 1.step(3) { |i| p caller(0).first(3) ; break }
g
n = 0
3.step(30, 3) { |i| n += i; next if i.odd? }
p n
