# Leading, optional, rest and block parameters bound in place on the VM
# stack (no keywords, no post parameters), and the counts that fall back.
def a(x, y = x * 2, z = y + 1) = [x, y, z]
def b(x, *r) = [x, r]
def c(x = 1, *r, &blk) = [x, r, blk&.call]
def d(x, y = (x > 1 ? :big : :small), z = y.to_s) = [x, y, z]
def e(*) = :anon
def f(x, y = defined?(x)) = [x, y]
def g(x, y = nil, *z)
  y ||= :dflt
  [x, y, z, binding.local_variable_get(:z)]
end
3.times do |i|
  p a(i), a(i, 7), a(i, 7, 8)
  p b(i), b(i, 1, 2, 3)
  p c, c(i), c(i, 2) { :blk }, c(i, 2, 3, &-> { :lam })
  p d(i), d(i, 5)
  p e, e(1, 2)
  p f(i)
  p g(i), g(i, 2, 3, 4)
end
[[], [1, 2, 3, 4]].each do |args|
  begin
    a(*args)
  rescue ArgumentError => ex
    p ex.message
  end
end
begin
  b
rescue ArgumentError => ex
  p ex.message
end
begin
  a(1, 2, 3, 4)
rescue ArgumentError => ex
  p ex.message
end
p method(:a).arity, method(:b).arity, method(:c).arity, method(:g).parameters
def deep(n, acc = []) = n.zero? ? acc.size : deep(n - 1, acc << n)
p deep(500)
