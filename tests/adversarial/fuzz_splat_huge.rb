# Found by carmine-fuzz (run): splatting a 10^8-element array aborted on a
# failed allocation (three copies); CRuby raises SystemStackError.
h = { a: 1 }
x = [:a] * 100_000_000
begin
  h.dig(*x)
rescue SystemStackError => e
  p e.class
end
def f(*a, **k) = [a, k]
x = [1, 2]
p f(*x), f(0, *x), f(*x, 3), f(*nil), f(*1..3), f(*"s"), f(*{a: 1}), f(*x, k: 1)
o = Object.new
def o.to_a = [:to_a]
p f(*o), [*o, *x, *nil], [*x].equal?(x), [*x] << 9, x
y = *x
y << 5
p x, y
p [1, *x, 2, *[3]], f(*[], *[])
class Bad; def to_a = 1; end
p((f(*Bad.new) rescue $!))
h = {a: 1}
